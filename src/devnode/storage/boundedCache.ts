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

/** Per-entry overhead of a Map slot, a small object or array view and its header (V8, 64-bit). */
export const ENTRY_OVERHEAD = 96;

/** Estimated bytes of a string key or value (one byte per char for Latin-1, two otherwise). */
export function stringBytes(s: string): number {
  return 16 + s.length;
}

/** One entry; `queued` counts its places in the queue (only the last one counts for the order). */
interface Slot<K, V> {
  key: K;
  value: V | undefined;
  weight: number;
  queued: number;
}

export class BoundedCache<K, V> {
  private readonly map = new Map<K, Slot<K, V>>();
  /** Slots in the order they were set; one set again is also found at its earlier places. */
  private queue: (Slot<K, V> | undefined)[] = [];
  private head = 0;
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
    const weight = this.limits.weigh?.(key, value) ?? 0;
    // An entry larger than the whole budget is not kept (it would evict everything else).
    if (weight > this.limits.bytes) {
      this.delete(key);
      return;
    }
    let slot = this.map.get(key);
    if (slot === undefined) {
      slot = { key, value, weight, queued: 0 };
      this.map.set(key, slot);
    } else {
      this.weight -= slot.weight;
      slot.value = value;
      slot.weight = weight;
    }
    this.weight += weight;
    slot.queued++;
    this.queue.push(slot);
    while (this.map.size > this.limits.entries || this.weight > this.limits.bytes) {
      if (!this.evictOldest()) break;
    }
    // Places of entries set again or deleted pile up: drop them once they outnumber the entries.
    if (this.queue.length > 2 * this.map.size + 1024) this.compact();
  }

  delete(key: K): void {
    const slot = this.map.get(key);
    if (slot === undefined) return;
    this.map.delete(key);
    this.weight -= slot.weight;
    slot.value = undefined; // its places in the queue hold nothing
  }

  /** Drops string keys starting with `prefix` (rare: a contract's storage wiped). */
  deletePrefix(prefix: string): void {
    for (const k of this.map.keys()) if (typeof k === 'string' && k.startsWith(prefix)) this.delete(k);
  }

  clear(): void {
    for (const slot of this.map.values()) slot.value = undefined;
    this.map.clear();
    this.queue = [];
    this.head = 0;
    this.weight = 0;
  }

  /** Drops the entry set longest ago; false when there is none. */
  private evictOldest(): boolean {
    while (this.head < this.queue.length) {
      const slot = this.queue[this.head];
      this.queue[this.head++] = undefined; // the queue does not keep it alive
      // A place of an entry set again later, or of one deleted.
      if (slot === undefined || --slot.queued > 0 || this.map.get(slot.key) !== slot) continue;
      this.delete(slot.key);
      return true;
    }
    return false;
  }

  /** Keeps each live entry's last place only, in order. */
  private compact(): void {
    const kept: Slot<K, V>[] = [];
    for (let i = this.head; i < this.queue.length; i++) {
      const slot = this.queue[i];
      if (slot === undefined || --slot.queued > 0 || this.map.get(slot.key) !== slot) continue;
      slot.queued = 1;
      kept.push(slot);
    }
    this.queue = kept;
    this.head = 0;
  }
}
