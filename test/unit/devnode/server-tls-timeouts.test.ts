// The SM TLS (TLCP) listener bounds a stalled client as the plain and TLS ones do: an
// unfinished handshake (nothing sent, part of a record header, part of a flight) is dropped after
// the handshake timeout; after the handshake, a connection that sends no request, part of a TLCP
// record, or part of a request head gets node:http's 408 after the headers timeout, and part of a
// body gets the body timeout's 408, and an idle keep-alive connection is dropped. Both the lean
// path and node:http alone (lean: false).
// The TLS listener takes the same handshake bound (node's own default was 120 s).
// The bounds are small here; the test waits for the server to close each connection.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHttpServer, type RunningServer } from '../../../src/devnode/server/http';
import { ensureSmTlsMaterial } from '../../../src/devnode/tls/smCerts';
import { ensureTlsMaterial } from '../../../src/devnode/tls/certs';
import { connectTlcp, loadSmTlsConfig } from '../../../src/client/transport/smTls';
import type { TlcpConfig } from '../../../src/protocol/tlcp/engine';
import type { TlcpSocket } from '../../../src/protocol/tlcp/stream';

const BOUND_MS = 200;
// Far longer than BOUND_MS, far shorter than the 30 s and 60 s defaults: a server that ignores
// the bounds fails here instead of holding the test.
const GIVE_UP_MS = 8000;
// What the server sends as it drops an unfinished handshake: a close_notify alert record
// (type 21, version 1.1 = 0x0101, length 2, level warning, description close_notify).
const CLOSE_NOTIFY = Buffer.from([0x15, 0x01, 0x01, 0x00, 0x02, 0x01, 0x00]).toString('latin1');

/** Everything the server sends until it closes the connection; rejects after GIVE_UP_MS. */
function untilClosed(socket: net.Socket | TlcpSocket): Promise<string> {
  let out = '';
  socket.on('data', (d: Buffer) => (out += d.toString('latin1')));
  socket.on('error', () => {});
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server still holds the connection after ${GIVE_UP_MS} ms`));
    }, GIVE_UP_MS);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(out);
    });
  });
}

function tcp(port: number): Promise<net.Socket> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => resolve(s));
  });
}

function tlcp(port: number, config: TlcpConfig): Promise<TlcpSocket> {
  return new Promise((resolve, reject) => {
    const s = connectTlcp({ host: '127.0.0.1', port, config });
    s.once('secureConnect', () => resolve(s));
    s.once('error', reject);
  });
}

for (const lean of [true, false])
  describe(`SM TLS listener timeouts (${lean ? 'lean path' : 'node:http only'})`, () => {
    let dir: string;
    let server: RunningServer; // real handshakes (SM2 in JS: far slower than BOUND_MS on a busy machine)
    let stalled: RunningServer; // for handshakes that never finish
    let config: TlcpConfig;
    let handled = 0;
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'devnode-sm-timeouts-'));
      const material = ensureSmTlsMaterial(dir);
      config = loadSmTlsConfig(material.sdkDir);
      const common = {
        host: '127.0.0.1',
        port: 0,
        lean,
        handler: (body: string) => {
          handled++;
          return Promise.resolve(body);
        },
        smTls: { trusted: material.trusted, credentials: material.credentials },
        headersTimeoutMs: BOUND_MS,
        bodyTimeoutMs: BOUND_MS,
        keepAliveTimeoutMs: BOUND_MS, // node:http and the lean path add 1 s before dropping
      };
      server = await startHttpServer(common);
      stalled = await startHttpServer({ ...common, handshakeTimeoutMs: BOUND_MS });
    });
    after(async () => {
      await server.close();
      await stalled.close();
      rmSync(dir, { recursive: true, force: true });
    });

    it('a connection that never starts the handshake is dropped', async () => {
      assert.equal(await untilClosed(await tcp(stalled.port)), CLOSE_NOTIFY);
    });

    it('part of a record header, then nothing: dropped', async () => {
      const s = await tcp(stalled.port);
      s.write(Buffer.from([0x16, 0x01])); // handshake record, first byte of the version
      assert.equal(await untilClosed(s), CLOSE_NOTIFY);
    });

    it('part of a ClientHello record, then nothing: dropped', async () => {
      const s = await tcp(stalled.port);
      // Record header announcing 64 bytes of handshake; only the message header follows.
      s.write(Buffer.from([0x16, 0x01, 0x01, 0x00, 0x40, 0x01, 0x00, 0x00, 0x3c]));
      assert.equal(await untilClosed(s), CLOSE_NOTIFY);
    });

    it('a finished handshake and no request: 408 as on the plain port', async () => {
      const s = await tlcp(server.port, config);
      assert.equal(await untilClosed(s), 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    });

    it('part of a TLCP record after the handshake: 408', async () => {
      const s = await tlcp(server.port, config);
      const closed = untilClosed(s);
      s.inner.write(Buffer.from([0x17, 0x01, 0x01])); // an application-data record header, cut
      assert.equal(await closed, 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    });

    it('part of a request head: 408', async () => {
      const s = await tlcp(server.port, config);
      const closed = untilClosed(s);
      s.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Le');
      assert.match(await closed, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    });

    it('part of a body: the body timeout answers 408', async () => {
      const s = await tlcp(server.port, config);
      const closed = untilClosed(s);
      s.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{"jsonrpc"');
      const out = await closed;
      assert.match(out, /^HTTP\/1\.1 408 Request Timeout\r\n/);
      assert.match(out, new RegExp(`request body not received within ${BOUND_MS} ms`));
    });

    it('an idle keep-alive connection is dropped after its answer', async () => {
      const s = await tlcp(server.port, config);
      const closed = untilClosed(s);
      s.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 7\r\n\r\n{"k":1}');
      assert.match(await closed, /^HTTP\/1\.1 200 OK\r\n[^]*Keep-Alive: timeout=0\r\n\r\n\{"k":1\}$/);
    });

    it('a complete request is still answered, and nothing partial reached the handler', async () => {
      const s = await tlcp(server.port, config);
      const closed = untilClosed(s);
      s.write('POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 7\r\n\r\n{"a":1}');
      assert.match(await closed, /^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\n\{"a":1\}$/);
      assert.equal(handled, 2); // this one and the keep-alive one
    });
  });

describe('TLS listener: the same handshake bound', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'devnode-tls-timeouts-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a connection that never finishes its handshake is dropped', async () => {
    const material = await ensureTlsMaterial(join(dir, 'tls'));
    const server = await startHttpServer({
      host: '127.0.0.1',
      port: 0,
      handler: (body) => Promise.resolve(body),
      tls: { ca: material.ca, cert: material.cert, key: material.key },
      handshakeTimeoutMs: BOUND_MS,
    });
    try {
      assert.equal(await untilClosed(await tcp(server.port)), '');
      const s = await tcp(server.port);
      s.write(Buffer.from([0x16, 0x03, 0x01])); // a TLS handshake record header, cut
      assert.equal(await untilClosed(s), '');
    } finally {
      await server.close();
    }
  });
});
