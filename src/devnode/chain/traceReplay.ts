// Traces for the debugger (devnode_debugTraceTransaction): the devnode keeps only the latest
// state, so a committed transaction is re-executed on a replica of the chain held in memory. The
// replica is kept between traces and advanced block by block, so tracing a recent transaction
// replays only the blocks committed since the last trace; checkpoints (copies of the replica
// every CHECKPOINT_EVERY blocks) serve older transactions without a replay from genesis. The live
// chain is never touched: each trace runs on a throwaway Execution whose writes are dropped.

import { toHex } from '../../protocol/hex';
import type { Trace, TraceLimits } from '../evm/trace';
import { MemoryKv, newBatch } from '../storage/kv';
import type { GenesisOptions } from '../builtin/types';
import { Execution, type ExecutionOptions } from './execution';
import { Mutex } from './mutex';
import type { StoredBlock, StoredTransaction } from './types';

export type TxTrace = {
  blockNumber: number;
  index: number;
  status: number;
  output: string;
  gasUsed: string;
  /** False when the replay's receipt differs from the stored one (the trace may then mislead). */
  matchesReceipt: boolean;
  trace: Trace;
};

export interface ReplaySource {
  execution: Omit<ExecutionOptions, 'kv' | 'onDiagnostics' | 'say'>;
  genesis: GenesisOptions;
  block(n: number): StoredBlock | undefined;
  /**
   * Runs one unit of replay work (a block, or the trace itself) with the live chain held: the
   * built-ins are shared and an Execution binds them to its own tables, so the chain rebinds
   * them before it executes again. Between units the chain goes on sealing.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}

/** Blocks between checkpoints, and how many checkpoints are kept (oldest dropped first). */
export const CHECKPOINT_EVERY = 256;
const MAX_CHECKPOINTS = 32;

/** A replica store: the state after block `at` (whose hash was `hash` when it was built). */
interface Snapshot {
  at: number;
  hash: string;
  kv: MemoryKv;
}

/** Counters for tests and the bench: how much the last trace had to replay. */
export interface ReplayStats {
  /** Block the replay started after (-1: from genesis). */
  startedAfter: number;
  /** Blocks executed to reach the transaction's block. */
  blocksReplayed: number;
}

/** The transaction's own copy, so the replay never writes into the ledger's objects. */
function copy(stx: StoredTransaction): StoredTransaction {
  return { ...stx };
}

export class TraceReplica {
  private head: Snapshot | undefined;
  private readonly checkpoints: Snapshot[] = [];
  private readonly lock = new Mutex();
  lastStats: ReplayStats | undefined;

  constructor(private readonly src: ReplaySource) {}

  trace(blockNumber: number, index: number, limits: TraceLimits): Promise<TxTrace> {
    return this.lock.run(() => this.traceLocked(blockNumber, index, limits));
  }

  /** Still the chain it was built from (a reset chain has other blocks under the same numbers). */
  private valid(s: Snapshot): boolean {
    const b = this.src.block(s.at);
    return b !== undefined && toHex(b.hash) === s.hash;
  }

  /** The latest usable snapshot at or before block `before` (the replica is then advanced). */
  private start(before: number): Snapshot | undefined {
    if (this.head !== undefined && this.head.at <= before && this.valid(this.head)) return this.head;
    for (let k = this.checkpoints.length - 1; k >= 0; k--) {
      const c = this.checkpoints[k];
      if (c.at > before) continue;
      if (!this.valid(c)) {
        this.checkpoints.splice(0); // a reset chain: every checkpoint is stale
        return undefined;
      }
      // The head is about to advance from this copy: it needs its own.
      return { ...c, kv: c.kv.clone() };
    }
    return undefined;
  }

  private newExecution(kv: MemoryKv): Execution {
    return new Execution({ ...this.src.execution, kv, say: () => {} });
  }

  private async fromGenesis(): Promise<Snapshot> {
    const kv = new MemoryKv();
    await this.src.exclusive(async () => {
      const execution = this.newExecution(kv);
      await execution.genesis(this.src.genesis);
      const batch = newBatch();
      execution.flushInto(batch);
      await kv.write(batch);
    });
    const g = this.src.block(0);
    if (g === undefined) throw new Error('block 0 is missing from the chain store');
    const snap = { at: 0, hash: toHex(g.hash), kv };
    if (this.checkpoints.length === 0) this.checkpoints.push({ ...snap, kv: kv.clone() });
    return snap;
  }

  private async traceLocked(blockNumber: number, index: number, limits: TraceLimits): Promise<TxTrace> {
    let snap = this.start(blockNumber - 1);
    const startedAfter = snap?.at ?? -1;
    snap ??= await this.fromGenesis();
    // The replica advances with an Execution of its own; the trace gets a fresh one below, so
    // the partial block it runs never reaches the replica.
    if (snap.at < blockNumber - 1) {
      const replica = snap;
      const execution = this.newExecution(replica.kv);
      for (let n = snap.at + 1; n < blockNumber; n++) {
        const b = this.src.block(n);
        if (b === undefined) throw new Error(`block ${n} is missing from the chain store`);
        await this.src.exclusive(async () => {
          execution.reattach();
          await execution.build(
            n,
            b.header.timestamp,
            b.transactions.map((stx) => ({ stx: copy(stx) })),
            [{ sealerIndex: 0, signature: new Uint8Array(0) }],
          );
          const batch = newBatch();
          execution.flushInto(batch);
          await replica.kv.write(batch);
        });
        snap.at = n;
        snap.hash = toHex(b.hash);
        if (n % CHECKPOINT_EVERY === 0 && (this.checkpoints.at(-1)?.at ?? -1) < n) {
          this.checkpoints.push({ at: n, hash: snap.hash, kv: snap.kv.clone() });
          if (this.checkpoints.length > MAX_CHECKPOINTS) this.checkpoints.shift();
        }
      }
    }
    this.head = snap;
    this.lastStats = { startedAfter, blocksReplayed: blockNumber - 1 - Math.max(startedAfter, 0) };

    const block = this.src.block(blockNumber);
    if (block === undefined) throw new Error(`block ${blockNumber} is missing from the chain store`);
    const kv = snap.kv;
    const { receipt, trace } = await this.src.exclusive(() =>
      this.newExecution(kv).traceInBlock(
        blockNumber,
        block.header.timestamp,
        block.transactions.map(copy),
        index,
        limits,
      ),
    );
    const stored = block.receipts[index].data;
    return {
      blockNumber,
      index,
      status: receipt.status,
      output: toHex(receipt.output),
      gasUsed: receipt.gasUsed,
      matchesReceipt:
        stored.status === receipt.status &&
        stored.gasUsed === receipt.gasUsed &&
        toHex(stored.output) === toHex(receipt.output),
      trace,
    };
  }
}
