// The TLCP state machine without sockets: two engines wired back to back (asynchronously, as a
// network would deliver), and the refusals a peer gets for what TLCP here does not support.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { loadSmTlsConfig } from '../../../src/client/transport/smTls';
import { ensureSmTlsMaterial, type SmTlsMaterial } from '../../../src/devnode/tls/smCerts';
import { TlcpEngine, type TlcpConfig } from '../../../src/protocol/tlcp/engine';
import {
  AlertDescription,
  CipherSuite,
  HandshakeType,
  handshakeMessage,
  type TlcpError,
} from '../../../src/protocol/tlcp/messages';
import { encodeRecord } from '../../../src/protocol/tlcp/record';

interface Side {
  engine: TlcpEngine;
  received: Buffer[];
  wire: Buffer[];
  done: Promise<string>;
  closed: Promise<TlcpError | undefined>;
}

function side(role: 'client' | 'server', config: TlcpConfig, deliver: (b: Buffer) => void): Side {
  let done!: (s: string) => void;
  let closed!: (e?: TlcpError) => void;
  const s: Side = {
    received: [],
    wire: [],
    done: new Promise((r) => (done = r)),
    closed: new Promise((r) => (closed = r)),
    engine: undefined as unknown as TlcpEngine,
  };
  s.engine = new TlcpEngine(role, config, {
    write: (b) => {
      s.wire.push(Buffer.from(b));
      const copy = Buffer.from(b);
      setImmediate(() => deliver(copy));
    },
    data: (b) => s.received.push(Buffer.from(b)),
    handshakeDone: (info) => done(info.suite),
    closed: (e) => closed(e),
  });
  return s;
}

/** Resolves once `cond` holds; gives up after a bounded number of event-loop turns. */
async function until(cond: () => boolean): Promise<void> {
  for (let i = 0; i < 100_000 && !cond(); i++) await new Promise((r) => setImmediate(r));
  assert.ok(cond(), 'condition not reached');
}

function pair(clientConfig: TlcpConfig, serverConfig: TlcpConfig): { client: Side; server: Side } {
  // eslint-disable-next-line prefer-const -- the two sides refer to each other
  let client: Side;
  const server = side('server', serverConfig, (b) => client.engine.receive(b));
  client = side('client', clientConfig, (b) => server.engine.receive(b));
  return { client, server };
}

describe('TLCP engine', () => {
  let dir: string;
  let material: SmTlsMaterial;
  let clientConfig: TlcpConfig;
  let serverConfig: TlcpConfig;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'tlcp-engine-'));
    material = ensureSmTlsMaterial(dir);
    clientConfig = loadSmTlsConfig(material.sdkDir);
    serverConfig = { trusted: material.trusted, credentials: material.credentials };
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  for (const suite of [CipherSuite.ECC_SM4_SM3, CipherSuite.ECDHE_SM4_SM3])
    it(`handshakes and exchanges data with suite 0x${suite.toString(16)}; close_notify ends cleanly`, async () => {
      const { client, server } = pair({ ...clientConfig, suites: [suite] }, serverConfig);
      client.engine.start();
      assert.equal(await client.done, await server.done);
      const big = Buffer.alloc(40_000, 7);
      client.engine.send(big);
      server.engine.send(Buffer.from('pong'));
      await until(() => Buffer.concat(server.received).length === big.length && client.received.length > 0);
      assert.deepEqual(Buffer.concat(server.received), big);
      assert.equal(Buffer.concat(client.received).toString(), 'pong');
      client.engine.close();
      assert.equal(await server.closed, undefined);
    });

  it('refuses renegotiation after the handshake (no_renegotiation alert)', async () => {
    const { client, server } = pair(clientConfig, serverConfig);
    client.engine.start();
    await client.done;
    // A HelloRequest from the server side, protected like any record: the engine's own writer.
    (server.engine as unknown as { writeRecord(t: number, c: Uint8Array): void }).writeRecord(
      22,
      handshakeMessage(HandshakeType.helloRequest, new Uint8Array(0)),
    );
    const err = await client.closed;
    assert.equal(err?.alert, AlertDescription.noRenegotiation);
    assert.equal((await server.closed)?.alert, AlertDescription.noRenegotiation);
  });

  it('refuses records larger than 2^14 + 2048 bytes (record_overflow)', async () => {
    const server = side('server', serverConfig, () => undefined);
    const header = Buffer.from([22, 1, 1, 0x48, 0x01]); // length 18433
    server.engine.receive(header);
    const err = await server.closed;
    assert.equal(err?.alert, AlertDescription.recordOverflow);
    // The alert went out in clear before the handshake: 21, 0x0101, length 2, fatal, 22.
    assert.deepEqual(server.wire.at(-1), Buffer.from([21, 1, 1, 0, 2, 2, 22]));
  });

  it('refuses a TLS 1.2 ClientHello (protocol_version) and a hello without a common suite (handshake_failure)', async () => {
    const hello = (version: number, suites: number[]) => {
      const body = Buffer.concat([
        Buffer.from([version >> 8, version & 0xff]),
        Buffer.alloc(32, 1),
        Buffer.from([0, 0, suites.length * 2]),
        Buffer.concat(suites.map((s) => Buffer.from([s >> 8, s & 0xff]))),
        Buffer.from([1, 0]),
      ]);
      return encodeRecord(22, handshakeMessage(HandshakeType.clientHello, body));
    };
    const a = side('server', serverConfig, () => undefined);
    a.engine.receive(hello(0x0303, [0xc02f]));
    assert.equal((await a.closed)?.alert, AlertDescription.protocolVersion);
    const b = side('server', serverConfig, () => undefined);
    b.engine.receive(hello(0x0101, [0xc02f, 0x002f]));
    assert.equal((await b.closed)?.alert, AlertDescription.handshakeFailure);
  });

  it('refuses application data before the handshake finished (unexpected_message)', async () => {
    const s = side('server', serverConfig, () => undefined);
    s.engine.receive(encodeRecord(23, Buffer.from('hello')));
    assert.equal((await s.closed)?.alert, AlertDescription.unexpectedMessage);
  });
});
