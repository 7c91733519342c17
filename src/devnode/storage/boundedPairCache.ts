// BoundedCache (boundedCache.ts) for keys made of two strings, a group and a key within it (a
// contract's address and a slot, a table's name and a row): the same queue, bounds, weights and
// eviction order as a BoundedCache keyed by the two joined, without joining them. A joined key is
// a new string per read that V8 must copy flat, hash and compare whole at the lookup (about
// 0.3-0.5 µs for a slot key); here the group's string is one the caller keeps (hashed once) and
// the key is hashed alone.

import type { CacheLimits } from './boundedCache';
import { WeightedQueue } from './weightedQueue';

export interface PairCacheLimits<V> extends Omit<CacheLimits<string, V>, 'weigh'> {
  /** Estimated bytes an entry holds (as BoundedCache's weigh of the joined key would say). */
  weigh?: (group: string, key: string, value: V) => number;
}

export class BoundedPairCache<V> extends WeightedQueue<string, V> {
  /** Group → key → index of its latest place in the queue. */
  private map = new Map<string, Map<string, number>>();
  /** Each place's group, beside the queue's key (undefined where blanked). */
  private groups: (string | undefined)[] = [];
  private readonly weigh: PairCacheLimits<V>['weigh'];

  constructor(limits: PairCacheLimits<V>) {
    super(limits.entries, limits.bytes ?? Infinity);
    this.weigh = limits.weigh;
  }

  get(group: string, key: string): V | undefined {
    const at = this.map.get(group)?.get(key);
    return at === undefined ? undefined : this.values[at];
  }

  set(group: string, key: string, value: V): void {
    const weight = this.weigh?.(group, key, value) ?? 0;
    // An entry larger than the whole budget is not kept (it would evict everything else).
    if (weight > this.maxBytes) {
      this.delete(group, key);
      return;
    }
    let inner = this.map.get(group);
    const at = inner?.get(key);
    const to = this.place(at, key, value, weight);
    if (to !== at) {
      this.groups.push(group);
      if (inner === undefined) {
        inner = new Map();
        this.map.set(group, inner);
      }
      inner.set(key, to);
    }
    this.settle();
  }

  delete(group: string, key: string): void {
    const inner = this.map.get(group);
    const at = inner?.get(key);
    if (inner === undefined || at === undefined) return;
    inner.delete(key);
    if (inner.size === 0) this.map.delete(group);
    this.remove(at);
  }

  /** Drops a whole group (rare: a contract's storage wiped). */
  deleteGroup(group: string): void {
    const inner = this.map.get(group);
    if (inner !== undefined) for (const key of [...inner.keys()]) this.delete(group, key);
  }

  override clear(): void {
    super.clear();
    this.map.clear();
    this.groups = [];
  }

  protected drop(at: number): void {
    this.delete(this.groups[at]!, this.keys[at]!);
  }

  protected override blank(at: number): void {
    super.blank(at);
    this.groups[at] = undefined;
  }

  protected reindex(live: number[]): void {
    const map = new Map<string, Map<string, number>>();
    this.groups = live.map((i) => this.groups[i]);
    for (let i = 0; i < this.keys.length; i++) {
      const g = this.groups[i]!;
      let inner = map.get(g);
      if (inner === undefined) {
        inner = new Map();
        map.set(g, inner);
      }
      inner.set(this.keys[i]!, i);
    }
    this.map = map;
  }
}
