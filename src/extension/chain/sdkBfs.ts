// ChainApi BFS over the SDK's BfsService: list, mkdir, link, readlink.

import { BfsService } from '../../client/services/bfs';
import type { BfsPage, Signer, WriteResult } from './chainApi';
import { write, type SdkContext } from './sdkWriteResult';

export class SdkBfs {
  constructor(private readonly ctx: SdkContext) {}

  private bfs(signer?: Signer): BfsService {
    return new BfsService(this.ctx.client, this.ctx.maybeAccount(signer));
  }

  async bfsList(path: string, offset: number, limit: number): Promise<BfsPage> {
    const page = await this.bfs().list(path, offset, limit);
    return {
      left: page.left,
      entries: page.entries.map((e) => ({
        name: e.fileName,
        type: e.fileType,
        ...(e.address ? { address: e.address } : {}),
        ...(e.abi ? { abi: e.abi } : {}),
      })),
    };
  }

  bfsMkdir(signer: Signer, path: string): Promise<WriteResult> {
    return write(() => this.bfs(signer).mkdir(path));
  }

  bfsLink(signer: Signer, path: string, address: string, abi: string): Promise<WriteResult> {
    return write(() => this.bfs(signer).link(path, address, abi));
  }

  bfsReadlink(path: string): Promise<string> {
    return this.bfs().readlink(path);
  }
}
