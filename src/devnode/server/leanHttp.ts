// A lean HTTP/1.1 path for the JSON-RPC port's common case: `POST` requests with a
// Content-Length body, on keep-alive connections, pipelined or not. It parses the request head
// itself and answers with one pre-built header block and the body in a single write, which costs
// the server a fraction of node:http's request and response objects and streams.
//
// Anything else (another method, HTTP/1.0, chunked bodies, Expect, Upgrade for WebSocket, a
// head split across reads, anything malformed or unusual) hands the connection, with the bytes
// already read, to node:http for good, once the answers already due on it have been written. The
// lean path only ever accepts requests node:http would accept and answers them with the same
// bytes (test/unit/devnode/server-lean-http.test.ts compares the two). Two differences remain,
// both for requests pipelined behind lean ones whose answers are not written yet: the requests
// from the first that goes to node:http on are read once those answers are out (node:http would
// start on them at once; the answers come in the same order); and when that request is malformed,
// node:http alone would have answered only its 400, dropping the answers due before it, where
// here they are written first.

import type { Duplex } from 'node:stream';
import { STATUS_CODES } from 'node:http';
import { errorMessage } from '../../protocol/unknownValues';
import { writeSoon } from './turnBatch';
import type { AnswersDue } from './answersDue';
import { IdleSweep, type IdleClock } from './idleSweep';

/** What the lean path needs from the server (http.ts). */
export interface LeanHooks {
  /** The JSON answer to one request body; a rejection is answered with internalErrorAnswer. */
  answer(body: string): Promise<string>;
  /** Hands the connection to node:http (its own connection listener). */
  fallback(socket: Duplex): void;
  bodyLimit: number;
  bodyTimeoutMs: number;
  /** node:http's headersTimeout: a new connection that sends nothing gets 408 after it. */
  headersTimeoutMs: number;
  /** node:http's keepAliveTimeout: an idle connection is dropped after it. */
  keepAliveTimeoutMs: number;
  /** Counts the answers owed, for the server's close(). */
  due?: AnswersDue;
}

type Socket = Duplex & {
  destroySoon?(): void;
};

