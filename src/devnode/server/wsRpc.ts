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
import type { AnswersDue } from './answersDue';
import { internalErrorAnswer } from './leanHttp';
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
  /** Counts the RPC answers owed, for the server's close() (shared with the HTTP path). */
  due?: AnswersDue;
}

// After its close frame the server waits this long for the client's before dropping the
// connection (RFC 6455 section 7.1.1: the server closes the TCP connection first, once both are sent).
const CLOSE_HANDSHAKE_LIMIT_MS = 1000;

/** One connection, as closeAll() sees it. */
interface Connection {
  socket: Duplex;
  /**
   * Sends a close frame with `code` (once); the connection ends when the client's close arrives.
   * Nothing but control frames is read after it.
   */
  close(code: number): void;
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
  private readonly connections = new Map<Duplex, Connection>();

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
    const reader = new FrameReader(this.hooks.maxMessage, true);
    // RFC 6455 section 5.5.1: no data frame after the close frame.
    let closeSent = false;
    const send = (op: number, data: Uint8Array) => {
      if (!socket.destroyed && !closeSent) socket.write(encodeFrame(op, data));
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
    // `awaitReply`: the server is the first to close (shutting down), so the TCP connection ends
    // once the client's close frame arrives (onData) or closeAll's bound runs out (RFC 6455
    // section 7.1.1); otherwise it answers the client's close, or fails the connection, and ends.
    const closeWith = (code: number, awaitReply = false) => {
      if (closeSent) return;
      const body = Buffer.alloc(2);
      body.writeUInt16BE(code, 0);
      send(OP_CLOSE, body);
      closeSent = true;
      // Nothing is pushed after the close frame (and nothing reads the chain once it closes).
      unsubscribe();
      eventSub?.close();
      if (!awaitReply) socket.end();
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
        // Once the close frame is out only the client's close is awaited: a request read after
        // it could not be answered, so it is not run.
        if (closeSent) {
          if (ev.opcode === OP_CLOSE) socket.destroy();
        } else if (ev.opcode === OP_PING) send(OP_PONG, ev.data);
        else if (ev.opcode === OP_CLOSE) closeWith(1000);
        else if (ev.opcode === OP_BINARY || ev.opcode === OP_TEXT)
          this.onMessage(ev.data, sendMessage, () => closeWith(1000), eventSub);
      }
    };
    this.connections.set(socket, { socket, close: (code) => closeWith(code, true) });
    socket.on('data', onData);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      unsubscribe();
      eventSub?.close();
      this.connections.delete(socket);
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
      // Owed from here until written (one reaction per request, as before; a rejection is
      // answered as the HTTP path answers it).
      const due = this.hooks.due;
      const answer = (text: string) => {
        reply({
          version: msg.version,
          type: 0,
          status: 0,
          seq: msg.seq,
          ext: msg.ext,
          payload: Buffer.from(text),
        });
        due?.end();
      };
      due?.begin();
      void this.hooks
        .handle(msg.payload.toString('utf8'))
        .then(answer, (e: unknown) => answer(internalErrorAnswer(e)));
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

  /** Whether `socket` is one of this server's WebSocket connections. */
  carries(socket: Duplex): boolean {
    return this.connections.has(socket);
  }

  /**
   * The server is going away (1001, RFC 6455 section 7.4.1): each connection gets its close frame,
   * then ends once the client's close arrives, or after CLOSE_HANDSHAKE_LIMIT_MS. The caller has
   * waited for the answers owed (`due`): what is still owed after it is not written.
   */
  closeAll(): void {
    for (const c of this.connections.values()) {
      c.close(1001);
      // Not unref'd: a peer that never answers must not leave its socket open past the bound.
      const timer = setTimeout(() => c.socket.destroy(), CLOSE_HANDSHAKE_LIMIT_MS);
      c.socket.once('close', () => clearTimeout(timer));
    }
  }
}
