// The SDK's WebSocket channel answers a node's close frame with one of its own, as RFC 6455
// section 5.5.1 requires of an endpoint that receives a close frame it did not start: here the
// dev node's stop() sends 1001 (going away) and waits for that answer before it ends the TCP
// connection. A TCP relay between them records what the client sends.

import assert from 'node:assert/strict';
import { createServer, connect, type Server } from 'node:net';
import { test } from 'node:test';
import { startDevnode } from '../../src/devnode';
import { WsChannel } from '../../src/client';
import { FrameReader, OP_CLOSE } from '../../src/protocol/ws/frames';

interface Recorded {
  server: Server;
  url: string;
  /** Everything the client sent, in order. */
  sent: Buffer[];
  /** Resolves once the client's connection through the relay has closed. */
  closed: Promise<void>;
}

async function recordingRelay(port: number): Promise<Recorded> {
  const sent: Buffer[] = [];
  let done: () => void = () => {};
  const closed = new Promise<void>((r) => (done = r));
  const server = createServer((inbound) => {
    const outbound = connect(port, '127.0.0.1');
    inbound.on('data', (chunk: Buffer) => sent.push(chunk));
    for (const s of [inbound, outbound]) s.on('error', () => s.destroy());
    inbound.on('close', () => {
      outbound.destroy();
      done();
    });
    outbound.on('close', () => inbound.end());
    inbound.pipe(outbound);
    outbound.pipe(inbound);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no relay port');
  return { server, url: `ws://127.0.0.1:${address.port}`, sent, closed };
}

test("the SDK's channel answers the node's close frame (1001 at stop) with its own", async () => {
  const node = await startDevnode({ port: 0, logLevel: 'silent', seed: 'ws-close-handshake' });
  const relay = await recordingRelay(Number(new URL(node.url).port));
  const channel = new WsChannel({ url: relay.url, reconnect: false });
  try {
    await channel.connect();
    await node.stop();
    await relay.closed;
    const bytes = Buffer.concat(relay.sent);
    const head = bytes.indexOf('\r\n\r\n');
    assert.ok(head > 0, 'the upgrade request went through the relay');
    // Client frames are masked; the reader checks that as the node's does.
    const frames = new FrameReader(1 << 20, true).push(bytes.subarray(head + 4));
    const closes = frames.filter((f) => f.opcode === OP_CLOSE);
    assert.equal(closes.length, 1, 'one close frame from the client');
    assert.equal(frames[frames.length - 1].opcode, OP_CLOSE, 'nothing after it');
    assert.equal(closes[0].data.readUInt16BE(0), 1001, "it echoes the node's status code");
  } finally {
    channel.close();
    relay.server.close();
  }
});
