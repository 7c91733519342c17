// The SDK channel over WebSocket (what the C++/Java SDKs speak on the RPC port): binary
// bcos-boostssl messages, a handshake (0x100) after connecting, requests matched to answers by
// their 32-character seq, pushes handed to listeners. When the connection drops the channel
// reconnects with a growing delay (up to `maxReconnectDelayMs`) and tells its listeners, so
// that subscriptions can be re-established.

import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { nodeHttp, nodeHttps } from './nodeHttp';
import type { TlcpConfig } from '../../protocol/tlcp/engine';
import type { Duplex } from 'node:stream';
import { encodeFrame, FrameReader, OP_BINARY, OP_CLOSE, OP_PING, OP_PONG } from '../../protocol/ws/frames';
import { decodeMessage, encodeMessage, MSG_HANDSHAKE, type BcosMessage } from '../../protocol/ws/message';
import { TransportError } from '../errors';
import { isTlsErrorCode, type TlsOptions } from './http';
import { isSmCertDir, smTls } from './smCertDir';
import { loadTlsFiles, type TlsFiles } from './tlsFiles';

export interface WsChannelOptions {
  /** ws://host:port or wss://host:port (wss needs `tls`). */
  url: string;
  /**
   * As for HttpTransport: `certDir` with ca.crt/sdk.crt/sdk.key (mutual TLS), or an SM folder
   * (sm_ca.crt, sm_sdk.*, sm_ensdk.*), detected by its file names, which makes the channel
   * speak SM TLS (TLCP).
   */
  tls?: TlsOptions;
  /** Per-request timeout (ms), default 10 s. */
  timeoutMs?: number;
  /** Default true. */
  reconnect?: boolean;
  /** Default 5000. */
  maxReconnectDelayMs?: number;
  maxMessageBytes?: number;
}

export interface HandshakeResult {
  protocolVersion: number;
  groupBlockNumber: Record<string, number>[];
}

type PushListener = (m: BcosMessage) => void;

// How long the channel waits for the node to end the connection after answering its close frame.
const CLOSE_REPLY_LIMIT_MS = 1000;

export class WsChannel {
  readonly url: string;
  private socket?: Duplex;
  private connecting?: Promise<void>;
  private readonly pending = new Map<
    string,
    { resolve(m: BcosMessage): void; reject(e: Error): void; timer: NodeJS.Timeout }
  >();
  private readonly pushListeners = new Map<number, Set<PushListener>>();
  private readonly reconnectListeners = new Set<() => void>();
  private closed = false;
  private retryDelay = 100;
  private retryTimer?: NodeJS.Timeout;
  /** The last handshake's answer. */
  handshake?: HandshakeResult;
  /** How the connection is secured, read once (bad certificate folders fail in the constructor). */
  private readonly security?: { tlcp: TlcpConfig } | { files: TlsFiles; checkHostname: boolean };

