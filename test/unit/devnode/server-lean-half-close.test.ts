// A request and the client's half-close (FIN) read in the same poll: the lean path answers it,
// then closes. On a real socket this happens when the body is larger than one 64 KB read, so
// libuv reads the rest and the EOF in the same poll, before the handler's answer is due; here a
// Duplex delivers both in one turn, so the case is reproduced every time.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Duplex } from 'node:stream';
import { leanConnectionHandler } from '../../../src/devnode/server/leanHttp';

/** A server-side socket whose written bytes are collected. */
function fakeSocket(): { socket: Duplex; written: () => string; ended: Promise<void> } {
  const out: Buffer[] = [];
  let ended!: () => void;
  const done = new Promise<void>((resolve) => (ended = resolve));
  const socket = new Duplex({
    allowHalfOpen: true, // as node:http's server sockets
    read() {},
    write(chunk: Buffer, _enc, cb) {
      out.push(chunk);
      cb();
    },
    final(cb) {
      ended();
      cb();
    },
  });
  return { socket, written: () => Buffer.concat(out).toString('latin1'), ended: done };
}

for (const size of [100, 200_000]) {
  test(`a ${size}-byte request and the client's FIN in one read are answered before the close`, async () => {
    const handle = leanConnectionHandler({
      // Answered after this turn, as turnBatch's handledAfterPoll does.
      answer: (body) => new Promise((resolve) => setImmediate(() => resolve(`{"n":${body.length}}`))),
      fallback: () => assert.fail('the lean path serves this request'),
      bodyLimit: 1 << 22,
      bodyTimeoutMs: 10_000,
      headersTimeoutMs: 10_000,
      keepAliveTimeoutMs: 5_000,
    });
    const { socket, written, ended } = fakeSocket();
    handle(socket);
    const body = JSON.stringify({ pad: 'x'.repeat(size) });
    socket.push(`POST / HTTP/1.1\r\nHost: x\r\nContent-Length: ${body.length}\r\n\r\n${body}`);
    socket.push(null);
    await ended;
    // RFC 9112 section 9.6: a client's half-close does not cancel its request; the answer is due.
    assert.match(written(), new RegExp(`^HTTP/1\\.1 200 OK\\r\\n[^]*\\r\\n\\r\\n\\{"n":${body.length}\\}$`));
  });
}
