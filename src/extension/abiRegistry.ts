// Contracts deployed from this workspace (address, ABI, chain, transaction): kept in
// workspaceState and, when a folder is open and `fiscoBcos.deployments.saveToWorkspace` is on, in
// .fisco-bcos/deployments.json so the team shares them. Blocks, transactions and events decode
// with these ABIs even when the chain stores none.

import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { errorMessage, isRecord } from '../protocol/unknownValues';

export interface KnownContract {
  address: string;
  name: string;
  abi: string;
  connection: string;
  group?: string;
  transactionHash?: string;
  deployedAt?: number;
  bfsPath?: string;
}

const KEY = 'fiscoBcos.deployments';
export const DEPLOYMENTS_FILE = path.join('.fisco-bcos', 'deployments.json');

const same = (a: string, b: string) =>
  a.toLowerCase().replace(/^0x/, '') === b.toLowerCase().replace(/^0x/, '');

/** An entry worth keeping from a (possibly hand-edited) deployments file: it has an address and an ABI. */
function isKnownContract(c: unknown): c is KnownContract {
  return isRecord(c) && typeof c.address === 'string' && typeof c.abi === 'string';
}

export class AbiRegistry {
  constructor(private readonly state: vscode.Memento) {}

  private file(): string | undefined {
    const folder = vscode.workspace.workspaceFolders?.[0];
    if (!folder || folder.uri.scheme !== 'file') return undefined;
    if (!vscode.workspace.getConfiguration('fiscoBcos').get<boolean>('deployments.saveToWorkspace', true))
      return undefined;
    return path.join(folder.uri.fsPath, DEPLOYMENTS_FILE);
  }

  private readFile(): KnownContract[] {
    const file = this.file();
    if (!file || !fs.existsSync(file)) return [];
    try {
      const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
      return isRecord(parsed) && Array.isArray(parsed.contracts)
        ? parsed.contracts.filter(isKnownContract)
        : [];
    } catch {
      return []; // a hand-edited, broken file must not break decoding
    }
  }

  all(): KnownContract[] {
    const list = [...this.readFile()];
    for (const c of this.state.get<KnownContract[]>(KEY, []))
      if (!list.some((x) => same(x.address, c.address) && x.connection === c.connection)) list.push(c);
    return list;
  }

  find(address: string, connection?: string): KnownContract | undefined {
    return this.all().find((c) => same(c.address, address) && (!connection || c.connection === connection));
  }

  async add(contract: KnownContract): Promise<void> {
    const keep = (list: KnownContract[]) =>
      list.filter((c) => !(same(c.address, contract.address) && c.connection === contract.connection));
    await this.state.update(KEY, [...keep(this.state.get<KnownContract[]>(KEY, [])), contract].slice(-500));
    const file = this.file();
    if (!file) return;
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true });
      const contracts = [...keep(this.readFile()), contract];
      fs.writeFileSync(
        file,
        `${JSON.stringify({ note: 'Contracts deployed with the FISCO BCOS extension.', contracts }, null, 2)}\n`,
      );
    } catch (err) {
      void vscode.window.showWarningMessage(`Could not write ${DEPLOYMENTS_FILE}: ${errorMessage(err)}`);
    }
  }

  /** Records the BFS path a deployed contract was linked at. */
  async setBfsPath(address: string, connection: string, bfsPath: string): Promise<void> {
    const c = this.find(address, connection);
    if (c) await this.add({ ...c, bfsPath });
  }
}