// Beyond this the request is not the common case: node:http decides (431 and the like).
const MAX_HEAD = 8192;
const HEAD_END = Buffer.from('\r\n\r\n');
// As node:http answers a connection whose headers never arrive (_http_server.js
// requestTimeoutResponse) and a request cut short by the client's end (badRequestResponse).
const HEADERS_TIMEOUT_ANSWER = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';
const BAD_REQUEST_ANSWER = 'HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n';
// node:http adds this much to the advertised keep-alive timeout before dropping an idle socket
// (_http_server.js HTTP_SERVER_KEEP_ALIVE_TIMEOUT_BUFFER).
const KEEP_ALIVE_SLACK_MS = 1000;
// The request line accepted here: POST, an origin-form target of RFC 3986 characters, HTTP/1.1.
const REQUEST_LINE = /^POST \/[A-Za-z0-9\-._~!$&'()*+,;=:@/?%]* HTTP\/1\.1$/;
// A header field: a token name, optional whitespace, a value of visible ASCII, spaces and tabs,
// optional whitespace (captured: node:http's parser reads a Content-Length or Connection value
// followed by a tab differently, so those go to it).
const HEADER_LINE =
  /^([!#$%&'*+\-.^_`|~0-9A-Za-z]+):[ \t]*([\x21-\x7e](?:[\x20-\x7e\t]*[\x21-\x7e])?)?([ \t]*)$/;

/** The answer to a body whose handler rejected (the JSON-RPC handler never does): -32603. */
export function internalErrorAnswer(e: unknown): string {
  return JSON.stringify({ error: { code: -32603, message: errorMessage(e) }, id: 0, jsonrpc: '' });
}

interface Head {
  length: number;
  close: boolean;
}

/** The head's Content-Length and Connection, or undefined when node:http must handle it. */
function parseHead(head: string): Head | undefined {
  const lines = head.split('\r\n');
  if (!REQUEST_LINE.test(lines[0])) return undefined;
  let length: number | undefined;
  let close = false;
  let host = false;
  for (let i = 1; i < lines.length; i++) {
    const m = HEADER_LINE.exec(lines[i]);
    if (!m) return undefined;
    const name = m[1].toLowerCase();
    const value = m[2] ?? '';
    if ((name === 'content-length' || name === 'connection') && m[3].includes('\t')) return undefined;
    if (name === 'content-length') {
      if (length !== undefined || !/^[0-9]{1,15}$/.test(value)) return undefined;
      length = Number(value);
    } else if (name === 'connection') {
      const v = value.toLowerCase();
      if (v === 'close') close = true;
      else if (v !== 'keep-alive') return undefined;
    } else if (name === 'host') {
      if (host) return undefined;
      host = true;
    } else if (
      name === 'transfer-encoding' ||
      name === 'expect' ||
      name === 'upgrade' ||
      name === 'proxy-connection' ||
      name === 'keep-alive'
    )
      return undefined;
  }
  // node:http answers 400 to an HTTP/1.1 request without Host; no Content-Length means an empty
  // body there, rare enough to leave to it.
  if (!host || length === undefined) return undefined;
  return { length, close };
}

interface Slot {
  text?: string;
  status: number;
  close: boolean;
}

/** A connection handler that serves the lean path and falls back to node:http. */
export function leanConnectionHandler(hooks: LeanHooks): (socket: Socket) => void {
  const { bodyLimit, bodyTimeoutMs } = hooks;
  const keepAlive = `Connection: keep-alive\r\nKeep-Alive: timeout=${Math.floor(hooks.keepAliveTimeoutMs / 1000)}\r\n\r\n`;
  // The status line and headers of an answer, as node:http writes them for http.ts's `respond`.
  const answerHead = (status: number, length: number, close: boolean): string =>
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nServer: Boost.Beast/351\r\n` +
    `Content-Type: application/json\r\nContent-Length: ${length}\r\n` +
    (close ? 'Connection: close\r\n\r\n' : keepAlive);
  const sweep = new IdleSweep();
  return (socket) => serve(socket, sweep, hooks, answerHead, bodyLimit, bodyTimeoutMs);
}

function serve(
  socket: Socket,
  sweep: IdleSweep,
  hooks: LeanHooks,
  answerHead: (status: number, length: number, close: boolean) => string,
  bodyLimit: number,
  bodyTimeoutMs: number,
): void {
  let buf: Buffer | undefined; // bytes read and not yet part of a request whose head is in
  // The last head parsed on this connection and what it gave: a client sends the same head
  // again and again (only Content-Length changes, and rarely), so its bytes are compared instead.
  let lastHead: Buffer | undefined;
  let lastParsed: Head | undefined;
  let head: Head | undefined; // the current request's head, once complete
  let parts: Buffer[] = []; // its body so far
  let received = 0;
  let bodyTimer: NodeJS.Timeout | undefined;
  const queue: Slot[] = []; // answers due, in request order
  let closing = false; // no more requests are read (Connection: close, 413, 408, the client's end)
  let handOver = false; // node:http takes the connection once the answers due are written
  let flushDue = false; // a flush of this connection is queued for after the poll (writeSoon)
  let served = false;
  let draining = false;
  let closeRequested = false; // a request asked for Connection: close

  // The connection's inactivity timeout (idleSweep.ts: one sweep, not a timer per socket).
  const clock: IdleClock = sweep.add(() => onTimeout());
  const setTimer = (ms: number) => sweep.arm(clock, ms);
  setTimer(hooks.headersTimeoutMs);
  // Once the first head is in, the timeout is the keep-alive timeout for good: its clock
  // restarts with every read and write, and onTimeout ignores it while a request is under way.
  let keepAliveTimer = false;
  const armKeepAlive = () => {
    if (keepAliveTimer) return;
    keepAliveTimer = true;
    setTimer(hooks.keepAliveTimeoutMs + KEEP_ALIVE_SLACK_MS);
  };

  const onTimeout = () => {
    if (queue.length > 0 || head !== undefined) return;
    if (!served && socket.writable) socket.write(HEADERS_TIMEOUT_ANSWER);
    socket.destroy();
  };

  // When no answer is due any more: hand over, close, or wait for the next request.
  const finish = () => {
    if (socket.destroyed) return;
    if (handOver) {
      socket.pause();
      detach();
      if (buf !== undefined) socket.unshift(buf);
      buf = undefined;
      hooks.fallback(socket);
      socket.resume();
    } else if (closing) {
      if (typeof socket.destroySoon === 'function') socket.destroySoon();
      else socket.end();
    } else if (head === undefined && buf === undefined) {
      armKeepAlive();
    }
  };

  const flush = () => {
    if (socket.destroyed) return;
    while (queue.length > 0 && queue[0].text !== undefined) {
      const slot = queue.shift()!;
      const text = slot.text!;
      if (socket.writable) {
        const sent = socket.write(answerHead(slot.status, Buffer.byteLength(text), slot.close) + text);
        clock.activity++;
        served = true;
        // A client that does not read its answers: stop reading its requests until it does.
        if (!sent && !draining) {
          draining = true;
          socket.pause();
          socket.once('drain', onDrain);
        }
      }
    }
    if (queue.length === 0) finish();
  };

  // Answers settled in one turn share one flush: it writes them all, and finish (which may hand
  // the connection over) runs once.
  const flushSoon = () => {
    if (flushDue) return;
    flushDue = true;
    writeSoon(() => {
      flushDue = false;
      flush();
    });
  };

  // As node:http's parser: bytes after a request with Connection: close are an error, answered
  // 400 unless an answer has gone out since (_http_server.js socketOnError); the connection ends.
  const afterClose = () => {
    if (socket.writable && queue.length > 0) socket.write(BAD_REQUEST_ANSWER);
    socket.destroy();
  };

  const stopBodyTimer = () => {
    if (bodyTimer !== undefined) clearTimeout(bodyTimer);
    bodyTimer = undefined;
  };

  // As http.ts's node:http path: the body is dropped, the answer closes the connection.
  const refuse = (status: number, message: string) => {
    stopBodyTimer();
    queue.push({
      status,
      close: true,
      text: JSON.stringify({ error: { code: -32600, message }, id: 0, jsonrpc: '' }),
    });
    closing = true;
    head = undefined;
    parts = [];
    buf = undefined;
    flush();
  };

  // The current request's body so far; true when it was complete and dispatched.
  const body = (): boolean => {
    const h = head!;
    if (received < h.length) {
      if (received > bodyLimit) refuse(413, `request body larger than ${bodyLimit} bytes`);
      return false;
    }
    stopBodyTimer();
    if (h.length > bodyLimit) {
      refuse(413, `request body larger than ${bodyLimit} bytes`);
      return false;
    }
    const all = parts.length === 1 ? parts[0] : Buffer.concat(parts, received);
    const text = all.toString('utf8', 0, h.length);
    buf = all.length > h.length ? all.subarray(h.length) : undefined;
    parts = [];
    received = 0;
    head = undefined;
    if (h.close) closing = closeRequested = true;
    const slot: Slot = { status: 200, close: h.close };
    queue.push(slot);
    // One promise reaction per request: the handler's own promise, its rejection answered here.
    const due = hooks.due;
    const settle = (answer: string) => {
      slot.text = answer;
      flushSoon();
      due?.end();
    };
    due?.begin();
    void hooks.answer(text).then(settle, (e: unknown) => settle(internalErrorAnswer(e)));
    if (h.close && buf !== undefined) afterClose();
    return true;
  };

  const heads = () => {
    while (buf !== undefined && !closing && !handOver) {
      const end = buf.indexOf(HEAD_END);
      let parsed: Head | undefined;
      if (end >= 0 && end <= MAX_HEAD) {
        if (lastHead?.length === end && buf.compare(lastHead, 0, end, 0, end) === 0) parsed = lastParsed;
        else {
          parsed = parseHead(buf.toString('latin1', 0, end));
          lastHead = parsed === undefined ? undefined : Buffer.from(buf.subarray(0, end));
          lastParsed = parsed;
        }
      }
      if (parsed === undefined) {
        // A head split across reads (node:http applies its headers timeout), a long one, or
        // anything this path does not serve.
        handOver = true;
        break;
      }
      head = parsed;
      armKeepAlive();
      const rest = end + 4 < buf.length ? buf.subarray(end + 4) : undefined;
      buf = undefined;
      parts = rest ? [rest] : [];
      received = rest ? rest.length : 0;
      if (received < parsed.length) {
        bodyTimer = setTimeout(() => {
          bodyTimer = undefined;
          refuse(408, `request body not received within ${bodyTimeoutMs} ms`);
        }, bodyTimeoutMs);
        bodyTimer.unref();
      }
      if (!body()) return;
    }
    if (handOver) {
      if (queue.length === 0) finish();
      else socket.pause(); // until the answers due are out
    }
  };

  const onData = (chunk: Buffer) => {
    clock.activity++;
    if (closing) {
      if (closeRequested) afterClose();
      return; // otherwise the rest of a refused body
    }
    if (head !== undefined) {
      parts.push(chunk);
      received += chunk.length;
      if (!body()) return;
    } else buf = buf === undefined ? chunk : Buffer.concat([buf, chunk]);
    heads();
  };

  // A request cut short by the client's end is a 400 (answers still due are not written, as
  // none has started). Otherwise the answers due are written, then the connection ends: a
  // half-close does not cancel the requests sent before it (RFC 9112 section 9.6), and a request
  // and the FIN read in one poll (a body over one 64 KB read) lost its answer.
  const onEnd = () => {
    const partial = !closing && (buf !== undefined || head !== undefined);
    closing = true;
    handOver = false;
    if (partial) {
      if (socket.writable) socket.write(BAD_REQUEST_ANSWER);
      socket.destroy();
    } else if (queue.length === 0) socket.end();
    // else flush's finish ends it after the last answer due
  };

  const onClose = () => {
    stopBodyTimer();
    sweep.remove(clock);
    queue.length = 0;
  };
  const onError = () => socket.destroy();
  const onDrain = () => {
    draining = false;
    if (!handOver) socket.resume();
  };

  function detach() {
    socket.off('data', onData);
    socket.off('end', onEnd);
    socket.off('close', onClose);
    socket.off('error', onError);
    socket.off('drain', onDrain);
    stopBodyTimer();
    sweep.remove(clock);
  }

  socket.on('data', onData);
  socket.on('end', onEnd);
  socket.on('close', onClose);
  socket.on('error', onError);
}
