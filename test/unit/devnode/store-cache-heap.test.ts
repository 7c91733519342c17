// The read caches' byte bounds are estimates: these tests fill a cache the way the dev node does
// and weigh the V8 heap it really holds against the estimate, so a change of representation or
// of the weights that lets a cache outgrow its bound (in bytes, not just in entries) fails here.
// heapUsed after full garbage collections is exact enough at this scale (megabytes).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Address } from '@ethereumjs/util';
import { JournaledStateManager } from '../../../src/devnode/evm/stateManager';
import { BoundedCache, ENTRY_OVERHEAD, stringBytes } from '../../../src/devnode/storage/boundedCache';
import { BoundedPairCache } from '../../../src/devnode/storage/boundedPairCache';
import { newBatch } from '../../../src/devnode/storage/kv';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function heapUsed(): number {
  gc();
  gc();
  return process.memoryUsage().heapUsed;
}

/** A 32-byte storage key for slot `i` (big-endian). */
function slotKey(i: number): Uint8Array {
  const k = new Uint8Array(32);
  for (let b = 31, x = i; x > 0; b--, x = Math.floor(x / 256)) k[b] = x % 256;
  return k;
}

test('the state slot cache holds no more heap than its byte bound, filled as a chain of new keys fills it', () => {
  const address = new Address(new Uint8Array(20).fill(0xab));
  const before = heapUsed();
  const state = new JournaledStateManager();
  // Blocks of 32 transactions, each reading a new slot (a miss, cached as absent) and writing it
  // (a value of 1-3 bytes, as m[k] = k stores): 160,000 slots, several times what 12 MiB holds.
  // The heap is weighed through the cache's cycle (its queue is compacted now and then).
  let most = 0;
  for (let i = 1; i <= 160_000;) {
    for (let t = 0; t < 32; t++, i++) {
      const key = slotKey(i);
      assert.equal(state.getStorageSync(address, key).length, 0);
      state.putStorageSync(address, key, slotKey(i).subarray(32 - Math.ceil(Math.log2(i + 1) / 8)));
    }
    state.flushInto(newBatch());
    state.settle();
    if (i > 80_000 && i % 3200 === 1) most = Math.max(most, heapUsed() - before);
  }
  const slots = state.cacheStats().slots;
  assert.ok(slots.bytes <= slots.maxBytes && slots.entries < 160_000, JSON.stringify(slots));
  // The state's other maps are empty after each flush: what it holds is the cache.
  assert.ok(
    most <= slots.maxBytes * 1.05,
    `the slot cache held up to ${(most / 2 ** 20).toFixed(1)} MiB for ${slots.entries} entries; its bound is ${(slots.maxBytes / 2 ** 20).toFixed(1)} MiB`,
  );
});

test("a bounded cache's own structure costs at most ENTRY_OVERHEAD per entry, keys set twice or once", () => {
  const N = 50_000;
  const keys = Array.from(
    { length: N },
    (_, i) => 'S/0x' + 'ab'.repeat(20) + '/' + i.toString(16).padStart(64, '0'),
  );
  const values = keys.map((_, i) => (i % 2 === 0 ? null : new Uint8Array([i & 255])));
  for (const twice of [false, true]) {
    const before = heapUsed();
    const cache = new BoundedCache<string, Uint8Array | null>({
      entries: N,
      bytes: 1e9,
      weigh: (k) => ENTRY_OVERHEAD + stringBytes(k),
    });
    for (let i = 0; i < N; i++) {
      if (twice) cache.set(keys[i], null); // a read miss, then the block's write
      cache.set(keys[i], values[i]);
    }
    const perEntry = (heapUsed() - before) / N;
    assert.equal(cache.stats().entries, N);
    assert.ok(perEntry <= ENTRY_OVERHEAD, `${perEntry.toFixed(0)} bytes per entry (set twice: ${twice})`);
  }
});

test("a pair cache's own structure costs at most ENTRY_OVERHEAD per entry (the slot cache's keys: one address, many slots)", () => {
  const N = 50_000;
  const address = '0x' + 'ab'.repeat(20);
  const slots = Array.from({ length: N }, (_, i) => i.toString(16).padStart(64, '0'));
  const values = slots.map((_, i) => (i % 2 === 0 ? null : new Uint8Array([i & 255])));
  for (const twice of [false, true]) {
    const before = heapUsed();
    const cache = new BoundedPairCache<Uint8Array | null>({
      entries: N,
      bytes: 1e9,
      weigh: (g, k) => ENTRY_OVERHEAD + stringBytes(g) + stringBytes(k),
    });
    for (let i = 0; i < N; i++) {
      if (twice) cache.set(address, slots[i], null); // a read miss, then the block's write
      cache.set(address, slots[i], values[i]);
    }
    const perEntry = (heapUsed() - before) / N;
    assert.equal(cache.stats().entries, N);
    assert.ok(perEntry <= ENTRY_OVERHEAD, `${perEntry.toFixed(0)} bytes per entry (set twice: ${twice})`);
  }
});
