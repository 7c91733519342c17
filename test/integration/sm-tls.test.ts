// SM TLS (TLCP) end to end: the SDK against the devnode's --sm --tls server, with the SM2
// certificate pairs the devnode writes as build_chain.sh -s does. Both suites the node offers
// (bcos-boostssl ContextBuilder::buildSslContext: ECC-SM4-SM3, ECDHE-SM4-SM3), JSON-RPC and the
// WebSocket channel over it (raw frames, and the SDK's EventSubscriber receiving pushed logs), and
// the refusals: wrong CA, missing or foreign client certificate, a tampered record.

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { Client, Contract, EventSubscriber, TransportError, type EventPushLogJson } from '../../src/client';
import { importPrivateKey } from '../../src/protocol/account';
import { emitter } from './events-fixture';
import { connectTlcp, loadSmTlsConfig } from '../../src/client/transport/smTls';
import { startDevnode, type Devnode } from '../../src/devnode';
import { ensureSmTlsMaterial } from '../../src/devnode/tls/smCerts';
import { acceptKey, encodeFrame, FrameReader, OP_BINARY } from '../../src/protocol/ws/frames';
import { decodeMessage, encodeMessage, type BcosMessage } from '../../src/devnode/server/wsRpc';
import { CipherSuite, type TlcpError } from '../../src/protocol/tlcp/messages';
import type { TlcpConfig } from '../../src/protocol/tlcp/engine';
import type { TlcpSocket } from '../../src/protocol/tlcp/stream';

const SDK_FILES = ['sm_ca.crt', 'sm_sdk.crt', 'sm_sdk.key', 'sm_ensdk.crt', 'sm_ensdk.key'];

/** Resolves once `check` holds, polling every 10 ms up to 20 s. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** An SDK folder with this chain's pairs but another chain's sm_ca.crt. */
function wrongCaDir(scratch: string, sdkDir: string, foreign: string, name: string): string {
  const dir = join(scratch, name);
  rmSync(dir, { recursive: true, force: true });
  ensureSmTlsMaterial(dir); // creates dir/sdk
  for (const f of SDK_FILES) copyFileSync(join(sdkDir, f), join(dir, 'sdk', f));
  copyFileSync(join(foreign, 'sm_ca.crt'), join(dir, 'sdk', 'sm_ca.crt'));
  return join(dir, 'sdk');
}

/** Resolves with the socket once the handshake finished; rejects with its error. */
function handshake(port: number, config: TlcpConfig): Promise<TlcpSocket> {
  return new Promise((resolve, reject) => {
    const s = connectTlcp({ host: '127.0.0.1', port, config });
    s.once('secureConnect', () => resolve(s));
    s.once('error', reject);
  });
}

/** The error the connection ends with, and whether it closed. */
function failure(port: number, config: TlcpConfig): Promise<TlcpError> {
  return handshake(port, config).then(
    (s) => {
      s.destroy();
      throw new Error('handshake unexpectedly succeeded');
    },
    (e: TlcpError) => e,
  );
}

