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
