// The account status, contract status, balance, transfer and config.toml import commands with a
// stand-in `vscode` module (test double at the VS Code boundary only), against in-process devnodes:
// a governor freezes an account and that account's next transaction is refused (status 22); with
// feature_balance a transfer moves value; a console config.toml becomes a connection.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useVscodeStub } from './vscodeStub';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { Client } from '../../../src/client/client';
import { SystemConfigService } from '../../../src/client/services/system-config';
import { signAndSend } from '../../../src/client/transactions';
import { importPrivateKey } from '../../../src/protocol/account';
import type { Signer, WriteResult } from '../../../src/extension/chain/chainApi';

const handlers = new Map<string, (...args: unknown[]) => Promise<unknown>>();
const shown: string[] = [];
const modals: string[] = [];
class Disposable {
  constructor(private readonly fn: () => void) {}
  dispose() {
    this.fn();
  }
}
useVscodeStub({
  Disposable,
  ProgressLocation: { Notification: 15, Window: 10 },
  commands: {
    registerCommand: (id: string, fn: (...args: unknown[]) => Promise<unknown>) => {
      handlers.set(id, fn);
      return { dispose() {} };
    },
    executeCommand: () => Promise.resolve(undefined),
  },
  window: {
    withProgress: (_o: unknown, fn: () => Promise<unknown>) => fn(),
    showWarningMessage: (m: string, o?: { modal?: boolean }) => {
      if (o?.modal) modals.push(m);
      return Promise.resolve('Send Transaction');
    },
    showInformationMessage: (m: string) => {
      shown.push(m);
      return Promise.resolve(undefined);
    },
    showErrorMessage: (m: string) => {
      shown.push(`error: ${m}`);
      return Promise.resolve(undefined);
    },
  },
});

type Register =
  typeof import('../../../src/extension/commands/statusBalanceCommands').registerStatusBalanceCommands;
let registerStatusBalanceCommands: Register;
before(async () => {
  // Loaded after the stub is in place.
  ({ registerStatusBalanceCommands } = await import('../../../src/extension/commands/statusBalanceCommands'));
});

function signerOf(node: Devnode, i: number): Signer {
  return {
    address: node.accounts[i].address.toLowerCase(),
    privateKey: node.accounts[i].privateKey,
    sm: false,
  };
}

/** The part of Session the commands use. */
function fakeSession(node: Devnode, signer: () => Signer, added: unknown[]) {
  return {
    connection: { name: 'test', url: node.url, group: node.groupId },
    requireChain: () => ({}),
    requireSigner: () => Promise.resolve(signer()),
    account: () => ({ label: 'dev' }),
    connections: {
      list: () => [],
      upsert: (c: unknown) => {
        added.push(c);
        return Promise.resolve();
      },
    },
  };
}

const run = (id: string, ...args: unknown[]) => handlers.get(id)!(...args);

describe('status and balance commands (auth check on)', () => {
  let node: Devnode;
  let current: Signer;
  before(async () => {
    node = await startDevnode({ port: 0, nodes: 1, accounts: 3, auth: true, logLevel: 'silent' });
    current = signerOf(node, 0);
    handlers.clear();
    registerStatusBalanceCommands(fakeSession(node, () => current, []) as never);
  });
  after(async () => {
    await node?.stop();
  });

  it('freezing an account refuses its next transaction; abolish asks with a warning', async () => {
    const user = signerOf(node, 1);
    const frozen = (await run('fiscoBcos.accountStatus', 'freeze', user.address)) as WriteResult;
    assert.equal(frozen.ok, true, frozen.message);
    assert.ok(modals.some((m) => m.startsWith(`Freeze account ${user.address}`)));
    assert.equal(await run('fiscoBcos.accountStatus', 'get', user.address), 'frozen');
    current = user;
    const refused = (await run('fiscoBcos.transfer', signerOf(node, 2).address, '1')) as WriteResult;
    assert.equal(refused.ok, false);
    assert.equal(refused.receipt?.status, 22);
    assert.match(refused.message, /Account is frozen\./);
    current = signerOf(node, 0);
    assert.equal(((await run('fiscoBcos.accountStatus', 'unfreeze', user.address)) as WriteResult).ok, true);
    await run('fiscoBcos.accountStatus', 'abolish', signerOf(node, 2).address);
    assert.ok(modals.some((m) => m.includes('abolishing can never be undone')));
  });

  it('the admin freezes and abolishes a contract; get reports availability', async () => {
    const client = new Client({ group: node.groupId, url: node.url });
    // A one-byte contract (STOP), deployed by the governor, who becomes its admin.
    const { receipt } = await signAndSend(client, importPrivateKey(node.accounts[0].privateKey), {
      input: '0x600180600b6000396000f300',
    });
    client.close();
    const at = receipt.contractAddress.toLowerCase();
    assert.equal(await run('fiscoBcos.contractStatus', 'get', at), true);
    assert.equal(((await run('fiscoBcos.contractStatus', 'freeze', at)) as WriteResult).ok, true);
    assert.equal(await run('fiscoBcos.contractStatus', 'get', at), false);
    assert.equal(((await run('fiscoBcos.contractStatus', 'abolish', at)) as WriteResult).ok, true);
    assert.ok(modals.some((m) => m.startsWith(`Abolish contract ${at}`) && m.includes('never be undone')));
  });
});

