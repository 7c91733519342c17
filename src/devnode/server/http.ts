// The RPC port: every method except OPTIONS on every path is a JSON-RPC body; the answer is
// always HTTP 200 + application/json (errors live in the JSON). OPTIONS is a CORS preflight
// (204). Keep-alive follows the request. With TLS a client certificate signed by the chain CA
// is mandatory, as on a node built by build_chain.sh. Plain POSTs are served by leanHttp.ts
// (same bytes, less CPU); node:http below serves everything else on the same connections.

import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import type { Duplex } from 'node:stream';
import type { TlcpConfig } from '../../protocol/tlcp/engine';
import { TlcpSocket } from '../../protocol/tlcp/stream';
import type { RpcHandler } from '../rpc/dispatch';
import { WsRpcServer, type WsRpcHooks } from './wsRpc';
import { AnswersDue } from './answersDue';
import { writeSoon } from './turnBatch';
import { internalErrorAnswer, leanConnectionHandler, type LeanHooks } from './leanHttp';

export interface HttpServerOptions {
  host: string;
  port: number;
  handler: RpcHandler;
  tls?: { ca: Buffer; cert: Buffer; key: Buffer };
  /** SM TLS (TLCP) instead: the node's sm_ssl/sm_enssl pairs and sm_ca.crt; client certificates required. */
  smTls?: TlcpConfig;
  /** Largest accepted request body in bytes. */
  bodyLimit?: number;
  /** Time allowed to receive a request's body once its headers are in (ms); 408 after it. */
  bodyTimeoutMs?: number;
  /** Time allowed for a request's headers (node:http's headersTimeout, ms); 408 after it. */
  headersTimeoutMs?: number;
  /** Time allowed for a TLS or TLCP handshake (ms); the connection is dropped after it. */
  handshakeTimeoutMs?: number;
  /** Time an idle keep-alive connection is kept (ms, advertised in Keep-Alive; 60 s by default). */
  keepAliveTimeoutMs?: number;
  /** The SDKs' WebSocket channel on the same port (handshake, RPC_REQUEST, BLOCK_NOTIFY). */
  ws?: Omit<WsRpcHooks, 'maxMessage' | 'due'>;
  /** false: every request through node:http (the lean path's reference in tests). */
  lean?: boolean;
  /** Tests: called each time a connection leaves the lean path for node:http. */
  onLeanFallback?: () => void;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export const DEFAULT_BODY_LIMIT = 32 * 1024 * 1024;
export const DEFAULT_HANDSHAKE_TIMEOUT_MS = 30_000;
/** node:http's own default (server.headersTimeout). */
export const DEFAULT_HEADERS_TIMEOUT_MS = 60_000;
/** As long as Node allows for the headers (server.headersTimeout). */
export const DEFAULT_BODY_TIMEOUT_MS = 60_000;
// What Boost.Beast servers put in the Server header (the node uses the Beast default).
const SERVER_HEADER = 'Boost.Beast/351';

function respond(res: http.ServerResponse, status: number, body: string, close = false): void {
  const headers: http.OutgoingHttpHeaders = { Server: SERVER_HEADER, 'Content-Type': 'application/json' };
  if (status !== 204) headers['Content-Length'] = Buffer.byteLength(body);
  if (close) headers.Connection = 'close';
  res.sendDate = false; // Beast sends no Date header
  res.writeHead(status, headers);
  res.end(status === 204 ? undefined : body);
}

/**
 * Puts the lean path (leanHttp.ts) in front of node:http: `server`'s own listener for new
 * connections (plain or TLCP sockets on 'connection', TLS ones on 'secureConnection') becomes
 * its fallback. Returns the connections it was given, for close().
 */
function leanPath(
  server: http.Server,
  event: 'connection' | 'secureConnection',
  hooks: Pick<LeanHooks, 'answer' | 'bodyLimit' | 'bodyTimeoutMs' | 'due'>,
  onFallback?: () => void,
): Set<Duplex> | undefined {
  const listeners = server.listeners(event);
  if (listeners.length !== 1) return undefined; // not the node:http this was written against
  const nodeListener = listeners[0];
  const serve = leanConnectionHandler({
    ...hooks,
    fallback: (socket) => {
      onFallback?.();
      Reflect.apply(nodeListener, server, [socket]);
    },
    headersTimeoutMs: server.headersTimeout,
    keepAliveTimeoutMs: server.keepAliveTimeout,
  });
  const sockets = new Set<Duplex>();
  server.removeAllListeners(event); // node:http's own, the only one (checked above)
  server.on(event, (socket: Duplex) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    serve(socket);
  });
  return sockets;
}

