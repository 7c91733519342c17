// Diagnostics (console.log lines, failure point) of committed transactions, by "0x" hash: written
// into the chain store in the same atomic commit as the block that produced them (key D/<hash>,
// only for transactions that have some), so they survive a restart with --data and outlive the
// memory cache, which keeps the newest for quick answers.

import { utf8Decode, utf8Encode } from '../../protocol/hex';
import { isRecord } from '../../protocol/unknownValues';
import type { BuiltinFailure, ExecDiagnostics, FailurePoint } from '../evm/diagnostics';
import { BoundedCache, ENTRY_OVERHEAD, stringBytes, type CacheStats } from '../storage/boundedCache';
import { REMEDY, StoreDamaged, type KvBatch, type KvStore } from '../storage/kv';
import { CLOSED } from './chainReader';

/** Diagnostics kept decoded in memory (the newest first to go to the store only). */
export const DIAGNOSTICS_CACHE = 10_000;

const key = (txHash: string) => 'D/' + txHash.replace(/^0x/, '').toLowerCase();

export class DiagnosticsStore {
  private readonly cache: BoundedCache<string, ExecDiagnostics>;
  /** Recorded while a block is built, written with its commit. */
  private readonly pending = new Map<string, ExecDiagnostics>();

  constructor(
    private readonly kv: () => KvStore | undefined,
    cacheSize = DIAGNOSTICS_CACHE,
    private readonly isOpen: () => boolean = () => true,
  ) {
    // Also bounded by bytes: one transaction may print thousands of console.log lines.
    this.cache = new BoundedCache({
      entries: Math.max(1, cacheSize),
      bytes: 8 * 2 ** 20,
      weigh: (k, d) =>
        ENTRY_OVERHEAD + stringBytes(k) + 300 + d.consoleLogs.reduce((n, l) => n + stringBytes(l), 0),
    });
  }

  /** True while diagnostics recorded for the block being built wait for its commit. */
  get hasPending(): boolean {
    return this.pending.size > 0;
  }

  /** A transaction's diagnostics from its execution (before its block is committed). */
  record(txHash: string, d: ExecDiagnostics): void {
    if (d.consoleLogs.length > 0 || d.failure !== undefined) this.pending.set(txHash.toLowerCase(), d);
  }

  /** Adds the diagnostics of a block's transactions (`txHashes`) to the block's commit batch. */
  addToBatch(txHashes: readonly string[], batch: KvBatch): void {
    for (const h of txHashes) {
      const d = this.pending.get(h.toLowerCase());
      if (d !== undefined) batch.puts.set(key(h), utf8Encode(JSON.stringify(d)));
    }
  }

  /** After the commit is durable: the block's diagnostics become readable (and cached). */
  committed(txHashes: readonly string[]): void {
    for (const h of txHashes) {
      const d = this.pending.get(h.toLowerCase());
      if (d !== undefined) this.cache.set(h.toLowerCase(), d);
    }
    // Anything else pending belonged to a block that was not committed.
    this.pending.clear();
  }

  /** The memory cache against its bound (the store holds the rest). */
  cacheStats(): CacheStats {
    return this.cache.stats();
  }

  /** Refuses, as the chain's other reads do, once the chain is closed. */
  get(txHash: string): ExecDiagnostics | undefined {
    if (!this.isOpen()) throw new Error(CLOSED);
    const h = txHash.toLowerCase();
    const hit = this.cache.get(h);
    if (hit !== undefined) return hit;
    const kv = this.kv();
    const bytes = kv?.get(key(h));
    if (kv === undefined || bytes === undefined) return undefined;
    const d = parse(bytes, kv.location ?? '(memory)', key(h));
    this.cache.set(h, d);
    return d;
  }
}

function parse(bytes: Uint8Array, location: string, k: string): ExecDiagnostics {
  let v: unknown;
  try {
    v = JSON.parse(utf8Decode(bytes));
  } catch {
    v = undefined;
  }
  if (
    typeof v === 'object' &&
    v !== null &&
    'consoleLogs' in v &&
    Array.isArray(v.consoleLogs) &&
    v.consoleLogs.every((l) => typeof l === 'string')
  ) {
    const failure = 'failure' in v ? v.failure : undefined;
    if (failure === undefined || isFailure(failure))
      return { consoleLogs: v.consoleLogs, ...(failure ? { failure } : {}) };
  }
  throw new StoreDamaged(
    `the chain store ${location} is damaged: record "${k}" is not diagnostics; ${REMEDY}`,
  );
}

function isFailure(f: unknown): f is FailurePoint {
  return (
    isRecord(f) &&
    typeof f.codeAddress === 'string' &&
    typeof f.pc === 'number' &&
    typeof f.create === 'boolean' &&
    typeof f.error === 'string' &&
    // Records from before built-ins were named have none; one that is there must be whole.
    (!('builtin' in f) || isBuiltinFailure(f.builtin))
  );
}

function isBuiltinFailure(b: unknown): b is BuiltinFailure {
  return (
    isRecord(b) && typeof b.address === 'string' && typeof b.name === 'string' && typeof b.method === 'string'
  );
}
