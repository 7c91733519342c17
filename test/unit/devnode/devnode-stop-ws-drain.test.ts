// stop() while a WebSocket client's requests are in flight: each request read before the stop is
// answered, then the server sends a close frame (1001, going away) and no data after it; after a
// restart on the same --data directory the answered transaction's receipt is there.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnode } from '../../../src/devnode';
import {
  acceptKey,
  encodeFrame,
  FrameReader,
  OP_BINARY,
  OP_CLOSE,
  type WsMessageEvent,
} from '../../../src/protocol/ws/frames';
import {
  decodeMessage,
  encodeMessage,
  MSG_RPC_REQUEST,
  type BcosMessage,
} from '../../../src/devnode/server/wsRpc';
import { MSG_EVENT_SUBSCRIBE } from '../../../src/protocol/ws/message';
import { deployCode, RETURN_42, signedTx } from './rpc-helpers';

const OPTIONS = { port: 0, nodes: 1, accounts: 1 };

interface RawWs {
  socket: net.Socket;
  /** Every frame the server sent, in order. */
  frames: WsMessageEvent[];
  /** Resolves when the TCP connection has closed. */
  closed: Promise<void>;
  /** Resolves with the first bcos message `pred` accepts (already received or to come). */
  frame(pred: (m: BcosMessage) => boolean): Promise<BcosMessage>;
}

/**
 * A WebSocket client that records every frame and answers the server's close frame, after
 * writing `beforeCloseReply` if given.
 */