describe('SM TLS (TLCP): client ↔ devnode --sm --tls', () => {
  let node: Devnode;
  let scratch: string;
  let foreign: string; // SDK pairs issued by another chain's CA
  before(async () => {
    node = await startDevnode({ port: 0, logLevel: 'silent', sm: true, tls: true, nodes: 1, accounts: 1 });
    scratch = mkdtempSync(join(tmpdir(), 'sm-tls-test-'));
    foreign = ensureSmTlsMaterial(join(scratch, 'other')).sdkDir;
  });
  after(async () => {
    await node.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  for (const suite of ['ECC-SM4-SM3', 'ECDHE-SM4-SM3'] as const)
    it(`JSON-RPC over ${suite}, records split and reassembled both ways`, async () => {
      assert.match(node.url, /^https:\/\//);
      const client = new Client({
        group: node.groupId,
        url: node.url,
        tls: { certDir: node.sdkCertDir!, smSuites: [suite] },
      });
      try {
        assert.equal(await client.getBlockNumber(), 0);
        // A 40 kB request (three records) still gets its JSON-RPC answer.
        const big = 'x'.repeat(40_000);
        await assert.rejects(
          client.transport.request('getBlockNumber', [node.groupId, big]),
          (e: unknown) => !(e instanceof TransportError),
        );
        const info = await client.transport.request<{ groupID: string }>('getGroupInfo', [node.groupId]);
        assert.equal(info.groupID, node.groupId);
      } finally {
        client.close();
      }
      const s = await handshake(node.port, loadSmTlsConfig(node.sdkCertDir!, [suite]));
      assert.equal(s.suite, suite);
      assert.deepEqual(
        s.peerCertificates.map((c) => c.subjectText.split(', ').pop()),
        ['OU=ssl', 'OU=enssl'],
      );
      s.destroy();
    });

  it('carries the WebSocket channel (handshake and RPC_REQUEST)', async () => {
    const s = await handshake(node.port, loadSmTlsConfig(node.sdkCertDir!));
    const key = randomBytes(16).toString('base64');
    const reader = new FrameReader(1 << 24, false);
    const inbox: BcosMessage[] = [];
    let waiting: (() => void) | undefined;
    let head: Buffer | undefined = Buffer.alloc(0); // until the 101 answer is complete
    let upgraded: () => void;
    const upgradedP = new Promise<void>((r) => (upgraded = r));
    s.on('data', (chunk: Buffer) => {
      if (head) {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        const text = head.subarray(0, end).toString();
        assert.match(text, /^HTTP\/1\.1 101/);
        assert.ok(text.includes(`Sec-WebSocket-Accept: ${acceptKey(key)}`));
        chunk = head.subarray(end + 4);
        head = undefined;
        upgraded();
      }
      for (const ev of reader.push(chunk)) if (ev.opcode === OP_BINARY) inbox.push(decodeMessage(ev.data)!);
      waiting?.();
    });
    const next = (seq: Buffer) =>
      new Promise<BcosMessage>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no answer on the WebSocket channel')), 20_000);
        const check = () => {
          const i = inbox.findIndex((m) => m.seq.equals(seq));
          if (i < 0) return;
          clearTimeout(timer);
          waiting = undefined;
          resolve(inbox.splice(i, 1)[0]);
        };
        waiting = check;
        check();
      });
    const send = (type: number, seq: Buffer, payload: string) =>
      s.write(
        encodeFrame(
          OP_BINARY,
          encodeMessage({ version: 0, type, status: 0, seq, ext: 0, payload: Buffer.from(payload) }),
          true,
        ),
      );
    s.write(
      `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
    );
    await upgradedP;
    const hs = Buffer.from('h'.repeat(32));
    send(0x100, hs, '{"maxVersion":1,"minVersion":0,"moduleID":2}\n');
    const hello = JSON.parse((await next(hs)).payload.toString()) as { groupInfoList: { groupID: string }[] };
    assert.equal(hello.groupInfoList[0].groupID, node.groupId);
    const rq = Buffer.from('r'.repeat(32));
    send(
      0x102,
      rq,
      JSON.stringify({ jsonrpc: '2.0', method: 'getBlockNumber', params: [node.groupId, ''], id: 5 }),
    );
    assert.equal((await next(rq)).payload.toString(), '{"id":5,"jsonrpc":"2.0","result":0}');
    s.destroy();
  });

  it('refuses a server whose certificate is not from the trusted CA (sm_ca.crt of another chain)', async () => {
    const certDir = wrongCaDir(scratch, node.sdkCertDir!, foreign, 'wrong-ca');
    const client = new Client({ group: node.groupId, url: node.url, tls: { certDir } });
    await assert.rejects(client.getBlockNumber(), (e: unknown) => {
      assert.ok(e instanceof TransportError);
      assert.equal(e.kind, 'tls');
      assert.match(e.message, /issuer is not the trusted CA/);
      return true;
    });
    client.close();
  });

  it('EventSubscriber over TLCP (wss:// + SM certDir): pushed logs of an emitted event arrive', async () => {
    const client = new Client({ group: node.groupId, url: node.url, tls: { certDir: node.sdkCertDir! } });
    const sub = new EventSubscriber({
      group: node.groupId,
      url: node.url.replace(/^https:/, 'wss:'),
      tls: { certDir: node.sdkCertDir!, smSuites: ['ECDHE-SM4-SM3'] },
    });
    try {
      const account = importPrivateKey(node.accounts[0].privateKey, true);
      const { abi, bytecode } = emitter();
      // Standard solc emits keccak selectors (an SM chain's own solc would use SM3 ones).
      const { contract } = await Contract.deploy(client, account, abi, bytecode, [], { selectors: 'keccak' });
      const got: EventPushLogJson[] = [];
      await sub.subscribe({ address: contract.address }, { onLogs: (logs) => got.push(...logs) });
      await contract.send('pong', [7]);
      await contract.send('pong', [8]);
      await until(() => got.length === 2, 'two Pong pushes over TLCP');
      assert.deepEqual(
        got.map((l) => Number(BigInt(l.data))),
        [7, 8],
      );
      // bcos-rpc event/EventSubMatcher.cpp: the pushed address carries no 0x.
      assert.equal(got[0].address, contract.address.slice(2));
      assert.equal(await sub.blockNumber(), await client.getBlockNumber());
    } finally {
      sub.close();
      client.close();
    }
  });

  it('EventSubscriber over TLCP refuses a wrong CA and an incomplete SM folder, as the HTTP transport does', async () => {
    const certDir = wrongCaDir(scratch, node.sdkCertDir!, foreign, 'wrong-ca-ws');
    const url = node.url.replace(/^https:/, 'wss:');
    const sub = new EventSubscriber({ group: node.groupId, url, tls: { certDir }, reconnect: false });
    try {
      await assert.rejects(sub.subscribe({}, { onLogs: () => undefined }), (e: unknown) => {
        assert.ok(e instanceof TransportError);
        assert.equal(e.kind, 'tls');
        assert.match(e.message, /issuer is not the trusted CA/);
        return true;
      });
      assert.equal(sub.channel.connected, false);
    } finally {
      sub.close();
    }
    rmSync(join(certDir, 'sm_ensdk.key'));
    assert.throws(
      () => new EventSubscriber({ group: node.groupId, url, tls: { certDir } }),
      /SM TLS: sm_ensdk\.key not found/,
    );
    assert.throws(() => new EventSubscriber({ group: node.groupId, url }), /wss but no tls options/);
  });

  it('the server refuses a client without a certificate (bcos-boostssl: verify_fail_if_no_peer_cert)', async () => {
    const config = loadSmTlsConfig(node.sdkCertDir!);
    const err = await failure(node.port, {
      ...config,
      credentials: undefined,
      suites: [CipherSuite.ECC_SM4_SM3],
    });
    assert.equal(err.code, 'ERR_TLCP_HANDSHAKE_FAILURE');
    assert.ok(err.remote, 'the alert came from the server');
  });

  it('the server refuses client certificates issued by another CA', async () => {
    const config = loadSmTlsConfig(node.sdkCertDir!);
    const err = await failure(node.port, { ...config, credentials: loadSmTlsConfig(foreign).credentials });
    assert.equal(err.code, 'ERR_TLCP_UNKNOWN_CA');
    assert.ok(err.remote);
  });

  it('a tampered record is answered with a bad_record_mac alert and a closed connection', async () => {
    const s = await handshake(node.port, loadSmTlsConfig(node.sdkCertDir!));
    const write = s.inner.write.bind(s.inner);
    // Flip one bit in the last ciphertext block of the next record (the MAC/padding area).
    (s.inner as unknown as { write: (b: Buffer) => boolean }).write = (b: Buffer) => {
      const copy = Buffer.from(b);
      copy[copy.length - 20] ^= 0x01;
      return write(copy);
    };
    const closed = new Promise<boolean>((r) => s.inner.once('close', () => r(true)));
    const err = await new Promise<TlcpError>((resolve) => {
      s.once('error', resolve);
      s.write('POST / HTTP/1.1\r\nContent-Length: 2\r\n\r\n{}');
    });
    assert.equal(err.code, 'ERR_TLCP_BAD_RECORD_MAC');
    assert.ok(err.remote, 'the server sent the alert');
    assert.ok(await closed);
  });
});
