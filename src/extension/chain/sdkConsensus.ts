// ChainApi consensus and system config over the SDK's ConsensusService and SystemConfigService
// (they check the request first and go through a committee proposal when auth check is on).

import { ConsensusService } from '../../client/services/consensus';
import { SystemConfigService } from '../../client/services/system-config';
import type { Signer, WriteResult } from './chainApi';
import { governed, type SdkContext } from './sdkWriteResult';

export class SdkConsensus {
  constructor(private readonly ctx: SdkContext) {}

  private consensus(signer: Signer): ConsensusService {
    return new ConsensusService(this.ctx.client, this.ctx.account(signer));
  }

  private sysConfig(signer?: Signer): SystemConfigService {
    return new SystemConfigService(this.ctx.client, this.ctx.maybeAccount(signer));
  }

  addSealer(signer: Signer, nodeId: string, weight: number): Promise<WriteResult> {
    return governed(() => this.consensus(signer).addSealer(nodeId, weight));
  }

  addObserver(signer: Signer, nodeId: string): Promise<WriteResult> {
    return governed(() => this.consensus(signer).addObserver(nodeId));
  }

  removeNode(signer: Signer, nodeId: string): Promise<WriteResult> {
    return governed(() => this.consensus(signer).removeNode(nodeId));
  }

  setWeight(signer: Signer, nodeId: string, weight: number): Promise<WriteResult> {
    return governed(() => this.consensus(signer).setWeight(nodeId, weight));
  }

  setSystemConfig(signer: Signer, key: string, value: string): Promise<WriteResult> {
    return governed(() => this.sysConfig(signer).setValueByKey(key, value));
  }

  async systemConfigs() {
    const rows = await this.sysConfig().listSystemConfigs();
    return rows
      .map((r) => ({ key: r.key, value: r.value, blockNumber: r.enableBlock }))
      .sort((x, y) => x.key.localeCompare(y.key));
  }
}
