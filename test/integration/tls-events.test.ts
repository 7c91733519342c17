// The SDK's WebSocket channel over ordinary mutual TLS (wss:// with the ca.crt/sdk.crt/sdk.key
// folder build_chain.sh writes): EventSubscriber receives pushed logs, a wrong CA is refused as a
// TLS failure, bad options fail in the constructor as they do for the HTTP transport.
// The SM (TLCP) counterpart is in sm-tls.test.ts.

import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client, Contract, EventSubscriber, TransportError, type EventPushLogJson } from '../../src/client';
import { startDevnode, type Devnode } from '../../src/devnode';
import { ensureTlsMaterial } from '../../src/devnode/tls/certs';
import { importPrivateKey } from '../../src/protocol/account';
import { emitter } from './events-fixture';

/** Resolves once `check` holds, polling every 10 ms up to 20 s. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('EventSubscriber over wss:// (mutual TLS) ↔ devnode --tls', () => {
  let node: Devnode;
  let scratch: string;
  let wssUrl: string;
  before(async () => {
    node = await startDevnode({ port: 0, logLevel: 'silent', tls: true, nodes: 1, accounts: 1 });
    scratch = mkdtempSync(join(tmpdir(), 'tls-events-test-'));
    wssUrl = node.url.replace(/^https:/, 'wss:');
  });
  after(async () => {
    await node.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('pushed logs of an emitted event arrive', async () => {
    const client = new Client({ group: node.groupId, url: node.url, tls: { certDir: node.sdkCertDir! } });
    const sub = new EventSubscriber({ group: node.groupId, url: wssUrl, tls: { certDir: node.sdkCertDir! } });
    try {
      const account = importPrivateKey(node.accounts[0].privateKey);
      const { abi, bytecode } = emitter();
      const { contract } = await Contract.deploy(client, account, abi, bytecode);
      const got: EventPushLogJson[] = [];
      await sub.subscribe({ address: contract.address }, { onLogs: (logs) => got.push(...logs) });
      await contract.send('pong', [5]);
      await until(() => got.length === 1, 'a Pong push over TLS');
      assert.equal(Number(BigInt(got[0].data)), 5);
      assert.equal(got[0].address, contract.address.slice(2));
    } finally {
      sub.close();
      client.close();
    }
  });

  it('refuses a node whose certificate is not from ca.crt; bad options fail at construction', async () => {
    const other = await ensureTlsMaterial(join(scratch, 'other'));
    const dir = join(scratch, 'wrong-ca');
    await ensureTlsMaterial(dir);
    for (const f of ['sdk.crt', 'sdk.key']) copyFileSync(join(node.sdkCertDir!, f), join(dir, 'sdk', f));
    copyFileSync(join(other.sdkDir, 'ca.crt'), join(dir, 'sdk', 'ca.crt'));
    const sub = new EventSubscriber({
      group: node.groupId,
      url: wssUrl,
      tls: { certDir: join(dir, 'sdk') },
      reconnect: false,
    });
    try {
      await assert.rejects(sub.subscribe({}, { onLogs: () => undefined }), (e: unknown) => {
        assert.ok(e instanceof TransportError);
        assert.equal(e.kind, 'tls');
        return true;
      });
    } finally {
      sub.close();
    }
    assert.throws(
      () =>
        new EventSubscriber({ group: node.groupId, url: wssUrl, tls: { certDir: join(scratch, 'none') } }),
      /TLS: ca\.crt, sdk\.crt, sdk\.key not found/,
    );
    assert.throws(
      () =>
        new EventSubscriber({ group: node.groupId, url: wssUrl.replace('wss:', 'ws:'), tls: { ca: 'x' } }),
      /tls options given but .* is not wss/,
    );
  });
});
