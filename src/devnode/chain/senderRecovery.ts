// Sender recovery (secp256k1 public key from a transaction's signature) on a worker thread, so
// the main thread, which bounds the dev node's throughput, does not spend ~60 µs per transaction
// in libsecp256k1. Each pooled transaction is posted on arrival; the worker answers everything
// queued in one message, which the main thread reads synchronously (no event per answer) when it
// needs a result. The main thread never waits for the worker: a result it needs before the
// worker has it is computed on the main thread (so is every result while the worker is starting
// or if it is gone). The outcome of every check is the same either way.

import { Worker } from 'node:worker_threads';
import { MessageChannel, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';

/** A signature whose public key is being recovered. */
export interface RecoveryTicket {
  readonly hash: Uint8Array;
  readonly signature: Uint8Array;
  /** The 64-byte public key X‖Y; null for a signature that does not recover; undefined until known. */
  publicKey: Uint8Array | null | undefined;
  /** Posted to the worker, which will answer it. */
  posted: boolean;
}

export interface SenderRecovery {
  /** Starts recovering `signature` (65 bytes r‖s‖v, v 0 or 1) over the 32-byte `hash`. */
  start(hash: Uint8Array, signature: Uint8Array): RecoveryTicket;
  /** True once the ticket's result can be read without recovering on the main thread. */
  ready(t: RecoveryTicket): boolean;
  /** The public key (null: bad signature); recovered here if the worker has not answered. */
  result(t: RecoveryTicket): Uint8Array | null;
  close(): Promise<void>;
}

/** Recovers on the calling thread: the public key, or throws for a bad signature. */
export type RecoverFn = (hash: Uint8Array, signature: Uint8Array) => Uint8Array;

// The worker: plain CommonJS evaluated from this string (the dev node ships as one bundle, so
// there is no separate file to point a Worker at); it loads only the native binding.
const WORKER_SOURCE = `
const { parentPort, workerData, receiveMessageOnPort } = require('node:worker_threads');
const lib = require(workerData.binding);
const port = workerData.port;
port.on('message', (first) => {
  const items = [first];
  for (let m; (m = receiveMessageOnPort(port)) !== undefined; ) items.push(m.message);
  const out = new Uint8Array(items.length * 65);
  for (let i = 0; i < items.length; i++) {
    const b = items[i];
    try {
      out.set(lib.ecdsaRecover(b.subarray(32, 96), b[96], b.subarray(0, 32), false), i * 65);
    } catch {
      out[i * 65] = 0;
    }
  }
  port.postMessage(out, [out.buffer]);
});
parentPort.postMessage('ready');
`;

/** Recovery on the main thread (SM chains, no native addon): every ticket is ready at once. */
export class InlineRecovery implements SenderRecovery {
  constructor(private readonly recover: RecoverFn) {}

  start(hash: Uint8Array, signature: Uint8Array): RecoveryTicket {
    return { hash, signature, publicKey: undefined, posted: false };
  }

  ready(): boolean {
    return true;
  }

  result(t: RecoveryTicket): Uint8Array | null {
    if (t.publicKey === undefined) t.publicKey = recoverOrNull(this.recover, t);
    return t.publicKey;
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

function recoverOrNull(recover: RecoverFn, t: RecoveryTicket): Uint8Array | null {
  try {
    return recover(t.hash, t.signature);
  } catch {
    return null;
  }
}

/**
 * secp256k1 recovery on one worker thread through the native binding at `bindingPath` (the same
 * libsecp256k1 call the suite makes, so the same keys and the same failures).
 */
export class WorkerRecovery implements SenderRecovery {
  private worker: Worker | undefined;
  private port: MessagePort | undefined;
  private isOnline = false;
  private gone = false;
  /** Posted tickets the worker has not answered yet, oldest first. */
  private queue: RecoveryTicket[] = [];
  private head = 0;

  constructor(
    private readonly bindingPath: string,
    private readonly recover: RecoverFn,
  ) {}

  /** True while the worker takes new tickets (it starts on the first ticket, or on `open`). */
  get online(): boolean {
    return this.isOnline;
  }

  /** Starts the worker now rather than on the first ticket. */
  open(): void {
    if (this.worker === undefined && !this.gone) this.spawn();
  }

  start(hash: Uint8Array, signature: Uint8Array): RecoveryTicket {
    const t: RecoveryTicket = { hash, signature, publicKey: undefined, posted: false };
    this.open();
    if (!this.isOnline) return t; // recovered on this thread when read
    const msg = new Uint8Array(97);
    msg.set(hash, 0);
    msg.set(signature, 32);
    this.port!.postMessage(msg);
    this.queue.push(t);
    t.posted = true;
    return t;
  }

  ready(t: RecoveryTicket): boolean {
    if (t.publicKey !== undefined || !t.posted || this.gone) return true; // else recovered here on read
    this.poll();
    return t.publicKey !== undefined;
  }

  result(t: RecoveryTicket): Uint8Array | null {
    if (t.publicKey === undefined) this.poll();
    if (t.publicKey === undefined) t.publicKey = recoverOrNull(this.recover, t);
    return t.publicKey;
  }

  async close(): Promise<void> {
    this.gone = true;
    const w = this.worker;
    this.worker = undefined;
    this.port?.close();
    if (w !== undefined) await w.terminate();
  }

  /** Reads every answer the worker has sent, without waiting. */
  private poll(): void {
    const port = this.port;
    if (port === undefined) return;
    for (let m; (m = receiveMessageOnPort(port)) !== undefined;) {
      // One answer covers the oldest posted tickets, 65 bytes each (0x04 ‖ X ‖ Y, or 0 for bad).
      const out: unknown = m.message;
      if (!(out instanceof Uint8Array)) continue;
      for (let o = 0; o < out.length; o += 65) {
        const t = this.queue[this.head++] as RecoveryTicket | undefined;
        if (t === undefined) break; // the worker failed and its queue was dropped
        t.publicKey ??= out[o] === 4 ? out.subarray(o + 1, o + 65) : null;
      }
      if (this.head === this.queue.length) {
        this.queue = [];
        this.head = 0;
      }
    }
  }

  private spawn(): void {
    const { port1, port2 } = new MessageChannel();
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { binding: this.bindingPath, port: port2 },
      transferList: [port2],
      // A small isolate: it holds a few messages at a time.
      resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 4 },
    });
    worker.unref();
    port1.unref();
    this.worker = worker;
    this.port = port1;
    worker.on('message', (m) => {
      if (m === 'ready') this.isOnline = !this.gone;
    });
    const fail = () => {
      // Unanswered tickets are recovered on this thread when read.
      this.gone = true;
      this.isOnline = false;
      this.queue = [];
      this.head = 0;
    };
    worker.on('error', fail);
    worker.on('exit', fail);
  }
}
