// The on-disk engine: RocksDB (what FISCO BCOS itself uses, bcos-storage/RocksDBStorage) through
// @nxtedition/rocksdb, whose linux-x64 prebuilt binary ships inside the package. Chosen over LMDB
// because it reads with pread into a block cache of a fixed size instead of mapping its file: a
// long chain no longer grows the process's resident memory with every page it has read.
//
// Only this file touches the package. It uses the package's synchronous calls, some of them
// underscore-named internals (`querySync` is public; `_getManySync` and the chained batch's
// `_put`/`_del`/`_writeSync`/`_clear` are not): execution reads state synchronously, a write
// applied synchronously keeps batches in call order, and one reused native WriteBatch does not
// leave a native buffer per block for the garbage collector to free (it does not see their size:
// measured, RSS grew by ~100 MiB per 300,000 writes with a new batch per write).
// Values are sealed with a CRC-32 (kv.ts).

import type { RocksLevel, RocksChainedBatch } from '@nxtedition/rocksdb';
import { existsSync } from 'node:fs';
import { REMEDY, StoreDamaged, seal, unseal, type KvBatch, type KvStore } from './kv';
import { checkWals } from './walCheck';

/**
 * Memory bounds. The block cache (data, index and filter blocks: cacheIndexAndFilterBlocks
 * charges the table readers' index and filters to it instead of keeping them per open file) is
 * the only read cache; reads are pread (RocksDB's allow_mmap_reads stays false), so the file's
 * pages are the kernel's page cache, not this process's RSS. `compaction: 'level'` is the
 * binding's only way to size memtables: write buffers of memtableMemoryBudget / 4, two merged
 * per flush (so about 3 x 4 MiB live, 6 at most under a write stall).
 */
const OPTIONS = {
  cacheSize: 16 << 20,
  cacheIndexAndFilterBlocks: true,
  compaction: 'level',
  memtableMemoryBudget: 16 << 20,
  // Levels 2 and up stay ZSTD-compressed ('level' sets that per level); `false` only drops the
  // binding's default ZSTD dictionary (16 KiB trained from 1.6 MB of samples per output file):
  // compressing with it and, by all signs, training it took about 60% of the compaction thread
  // at 800,000 transactions, and compaction CPU per byte written fell 3-4x without it
  // (docs/BENCHMARKS.md, "Growth: the cost at height").
  compression: false,
  // The write-ahead log stays plain, so walCheck.ts can verify its records before opening.
  walCompression: false,
  keyEncoding: 'utf8',
  valueEncoding: 'buffer',
};

export class RocksKv implements KvStore {
  private readonly batch: RocksChainedBatch;

  private constructor(
    readonly location: string,
    private readonly db: RocksLevel,
  ) {
    this.batch = db.batch();
  }

  /**
   * Opens the store at `path` (a directory). `create` allows a new one; otherwise a missing
   * store is an error (RocksDB would silently create an empty one). The write-ahead log is
   * checked first: RocksDB's recovery (point-in-time, the binding's fixed default) stops at a
   * damaged record and drops every later one, acknowledged or not.
   */
  static async open(path: string, create: boolean): Promise<RocksKv> {
    if (!create && !existsSync(path)) throw new StoreDamaged(`the chain store ${path} is missing; ${REMEDY}`);
    checkWals(path);
    const db = new (await loadEngine())(path, OPTIONS);
    try {
      await db.open({ createIfMissing: create });
    } catch (e) {
      throw new StoreDamaged(`the chain store ${path} is damaged or unreadable (${reason(e)}); ${REMEDY}`);
    }
    return new RocksKv(path, db);
  }

  get(key: string): Uint8Array | undefined {
    let stored: Buffer | undefined;
    try {
      stored = this.db._getManySync([key], { valueEncoding: 'buffer' })[0];
    } catch (e) {
      throw this.damaged(`reading "${key}"`, e);
    }
    return stored === undefined ? undefined : unseal(stored, key, this.location);
  }