// close() waits at most this long for the answers owed (a client that keeps sending on its
// connections would otherwise keep them owed for ever).
const CLOSE_DRAIN_LIMIT_MS = 5000;

export function startHttpServer(opts: HttpServerOptions): Promise<RunningServer> {
  const limit = opts.bodyLimit ?? DEFAULT_BODY_LIMIT;
  const bodyTimeout = opts.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  const headersTimeout = opts.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const handshakeTimeout = opts.handshakeTimeoutMs ?? DEFAULT_HANDSHAKE_TIMEOUT_MS;
  // node:http checks headersTimeout on this interval (30 s by default, for its 60 s); a shorter
  // bound is checked proportionally often.
  const timing: http.ServerOptions = {
    headersTimeout,
    connectionsCheckingInterval: Math.max(10, Math.min(30_000, Math.floor(headersTimeout / 2))),
  };
  const due = new AnswersDue();
  const answer = (body: string): Promise<string> =>
    opts.handler(body).then((text) => text, internalErrorAnswer);
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse): void => {
    if (req.method === 'OPTIONS') {
      req.resume();
      respond(res, 204, '');
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    // requestTimeout is 0 (a transaction's answer waits for its block), so a client that sends
    // part of a body would hold the connection for ever: bound the body's arrival instead.
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      const message = `request body not received within ${bodyTimeout} ms`;
      // Once the answer is out, drop the connection: the rest of that body is never read.
      res.on('finish', () => req.socket.destroy());
      respond(res, 408, JSON.stringify({ error: { code: -32600, message }, id: 0, jsonrpc: '' }), true);
      chunks.length = 0;
    }, bodyTimeout);
    timer.unref();
    req.on('close', () => clearTimeout(timer));
    req.on('data', (chunk: Buffer) => {
      if (tooLarge || timedOut) return;
      size += chunk.length;
      if (size > limit) {
        tooLarge = true;
        // The 413 answers this request: its body timer must not answer it again (a second
        // writeHead would throw from the timer and end the process).
        clearTimeout(timer);
        const message = `request body larger than ${limit} bytes`;
        // The rest of the body is discarded; "Connection: close" ends the connection once sent.
        respond(res, 413, JSON.stringify({ error: { code: -32600, message }, id: 0, jsonrpc: '' }), true);
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      clearTimeout(timer);
      if (tooLarge || timedOut) return;
      const body = Buffer.concat(chunks).toString('utf8');
      due.begin();
      void answer(body).then((text) => {
        respond(res, 200, text);
        due.end();
      });
    });
    req.on('error', () => res.destroy());
  };

  const server: http.Server = opts.tls
    ? https.createServer(
        {
          ...opts.tls,
          ...timing,
          requestCert: true,
          rejectUnauthorized: true,
          handshakeTimeout,
        },
        onRequest,
      )
    : http.createServer(timing, onRequest);
  // With SM TLS a plain TCP listener runs the TLCP handshake and hands finished connections to
  // the HTTP server (which then serves them exactly as plain or TLS ones, WebSocket included).
  // Each TCP connection's TLCP stream (what the HTTP server and the WebSocket channel see).
  const raw = opts.smTls ? new Map<net.Socket, Duplex>() : undefined;
  const listener: net.Server = opts.smTls
    ? net.createServer((socket) => {
        socket.on('close', () => raw!.delete(socket));
        // As node:http does on accept: answers are small writes Nagle would hold for the client's ACK.
        socket.setNoDelay(true);
        const tlcp = new TlcpSocket(socket, 'server', opts.smTls!);
        raw!.set(socket, tlcp);
        // A failed handshake has already sent its alert; the connection just ends. A peer that
        // never completes one does not hold the socket.
        const onHandshakeError = () => tlcp.destroy();
        const timer = setTimeout(onHandshakeError, handshakeTimeout);
        tlcp.once('error', onHandshakeError);
        tlcp.once('close', () => clearTimeout(timer));
        tlcp.once('secure', () => {
          clearTimeout(timer);
          tlcp.off('error', onHandshakeError);
          server.emit('connection', tlcp);
        });
      })
    : server;
  const ws = opts.ws ? new WsRpcServer({ ...opts.ws, maxMessage: limit, due }) : undefined;
  if (ws) server.on('upgrade', (req, socket, head) => ws.handleUpgrade(req, socket, head));
  // A client's half-close does not cancel the requests it sent (RFC 9112 section 9.6): answer them,
  // then end. node:http's default (_http_server.js socketOnEnd, httpAllowHalfOpen false) aborts
  // them and ends at once, losing the answer of a request read in the same poll as the FIN; the
  // lean path answers them too (server-lean-half-close.test.ts).
  Object.assign(server, { httpAllowHalfOpen: true });
  // sendTransaction holds the request open until the block commits.
  server.requestTimeout = 0;
  server.keepAliveTimeout = opts.keepAliveTimeoutMs ?? 60_000;
  const lean =
    opts.lean === false
      ? undefined
      : leanPath(
          server,
          opts.tls ? 'secureConnection' : 'connection',
          {
            // The lean path answers a rejection itself (one promise reaction less per request).
            answer: opts.handler,
            due,
            bodyLimit: limit,
            bodyTimeoutMs: bodyTimeout,
          },
          opts.onLeanFallback,
        );

  return new Promise((resolve, reject) => {
    const onError = (e: NodeJS.ErrnoException) => {
      listener.close();
      if (e.code === 'EADDRINUSE')
        reject(new Error(`port ${opts.port} on ${opts.host} is already in use (EADDRINUSE)`));
      else if (e.code === 'EACCES')
        reject(new Error(`not allowed to listen on ${opts.host}:${opts.port} (EACCES)`));
      else reject(new Error(`cannot listen on ${opts.host}:${opts.port}: ${e.message}`));
    };
    listener.once('error', onError);
    listener.listen(opts.port, opts.host, () => {
      listener.off('error', onError);
      // node:http starts checking headersTimeout on its own 'listening' event
      // (_http_server.js setupConnectionsTracking); the TLCP listener listens in its place, so
      // without this its connections' headers were never timed out. close() stops the check.
      if (listener !== server) server.emit('listening');
      const address = listener.address();
      const port = address && typeof address === 'object' ? address.port : opts.port;
      const host = opts.host.includes(':') ? `[${opts.host}]` : opts.host;
      resolve({
        url: `${opts.tls || opts.smTls ? 'https' : 'http'}://${host}:${port}`,
        port,
        close: () =>
          new Promise<void>((done) => {
            // No new connections; then the answers owed are settled and written (the turn's
            // writes, turnBatch.ts) before the connections go, WebSocket ones with a close frame.
            if (listener !== server) {
              server.close();
              listener.close(() => done());
            } else server.close(() => done());
            let bound: NodeJS.Timeout | undefined;
            const limit = new Promise<void>((resolve) => (bound = setTimeout(resolve, CLOSE_DRAIN_LIMIT_MS)));
            // Requests an open connection sent meanwhile are owed too: the connections go in the
            // same turn as no answer is found due, so none read in between is left unanswered.
            const drained = (): Promise<void> =>
              due
                .idle()
                .then(() => new Promise<void>((written) => writeSoon(written)))
                .then(() => (due.owed ? drained() : undefined));
            void Promise.race([drained(), limit]).then(() => {
              ws?.closeAll();
              // A WebSocket's connection stays for its close handshake (closeAll bounds it).
              for (const [s, tlcp] of raw ?? []) if (ws?.carries(tlcp) !== true) s.destroy();
              server.closeAllConnections();
              for (const s of lean ?? []) if (ws?.carries(s) !== true) s.destroy();
              clearTimeout(bound);
            });
          }),
      });
    });
  });
}