function connectWs(port: number, beforeCloseReply?: Buffer): Promise<RawWs> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const key = randomBytes(16).toString('base64');
    const reader = new FrameReader(1 << 24, false);
    const frames: WsMessageEvent[] = [];
    const waiters: (() => void)[] = [];
    const frame = (pred: (m: BcosMessage) => boolean) =>
      new Promise<BcosMessage>((found) => {
        const check = () => {
          for (const f of frames) {
            const m = f.opcode === OP_BINARY ? decodeMessage(f.data) : undefined;
            if (m !== undefined && pred(m)) return found(m);
          }
          waiters.push(check);
        };
        check();
      });
    const closed = new Promise<void>((done) => socket.on('close', () => done()));
    let head: Buffer | undefined = Buffer.alloc(0);
    socket.on('error', reject);
    socket.on('connect', () =>
      socket.write(
        `GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk: Buffer) => {
      if (head !== undefined) {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return;
        const text = head.subarray(0, end).toString();
        if (!text.includes(`Sec-WebSocket-Accept: ${acceptKey(key)}`)) return reject(new Error(text));
        chunk = head.subarray(end + 4);
        head = undefined;
        resolve({ socket, frames, closed, frame });
      }
      for (const ev of reader.push(chunk)) {
        frames.push(ev);
        // RFC 6455 section 5.5.1: the endpoint that receives a Close frame sends one in response.
        if (ev.opcode !== OP_CLOSE) continue;
        if (beforeCloseReply) socket.write(beforeCloseReply);
        socket.end(encodeFrame(OP_CLOSE, ev.data.subarray(0, 2), true));
      }
      for (const w of waiters.splice(0)) w();
    });
  });
}

function request(id: number, method: string, params: unknown[]): Buffer {
  const payload = Buffer.from(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
  const seq = Buffer.from(String(id).padStart(32, '0'));
  const message = encodeMessage({ version: 0, type: MSG_RPC_REQUEST, status: 0, seq, ext: 0, payload });
  return encodeFrame(OP_BINARY, message, true);
}

/** Resolves once a connection to `port` is refused (the server's listener is closed). */
function refused(port: number): Promise<void> {
  return new Promise((resolve) => {
    const probe = net.connect(port, '127.0.0.1');
    probe.once('error', () => resolve());
    probe.once('connect', () => {
      probe.destroy();
      setImmediate(() => void refused(port).then(resolve));
    });
  });
}

interface Answer {
  id?: number;
  result?: unknown;
  error?: { message: string };
}

test('WebSocket requests read before stop() are answered, then the server sends 1001 and closes', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'devnode-stop-ws-'));
  try {
    // A normal stop logs nothing above info: no reader (event subscription, block notification,
    // handshake) touches the chain once it is closed.
    const logged: string[] = [];
    const log = (level: string, message: string) => void logged.push(`${level}: ${message}`);
    const node = await startDevnode({ ...OPTIONS, dataDir: dir, logLevel: 'warn', log });
    const ws = await connectWs(node.port);
    // An event subscription (from the latest block on) reads blocks as they are published.
    const subscribe = { id: 'f'.repeat(32), group: 'group0', params: { fromBlock: -1, toBlock: -1 } };
    ws.socket.write(
      encodeFrame(
        OP_BINARY,
        encodeMessage({
          version: 0,
          type: MSG_EVENT_SUBSCRIBE,
          status: 0,
          seq: Buffer.from('s'.repeat(32)),
          ext: 0,
          payload: Buffer.from(JSON.stringify(subscribe)),
        }),
        true,
      ),
    );
    await ws.frame((m) => m.type === MSG_EVENT_SUBSCRIBE);
    const before = ws.frames.length;
    const raw = signedTx(node, { input: deployCode(RETURN_42) });
    // stop() begins in the very turn the server reads the call, sent right behind the
    // transaction: the transaction waits in the pool for its block, the call for the chain's lock.
    // The transaction's answer is held until the server has stopped accepting connections, so it
    // is still owed when close() would drop the connections.
    const submit = node.chain.submit.bind(node.chain);
    node.chain.submit = (tx) => submit(tx).then(async (committed) => (await refused(node.port), committed));
    const call = node.chain.call.bind(node.chain);
    let stopping: Promise<void> | undefined;
    let framesAtStop = -1;
    node.chain.call = (...args) => {
      const outcome = call(...args);
      framesAtStop = ws.frames.length;
      stopping = node.stop();
      return outcome;
    };
    ws.socket.write(
      Buffer.concat([
        request(1, 'sendTransaction', ['group0', '', raw, false]),
        request(2, 'call', ['group0', '', '0x' + '00'.repeat(20), '0x']),
      ]),
    );
    await ws.closed;
    await stopping;
    assert.equal(framesAtStop, before, 'stop() began before any answer was written');

    // The answers (type 0; the block's BLOCK_NOTIFY may come too), then the close frame, last.
    const answers = ws.frames
      .filter((f) => f.opcode === OP_BINARY)
      .map((f) => decodeMessage(f.data)!)
      .filter((m) => m.type === 0)
      .map((m) => JSON.parse(m.payload.toString()) as Answer)
      .sort((a, b) => (a.id ?? 0) - (b.id ?? 0));
    assert.deepEqual(
      answers.map((a) => a.id),
      [1, 2],
      'both requests read before stop() are answered',
    );
    const tx = answers[0].result as { transactionHash: string; status: number } | undefined;
    assert.ok(tx !== undefined, `the transaction is answered in full: ${JSON.stringify(answers[0])}`);
    assert.equal(tx.status, 0);
    assert.deepEqual(answers[1].error, undefined, JSON.stringify(answers[1]));
    assert.ok(answers[1].result !== undefined);
    // A real node does not drain: Rpc::stop (bcos-rpc/bcos-rpc/Rpc.cpp) calls WsService::stop
    // (bcos-boostssl/bcos-boostssl/websocket/WsService.cpp), which stops the io threads and cancels
    // the sessions' task group (its loop dropping each session is commented out), so requests in
    // flight get neither an answer nor a close frame. The dev node keeps what it acknowledged
    // instead, and says why it closes: 1001 is "going away", what a server that shuts down sends
    // (RFC 6455 section 7.4.1).
    const last = ws.frames.length - 1;
    assert.equal(ws.frames[last].opcode, OP_CLOSE, 'the connection ends with a close frame');
    assert.ok(
      ws.frames.slice(0, last).every((f) => f.opcode === OP_BINARY),
      'no other close frame, no data after it',
    );
    const close = ws.frames[last].data;
    assert.equal(close.readUInt16BE(0), 1001);

    assert.deepEqual(logged, [], 'stop() logged no warning or error');

    const again = await startDevnode({ ...OPTIONS, dataDir: dir, logLevel: 'silent' });
    try {
      const hash = Buffer.from(tx.transactionHash.slice(2), 'hex');
      assert.ok(again.chain.getReceipt(hash) !== undefined, 'the answered receipt survives the restart');
    } finally {
      await again.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a request that reaches the server after its close frame is not run', async () => {
  const node = await startDevnode({ ...OPTIONS, logLevel: 'silent' });
  const raw = signedTx(node, { input: deployCode(RETURN_42) });
  const submit = node.chain.submit.bind(node.chain);
  let submitted = 0;
  node.chain.submit = (tx) => (submitted++, submit(tx));
  // Sent on the close frame's arrival, ahead of the client's close reply.
  const ws = await connectWs(node.port, request(1, 'sendTransaction', ['group0', '', raw, false]));
  await node.stop();
  await ws.closed;
  assert.deepEqual(
    ws.frames.map((f) => f.opcode),
    [OP_CLOSE],
    'the close frame, and no answer after it',
  );
  // It could not be answered, so it was not handed to the chain.
  assert.equal(submitted, 0);
});
