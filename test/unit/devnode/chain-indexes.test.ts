// The nonce window (chain/indexes.ts): a nonce is refused while a block within block_limit used
// it, then forgotten (its N/ and W/ records deleted). The lists of nonces per block are kept in
// memory until they expire; the store's contents and the answers must be those of reading every
// list back from the store, also across a restart and past the memory bound.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ChainIndexes } from '../../../src/devnode/chain/indexes';
import type { StoredBlock } from '../../../src/devnode/chain/types';
import { newBatch, type KvBatch, type KvStore } from '../../../src/devnode/storage/kv';

/** A store that can list everything it holds (MemoryKv lists grouped keys only). */
class MapKv implements KvStore {
  readonly location = undefined;
  readonly data = new Map<string, Uint8Array>();
  /** Reads of nonce records (N/). */
  nonceReads = 0;
  get(key: string): Uint8Array | undefined {
    if (key.startsWith('N/')) this.nonceReads++;
    return this.data.get(key);
  }
  keys(prefix: string): string[] {
    return [...this.data.keys()].filter((k) => k.startsWith(prefix)).sort();
  }
  hasPrefix(prefix: string): boolean {
    return this.keys(prefix).length > 0;
  }
  write(batch: KvBatch): Promise<void> {
    for (const [k, v] of batch.puts) {
      if (v === null) this.data.delete(k);
      else this.data.set(k, v);
    }
    return Promise.resolve();
  }
  close(): Promise<void> {
    return Promise.resolve();
  }
}

const SPAN = 4;

function block(n: number): StoredBlock {
  const hash = new Uint8Array(32).fill(n & 0xff);
  return {
    header: { blockNumber: n } as StoredBlock['header'],
    hash,
    transactions: [],
    receipts: [],
    signatureList: [],
  };
}

/** Commits block n with `nonces` as the ledger does: index entries into the batch, then the write. */
async function commit(kv: MapKv, ix: ChainIndexes, n: number, nonces: string[]): Promise<void> {
  const batch = newBatch();
  ix.add(block(n), nonces, new Map(), batch);
  await kv.write(batch);
  ix.written();
}

function contents(kv: MapKv): string[] {
  const out: string[] = [];
  for (const prefix of ['N/', 'W/'])
    for (const k of kv.keys(prefix)) out.push(`${k}=${Buffer.from(kv.get(k)!).toString('hex')}`);
  return out;
}

test('the nonce window expires the same with lists kept in memory, read from the store, or across a restart', async () => {
  // Block n's nonces: some shared with older blocks (a nonce reused once it left the window).
  const noncesOf = (n: number) =>
    [`a${n}`, `b${n % 7}`, `c${Math.floor(n / 3)}`].filter((x, i, all) => all.indexOf(x) === i);
  const stores = {
    memory: new MapKv(),
    store: new MapKv(),
    restarted: new MapKv(),
    bounded: new MapKv(),
  };
  const ix = {
    memory: new ChainIndexes(stores.memory, SPAN),
    store: new ChainIndexes(stores.store, SPAN, 0), // every list read back from the store
    restarted: new ChainIndexes(stores.restarted, SPAN),
    bounded: new ChainIndexes(stores.bounded, SPAN, 5), // some lists in memory, some not
  };
  const used = new Map<string, number>(); // nonce → last block that used it (the model)
  for (let n = 1; n <= 40; n++) {
    // A nonce is refused while a block within the window used it: skip those, as the pool would.
    const nonces = noncesOf(n).filter((x) => !ix.memory.hasNonce(x, n - 1));
    for (const x of noncesOf(n)) {
      const last = used.get(x);
      assert.equal(
        ix.memory.hasNonce(x, n - 1),
        last !== undefined && last > n - 1 - SPAN,
        `block ${n}: ${x}`,
      );
    }
    for (const k of Object.keys(ix) as (keyof typeof ix)[]) await commit(stores[k], ix[k], n, nonces);
    for (const x of nonces) used.set(x, n);
    if (n === 17) ix.restarted = new ChainIndexes(stores.restarted, SPAN); // lists of blocks 14..17 only in the store
    const expected = contents(stores.store);
    for (const k of ['memory', 'restarted', 'bounded'] as const)
      assert.deepEqual(contents(stores[k]), expected, `block ${n}: ${k}`);
    // Only the last SPAN blocks' lists remain.
    assert.deepEqual(stores.memory.keys('W/').length, Math.min(n, SPAN), `block ${n}: W/ records`);
    for (const k of Object.keys(ix) as (keyof typeof ix)[])
      for (const x of ['a1', `a${n}`, `b${n % 7}`])
        assert.equal(ix[k].hasNonce(x, n), ix.store.hasNonce(x, n), `block ${n}: ${k} ${x}`);
  }
});

test('once its window holds only blocks it committed, the nonce check and expiry read no nonce record', async () => {
  const kv = new MapKv();
  const first = new ChainIndexes(kv, SPAN);
  await commit(kv, first, 0, []);
  for (let n = 1; n <= 10; n++) {
    // Started from genesis (block 0 has no nonces): covered from the first block on.
    assert.equal(first.hasNonce(`a${n}`, n - 1), false);
    assert.equal(first.hasNonce(`b${n % 3}`, n - 1), n >= 4); // block n - 3 used it
    await commit(kv, first, n, [`a${n}`, `b${n % 3}`]);
  }
  assert.equal(kv.nonceReads, 0);
  // A restarted node: blocks 7..10 of its window were committed by the previous process.
  const ix = new ChainIndexes(kv, SPAN);
  kv.nonceReads = 0;
  assert.equal(ix.hasNonce('a9', 10), true);
  assert.equal(ix.hasNonce('new', 10), false);
  assert.ok(kv.nonceReads >= 2, 'before its own blocks fill the window it reads the store');
  for (let n = 11; n <= 14; n++) await commit(kv, ix, n, [`a${n}`, `b${n % 3}`]);
  // Blocks 11..14 now make the whole window.
  kv.nonceReads = 0;
  assert.equal(ix.hasNonce('new', 14), false);
  assert.equal(ix.hasNonce('a10', 14), false); // left the window with block 10
  assert.equal(ix.hasNonce('a12', 14), true);
  assert.equal(ix.hasNonce('b0', 14), true); // block 12
  for (let n = 15; n <= 30; n++) {
    assert.equal(ix.hasNonce(`a${n}`, n - 1), false);
    await commit(kv, ix, n, [`a${n}`, `b${n % 3}`]);
  }
  assert.equal(kv.nonceReads, 0);
  // The store holds the window's nonces only, each with its last block.
  assert.deepEqual(
    kv.keys('N/').map((k) => Buffer.from(k.slice(2), 'hex').toString()),
    ['a27', 'a28', 'a29', 'a30', 'b0', 'b1', 'b2'],
  );
  // A list beyond the memory bound: its window is checked in the store again until it leaves.
  const bounded = new ChainIndexes(kv, SPAN, 2);
  await commit(kv, bounded, 31, ['a31', 'b1']);
  await commit(kv, bounded, 32, ['a32', 'c32', 'd32']); // 2 + 3 > 2: not kept
  kv.nonceReads = 0;
  assert.equal(bounded.hasNonce('c32', 32), true);
  assert.equal(bounded.hasNonce('new', 32), false);
  assert.ok(kv.nonceReads >= 2);
});
