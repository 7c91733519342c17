// BoundedCache against a plain model of its contract: entries leave in the order they were last
// set, by count and by weight; replacing, deleting and clearing keep the order and the totals.
// BoundedPairCache against BoundedCache keyed by the joined pair.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BoundedCache } from '../../../src/devnode/storage/boundedCache';
import { BoundedPairCache } from '../../../src/devnode/storage/boundedPairCache';

/** The contract, the obvious way: an array in order of the last set. */
class Model {
  order: { key: string; value: string }[] = [];
  constructor(
    readonly entries: number,
    readonly bytes: number,
  ) {}
  weight(): number {
    return this.order.reduce((a, e) => a + e.value.length, 0);
  }
  get(key: string): string | undefined {
    return this.order.find((e) => e.key === key)?.value;
  }
  delete(key: string): void {
    this.order = this.order.filter((e) => e.key !== key);
  }
  set(key: string, value: string): void {
    this.delete(key);
    if (value.length > this.bytes) return;
    this.order.push({ key, value });
    while (this.order.length > this.entries || this.weight() > this.bytes) this.order.shift();
  }
}

/** A small deterministic generator (xorshift32), so a failure repeats. */
function rng(seed: number): () => number {
  let x = seed;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

test('a bounded cache keeps the entries a model keeps, in the same order, under random use', () => {
  for (const [seed, entries, bytes, keys] of [
    [1, 8, 1000, 20],
    [2, 50, 200, 80],
    [3, 1000, 100_000, 40], // never full: only replacements, which pile up places in the queue
    [4, 5, 30, 6],
  ]) {
    const random = rng(seed);
    const cache = new BoundedCache<string, string>({ entries, bytes, weigh: (_k, v) => v.length });
    const model = new Model(entries, bytes);
    for (let step = 0; step < 20_000; step++) {
      const key = `k${Math.floor(random() * keys)}`;
      // Mostly one hot key, as a contract's first slot: every transaction writes it.
      const hot = random() < 0.3 ? 'hot' : key;
      const r = random();
      if (r < 0.7) {
        const value = 'v'.repeat(Math.floor(random() * (bytes / 4 + 2)));
        cache.set(hot, value);
        model.set(hot, value);
      } else if (r < 0.9) {
        cache.delete(key);
        model.delete(key);
      } else if (r < 0.9005) {
        cache.clear();
        model.order = [];
      } else {
        cache.deletePrefix(key); // "k1" takes "k10"... with it
        model.order = model.order.filter((e) => !e.key.startsWith(key));
      }
      for (let i = 0; i < keys; i++) {
        const k = `k${i}`;
        assert.equal(cache.get(k), model.get(k), `seed ${seed} step ${step}: ${k}`);
      }
      assert.equal(cache.get('hot'), model.get('hot'), `seed ${seed} step ${step}: hot`);
      assert.deepEqual(
        cache.stats(),
        { entries: model.order.length, maxEntries: entries, bytes: model.weight(), maxBytes: bytes },
        `seed ${seed} step ${step}`,
      );
    }
  }
});

test('a bounded cache set again keeps its place only at the end of the order', () => {
  const c = new BoundedCache<string, number>(3);
  for (const k of ['a', 'b', 'c']) c.set(k, 1);
  for (let i = 0; i < 10_000; i++) c.set('a', i); // 'a' is now the newest, set many times
  c.set('d', 0); // 'b' goes: the oldest set
  assert.deepEqual(
    ['a', 'b', 'c', 'd'].map((k) => c.get(k)),
    [9999, undefined, 1, 0],
  );
  c.set('e', 0);
  c.set('f', 0); // 'c', then 'a'
  assert.deepEqual(
    ['a', 'c', 'd', 'e', 'f'].map((k) => c.get(k)),
    [undefined, undefined, 0, 0, 0],
  );
});

test('a pair cache keeps what a bounded cache keyed by the joined pair keeps, under random use', () => {
  for (const [seed, entries, bytes, groups, keys] of [
    [5, 8, 1000, 3, 10],
    [6, 50, 200, 4, 30],
    [7, 1000, 100_000, 2, 40], // never full: only replacements
    [8, 5, 30, 2, 4],
  ]) {
    const random = rng(seed);
    const join = (g: string, k: string) => `S/${g}/${k}`;
    // Weights depend on the group and the key too, as the state's and the tables' do.
    const weigh = (g: string, k: string, v: string) => g.length + k.length + v.length;
    const pair = new BoundedPairCache<string>({ entries, bytes, weigh });
    const joined = new BoundedCache<string, string>({
      entries,
      bytes,
      weigh: (k, v) => k.length - 3 + v.length,
    });
    for (let step = 0; step < 20_000; step++) {
      const g = `g${Math.floor(random() * groups)}`;
      const k = random() < 0.3 ? 'hot' : `k${Math.floor(random() * keys)}`;
      const r = random();
      if (r < 0.7) {
        const value = 'v'.repeat(Math.floor(random() * (bytes / 4 + 2)));
        pair.set(g, k, value);
        joined.set(join(g, k), value);
      } else if (r < 0.9) {
        pair.delete(g, k);
        joined.delete(join(g, k));
      } else if (r < 0.9005) {
        pair.clear();
        joined.clear();
      } else {
        pair.deleteGroup(g);
        joined.deletePrefix(`S/${g}/`);
      }
      for (let gi = 0; gi < groups; gi++)
        for (const key of ['hot', ...Array.from({ length: keys }, (_, i) => `k${i}`)])
          assert.equal(pair.get(`g${gi}`, key), joined.get(join(`g${gi}`, key)), `seed ${seed} step ${step}`);
      assert.deepEqual(pair.stats(), joined.stats(), `seed ${seed} step ${step}`);
    }
  }
});
