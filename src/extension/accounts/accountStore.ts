// Accounts: private keys live only in SecretStorage; the list of accounts (label, address, SM
// flag, source) and the active account per connection live in globalState.

import * as vscode from 'vscode';
import type { Signer } from '../chain/chainApi';
import type { KeyInfo } from './keyMaterial';
import { DEV_ACCOUNTS_ENV, readDevAccounts } from './devAccountsEnv';
import { parseConnections } from '../connections/connectionModel';

export interface AccountMeta {
  address: string;
  label: string;
  sm: boolean;
  /** 'devnode' accounts are offered for the local node and refreshed when it starts. */
  source: 'created' | 'imported' | 'devnode';
}

const LIST_KEY = 'fiscoBcos.accounts';
const ACTIVE_KEY = 'fiscoBcos.activeAccounts';
const secretKey = (address: string) => `fiscoBcos.key.${address.toLowerCase()}`;

export class AccountStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  /** Settles once the dev accounts `npm start` handed over (if any) are in the store. */
  readonly ready: Promise<void>;

  constructor(
    private readonly state: vscode.Memento,
    private readonly secrets: vscode.SecretStorage,
    env: NodeJS.ProcessEnv = process.env,
  ) {
    this.ready = this.importHandedOver(env[DEV_ACCOUNTS_ENV]).catch((err) => {
      console.warn(
        `FISCO BCOS: could not import the local node's dev accounts: ${err instanceof Error ? err.message : err}`,
      );
    });
  }

  /**
   * `npm start` passes its local node's dev accounts (FISCO_BCOS_DEV_ACCOUNTS): they become the
   * 'devnode' accounts, and account 0 the active account of that connection unless the user already
   * picked one that still exists. Only for a loopback connection whose URL matches (devAccountsEnv.ts).
   */
  private async importHandedOver(raw: string | undefined): Promise<void> {
    if (!raw) return;
    const { connections } = parseConnections(
      vscode.workspace.getConfiguration('fiscoBcos').get<unknown>('connections', []),
    );
    const r = readDevAccounts(raw, connections);
    if (!r) return;
    if ('refused' in r) {
      console.warn(`FISCO BCOS: ignored ${DEV_ACCOUNTS_ENV}: ${r.refused}`);
      return;
    }
    await this.replaceDevAccounts(r.keys);
    const current = this.activeAddress(r.connection);
    if (!current || !this.list().some((a) => a.address === current))
      await this.setActive(r.connection, r.keys[0].address);
  }

  list(): AccountMeta[] {
    return this.state.get<AccountMeta[]>(LIST_KEY, []);
  }

  /** Accounts usable on a chain of this crypto type. */
  listFor(sm: boolean, includeDev = true): AccountMeta[] {
    return this.list().filter((a) => a.sm === sm && (includeDev || a.source !== 'devnode'));
  }

  async add(key: KeyInfo, label: string, source: AccountMeta['source']): Promise<AccountMeta> {
    await this.secrets.store(secretKey(key.address), key.privateKey);
    const meta: AccountMeta = { address: key.address.toLowerCase(), label, sm: key.sm, source };
    const list = this.list().filter((a) => a.address !== meta.address);
    list.push(meta);
    await this.state.update(LIST_KEY, list);
    this.changed.fire();
    return meta;
  }

  async remove(address: string): Promise<void> {
    const addr = address.toLowerCase();
    await this.secrets.delete(secretKey(addr));
    await this.state.update(
      LIST_KEY,
      this.list().filter((a) => a.address !== addr),
    );
    const active = this.state.get<Record<string, string>>(ACTIVE_KEY, {});
    for (const k of Object.keys(active)) if (active[k] === addr) delete active[k];
    await this.state.update(ACTIVE_KEY, active);
    this.changed.fire();
  }

  /** Replaces the devnode's dev accounts (they change when the node is reset). */
  async replaceDevAccounts(keys: KeyInfo[]): Promise<void> {
    const keep = this.list().filter((a) => a.source !== 'devnode');
    for (const old of this.list().filter((a) => a.source === 'devnode')) {
      if (!keys.some((k) => k.address.toLowerCase() === old.address))
        await this.secrets.delete(secretKey(old.address));
    }
    const dev: AccountMeta[] = [];
    for (const [i, k] of keys.entries()) {
      await this.secrets.store(secretKey(k.address), k.privateKey);
      if (keep.some((a) => a.address === k.address.toLowerCase())) continue;
      dev.push({
        address: k.address.toLowerCase(),
        // No "(governor)" in the label: who governs changes; pickers mark governors from the committee.
        label: `Dev Account ${i}`,
        sm: k.sm,
        source: 'devnode',
      });
    }
    await this.state.update(LIST_KEY, [...keep, ...dev]);
    this.changed.fire();
  }

  async privateKey(address: string): Promise<string | undefined> {
    return this.secrets.get(secretKey(address));
  }

  activeAddress(connection: string): string | undefined {
    return this.state.get<Record<string, string>>(ACTIVE_KEY, {})[connection];
  }

  async setActive(connection: string, address: string): Promise<void> {
    const active = {
      ...this.state.get<Record<string, string>>(ACTIVE_KEY, {}),
      [connection]: address.toLowerCase(),
    };
    await this.state.update(ACTIVE_KEY, active);
    this.changed.fire();
  }

  /** Active account for a connection, falling back to the first matching account. */
  active(connection: string, sm: boolean): AccountMeta | undefined {
    const candidates = this.listFor(sm);
    const chosen = this.activeAddress(connection);
    return candidates.find((a) => a.address === chosen) ?? candidates[0];
  }

  async signer(meta: AccountMeta): Promise<Signer> {
    const key = await this.privateKey(meta.address);
    if (!key)
      throw new Error(
        `The private key of ${meta.label} (${meta.address}) is missing from the secret store. Import it again.`,
      );
    return { address: meta.address, privateKey: key, sm: meta.sm };
  }

  dispose(): void {
    this.changed.dispose();
  }
}
