// The active connection, its ChainApi and the active account: what every view and command asks
// for. Rebuilds the ChainApi when the connection changes and announces changes.

import * as vscode from 'vscode';
import type { ChainApi, Signer } from './chain/chainApi';
import type { ConnectionConfig } from './connections/connectionModel';
import type { ConnectionStore } from './connections/connectionStore';
import type { AccountMeta, AccountStore } from './accounts/accountStore';

export type ChainApiFactory = (connection: ConnectionConfig) => ChainApi;

export class Session implements vscode.Disposable {
  private api: ChainApi | undefined;
  private apiFor: string | undefined;
  /** ChainApis of the other connections the Groups tree shows, by their settings. */
  private readonly others = new Map<string, ChainApi>();
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the active connection, its settings or the active account change. */
  readonly onDidChange = this.changed.event;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    readonly connections: ConnectionStore,
    readonly accounts: AccountStore,
    private factory: ChainApiFactory,
  ) {
    this.subscriptions.push(
      connections.onDidChange(() => this.invalidate()),
      accounts.onDidChange(() => this.changed.fire()),
    );
  }

  /** Replaces how ChainApis are built (tests inject fakes). */
  setFactory(factory: ChainApiFactory): void {
    this.factory = factory;
    this.invalidate();
  }

  private invalidate(): void {
    this.api?.close();
    this.api = undefined;
    this.apiFor = undefined;
    for (const api of this.others.values()) api.close();
    this.others.clear();
    this.changed.fire();
  }

  get connection(): ConnectionConfig | undefined {
    return this.connections.active();
  }

  /** The ChainApi of the active connection, or undefined when none is configured. */
  chain(): ChainApi | undefined {
    const c = this.connection;
    if (!c) return undefined;
    const key = JSON.stringify(c);
    if (!this.api || this.apiFor !== key) {
      this.api?.close();
      this.api = this.factory(c);
      this.apiFor = key;
    }
    return this.api;
  }

  /** Builds a ChainApi for any configured connection (the Groups tree shows all of them). */
  chainFor(c: ConnectionConfig): ChainApi {
    if (this.connection?.name === c.name) return this.chain()!;
    const key = JSON.stringify(c);
    let api = this.others.get(key);
    if (!api) this.others.set(key, (api = this.factory(c)));
    return api;
  }

  /** A new, uncached ChainApi for a connection that is not configured (the tests' throwaway chain); the caller closes it. */
  createApi(c: ConnectionConfig): ChainApi {
    return this.factory(c);
  }

  /** The active connection's ChainApi, or an error telling the user how to get one. */
  requireChain(): ChainApi {
    const api = this.chain();
    if (!api)
      throw new UserFacingError(
        'No active FISCO BCOS connection. Start the local node or add a connection first.',
        ['Start Local Node', 'Add Connection'],
      );
    return api;
  }

  account(): AccountMeta | undefined {
    const c = this.connection;
    return c ? this.accounts.active(c.name, !!c.sm) : undefined;
  }

  /** The signer for transactions; throws with a hint when there is no account. */
  async requireSigner(): Promise<Signer> {
    const meta = this.account();
    if (!meta)
      throw new UserFacingError(
        `No ${this.connection?.sm ? 'SM2' : 'secp256k1'} account for this connection. Create or import one first.`,
        ['Create Account', 'Import Account'],
      );
    return this.accounts.signer(meta);
  }

  notify(): void {
    this.changed.fire();
  }

  dispose(): void {
    this.api?.close();
    for (const api of this.others.values()) api.close();
    for (const s of this.subscriptions) s.dispose();
    this.changed.dispose();
  }
}

/** An error whose message is meant for the user, with follow-up actions (command titles). */
export class UserFacingError extends Error {
  constructor(
    message: string,
    readonly actions: string[] = [],
  ) {
    super(message);
    this.name = 'UserFacingError';
  }
}
