// Sets up chain state for scenarios through the SDK (not the UI under test): contracts, BFS
// entries, governors and rates.
import fs from 'node:fs';
import path from 'node:path';
import { Client, deployContract, sendContractTransaction } from '../../../src/client';
import { AuthManager } from '../../../src/client/services/auth-manager';
import { BfsService } from '../../../src/client/services/bfs';
import { importPrivateKey, type Account } from '../../../src/protocol/account';
import type { Devnode } from '../../../scripts/lib/devnode-process';
import { sampleWorkspace } from '../../../scripts/lib/paths';

export interface Compiled {
  abi: object[];
  bytecode: string;
}

/** Compiles a contract of the sample workspace with the solc npm package (paris, as the extension). */
export function compileSample(file: string, contract: string): Compiled {
  const solc = require('solc') as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: fs.readFileSync(path.join(sampleWorkspace, 'contracts', file), 'utf8') } },
    settings: { evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input)));
  const c = out.contracts?.[file]?.[contract];
  if (!c) throw new Error(`solc: ${JSON.stringify(out.errors)}`);
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}

export class Chain {
  readonly client: Client;
  constructor(readonly devnode: Devnode) {
    this.client = new Client({ url: devnode.url, group: devnode.group });
  }

  /** Dev account i of the node (account 0 is the initial governor). */
  account(i: number): Account {
    const a = this.devnode.accounts[i];
    if (!a) throw new Error(`the dev node has no account #${i}`);
    return importPrivateKey(a.privateKey);
  }

  bfs(i = 0): BfsService {
    return new BfsService(this.client, this.account(i));
  }

  auth(i = 0): AuthManager {
    return new AuthManager(this.client, this.account(i));
  }

  async deploy(compiled: Compiled, args: unknown[], from = 0): Promise<string> {
    const { address } = await deployContract(this.client, this.account(from), {
      abi: compiled.abi,
      bytecode: compiled.bytecode,
      args,
    });
    return address;
  }

  async send(address: string, compiled: Compiled, method: string, args: unknown[], from = 0) {
    return sendContractTransaction(this.client, this.account(from), {
      to: address,
      abi: compiled.abi,
      method,
      args,
    });
  }
}
