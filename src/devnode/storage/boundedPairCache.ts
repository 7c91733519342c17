// BoundedCache (boundedCache.ts) for keys made of two strings, a group and a key within it (a
// contract's address and a slot, a table's name and a row): the same queue, bounds, weights and
// eviction order as a BoundedCache keyed by the two joined, without joining them. A joined key is
// a new string per read that V8 must copy flat, hash and compare whole at the lookup (about
// 0.3-0.5 µs for a slot key); here the group's string is one the caller keeps (hashed once) and
// the key is hashed alone.

import type { CacheLimits, CacheStats } from './boundedCache';

export interface PairCacheLimits<V> extends Omit<CacheLimits<string, V>, 'weigh'> {
  /** Estimated bytes an entry holds (as BoundedCache's weigh of the joined key would say). */
  weigh?: (group: string, key: string, value: V) => number;
}

export class BoundedPairCache<V> {
  /** Group → key → index of its latest place in the queue. */
  private map = new Map<string, Map<string, number>>();
  private size = 0;
  /** Places in the order they were set, oldest at `head`; a blanked place has key undefined. */
  private groups: (string | undefined)[] = [];
  private keys: (string | undefined)[] = [];
  private values: (V | undefined)[] = [];
  private weights: number[] = [];
  private head = 0;
  private readonly entries: number;
  private readonly bytes: number;
  private readonly weigh: PairCacheLimits<V>['weigh'];
  private weight = 0;

  constructor(limits: PairCacheLimits<V>) {
    this.entries = limits.entries;
    this.bytes = limits.bytes ?? Infinity;
    this.weigh = limits.weigh;
  }

  stats(): CacheStats {
    return { entries: this.size, maxEntries: this.entries, bytes: this.weight, maxBytes: this.bytes };
  }

  get(group: string, key: string): V | undefined {
    const at = this.map.get(group)?.get(key);
    return at === undefined ? undefined : this.values[at];
  }

  set(group: string, key: string, value: V): void {
    const weight = this.weigh?.(group, key, value) ?? 0;
    // An entry larger than the whole budget is not kept (it would evict everything else).
    if (weight > this.bytes) {
      this.delete(group, key);
      return;
    }
    let inner = this.map.get(group);
    const at = inner?.get(key);
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
    this.groups.push(group);
    this.keys.push(key);
    this.values.push(value);
    this.weights.push(weight);
    if (inner === undefined) {
      inner = new Map();
      this.map.set(group, inner);
    }
    if (at === undefined) this.size++;
    inner.set(key, last + 1);
    this.weight += weight;
    this.evict();
    // Blanked and evicted places pile up: drop them once they are half as many as the entries.
    if (this.keys.length > 1.5 * this.size + 1024) this.compact();
  }

  delete(group: string, key: string): void {
    const inner = this.map.get(group);
    const at = inner?.get(key);
    if (inner === undefined || at === undefined) return;
    inner.delete(key);
    if (inner.size === 0) this.map.delete(group);
    this.size--;
    this.weight -= this.weights[at];
    this.blank(at);
  }

  /** Drops a whole group (rare: a contract's storage wiped). */
  deleteGroup(group: string): void {
    const inner = this.map.get(group);
    if (inner !== undefined) for (const key of [...inner.keys()]) this.delete(group, key);
  }

  clear(): void {
    this.map.clear();
    this.size = 0;
    this.groups = [];
    this.keys = [];
    this.values = [];
    this.weights = [];
    this.head = 0;
    this.weight = 0;
  }

  private blank(at: number): void {
    this.groups[at] = undefined;
    this.keys[at] = undefined;
    this.values[at] = undefined; // the queue does not keep it alive
    this.weights[at] = 0;
  }

  /** Drops the entries set longest ago until the bounds hold. */
  private evict(): void {
    while (this.size > this.entries || this.weight > this.bytes) {
      let key: string | undefined;
      let at = this.head;
      while (key === undefined && at < this.keys.length) key = this.keys[at++];
      this.head = at;
      if (key === undefined) return;
      this.delete(this.groups[at - 1]!, key);
    }
  }

  /** Keeps the live places only, in order, in new Maps too (see BoundedCache.compact). */
  private compact(): void {
    const map = new Map<string, Map<string, number>>();
    const groups: string[] = [];
    const keys: string[] = [];
    const values: (V | undefined)[] = [];
    const weights: number[] = [];
    for (let i = this.head; i < this.keys.length; i++) {
      const k = this.keys[i];
      const g = this.groups[i];
      if (k === undefined || g === undefined) continue;
      let inner = map.get(g);
      if (inner === undefined) {
        inner = new Map();
        map.set(g, inner);
      }
      inner.set(k, keys.length);
      groups.push(g);
      keys.push(k);
      values.push(this.values[i]);
      weights.push(this.weights[i]);
    }
    this.map = map;
    this.groups = groups;
    this.keys = keys;
    this.values = values;
    this.weights = weights;
    this.head = 0;
  }
}
