// Starts a devnode (secp256k1 or SM) with a client and the governor account for service tests.
import { after, before } from 'node:test';
import { Client } from '../../src/client/client';
import { importPrivateKey } from '../../src/protocol/account';
import type { Account } from '../../src/protocol/account';
import { startDevnode, type Devnode } from '../../src/devnode/index';

export interface Fixture {
  node: Devnode;
  client: Client;
  /** Dev account 0: the committee's governor. */
  governor: Account;
  /** Dev account 1: not a governor. */
  user: Account;
}

/** Registers before/after hooks in the current suite; the fixture is filled once the node runs. */
export function useDevnode(opts: { sm: boolean; auth: boolean; nodes?: number }): Fixture {
  const fx = {} as Fixture;
  before(async () => {
    fx.node = await startDevnode({
      port: 0,
      sm: opts.sm,
      auth: opts.auth,
      nodes: opts.nodes ?? 4,
      accounts: 2,
      logLevel: 'silent',
    });
    fx.client = new Client({ group: fx.node.groupId, url: fx.node.url });
    fx.governor = importPrivateKey(fx.node.accounts[0].privateKey, opts.sm);
    fx.user = importPrivateKey(fx.node.accounts[1].privateKey, opts.sm);
  });
  after(async () => {
    fx.client?.close();
    await fx.node?.stop();
  });
  return fx;
}

export const CHAINS = [
  { name: 'secp256k1', sm: false },
  { name: 'SM', sm: true },
] as const;