  constructor(private readonly options: WsChannelOptions) {
    if (!options || typeof options.url !== 'string' || !/^wss?:\/\//.test(options.url))
      throw new TypeError(`WsChannel: url must be ws:// or wss://, got ${options?.url}`);
    this.url = options.url;
    const secure = options.url.startsWith('wss:');
    const tls = options.tls;
    // The same checks and certificate loading as HttpTransport, so both fail alike.
    if (secure && !tls)
      throw new TypeError(
        `WsChannel: ${options.url} is wss but no tls options (certDir or ca/cert/key) were given`,
      );
    if (!secure && tls) throw new TypeError(`WsChannel: tls options given but ${options.url} is not wss`);
    if (!tls) return;
    if (tls.certDir && tls.ca === undefined && isSmCertDir(tls.certDir))
      this.security = { tlcp: smTls().loadSmTlsConfig(tls.certDir, tls.smSuites) };
    else this.security = { files: loadTlsFiles(tls), checkHostname: !!tls.checkHostname };
  }

  /** Connects (once; later calls wait for the same connection). */
  connect(): Promise<void> {
    if (this.closed) return Promise.reject(new TransportError('aborted', this.url, 'the channel is closed'));
    if (this.socket && !this.socket.destroyed) return Promise.resolve();
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  get connected(): boolean {
    return !!this.socket && !this.socket.destroyed;
  }

  onPush(type: number, listener: PushListener): () => void {
    const set = this.pushListeners.get(type) ?? new Set();
    set.add(listener);
    this.pushListeners.set(type, set);
    return () => set.delete(listener);
  }

  /** Called after every successful reconnection (not the first connection). */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  /** Sends one message and resolves with the answer carrying the same seq. */
  async request(type: number, payload: string): Promise<BcosMessage> {
    await this.connect();
    const seq = randomBytes(16).toString('hex');
    const timeoutMs = this.options.timeoutMs ?? 10_000;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(seq);
        reject(
          new TransportError(
            'timeout',
            this.url,
            `no answer to message 0x${type.toString(16)} in ${timeoutMs} ms`,
          ),
        );
      }, timeoutMs);
      this.pending.set(seq, { resolve, reject, timer });
      this.write({
        version: 0,
        type,
        status: 0,
        seq: Buffer.from(seq),
        ext: 0,
        payload: Buffer.from(payload),
      });
    });
  }

  /** Closes for good: pending requests fail, no reconnection. */
  close(): void {
    this.closed = true;
    clearTimeout(this.retryTimer);
    if (this.socket && !this.socket.destroyed) {
      this.socket.write(encodeFrame(OP_CLOSE, Buffer.from([0x03, 0xe8]), true));
      this.socket.destroy();
    }
    this.failPending(new TransportError('aborted', this.url, 'the channel was closed'));
  }

  /** Test and UI hook: drop the connection as a network failure would (the channel reconnects). */
  dropConnection(): void {
    this.socket?.destroy();
  }

  private write(m: BcosMessage): void {
    if (!this.socket || this.socket.destroyed) throw new TransportError('connect', this.url, 'not connected');
    this.socket.write(encodeFrame(OP_BINARY, encodeMessage(m), true));
  }

  private failPending(err: Error): void {
    for (const [seq, p] of this.pending) {
      clearTimeout(p.timer);
      p.reject(err);
      this.pending.delete(seq);
    }
  }

  private async open(): Promise<void> {
    const socket = await this.upgrade();
    if (this.closed) {
      socket.destroy();
      throw new TransportError('aborted', this.url, 'the channel was closed');
    }
    this.socket = socket;
    const reader = new FrameReader(this.options.maxMessageBytes ?? 100 * 1024 * 1024, false);
    socket.on('data', (chunk: Buffer) => {
      let frames;
      try {
        frames = reader.push(chunk);
      } catch {
        socket.destroy();
        return;
      }
      for (const f of frames) {
        if (f.opcode === OP_PING) socket.write(encodeFrame(OP_PONG, f.data, true));
        else if (f.opcode === OP_CLOSE) {
          // RFC 6455 section 5.5.1: a close frame is answered with one (echoing its status code);
          // the server then ends the TCP connection, or this side does after CLOSE_REPLY_LIMIT_MS.
          socket.end(encodeFrame(OP_CLOSE, f.data.subarray(0, 2), true));
          setTimeout(() => socket.destroy(), CLOSE_REPLY_LIMIT_MS).unref();
          return;
        } else this.onMessage(f.data);
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => this.onClose(socket));
    const answer = await this.request(MSG_HANDSHAKE, '{"maxVersion":2,"minVersion":0,"moduleID":2}\n');
    let handshake: unknown;
    try {
      handshake = JSON.parse(answer.payload.toString('utf8'));
    } catch {
      handshake = undefined;
    }
    if (!isHandshake(handshake))
      throw new TransportError(
        'protocol',
        this.url,
        'the node answered the handshake with something unexpected',
      );
    this.handshake = handshake;
    this.retryDelay = 100;
  }

  private upgrade(): Promise<Duplex> {
    const u = new URL(this.url);
    const secure = u.protocol === 'wss:';
    const key = randomBytes(16).toString('base64');
    const sec = this.security;
    const host = u.hostname.replace(/^\[(.*)\]$/, '$1');
    const port = Number(u.port || (secure ? 443 : 80));
    // TLCP: node:http over a TLCP socket (node:https only speaks TLS); otherwise https with the files.
    const secureOptions =
      sec && 'tlcp' in sec
        ? {
            createConnection: () => {
              const s = smTls().connectTlcp({ host, port, config: sec.tlcp });
              // node:http's `timeout` listens on the socket it gets; the TCP socket raises it.
              s.inner.on('timeout', () => s.emit('timeout'));
              return s;
            },
          }
        : sec
          ? { ...sec.files, ...(sec.checkHostname ? {} : { checkServerIdentity: () => undefined }) }
          : {};
    const req = (sec && !('tlcp' in sec) ? nodeHttps().request : nodeHttp().request)({
      host,
      port,
      path: u.pathname + u.search,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Key': key,
        'Sec-WebSocket-Version': '13',
      },
      ...secureOptions,
      timeout: this.options.timeoutMs ?? 10_000,
    });
    return new Promise((resolve, reject) => {
      req.on('upgrade', (_res: IncomingMessage, socket: Duplex, head: Buffer) => {
        if (head.length) socket.unshift(head);
        resolve(socket);
      });
      req.on('response', (res: IncomingMessage) => {
        res.resume();
        reject(
          new TransportError(
            'http',
            this.url,
            `WebSocket upgrade refused: HTTP ${res.statusCode}`,
            undefined,
            res.statusCode,
          ),
        );
      });
      req.on('timeout', () =>
        req.destroy(new TransportError('timeout', this.url, 'WebSocket connect timed out')),
      );
      req.on('error', (e: NodeJS.ErrnoException) => {
        if (e instanceof TransportError) return reject(e);
        const tls = isTlsErrorCode(e.code);
        const message = tls ? `TLS failure (${e.code}): ${e.message}` : `cannot connect: ${e.message}`;
        reject(
          new TransportError(tls ? 'tls' : 'connect', this.url, message, e.code, undefined, { cause: e }),
        );
      });
      req.end();
    });
  }

  private onMessage(data: Buffer): void {
    const m = decodeMessage(data);
    if (!m) return;
    const seq = m.seq.toString('latin1');
    const waiting = this.pending.get(seq);
    if (waiting) {
      this.pending.delete(seq);
      clearTimeout(waiting.timer);
      waiting.resolve(m);
      return;
    }
    for (const l of this.pushListeners.get(m.type) ?? []) l(m);
  }

  private onClose(socket: Duplex): void {
    if (this.socket !== socket) return;
    this.socket = undefined;
    this.failPending(new TransportError('connect', this.url, 'the connection closed'));
    if (this.closed || this.options.reconnect === false) return;
    const retry = () => {
      this.retryTimer = undefined;
      if (this.closed) return;
      this.connect().then(
        () => {
          for (const l of this.reconnectListeners) l();
        },
        () => {
          this.retryDelay = Math.min(this.retryDelay * 2, this.options.maxReconnectDelayMs ?? 5000);
          this.retryTimer = setTimeout(retry, this.retryDelay);
        },
      );
    };
    this.retryTimer = setTimeout(retry, this.retryDelay);
  }
}

function isHandshake(v: unknown): v is HandshakeResult {
  return (
    typeof v === 'object' && v !== null && 'protocolVersion' in v && typeof v.protocolVersion === 'number'
  );
}
