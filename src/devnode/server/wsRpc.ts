// The SDK channel on the RPC port: WebSocket binary messages framed as bcos-boostssl WsMessage
// (version u16 | type u16 | status i16 | seqLength u16 | seq | ext u16 | payload, big-endian).
// The Java/Go/C SDKs handshake (0x100), send JSON-RPC as RPC_REQUEST (0x102) and get
// BLOCK_NOTIFY (0x101) pushes; event subscription (0x120-0x122) is served by eventSub.ts; other
// message types (AMOP) are ignored, as a node with that service off does.

import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { parseJsonLenient, JsonNumber, type JsonValue, type JsonWritable } from '../rpc/json';
import { writeJson, writeJsonFast } from '../rpc/jsonWrite';
import type { RpcHandler } from '../rpc/dispatch';
import { EventSubSession, type EventSource } from './eventSub';
import {
  acceptKey,
  encodeFrame,
  FrameReader,
  OP_BINARY,
  OP_CLOSE,
  OP_PING,
  OP_PONG,
  OP_TEXT,
  WsProtocolError,
} from '../../protocol/ws/frames';
import {
  MSG_BLOCK_NOTIFY,
  MSG_HANDSHAKE,
  MSG_RPC_REQUEST,
  decodeMessage,
  encodeMessage,
  type BcosMessage,
} from '../../protocol/ws/message';

export { MSG_HANDSHAKE, MSG_BLOCK_NOTIFY, MSG_RPC_REQUEST, encodeMessage, decodeMessage, type BcosMessage };

/** RpcService protocol range the node negotiates (GlobalConfig: V0..V2). */
const RPC_MIN_VERSION = 0;
const RPC_MAX_VERSION = 2;
const MAX_PROTOCOL_MODULE = 3;

/** jsoncpp StyledWriter (toStyledString) for a flat object, as BLOCK_NOTIFY payloads are written. */
function styledFlat(o: Record<string, string | number>): string {
  const body = Object.keys(o)
    .sort()
    .map((k) => `   ${writeJson(k)} : ${writeJson(o[k])}`)
    .join(',\n');
  return `{\n${body}\n}\n`;
}

export interface WsRpcHooks {
  handle: RpcHandler;
  /** groupInfoList and groupBlockNumber of the handshake response. */
  handshake(): { groupInfoList: JsonWritable; groupBlockNumber: JsonWritable };
  /** Subscribes to block notifications (one entry per simulated node); returns an unsubscribe. */
  onBlock(listener: (notes: { group: string; nodeName: string; blockNumber: number }[]) => void): () => void;
  maxMessage: number;
  /** Blocks for event subscriptions; without it event-sub messages are ignored. */
  events?: EventSource;
}

function asUInt(v: JsonValue | undefined): number | undefined {
  if (v === null || v === undefined) return 0;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof JsonNumber) {
    const n = v.kind === 'real' ? Math.trunc(v.real) : Number(v.int);
    return n >= 0 && n <= 0xffffffff ? n : undefined;
  }
  return undefined;
}

export class WsRpcServer {
  private readonly sockets = new Set<Duplex>();

  constructor(private readonly hooks: WsRpcHooks) {}

  /** The HTTP server's 'upgrade' event. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const key = req.headers['sec-websocket-key'];
    const isWs =
      req.method === 'GET' && /websocket/i.test(req.headers.upgrade ?? '') && typeof key === 'string';
    if (!isWs || req.headers['sec-websocket-version'] !== '13') {
      socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        `Sec-WebSocket-Accept: ${acceptKey(key)}\r\nServer: Boost.Beast/351\r\n\r\n`,
    );
    this.sockets.add(socket);
    const reader = new FrameReader(this.hooks.maxMessage, true);
    const send = (op: number, data: Uint8Array) => {
      if (!socket.destroyed) socket.write(encodeFrame(op, data));
    };
    const unsubscribe = this.hooks.onBlock((notes) => {
      for (const n of notes) {
        const payload = Buffer.from(
          styledFlat({ blockNumber: n.blockNumber, group: n.group, nodeName: n.nodeName }),
        );
        send(
          OP_BINARY,
          encodeMessage({
            version: 0,
            type: MSG_BLOCK_NOTIFY,
            status: 0,
            seq: Buffer.alloc(0),
            ext: 0,
            payload,
          }),
        );
      }
    });
    const sendMessage = (m: BcosMessage) => send(OP_BINARY, encodeMessage(m));
    const eventSub = this.hooks.events ? new EventSubSession(this.hooks.events, sendMessage) : undefined;
    const closeWith = (code: number) => {
      const body = Buffer.alloc(2);
      body.writeUInt16BE(code, 0);
      send(OP_CLOSE, body);
      socket.end();
    };
    const onData = (chunk: Buffer) => {
      let events;
      try {
        events = reader.push(chunk);
      } catch (e) {
        closeWith(e instanceof WsProtocolError && /too large/.test(e.message) ? 1009 : 1002);
        return;
      }
      for (const ev of events) {
        if (ev.opcode === OP_PING) send(OP_PONG, ev.data);
        else if (ev.opcode === OP_CLOSE) closeWith(1000);
        else if (ev.opcode === OP_BINARY || ev.opcode === OP_TEXT)
          this.onMessage(ev.data, sendMessage, () => closeWith(1000), eventSub);
      }
    };
    socket.on('data', onData);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      unsubscribe();
      eventSub?.close();
      this.sockets.delete(socket);
    });
    if (head.length) onData(head);
  }

  private onMessage(
    data: Buffer,
    reply: (m: BcosMessage) => void,
    drop: () => void,
    events: EventSubSession | undefined,
  ): void {
    const msg = decodeMessage(data);
    if (!msg) {
      drop();
      return;
    }
    if (events?.onMessage(msg)) return;
    if (msg.type === MSG_RPC_REQUEST) {
      // The node answers with a fresh message: same version, seq and ext; type and status 0.
      void this.hooks.handle(msg.payload.toString('utf8')).then((text) =>
        reply({
          version: msg.version,
          type: 0,
          status: 0,
          seq: msg.seq,
          ext: msg.ext,
          payload: Buffer.from(text),
        }),
      );
    } else if (msg.type === MSG_HANDSHAKE) {
      this.onHandshake(msg, reply, drop);
    }
  }

  private onHandshake(msg: BcosMessage, reply: (m: BcosMessage) => void, drop: () => void): void {
    let request: JsonValue | undefined;
    try {
      request = parseJsonLenient(msg.payload.toString('utf8'));
    } catch {
      return;
    }
    if (
      typeof request !== 'object' ||
      request === null ||
      Array.isArray(request) ||
      request instanceof JsonNumber
    )
      return;
    const moduleId = asUInt(request.moduleID);
    const min = asUInt(request.minVersion);
    const max = asUInt(request.maxVersion);
    // An unreadable request gets no answer, as on the node.
    if (moduleId === undefined || moduleId > MAX_PROTOCOL_MODULE || min === undefined || max === undefined)
      return;
    if (min > RPC_MAX_VERSION || max < RPC_MIN_VERSION) {
      drop();
      return;
    }
    const { groupInfoList, groupBlockNumber } = this.hooks.handshake();
    const payload = writeJsonFast({
      groupBlockNumber,
      groupInfoList,
      protocolVersion: Math.min(RPC_MAX_VERSION, max),
    });
    reply({ ...msg, payload: Buffer.from(payload) });
  }

  closeAll(): void {
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
  }
}
