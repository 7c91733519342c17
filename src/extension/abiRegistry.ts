// ABIs the workspace knows: contracts deployed from here (kept per connection in workspaceState)
// so blocks, transactions and events decode even when the chain has no ABI stored.

import type * as vscode from 'vscode';

export interface KnownContract {
  address: string;
  name: string;
  abi: string;
  connection: string;
  transactionHash?: string;
  deployedAt?: number;
}

const KEY = 'fiscoBcos.deployments';

export class AbiRegistry {
  constructor(private readonly state: vscode.Memento) {}

  all(): KnownContract[] {
    return this.state.get<KnownContract[]>(KEY, []);
  }

  find(address: string, connection?: string): KnownContract | undefined {
    const a = address.toLowerCase().replace(/^0x/, '');
    return this.all().find((c) => c.address.toLowerCase().replace(/^0x/, '') === a && (!connection || c.connection === connection));
  }

  async add(contract: KnownContract): Promise<void> {
    const list = this.all().filter((c) => !(c.address.toLowerCase() === contract.address.toLowerCase() && c.connection === contract.connection));
    list.push(contract);
    await this.state.update(KEY, list.slice(-500));
  }
}
