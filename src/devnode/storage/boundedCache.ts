// A read cache bounded by entry count and, when given a weight function, by an estimate of the
// bytes it holds: the oldest inserted goes first (a Map keeps insertion order, so eviction is
// O(1)). Good enough for state reads, whose hot keys are re-inserted when written. A count alone
// is not a bound on memory: a block record may hold one transaction or a thousand.

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

/** Per-entry overhead of a Map slot, a small object or array view and its header (V8, 64-bit). */
export const ENTRY_OVERHEAD = 96;

/** Estimated bytes of a string key or value (one byte per char for Latin-1, two otherwise). */
export function stringBytes(s: string): number {
  return 16 + s.length;
}

export class BoundedCache<K, V> {
  private readonly map = new Map<K, { value: V; weight: number }>();
  private readonly limits: Required<Omit<CacheLimits<K, V>, 'weigh'>> & Pick<CacheLimits<K, V>, 'weigh'>;
  private weight = 0;

  constructor(limits: number | CacheLimits<K, V>) {
    const l = typeof limits === 'number' ? { entries: limits } : limits;
    this.limits = { entries: l.entries, bytes: l.bytes ?? Infinity, weigh: l.weigh };
  }

  stats(): CacheStats {
    return {
      entries: this.map.size,
      maxEntries: this.limits.entries,
      bytes: this.weight,
      maxBytes: this.limits.bytes,
    };
  }

  get(key: K): V | undefined {
    return this.map.get(key)?.value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.limits.weigh?.(key, value) ?? 0;
    // An entry larger than the whole budget is not kept (it would evict everything else).
    if (weight > this.limits.bytes) return;
    this.map.set(key, { value, weight });
    this.weight += weight;
    while (this.map.size > this.limits.entries || this.weight > this.limits.bytes) {
      const oldest = this.map.keys().next();
      if (oldest.done === true) break;
      this.delete(oldest.value);
    }
  }

  delete(key: K): void {
    const e = this.map.get(key);
    if (e === undefined) return;
    this.map.delete(key);
    this.weight -= e.weight;
  }

  /** Drops string keys starting with `prefix` (rare: a contract's storage wiped). */
  deletePrefix(prefix: string): void {
    for (const k of this.map.keys()) if (typeof k === 'string' && k.startsWith(prefix)) this.delete(k);
  }

  clear(): void {
    this.map.clear();
    this.weight = 0;
  }
}
