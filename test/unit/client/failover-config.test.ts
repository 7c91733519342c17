// Multi-endpoint `peers` with failover (one endpoint down) and reading a console config.toml.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '../../../src/client/client';
import { TransportError } from '../../../src/client/errors';
import { FailoverTransport } from '../../../src/client/transport/failover';
import { parseConfigToml, readConsoleConfig } from '../../../src/client/consoleConfig';
import { startDevnode } from '../../../src/devnode/index';

/** A local port nobody listens on: bound, then released. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise<void>((r) => server.close(() => r()));
  return `http://127.0.0.1:${port}`;
}

describe('peers with failover', () => {
  it('requests reach the live node when the first peer is down, and stay with it', async () => {
    const node = await startDevnode({ port: 0, nodes: 1, accounts: 1, logLevel: 'silent' });
    const dead = await deadUrl();
    const client = new Client({ group: node.groupId, peers: [dead, node.url] });
    try {
      assert.ok(client.transport instanceof FailoverTransport);
      assert.equal(await client.getBlockNumber(), 0);
      assert.equal((client.transport as FailoverTransport).activeUrl, node.url);
      assert.equal((await client.getGroupInfo()).groupID, node.groupId);
    } finally {
      client.close();
      await node.stop();
    }
  });

  it('with every peer down the error names each one', async () => {
    const [a, b] = [await deadUrl(), await deadUrl()];
    const client = new Client({ group: 'group0', peers: [a, b] });
    try {
      await assert.rejects(
        client.getBlockNumber(),
        (e: unknown) =>
          e instanceof TransportError &&
          e.kind === 'connect' &&
          e.message.includes(a) &&
          e.message.includes(b) &&
          /at least one of the peers/.test(e.message),
      );
    } finally {
      client.close();
    }
  });

  it('host:port peers get http (https with tls); empty peers are refused', () => {
    const c = new Client({ group: 'group0', peers: ['127.0.0.1:1', 'http://127.0.0.1:2'] });
    assert.equal(c.transport.url, 'http://127.0.0.1:1, http://127.0.0.1:2');
    c.close();
    assert.throws(() => new Client({ group: 'group0', peers: [] }), /give a url/);
    assert.throws(() => new Client({ group: 'group0', peers: [' '] }), /peers must be non-empty/);
  });
});

describe('console config.toml', () => {
  it('reads group, peers, certificate folder and account files relative to the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'console-'));
    try {
      mkdirSync(join(dir, 'account', 'ecdsa'), { recursive: true });
      writeFileSync(join(dir, 'account', 'ecdsa', '0xabc.pem'), 'x');
      writeFileSync(join(dir, 'account', 'ecdsa', '0xdef.pem'), 'x');
      const toml = [
        '[cryptoMaterial]',
        'certPath = "conf"                           # The certification path',
        'disableSsl = "false"',
        'useSMCrypto = "false"',
        '[network]',
        'messageTimeout = "10000"',
        'defaultGroup="group1"   # group',
        'peers=["127.0.0.1:20200", "127.0.0.1:20201"]',
        '[account]',
        'keyStoreDir = "account"',
        'accountFileFormat = "pem"',
        'accountAddress = "0xdef"',
      ].join('\n');
      const c = readConsoleConfig(toml, join(dir, 'config.toml'));
      assert.equal(c.group, 'group1');
      assert.deepEqual(c.peers, ['https://127.0.0.1:20200', 'https://127.0.0.1:20201']);
      assert.deepEqual(c.tls, { certDir: join(dir, 'conf') });
      assert.equal(c.smTls, false);
      assert.equal(c.timeoutMs, 10000);
      assert.deepEqual(c.accountFiles, [join(dir, 'account', 'ecdsa', '0xdef.pem')]);
      const plain = readConsoleConfig(
        '[cryptoMaterial]\ndisableSsl = "true"\n[network]\npeers=["10.0.0.1:20200"]\n',
        join(dir, 'config.toml'),
      );
      assert.deepEqual(
        [plain.peers, plain.tls, plain.group],
        [['http://10.0.0.1:20200'], undefined, 'group0'],
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('bad files give an error that says what is wrong', () => {
    assert.throws(() => parseConfigToml('[network]\npeers = {a = 1}'), /line 2: unsupported value/);
    assert.throws(
      () => readConsoleConfig('[network]\ndefaultGroup="g"\n', '/x/config.toml'),
      /peers must list/,
    );
    assert.throws(
      () => readConsoleConfig('[network]\npeers=["127.0.0.1"]\n', '/x/config.toml'),
      /peer "127.0.0.1" is not host:port/,
    );
  });
});