  keys(prefix: string): string[] {
    const rows = this.query(prefix, -1);
    const out: string[] = [];
    for (let i = 0; i < rows.length; i += 2) out.push(String(rows[i]));
    return out;
  }

  hasPrefix(prefix: string): boolean {
    return this.query(prefix, 1).length > 0;
  }

  /** How many records the store holds (counted `chunk` keys at a time; for the migration). */
  countKeys(chunk = 10_000): number {
    let count = 0;
    let after: string | undefined;
    for (;;) {
      const { rows } = this.db.querySync({
        ...(after === undefined ? {} : { gt: after }),
        limit: chunk,
        values: false,
        keyEncoding: 'utf8',
      });
      count += rows.length / 2;
      if (rows.length < chunk * 2) return count;
      after = String(rows[rows.length - 2]);
    }
  }

  /** Applies the batch and syncs the write-ahead log before resolving (sync: true). */
  write(batch: KvBatch): Promise<void> {
    const b = this.batch;
    try {
      for (const prefix of batch.clear) for (const k of this.keys(prefix)) b._del(k);
      // Later operations on a key win inside a RocksDB write batch, so a put after a clear stands.
      for (const [k, v] of batch.puts) {
        if (v === null) b._del(k);
        else {
          const sealed = seal(v);
          b._put(k, Buffer.from(sealed.buffer, sealed.byteOffset, sealed.length));
        }
      }
      b._writeSync({ sync: true });
    } catch (e) {
      return Promise.reject(
        e instanceof StoreDamaged
          ? e
          : new Error(
              `the chain store ${this.location} could not be written (${reason(e)}); nothing of this batch was acknowledged`,
              { cause: e },
            ),
      );
    } finally {
      b._clear();
    }
    return Promise.resolve();
  }

  /** Writes raw (already sealed) records, synced; used by the migration from LMDB. */
  writeSealed(records: [string, Buffer][]): void {
    try {
      for (const [k, v] of records) this.batch._put(k, v);
      this.batch._writeSync({ sync: true });
    } finally {
      this.batch._clear();
    }
  }

  async close(): Promise<void> {
    await this.db.close();
  }

  /** Rows (key, value) of the keys starting with `prefix`; keys are ASCII (kv.ts). */
  private query(prefix: string, limit: number): (Buffer | string | undefined)[] {
    const from = Buffer.from(prefix, 'latin1');
    const end = successor(from);
    try {
      return this.db.querySync({
        gte: from,
        ...(end === undefined ? {} : { lt: end }),
        limit,
        values: false,
        keyEncoding: 'utf8',
      }).rows;
    } catch (e) {
      throw this.damaged(`listing "${prefix}"`, e);
    }
  }

  private damaged(what: string, e: unknown): StoreDamaged {
    return new StoreDamaged(
      `the chain store ${this.location} is damaged: ${what} failed (${reason(e)}); ${REMEDY}`,
    );
  }
}

/**
 * Loaded on first use: a node without --data never needs the native binary, and one whose
 * platform has none (prebuilds for linux-x64 with glibc 2.34+ and darwin-arm64) gets a clear error.
 */
async function loadEngine(): Promise<typeof RocksLevel> {
  try {
    return (await import('@nxtedition/rocksdb')).RocksLevel;
  } catch (e) {
    throw new Error(
      `the chain store engine (RocksDB, @nxtedition/rocksdb) cannot be loaded on ${process.platform}-${process.arch} (${reason(e)}); run without --data to keep the chain in memory`,
      { cause: e },
    );
  }
}

/** The smallest byte string above every string that starts with `prefix`. */
function successor(prefix: Buffer): Buffer | undefined {
  const out = Buffer.from(prefix);
  let i = out.length - 1;
  while (i >= 0 && out[i] === 0xff) i--;
  if (i < 0) return undefined;
  out[i]++;
  return out.subarray(0, i + 1);
}

/** The engine's message, including the cause abstract-level wraps open errors in. */
function reason(e: unknown): string {
  if (!(e instanceof Error)) return String(e);
  const cause = e.cause instanceof Error ? `: ${e.cause.message}` : '';
  return e.message + cause;
}
