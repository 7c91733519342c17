// The SDKs' WebSocket channel on the RPC port: handshake, RPC_REQUEST, BLOCK_NOTIFY pushes.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as net from 'node:net';
import { randomBytes } from 'node:crypto';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import {
  acceptKey,
  encodeFrame,
  FrameReader,
  OP_BINARY,
  OP_PING,
  OP_PONG,
} from '../../../src/protocol/ws/frames';
import { decodeMessage, encodeMessage, type BcosMessage } from '../../../src/devnode/server/wsRpc';
import { deployCode, RETURN_42, signedTx } from './rpc-helpers';

interface WsClient {
  sendMessage(m: Partial<BcosMessage> & { type: number; payload: Buffer }): void;
  sendFrame(op: number, data: Buffer): void;
  /** The next bcos message (or control frame) matching `pred`. */
  next(pred: (m: BcosMessage) => boolean, timeoutMs?: number): Promise<BcosMessage>;
  pongs: Buffer[];
  close(): void;
}

function connect(port: number): Promise<WsClient> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const key = randomBytes(16).toString('base64');
    const reader = new FrameReader(1 << 24, false);
    const inbox: BcosMessage[] = [];
    const waiters: (() => void)[] = [];
    const pongs: Buffer[] = [];
    let headerDone = false;
    let pending = Buffer.alloc(0);
    socket.on('error', reject);
    socket.on('connect', () =>
      socket.write(
        `GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: ${key}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
      ),
    );
    socket.on('data', (chunk: Buffer) => {
      if (!headerDone) {
        pending = Buffer.concat([pending, chunk]);
        const end = pending.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = pending.subarray(0, end).toString();
        if (!head.startsWith('HTTP/1.1 101') || !head.includes(`Sec-WebSocket-Accept: ${acceptKey(key)}`)) {
          reject(new Error(head));
          return;
        }
        headerDone = true;
        chunk = pending.subarray(end + 4);
        resolve(client);
        if (!chunk.length) return;
      }
      for (const ev of reader.push(chunk)) {
        if (ev.opcode === OP_PONG) pongs.push(ev.data);
        if (ev.opcode === OP_BINARY) inbox.push(decodeMessage(ev.data)!);
      }
      waiters.splice(0).forEach((w) => w());
    });
    const client: WsClient = {
      pongs,
      sendMessage: (m) =>
        socket.write(
          encodeFrame(
            OP_BINARY,
            encodeMessage({ version: 0, status: 0, seq: Buffer.alloc(0), ext: 0, ...m }),
            true,
          ),
        ),
      sendFrame: (op, data) => socket.write(encodeFrame(op, data, true)),
      next: (pred, timeoutMs = 5000) =>
        new Promise((res, rej) => {
          const timer = setTimeout(() => rej(new Error('no matching message')), timeoutMs);
          const check = () => {
            const i = inbox.findIndex(pred);
            if (i >= 0) {
              clearTimeout(timer);
              res(inbox.splice(i, 1)[0]);
            } else waiters.push(check);
          };
          check();
        }),
      close: () => socket.destroy(),
    };
  });
}

describe('devnode WebSocket channel', () => {
  let node: Devnode;
  let ws: WsClient;
  before(async () => {
    node = await startDevnode({ port: 0, nodes: 2, accounts: 1, logLevel: 'silent' });
    ws = await connect(node.port);
  });
  after(async () => {
    ws.close();
    await node.stop();
  });

  it('answers the handshake with group info, block numbers and the negotiated version', async () => {
    const seq = Buffer.from('a'.repeat(32));
    ws.sendMessage({
      type: 0x100,
      seq,
      payload: Buffer.from('{"maxVersion":1,"minVersion":0,"moduleID":2}\n'),
    });
    const r = await ws.next((m) => m.seq.equals(seq));
    assert.equal(r.type, 0x100);
    const text = r.payload.toString();
    assert.ok(text.endsWith('\n'));
    const body = JSON.parse(text) as {
      protocolVersion: number;
      groupBlockNumber: Record<string, number>[];
      groupInfoList: { groupID: string }[];
    };
    assert.equal(body.protocolVersion, 1);
    assert.deepEqual(body.groupBlockNumber, [{ group0: node.chain.blockNumber() }]);
    assert.equal(body.groupInfoList[0].groupID, 'group0');
  });

  it('carries JSON-RPC as RPC_REQUEST with the seq echoed', async () => {
    const seq = Buffer.from('b'.repeat(32));
    ws.sendMessage({
      type: 0x102,
      seq,
      ext: 0,
      payload: Buffer.from('{"jsonrpc":"2.0","method":"getGroupList","params":[],"id":9}'),
    });
    const r = await ws.next((m) => m.seq.equals(seq));
    assert.equal(
      r.payload.toString(),
      '{"id":9,"jsonrpc":"2.0","result":{"code":0,"groupList":["group0"],"msg":"success"}}',
    );
  });

  it('pushes BLOCK_NOTIFY for each node when a block is sealed', async () => {
    const seq = Buffer.from('c'.repeat(32));
    const tx = signedTx(node, { input: deployCode(RETURN_42) });
    ws.sendMessage({
      type: 0x102,
      seq,
      payload: Buffer.from(
        JSON.stringify({
          jsonrpc: '2.0',
          method: 'sendTransaction',
          params: ['group0', '', tx, false],
          id: 1,
        }),
      ),
    });
    const receipt = await ws.next((m) => m.seq.equals(seq));
    const n = (JSON.parse(receipt.payload.toString()) as { result: { blockNumber: number } }).result
      .blockNumber;
    const notes = [await ws.next((m) => m.type === 0x101), await ws.next((m) => m.type === 0x101)].map((m) =>
      m.payload.toString(),
    );
    assert.deepEqual(
      notes.sort(),
      [0, 1].map(
        (i) => `{\n   "blockNumber" : ${n},\n   "group" : "group0",\n   "nodeName" : "node${i}"\n}\n`,
      ),
    );
  });

  it('answers pings and ignores unknown message types', async () => {
    ws.sendFrame(OP_PING, Buffer.from('hi'));
    ws.sendMessage({ type: 0x120, seq: Buffer.from('d'.repeat(32)), payload: Buffer.from('{}') });
    const seq = Buffer.from('e'.repeat(32));
    ws.sendMessage({
      type: 0x102,
      seq,
      payload: Buffer.from('{"jsonrpc":"2.0","method":"getBlockNumber","params":["group0",""],"id":1}'),
    });
    await ws.next((m) => m.seq.equals(seq));
    assert.deepEqual(ws.pongs.map(String), ['hi']);
  });

  it('refuses an upgrade with an unsupported WebSocket version', async () => {
    const answer = await new Promise<string>((resolve) => {
      const s = net.connect(node.port, '127.0.0.1', () =>
        s.write(
          'GET / HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: abc\r\nSec-WebSocket-Version: 8\r\n\r\n',
        ),
      );
      let text = '';
      s.on('data', (c) => (text += c.toString()));
      s.on('close', () => resolve(text));
    });
    assert.match(answer, /^HTTP\/1\.1 400/);
  });
});
