// Sealing: decides when to cut a block from the pool, and commits it (execute, persist, publish,
// answer the senders). A block that fails to commit stops the chain rather than let the state
// and the stored chain diverge.

import type { Mutex } from './mutex';
import type { Pending, TxPool } from './pool';
import type { BuiltBlock } from './execution';
import type { StoredBlock } from './types';

export interface SealerDeps {
  pool: TxPool;
  /** Serializes block execution with calls (one EVM, one state). */
  lock: Mutex;
  /** 0 = seal as soon as transactions arrive; otherwise every blockTimeMs. */
  blockTimeMs: number;
  /** Number of the newest committed block. */
  blockNumber(): number;
  /** Timestamp of committed block `n`. */
  timestamp(n: number): number;
  /** tx_count_limit in force for block `n`. */
  txCountLimit(n: number): number;
  build(number: number, timestamp: number, batch: Pending[]): Promise<BuiltBlock>;
  /** Commits the block with its state; resolves once it would survive a crash. */
  persist(built: BuiltBlock, batch: Pending[]): Promise<void>;
  /** Tells the block's listeners. */
  publish(block: StoredBlock): void;
  say(level: 'error', message: string): void;
}

export class Sealer {
  private sealing = false;
  private scheduled = false;
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;
  private brokenBy: Error | undefined;

  constructor(private readonly d: SealerDeps) {
    if (d.blockTimeMs > 0) this.timer = setInterval(() => this.onTimer(), d.blockTimeMs);
  }

  /** Why the chain stopped accepting transactions, if it did. */
  get broken(): Error | undefined {
    return this.brokenBy;
  }

  /**
   * With block time 0, seals after the current event-loop turn: everything that arrived in the
   * meantime (and everything that arrives while a block is executed or written) shares a block.
   * Batching matters: pre-signed transactions must land within block_limit blocks.
   */
  kick(): void {
    if (this.d.blockTimeMs > 0) return; // the interval timer seals
    if (this.stopped || this.sealing || this.scheduled || this.d.pool.size === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.sealLoop();
    });
  }

  /** No more blocks after the one in flight. */
  stop(): void {
    this.stopped = true;
    if (this.timer !== undefined) clearInterval(this.timer);
  }

  private onTimer(): void {
    if (this.stopped || this.sealing || this.d.pool.size === 0) return;
    void this.sealLoop();
  }

  private async sealLoop(): Promise<void> {
    if (this.sealing) return;
    this.sealing = true;
    try {
      do {
        await this.d.lock.run(() => this.sealOne());
      } while (
        this.d.pool.size > 0 &&
        this.d.blockTimeMs === 0 &&
        !this.stopped &&
        this.brokenBy === undefined
      );
    } finally {
      this.sealing = false;
    }
  }

  private async sealOne(): Promise<void> {
    const { pool } = this.d;
    const number = this.d.blockNumber() + 1;
    const batch = pool.take(Math.max(1, this.d.txCountLimit(number)), number);
    if (batch.length === 0) return;
    const timestamp = Math.max(Date.now(), this.d.timestamp(number - 1));
    let built: BuiltBlock;
    try {
      built = await this.d.build(number, timestamp, batch);
      await this.d.persist(built, batch);
    } catch (e) {
      // State may hold a half-applied block: refuse further work rather than diverge.
      this.brokenBy = new Error(
        `block ${number} could not be committed: ${e instanceof Error ? e.message : String(e)}`,
      );
      this.d.say('error', this.brokenBy.message);
      for (const p of batch) pool.drop(p, this.brokenBy);
      pool.dropAll(this.brokenBy);
      return;
    }
    const block = built.block;
    this.d.publish(block);
    pool.settle(batch);
    for (const p of batch) p.resolve({ tx: p.stx, receipt: block.receipts[p.stx.index], block });
  }
}
