// The queue under BoundedCache and BoundedPairCache: entries in the order they were set, bounded by
// count and by estimated bytes, the entry set longest ago evicted first. The caches differ only in
// how a key finds its place (one Map, or a Map per group); each keeps that index and its own get,
// so the lookup on every state read stays a direct Map read of the subclass.
//
// The order is kept in a queue of its own rather than by deleting and re-inserting a key in the
// Map: V8's Map leaves each deleted entry in its hash chain until the table is rebuilt, so a hot
// key (a contract's first slot, written by every transaction) set again per block made every
// lookup of it walk all its dead copies (measured: 6-60 us per set in a cache of 20,000-60,000).
//
// The queue is three parallel arrays (key, value, weight per place) and the index holds each key's
// latest place: a key set again moves to a new place and its old one is blanked, the index's value
// updated in place. The cache's own structure, measured per entry (V8, 64-bit, a full cache whose
// keys come and go): 77-91 bytes with an object per entry in a queue of them, plus a Map table
// grown by deletions to 112 bytes per live entry; 42-43 bytes this way plus a Map rebuilt at each
// compaction, within ENTRY_OVERHEAD (test/unit/devnode/store-cache-heap.test.ts).

import type { CacheStats } from './boundedCache';

export abstract class WeightedQueue<K, V> {
  /** Places in the order they were set, oldest at `head`; a blanked place has key undefined. */
  protected keys: (K | undefined)[] = [];
  protected values: (V | undefined)[] = [];
  protected weights: number[] = [];
  protected head = 0;
  /** Live entries (places not blanked). */
  protected size = 0;
  protected weight = 0;

  // Numbers from the start: a field declared without a value is first undefined, and V8 then
  // keeps it as a generic field rather than a number one.
  protected readonly maxEntries: number = 0;
  protected readonly maxBytes: number = 0;

  constructor(maxEntries: number, maxBytes: number) {
    this.maxEntries = maxEntries;
    this.maxBytes = maxBytes;
  }

  stats(): CacheStats {
    return { entries: this.size, maxEntries: this.maxEntries, bytes: this.weight, maxBytes: this.maxBytes };
  }

  /** Drops the entry at its latest place `at` from the index, then calls remove(at). */
  protected abstract drop(at: number): void;

  /** Builds a new index of the compacted queue; `live` holds each place's old position, in order. */
  protected abstract reindex(live: number[]): void;

  /**
   * Puts `value` for the entry whose latest place is `at` (undefined: a new entry) and returns
   * its place: `at` itself when that is already the newest, else a new one at the end (the old
   * one blanked). The caller records a changed place in its index, then calls settle().
   */
  protected place(at: number | undefined, key: K, value: V, weight: number): number {
    const last = this.keys.length - 1;
    if (at === undefined) this.size++;
    else {
      this.weight -= this.weights[at];
      if (at === last) {
        this.values[at] = value;
        this.weights[at] = weight;
        this.weight += weight;
        return at;
      }
      this.blank(at);
    }
    this.keys.push(key);
    this.values.push(value);
    this.weights.push(weight);
    this.weight += weight;
    return last + 1;
  }

  /** Evicts down to the bounds; drops blanked and evicted places once half as many as the entries. */
  protected settle(): void {
    while (this.size > this.maxEntries || this.weight > this.maxBytes) {
      let key: K | undefined;
      while (key === undefined && this.head < this.keys.length) key = this.keys[this.head++];
      if (key === undefined) break;
      this.drop(this.head - 1);
    }
    if (this.keys.length > 1.5 * this.size + 1024) this.compact();
  }

  /** Forgets the entry at `at`, already dropped from the index. */
  protected remove(at: number): void {
    this.size--;
    this.weight -= this.weights[at];
    this.blank(at);
  }

  protected blank(at: number): void {
    this.keys[at] = undefined;
    this.values[at] = undefined; // the queue does not keep it alive
    this.weights[at] = 0;
  }

  clear(): void {
    this.keys = [];
    this.values = [];
    this.weights = [];
    this.head = 0;
    this.size = 0;
    this.weight = 0;
  }

  /**
   * Keeps the live places only, in order, and a new index too: a Map that has seen many deletions
   * keeps a table sized for its past (measured: 112 bytes per live entry in a full cache whose
   * keys come and go), a new one is sized for what it holds.
   */
  private compact(): void {
    const live: number[] = [];
    const keys: K[] = [];
    const values: (V | undefined)[] = [];
    const weights: number[] = [];
    for (let i = this.head; i < this.keys.length; i++) {
      const k = this.keys[i];
      if (k === undefined) continue;
      live.push(i);
      keys.push(k);
      values.push(this.values[i]);
      weights.push(this.weights[i]);
    }
    this.keys = keys;
    this.values = values;
    this.weights = weights;
    this.head = 0;
    this.reindex(live);
  }
}
