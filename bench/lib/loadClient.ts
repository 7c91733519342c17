// A load client for the read benches: keep-alive HTTP/1.1 connections on raw sockets, each with
// one JSON-RPC request in flight (a closed loop, as 16 wallets polling would be), requests
// encoded before the clock starts, every answer parsed and checked.
//
// Why not the benches' Rpc (node:http's client): it spends about 0.15 ms of CPU per request, so
// on this 2-core machine it was the bottleneck of every read measurement: both the dev node and
// anvil answered as fast as it could ask, and their req/s differed only by noise. This client
// costs about 0.03 ms per request, so the servers set the pace, as with wrk or autocannon.

import { connect, type Socket } from 'node:net';
import type { Timing } from './concurrency';

/** One JSON-RPC request and the check of its result (throws when the answer is wrong). */
export interface ReadRequest {
  method: string;
  params: unknown[];
  check(result: unknown): void;
}

interface Encoded {
  bytes: Buffer;
  check(result: unknown): void;
}

const HEAD_END = Buffer.from('\r\n\r\n');

export class LoadClient {
  private readonly sockets: (Socket | undefined)[];
  private readonly host: string;
  private readonly port: number;
  private id = 0;

  constructor(url: string, connections: number) {
    const u = new URL(url);
    this.host = u.hostname;
    this.port = Number(u.port);
    this.sockets = new Array<Socket | undefined>(connections).fill(undefined);
  }

  private encode(r: ReadRequest): Encoded {
    const body = JSON.stringify({ jsonrpc: '2.0', id: ++this.id, method: r.method, params: r.params });
    const head =
      `POST / HTTP/1.1\r\nHost: ${this.host}:${this.port}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n`;
    return { bytes: Buffer.from(head + body), check: r.check };
  }

  private async socket(i: number): Promise<Socket> {
    const s = this.sockets[i];
    if (s !== undefined && !s.destroyed) return s;
    const fresh = await new Promise<Socket>((resolve, reject) => {
      const c = connect(this.port, this.host, () => resolve(c));
      c.once('error', reject);
    });
    fresh.setNoDelay(true);
    // A server may close an idle keep-alive connection between slices: reconnect next time.
    fresh.on('error', () => fresh.destroy());
    this.sockets[i] = fresh;
    return fresh;
  }

  /** Sends `requests` over the connections (requests are encoded before timing starts). */
  async run(requests: ReadRequest[]): Promise<Timing> {
    const encoded = requests.map((r) => this.encode(r));
    const sockets = await Promise.all(this.sockets.map((_, i) => this.socket(i)));
    const latencies: number[] = [];
    let next = 0;
    const t0 = performance.now();
    await Promise.all(sockets.map((s) => this.loop(s, encoded, () => next++, latencies)));
    const seconds = (performance.now() - t0) / 1000;
    latencies.sort((a, b) => a - b);
    const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * q))];
    return { seconds, p50: at(0.5), p99: at(0.99) };
  }

  private loop(s: Socket, reqs: Encoded[], take: () => number, latencies: number[]): Promise<void> {
    return new Promise((resolve, reject) => {
      let buf: Buffer | undefined;
      let current: Encoded | undefined;
      let sent = 0;
      const done = (e?: Error) => {
        s.off('data', onData);
        s.off('close', onClose);
        if (e === undefined) resolve();
        else reject(e);
      };
      const send = () => {
        const i = take();
        if (i >= reqs.length) return done();
        current = reqs[i];
        sent = performance.now();
        s.write(current.bytes);
      };
      const onClose = () => done(new Error('the server closed a connection with a request in flight'));
      const onData = (chunk: Buffer) => {
        buf = buf === undefined ? chunk : Buffer.concat([buf, chunk]);
        try {
          const answer = takeAnswer(buf);
          if (answer === undefined) return;
          buf = answer.rest;
          const msg = JSON.parse(answer.body) as {
            result?: unknown;
            error?: { code: number; message: string };
          };
          if (msg.error !== undefined) throw new Error(`${msg.error.code} ${msg.error.message}`);
          current!.check(msg.result);
        } catch (e) {
          return done(e instanceof Error ? e : new Error(`bad answer: ${JSON.stringify(e)}`));
        }
        latencies.push(performance.now() - sent);
        send();
      };
      s.on('data', onData);
      s.once('close', onClose);
      send();
    });
  }

  close(): void {
    for (const s of this.sockets) s?.destroy();
    this.sockets.fill(undefined);
  }
}

/** One whole answer from the front of `buf` (Content-Length or chunked), or undefined. */
function takeAnswer(buf: Buffer): { body: string; rest: Buffer | undefined } | undefined {
  const end = buf.indexOf(HEAD_END);
  if (end < 0) return undefined;
  const head = buf.toString('latin1', 0, end).toLowerCase();
  if (!head.startsWith('http/1.1 200')) throw new Error(`HTTP answer ${head.split('\r\n')[0]}`);
  const length = /\r\ncontent-length: *(\d+)/.exec(head);
  let at = end + 4;
  if (length !== null) {
    const n = Number(length[1]);
    if (buf.length < at + n) return undefined;
    return {
      body: buf.toString('utf8', at, at + n),
      rest: buf.length > at + n ? buf.subarray(at + n) : undefined,
    };
  }
  if (!/\r\ntransfer-encoding: *chunked/.test(head)) throw new Error('HTTP answer without a length');
  const parts: Buffer[] = [];
  for (;;) {
    const eol = buf.indexOf('\r\n', at);
    if (eol < 0) return undefined;
    const size = parseInt(buf.toString('latin1', at, eol), 16);
    if (buf.length < eol + 2 + size + 2) return undefined;
    if (size === 0) {
      const after = eol + 4;
      return {
        body: Buffer.concat(parts).toString('utf8'),
        rest: buf.length > after ? buf.subarray(after) : undefined,
      };
    }
    parts.push(buf.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
}
