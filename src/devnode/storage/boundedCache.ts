// A read cache with a fixed number of entries: the oldest inserted goes first (a Map keeps
// insertion order, so eviction is O(1)). Good enough for state reads, whose hot keys are
// re-inserted when written.

export class BoundedCache<K, V> {
  private readonly map = new Map<K, V>();

  constructor(private readonly capacity: number) {}

  get(key: K): V | undefined {
    return this.map.get(key);
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.capacity) {
      const oldest = this.map.keys().next();
      if (oldest.done !== true) this.map.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.map.delete(key);
  }

  /** Drops string keys starting with `prefix` (rare: a contract's storage wiped). */
  deletePrefix(prefix: string): void {
    for (const k of this.map.keys()) if (typeof k === 'string' && k.startsWith(prefix)) this.map.delete(k);
  }

  clear(): void {
    this.map.clear();
  }
}
