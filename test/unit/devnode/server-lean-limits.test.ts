// The lean HTTP path's limits and hand-overs (src/devnode/server/leanHttp.ts): the body timeout,
// a new connection that never sends a request, an idle keep-alive connection, a client leaving
// mid-request, a WebSocket upgrade after a lean request on the same connection, and TLS and SM
// TLS (TLCP) connections served lean and handed to node:http with the bytes already read.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import * as tls from 'node:tls';
import type { Duplex } from 'node:stream';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  startHttpServer,
  type HttpServerOptions,
  type RunningServer,
} from '../../../src/devnode/server/http';
import { leanConnectionHandler } from '../../../src/devnode/server/leanHttp';
import { ensureTlsMaterial } from '../../../src/devnode/tls/certs';
import { ensureSmTlsMaterial } from '../../../src/devnode/tls/smCerts';
import { connectTlcp, loadSmTlsConfig } from '../../../src/client/transport/smTls';

const post = (body: string) =>
  `POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
const CLOSE = 'POST / HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 2\r\n\r\n{}';
const CHUNKED = 'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n7\r\n{"a":1}\r\n0\r\n\r\n';
const echo: HttpServerOptions['handler'] = (body) => Promise.resolve(JSON.stringify({ echo: body }));

/** Resolves once `check` holds, polling every 10 ms up to 20 s. */
async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 2000; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Writes each piece in turn; everything the server sends back until it closes. */
async function exchange(socket: Duplex, writes: string[]): Promise<string> {
  let out = '';
  socket.on('data', (d: Buffer) => (out += d.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  for (const w of writes) await new Promise<void>((resolve) => socket.write(w, () => setImmediate(resolve)));
  await closed;
  return out;
}

function plain(port: number): Promise<net.Socket> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1', () => resolve(s));
  });
}

describe('lean HTTP path: timeouts and a client leaving', () => {
  it('a body that stops arriving is answered 408 as node:http answers it, on the lean path', async () => {
    let fallbacks = 0;
    const common = { host: '127.0.0.1', port: 0, bodyTimeoutMs: 200, handler: echo };
    const lean = await startHttpServer({ ...common, onLeanFallback: () => fallbacks++ });
    const reference = await startHttpServer({ ...common, lean: false });
    try {
      const partial = [post('{"a":1}'), post('{"jsonrpc":"2.0"}').slice(0, -5)];
      const expected = await exchange(await plain(reference.port), partial);
      const actual = await exchange(await plain(lean.port), partial);
      assert.match(expected, /HTTP\/1\.1 408 Request Timeout[^]*request body not received within 200 ms/);
      assert.equal(actual, expected);
      assert.equal(fallbacks, 0);
    } finally {
      await lean.close();
      await reference.close();
    }
  });

  it('a handler that rejects is answered -32603 with the same bytes as node:http, on the lean path', async () => {
    let fallbacks = 0;
    const handler: HttpServerOptions['handler'] = (body) =>
      body === '"sync"' ? Promise.reject(new Error('boom')) : Promise.resolve(body);
    const common = { host: '127.0.0.1', port: 0, handler };
    const lean = await startHttpServer({ ...common, onLeanFallback: () => fallbacks++ });
    const reference = await startHttpServer({ ...common, lean: false });
    try {
      // The failed request between two answered ones: order and keep-alive are unchanged.
      const writes = [post('"a"') + post('"sync"') + post('"b"') + CLOSE];
      const expected = await exchange(await plain(reference.port), writes);
      assert.match(expected, /\{"error":\{"code":-32603,"message":"boom"\},"id":0,"jsonrpc":""\}/);
      assert.equal(await exchange(await plain(lean.port), writes), expected);
      assert.equal(fallbacks, 0);
    } finally {
      await lean.close();
      await reference.close();
    }
  });

  it("a new connection that sends nothing gets node:http's 408; an idle one is closed", async () => {
    const server = net.createServer(
      leanConnectionHandler({
        answer: (body) => Promise.resolve(body),
        fallback: () => assert.fail('no hand-over expected'),
        bodyLimit: 100,
        bodyTimeoutMs: 10_000,
        headersTimeoutMs: 150,
        keepAliveTimeoutMs: 0, // dropped after node:http's 1 s of slack
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    try {
      assert.equal(
        await exchange(await plain(port), []),
        'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n',
      );
      const idle = await exchange(await plain(port), [post('{}')]);
      assert.match(idle, /^HTTP\/1\.1 200 OK\r\n[^]*Keep-Alive: timeout=0\r\n\r\n\{\}$/);
    } finally {
      server.close();
    }
  });

  it('an answer that takes longer than the keep-alive timeout still goes out; the connection idles out after it', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const server = net.createServer(
      leanConnectionHandler({
        answer: async (body) => {
          if (body === '"hold"') await held;
          return body;
        },
        fallback: () => assert.fail('no hand-over expected'),
        bodyLimit: 100,
        bodyTimeoutMs: 10_000,
        headersTimeoutMs: 10_000,
        keepAliveTimeoutMs: 0, // idle connections go after node:http's 1 s of slack
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    try {
      const a = await plain(port);
      const answered = exchange(a, [post('"hold"')]);
      // A second connection, answered after the first request arrived, idles out: by then the
      // first one's keep-alive timeout has passed too, with its answer still due.
      assert.match(await exchange(await plain(port), [post('{}')]), /\r\n\r\n\{\}$/);
      release();
      assert.match(await answered, /^HTTP\/1\.1 200 OK\r\n[^]*\r\n\r\n"hold"$/);
    } finally {
      server.close();
    }
  });

  it('a client leaving mid-body or before its answer changes nothing else', async () => {
    let handled = 0;
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    const server = await startHttpServer({
      host: '127.0.0.1',
      port: 0,
      handler: async (body) => {
        handled++;
        if (body === '"hold"') await held;
        return body;
      },
    });
    try {
      const a = await plain(server.port);
      a.write(post('{"never":"finished"}').slice(0, -4));
      a.destroy();
      const b = await plain(server.port);
      b.write(post('"hold"'));
      await until(() => handled === 1, 'the held request');
      b.destroy();
      release();
      assert.match(await exchange(await plain(server.port), [CLOSE]), /^HTTP\/1\.1 200 OK\r\n[^]*\{\}$/);
      assert.equal(handled, 2, 'the cut body never reached the handler');
    } finally {
      await server.close();
    }
  });
});

describe('lean HTTP path: hand-over on the same connection', () => {
  it('a WebSocket upgrade after a lean request goes to node:http and the channel', async () => {
    let fallbacks = 0;
    const server = await startHttpServer({
      host: '127.0.0.1',
      port: 0,
      handler: echo,
      onLeanFallback: () => fallbacks++,
      ws: {
        handle: echo,
        handshake: () => ({ groupInfoList: [], groupBlockNumber: [] }),
        onBlock: () => () => {},
      },
    });
    try {
      const s = await plain(server.port);
      let out = '';
      s.on('data', (d: Buffer) => (out += d.toString('latin1')));
      s.write(post('{"a":1}'));
      await until(() => out.includes('{"echo":"{\\"a\\":1}"}'), 'the lean answer');
      s.write(
        'GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      );
      await until(() => out.includes('HTTP/1.1 101 Switching Protocols'), 'the upgrade');
      assert.match(out, /Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK\+xOo=/);
      assert.equal(fallbacks, 1);
      s.destroy();
    } finally {
      await server.close();
    }
  });

  it('requests pipelined behind several lean ones are handed to node:http once, each handled once', async () => {
    // The lean answers settle together and are written in one turn; the hand-over after them
    // must happen once (a second node:http parser on the socket ran every request after it twice).
    let fallbacks = 0;
    const bodies: string[] = [];
    const handler: HttpServerOptions['handler'] = (body) => {
      bodies.push(body);
      return echo(body);
    };
    const common = { host: '127.0.0.1', port: 0, handler };
    const lean = await startHttpServer({ ...common, onLeanFallback: () => fallbacks++ });
    const reference = await startHttpServer({ ...common, lean: false });
    try {
      const writes = [post('{"a":1}') + post('{"b":2}') + CHUNKED, CLOSE];
      const expected = await exchange(await plain(reference.port), writes);
      const handledByReference = bodies.splice(0);
      assert.equal(await exchange(await plain(lean.port), writes), expected);
      assert.deepEqual(bodies, handledByReference);
      assert.equal(fallbacks, 1);
    } finally {
      await lean.close();
      await reference.close();
    }
  });

  describe('over TLS and SM TLS', () => {
    let dir: string;
    before(() => {
      dir = mkdtempSync(join(tmpdir(), 'devnode-lean-tls-'));
    });
    after(() => rmSync(dir, { recursive: true, force: true }));

    /** The same writes on a lean and a node:http-only server: the bytes back, and the hand-overs. */
    async function compare(
      opts: Partial<HttpServerOptions>,
      connect: (port: number) => Promise<Duplex>,
      writes: string[],
    ): Promise<{ actual: string; expected: string; fallbacks: number }> {
      let fallbacks = 0;
      const common = { host: '127.0.0.1', port: 0, handler: echo, ...opts };
      const lean: RunningServer = await startHttpServer({ ...common, onLeanFallback: () => fallbacks++ });
      const reference = await startHttpServer({ ...common, lean: false });
      try {
        const expected = await exchange(await connect(reference.port), writes);
        const actual = await exchange(await connect(lean.port), writes);
        return { actual, expected, fallbacks };
      } finally {
        await lean.close();
        await reference.close();
      }
    }

    it('TLS: lean requests, then a chunked one handed to node:http', async () => {
      const material = await ensureTlsMaterial(join(dir, 'tls'));
      const sdk = material.sdkDir;
      const connect = (port: number) =>
        new Promise<Duplex>((resolve, reject) => {
          const s = tls.connect(
            {
              host: '127.0.0.1',
              port,
              ca: readFileSync(join(sdk, 'ca.crt')),
              cert: readFileSync(join(sdk, 'sdk.crt')),
              key: readFileSync(join(sdk, 'sdk.key')),
              checkServerIdentity: () => undefined,
            },
            () => resolve(s),
          );
          s.once('error', reject);
        });
      const tlsOpts = { tls: { ca: material.ca, cert: material.cert, key: material.key } };
      const kept = await compare(tlsOpts, connect, [post('{"a":1}'), post('{"b":2}') + CLOSE]);
      assert.equal(kept.actual, kept.expected);
      assert.equal(kept.fallbacks, 0);
      const handed = await compare(tlsOpts, connect, [post('{"a":1}'), CHUNKED + post('{"b":2}'), CLOSE]);
      assert.match(handed.expected, /\{\\"a\\":1\}[^]*\{\\"b\\":2\}/);
      assert.equal(handed.actual, handed.expected);
      assert.equal(handed.fallbacks, 1);
    });

    it('SM TLS (TLCP): lean requests, then a chunked one handed to node:http', async () => {
      const material = ensureSmTlsMaterial(join(dir, 'sm'));
      const config = loadSmTlsConfig(material.sdkDir);
      const connect = (port: number) =>
        new Promise<Duplex>((resolve, reject) => {
          const s = connectTlcp({ host: '127.0.0.1', port, config });
          s.once('secureConnect', () => resolve(s));
          s.once('error', reject);
        });
      const smOpts = { smTls: { trusted: material.trusted, credentials: material.credentials } };
      const kept = await compare(smOpts, connect, [post('{"a":1}'), post('{"b":2}') + CLOSE]);
      assert.equal(kept.actual, kept.expected);
      assert.equal(kept.fallbacks, 0);
      const handed = await compare(smOpts, connect, [post('{"a":1}'), CHUNKED + post('{"b":2}'), CLOSE]);
      assert.match(handed.expected, /\{\\"a\\":1\}[^]*\{\\"b\\":2\}/);
      assert.equal(handed.actual, handed.expected);
      assert.equal(handed.fallbacks, 1);
    });
  });
});
