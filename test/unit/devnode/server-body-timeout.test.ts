// A client that sends its headers and only part of the body is answered 408 and disconnected
// once the body timeout passes (the server's requestTimeout is 0 so that sendTransaction can
// wait for its block; without this bound such a client held its connection for ever).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { startHttpServer } from '../../../src/devnode/server/http';

test('a partial request body is answered 408 and the connection closed', { timeout: 30_000 }, async () => {
  let handled = 0;
  const server = await startHttpServer({
    host: '127.0.0.1',
    port: 0,
    bodyTimeoutMs: 300,
    handler: (body) => {
      handled++;
      return Promise.resolve(body);
    },
  });
  try {
    const socket = connect(server.port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (received += d));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(
      'POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"jsonrpc"',
    );
    await closed;
    assert.match(received, /^HTTP\/1\.1 408 /);
    assert.match(received, /request body not received within 300 ms/);
    assert.equal(handled, 0, 'the partial body never reaches the RPC handler');

    // A complete request on a new connection is still served.
    const ok = await fetch(`${server.url}/`, { method: 'POST', body: '{"x":1}' });
    assert.equal(await ok.text(), '{"x":1}');
  } finally {
    await server.close();
  }
});

// A body over the limit that arrives in pieces is answered 413 while its body timer runs; the
// timer used to fire afterwards and answer the same request again, which throws from a timer
// (ERR_HTTP_HEADERS_SENT) and ends the dev node. Both node:http paths: without the lean path, and
// a chunked body, which the lean path hands to node:http.
test(
  'a 413 in the middle of a body is the only answer; the body timer never fires after it',
  { timeout: 30_000 },
  async () => {
    const uncaught: unknown[] = [];
    const onUncaught = (e: unknown) => uncaught.push(e);
    process.on('uncaughtException', onUncaught);
    const bodyTimeoutMs = 150;
    const servers = [
      await startHttpServer({
        host: '127.0.0.1',
        port: 0,
        bodyLimit: 4096,
        bodyTimeoutMs,
        lean: false,
        handler: (b) => Promise.resolve(b),
      }),
      await startHttpServer({
        host: '127.0.0.1',
        port: 0,
        bodyLimit: 4096,
        bodyTimeoutMs,
        handler: (b) => Promise.resolve(b),
      }),
    ];
    try {
      const requests = [
        [`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 12288\r\n\r\n${'x'.repeat(2000)}`, 'x'.repeat(4096)],
        [
          'POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n7d0\r\n' +
            'x'.repeat(2000) +
            '\r\n',
          '1000\r\n' + 'x'.repeat(4096) + '\r\n',
        ],
      ];
      for (const server of servers)
        for (const writes of requests) {
          const socket = connect(server.port, '127.0.0.1');
          let received = '';
          socket.setEncoding('latin1');
          socket.on('data', (d: string) => (received += d));
          socket.on('error', () => {});
          const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
          for (const w of writes)
            await new Promise<void>((resolve) => socket.write(w, () => setImmediate(resolve)));
          await closed;
          assert.match(received, /^HTTP\/1\.1 413 Payload Too Large\r\n/);
          assert.equal(received.split('HTTP/1.1').length, 2, 'one answer');
        }
      // The timers would have fired by now (they are unref'd: the test's own wait keeps the loop).
      await new Promise((resolve) => setTimeout(resolve, 3 * bodyTimeoutMs));
      assert.deepEqual(uncaught, []);
    } finally {
      process.off('uncaughtException', onUncaught);
      for (const server of servers) await server.close();
    }
  },
);
