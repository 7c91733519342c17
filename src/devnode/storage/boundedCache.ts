// A read cache bounded by entry count and, when given a weight function, by an estimate of the
// bytes it holds: the entry set longest ago goes first. Good enough for state reads, whose hot
// keys are set again when written. A count alone is not a bound on memory: a block record may
// hold one transaction or a thousand.
//
// The order is kept in a queue of its own rather than by deleting and re-inserting a key in the
// Map: V8's Map leaves each deleted entry in its hash chain until the table is rebuilt, so a hot
// key (a contract's first slot, written by every transaction) set again per block made every
// lookup of it walk all its dead copies (measured: 6-60 us per set in a cache of 20,000-60,000).

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

// The queue is three parallel arrays (key, value, weight per place) and the Map holds each key's
// latest place: a key set again moves to a new place and its old one is blanked, the Map's value
// updated in place. The cache's own structure, measured per entry (V8, 64-bit, a full cache whose
// keys come and go): 77-91 bytes with an object per entry in a queue of them, plus a Map table
// grown by deletions to 112 bytes per live entry; 42-43 bytes this way plus a Map rebuilt at each
// compaction, within ENTRY_OVERHEAD (test/unit/devnode/store-cache-heap.test.ts).

export class BoundedCache<K, V> {
  /** Key → index of its latest place in the queue. */
  private map = new Map<K, number>();
  /** Places in the order they were set, oldest at `head`; a blanked place has key undefined. */
  private keys: (K | undefined)[] = [];
  private values: (V | undefined)[] = [];
  private weights: number[] = [];
  private head = 0;
  private readonly limits: Required<Omit<CacheLimits<K, V>, 'weigh'>> & Pick<CacheLimits<K, V>, 'weigh'>;
  private weight = 0;

  /** Keys must not be undefined (it marks a blanked place). */
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
    const at = this.map.get(key);
    return at === undefined ? undefined : this.values[at];
  }

  set(key: K, value: V): void {
    const weight = this.limits.weigh?.(key, value) ?? 0;
    // An entry larger than the whole budget is not kept (it would evict everything else).
    if (weight > this.limits.bytes) {
      this.delete(key);
      return;
    }
    const at = this.map.get(key);
    const last = this.keys.length - 1;
    if (at !== undefined) {
      this.weight -= this.weights[at];
      if (at === last) {
        // Already the newest: its place stays.
        this.values[at] = value;
        this.weights[at] = weight;
        this.weight += weight;
        this.evict();
        return;
      }
      this.blank(at);
    }
    this.keys.push(key);
    this.values.push(value);
    this.weights.push(weight);
    this.map.set(key, last + 1); // an existing key's entry is updated, not re-inserted
    this.weight += weight;
    this.evict();
    // Blanked and evicted places pile up: drop them once they are half as many as the entries.
    if (this.keys.length > 1.5 * this.map.size + 1024) this.compact();
  }

  delete(key: K): void {
    const at = this.map.get(key);
    if (at === undefined) return;
    this.map.delete(key);
    this.weight -= this.weights[at];
    this.blank(at);
  }

  /** Drops string keys starting with `prefix` (rare: a contract's storage wiped). */
  deletePrefix(prefix: string): void {
    for (const k of [...this.map.keys()]) if (typeof k === 'string' && k.startsWith(prefix)) this.delete(k);
  }

  clear(): void {
    this.map.clear();
    this.keys = [];
    this.values = [];
    this.weights = [];
    this.head = 0;
    this.weight = 0;
  }

  private blank(at: number): void {
    this.keys[at] = undefined;
    this.values[at] = undefined; // the queue does not keep it alive
    this.weights[at] = 0;
  }

  /** Drops the entries set longest ago until the bounds hold. */
  private evict(): void {
    while (this.map.size > this.limits.entries || this.weight > this.limits.bytes) {
      let key: K | undefined;
      while (key === undefined && this.head < this.keys.length) key = this.keys[this.head++];
      if (key === undefined) return;
      this.delete(key);
    }
  }

  /**
   * Keeps the live places only, in order, in a new Map too: a Map that has seen many deletions
   * keeps a table sized for its past (measured: 112 bytes per live entry in a full cache whose
   * keys come and go), a new one is sized for what it holds.
   */
  private compact(): void {
    const map = new Map<K, number>();
    const keys: K[] = [];
    const values: (V | undefined)[] = [];
    const weights: number[] = [];
    for (let i = this.head; i < this.keys.length; i++) {
      const k = this.keys[i];
      if (k === undefined) continue;
      map.set(k, keys.length);
      keys.push(k);
      values.push(this.values[i]);
      weights.push(this.weights[i]);
    }
    this.map = map;
    this.keys = keys;
    this.values = values;
    this.weights = weights;
    this.head = 0;
  }
}