describe('balance and transfer commands (feature_balance on)', () => {
  let node: Devnode;
  let current: Signer;
  const added: unknown[] = [];
  before(async () => {
    node = await startDevnode({ port: 0, nodes: 1, accounts: 3, auth: false, logLevel: 'silent' });
    const client = new Client({ group: node.groupId, url: node.url });
    const config = new SystemConfigService(client, importPrivateKey(node.accounts[0].privateKey));
    assert.equal((await config.setValueByKey('feature_balance', '1')).code, 0);
    assert.equal((await config.setValueByKey('feature_balance_precompiled', '1')).code, 0);
    client.close();
    current = signerOf(node, 0);
    handlers.clear();
    registerStatusBalanceCommands(fakeSession(node, () => current, added) as never);
  });
  after(async () => {
    await node?.stop();
  });

  it('adds balance, transfers value, and reads the balances back', async () => {
    const [gov, user, other] = [0, 1, 2].map((i) => signerOf(node, i).address);
    assert.deepEqual(await run('fiscoBcos.balance', 'listGovernors'), [gov]);
    // The local node funds its dev accounts at genesis (10 000 ether, in the chain state).
    const D = 10n ** 22n;
    assert.equal(await run('fiscoBcos.balance', 'get', user), D);
    assert.equal(((await run('fiscoBcos.balance', 'add', user, '500', true)) as WriteResult).ok, true);
    current = signerOf(node, 1);
    const sent = (await run('fiscoBcos.transfer', other, '200')) as WriteResult;
    assert.equal(sent.ok, true, sent.message);
    assert.equal(await run('fiscoBcos.balance', 'get', user), D + 300n);
    assert.equal(await run('fiscoBcos.balance', 'get', other), D + 200n);
    const tooMuch = (await run('fiscoBcos.transfer', other, String(D + 1000n))) as WriteResult;
    assert.equal(tooMuch.ok, false);
    assert.match(tooMuch.message, /status 7: Account balance is not enough!/);
    current = signerOf(node, 0);
    assert.equal(((await run('fiscoBcos.balance', 'transfer', other, user, '50')) as WriteResult).ok, true);
    assert.equal(await run('fiscoBcos.balance', 'get', user), D + 350n);
  });

  it('imports a console config.toml as a connection with its peers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-import-'));
    try {
      const file = join(dir, 'config.toml');
      writeFileSync(
        file,
        '[cryptoMaterial]\ndisableSsl = "true"\n[network]\ndefaultGroup="group0"\npeers=["127.0.0.1:20200", "127.0.0.1:20201"]\n',
      );
      const r = (await run('fiscoBcos.importConsoleConfig', file)) as {
        connection: { url: string; peers: string[] };
      };
      assert.equal(r.connection.url, 'http://127.0.0.1:20200');
      assert.deepEqual(r.connection.peers, ['http://127.0.0.1:20201']);
      assert.equal(added.length, 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a connection with several peers', () => {
  it('keeps its peers from settings and keeps working with the first endpoint down', async () => {
    const { parseConnections } = await import('../../../src/extension/connections/connectionModel');
    const { SdkChainApi } = await import('../../../src/extension/chain/sdkChainApi');
    const node = await startDevnode({ port: 0, nodes: 1, accounts: 1, logLevel: 'silent' });
    const server = createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const dead = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    await new Promise<void>((r) => server.close(() => r()));
    const parsed = parseConnections([{ name: 'multi', url: dead, group: node.groupId, peers: [node.url] }]);
    assert.deepEqual(parsed.problems, []);
    assert.deepEqual(parsed.connections[0].peers, [node.url]);
    assert.match(
      parseConnections([{ name: 'bad', url: dead, peers: ['ftp://x'] }]).problems[0],
      /peers: Use http/,
    );
    const api = new SdkChainApi(parsed.connections[0]);
    try {
      assert.equal(await api.blockNumber(), 0);
    } finally {
      api.close();
      await node.stop();
    }
  });
});
