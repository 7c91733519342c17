// A Duplex that runs a TlcpEngine over another Duplex (a net.Socket the caller opened), so
// node:http clients and servers and WebSocket code use it like a TLS socket. It opens nothing
// itself: the client transport and the devnode server own the sockets.

import { Duplex } from 'node:stream';
import type { Socket } from 'node:net';
import { TlcpEngine, type TlcpConfig } from './engine';
import { TlcpError } from './messages';
import type { SmCertificate } from './x509';

export class TlcpSocket extends Duplex {
  readonly engine: TlcpEngine;
  /** Negotiated suite name once the handshake finished. */
  suite?: string;
  peerCertificates: SmCertificate[] = [];
  private pending: { chunk: Buffer; callback: (error?: Error | null) => void }[] = [];
  private ended = false;

  constructor(
    readonly inner: Socket,
    role: 'client' | 'server',
    config: TlcpConfig,
  ) {
    super({ allowHalfOpen: false });
    this.engine = new TlcpEngine(role, config, {
      // A flight goes out in one write, so a peer that answers it with an alert and closes is
      // read as that alert rather than as EPIPE on a later message of the flight.
      write: (bytes) => this.out.push(Buffer.from(bytes)),
      data: (bytes) => this.push(bytes),
      handshakeDone: (info) => {
        this.suite = info.suite;
        this.peerCertificates = info.peerCertificates;
        this.handshaken = true;
      },
      closed: (error) => {
        this.closing = { error };
      },
    });
    inner.on('data', (d: Buffer) => this.run(() => this.engine.receive(d)));
    inner.on('end', () => {
      if (!this.engine.isOpen && !this.destroyed)
        this.destroy(new TlcpError('connection closed during the TLCP handshake', 0, true));
      else this.push(null);
    });
    // After a clean close_notify exchange a reset from the peer is not an error.
    inner.on('error', (e) => this.destroy(this.cleanlyClosed ? undefined : e));
    inner.on('close', () => {
      if (!this.destroyed) this.destroy();
    });
    // setTimeout below arms the inner socket's idle timer; its users listen on this socket
    // (node:http's keep-alive and headers timeouts, the devnode's lean HTTP path).
    inner.on('timeout', () => this.emit('timeout'));
    if (role === 'client') {
      if (inner.connecting) inner.once('connect', () => this.run(() => this.engine.start()));
      else this.run(() => this.engine.start());
    }
  }

  private out: Buffer[] = [];
  private handshaken = false;
  private closing?: { error?: TlcpError };
  private cleanlyClosed = false;

  /** Runs an engine step, then writes what it produced and acts on what it reported. */
  private run(step: () => void): void {
    step();
    if (this.out.length && !this.inner.destroyed) this.inner.write(Buffer.concat(this.out));
    this.out = [];
    if (this.handshaken) {
      this.handshaken = false;
      this.emit(this.engine.role === 'client' ? 'secureConnect' : 'secure');
      const queued = this.pending;
      this.pending = [];
      for (const q of queued) this.writeNow(q.chunk, q.callback);
    }
    if (this.closing) {
      const { error } = this.closing;
      this.closing = undefined;
      this.inner.end(); // after the alert
      if (error) this.destroy(error);
      else {
        this.cleanlyClosed = true;
        this.push(null);
      }
    }
  }

  private writeNow(chunk: Buffer, callback: (error?: Error | null) => void): void {
    let error: Error | undefined;
    this.run(() => {
      try {
        this.engine.send(chunk);
      } catch (e) {
        error = e instanceof Error ? e : new Error(String(e));
      }
    });
    callback(error);
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.engine.isOpen) this.writeNow(chunk, callback);
    else this.pending.push({ chunk, callback });
  }

  override _read(): void {
    // Data is pushed as records arrive; no back-pressure on the inner socket beyond its own.
  }

  override _final(callback: (error?: Error | null) => void): void {
    if (!this.ended) {
      this.ended = true;
      this.run(() => this.engine.close());
      this.inner.end();
    }
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    for (const q of this.pending) q.callback(error ?? new Error('TLCP socket destroyed'));
    this.pending = [];
    if (!error && !this.ended) {
      this.engine.close();
      if (this.out.length && !this.inner.destroyed) this.inner.end(Buffer.concat(this.out));
      this.out = [];
    }
    this.inner.destroy();
    callback(error);
  }

  // node:http's Agent and Server call these on their sockets.
  setKeepAlive(enable?: boolean, delay?: number): this {
    this.inner.setKeepAlive(enable, delay);
    return this;
  }
  setNoDelay(noDelay?: boolean): this {
    this.inner.setNoDelay(noDelay);
    return this;
  }
  setTimeout(ms: number, callback?: () => void): this {
    this.inner.setTimeout(ms);
    if (callback) this.once('timeout', callback);
    return this;
  }
  ref(): this {
    this.inner.ref();
    return this;
  }
  unref(): this {
    this.inner.unref();
    return this;
  }
  get remoteAddress(): string | undefined {
    return this.inner.remoteAddress;
  }
  get remotePort(): number | undefined {
    return this.inner.remotePort;
  }
  get localAddress(): string | undefined {
    return this.inner.localAddress;
  }
  get localPort(): number | undefined {
    return this.inner.localPort;
  }
  address(): ReturnType<Socket['address']> {
    return this.inner.address();
  }
  get encrypted(): boolean {
    return true;
  }
}
