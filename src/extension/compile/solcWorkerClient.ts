// Drives the solc worker (dist/solc-worker.js) from the extension host: started on the first
// compile (never at activation), kept alive between compiles, terminated when a compile is
// cancelled (solc.compile cannot be interrupted otherwise; the next compile starts a new worker)
// and on dispose. No vscode; unit-tested against the bundled worker.

import { Worker } from 'node:worker_threads';
import type { WorkerReply, WorkerRequest } from './solcWorkerProtocol';

export class CompileCancelledError extends Error {
  constructor() {
    super('Compilation cancelled');
    this.name = 'CompileCancelledError';
  }
}

export interface WorkerCompileOptions {
  root: string;
  soljsonPath: string;
  /** Called once solc is loaded in the worker, with its version. */
  onLoaded?: (version: string) => void;
  /** Aborting terminates the worker and rejects with CompileCancelledError. */
  signal?: AbortSignal;
}

export interface WorkerCompileResult {
  output: string;
  version: string;
  /** worker_threads.threadId of the thread that compiled (never the host's main thread). */
  threadId: number;
}

interface Pending {
  onLoaded?: (version: string) => void;
  version?: string;
  threadId?: number;
  resolve: (r: WorkerCompileResult) => void;
  reject: (err: Error) => void;
}

export class SolcWorkerClient {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private started = 0;

  constructor(private readonly workerFile: string) {}

  /** Thread id of the live worker, undefined when none runs. */
  get threadId(): number | undefined {
    return this.worker?.threadId;
  }

  /** How many workers were started so far (1 as long as the first one is reused). */
  get workersStarted(): number {
    return this.started;
  }

  private ensureWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.workerFile);
    this.started++;
    worker.on('message', (m: WorkerReply) => this.onReply(m));
    worker.on('error', (err) =>
      this.drop(worker, new Error(`The Solidity compiler worker failed: ${err.message}`)),
    );
    worker.on('exit', (code) =>
      this.drop(worker, new Error(`The Solidity compiler worker exited (code ${code}).`)),
    );
    this.worker = worker;
    return worker;
  }

  private onReply(m: WorkerReply): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    if (m.type === 'loaded') {
      p.version = m.version;
      p.threadId = m.threadId;
      p.onLoaded?.(m.version);
      return;
    }
    this.pending.delete(m.id);
    // An idle worker does not keep the process alive.
    if (!this.pending.size) this.worker?.unref();
    if (m.type === 'done')
      p.resolve({ output: m.output, version: p.version ?? '', threadId: p.threadId ?? -1 });
    else p.reject(new Error(m.message));
  }

  /** Forgets a worker that died or was terminated; its pending compiles fail with `err`. */
  private drop(worker: Worker, err: Error): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(err);
  }

  compile(input: string, options: WorkerCompileOptions): Promise<WorkerCompileResult> {
    if (options.signal?.aborted) return Promise.reject(new CompileCancelledError());
    const worker = this.ensureWorker();
    const id = this.nextId++;
    return new Promise<WorkerCompileResult>((resolve, reject) => {
      const onAbort = () => {
        // solc.compile runs synchronously in the worker: stopping it means ending the worker.
        this.drop(worker, new CompileCancelledError());
        void worker.terminate();
      };
      options.signal?.addEventListener('abort', onAbort, { once: true });
      const settle =
        <T>(fn: (v: T) => void) =>
        (v: T) => {
          options.signal?.removeEventListener('abort', onAbort);
          fn(v);
        };
      worker.ref();
      this.pending.set(id, { onLoaded: options.onLoaded, resolve: settle(resolve), reject: settle(reject) });
      const request: WorkerRequest = { id, input, root: options.root, soljsonPath: options.soljsonPath };
      worker.postMessage(request);
    });
  }

  /** Ends the worker (deactivation); pending compiles fail. */
  async terminate(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.drop(worker, new Error('The Solidity compiler was shut down.'));
    await worker.terminate();
  }
}
