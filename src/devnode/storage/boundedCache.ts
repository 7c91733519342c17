// A read cache bounded by entry count and, when given a weight function, by an estimate of the
// bytes it holds: the entry set longest ago goes first. Good enough for state reads, whose hot
// keys are set again when written. A count alone is not a bound on memory: a block record may
// hold one transaction or a thousand. The queue and its bounds: weightedQueue.ts.

import { WeightedQueue } from './weightedQueue';

export interface CacheLimits<K, V> {
  /** Most entries kept. */
  entries: number;
  /** Most estimated bytes kept (needs `weigh`). */
  bytes?: number;
  /** Estimated bytes an entry holds (key, value and the Map's own overhead). */
  weigh?: (key: K, value: V) => number;
}

/** What a bounded structure holds against its bounds (DevChain.cacheStats). */
export interface CacheStats {
  entries: number;
  maxEntries: number;
  /** Estimated bytes (0 when the structure is bounded by entries only). */
  bytes: number;
  maxBytes: number;
}

/** Per-entry overhead of the cache's own structure (its Map and queue; V8, 64-bit). */
export const ENTRY_OVERHEAD = 96;

/** Estimated bytes of a string key or value (one byte per char for Latin-1, two otherwise). */
export function stringBytes(s: string): number {
  return 16 + s.length;
}

export class BoundedCache<K, V> extends WeightedQueue<K, V> {
  /** Key → index of its latest place in the queue. */
  private map = new Map<K, number>();
  private readonly weigh: CacheLimits<K, V>['weigh'];

  /** Keys must not be undefined (it marks a blanked place). */
  constructor(limits: number | CacheLimits<K, V>) {
    const l = typeof limits === 'number' ? { entries: limits } : limits;
    super(l.entries, l.bytes ?? Infinity);
    this.weigh = l.weigh;
  }

  get(key: K): V | undefined {
    const at = this.map.get(key);
    return at === undefined ? undefined : this.values[at];
  }

  set(key: K, value: V): void {
    const weight = this.weigh?.(key, value) ?? 0;
    // An entry larger than the whole budget is not kept (it would evict everything else).
    if (weight > this.maxBytes) {
      this.delete(key);
      return;
    }
    const at = this.map.get(key);
    const to = this.place(at, key, value, weight);
    if (to !== at) this.map.set(key, to); // an existing key's entry is updated, not re-inserted
    this.settle();
  }

  delete(key: K): void {
    const at = this.map.get(key);
    if (at === undefined) return;
    this.map.delete(key);
    this.remove(at);
  }

  /** Drops string keys starting with `prefix` (rare: a contract's storage wiped). */
  deletePrefix(prefix: string): void {
    for (const k of [...this.map.keys()]) if (typeof k === 'string' && k.startsWith(prefix)) this.delete(k);
  }

  override clear(): void {
    super.clear();
    this.map.clear();
  }

  protected drop(at: number): void {
    this.map.delete(this.keys[at]!);
    this.remove(at);
  }

  protected reindex(): void {
    const map = new Map<K, number>();
    for (let i = 0; i < this.keys.length; i++) map.set(this.keys[i]!, i);
    this.map = map;
  }
}
