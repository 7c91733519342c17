// Memory stays flat however long the chain gets: every in-memory structure that could grow with
// the chain (state, table and block caches, diagnostics) holds to its entry and byte bounds
// while the chain writes far more state and block data than they can hold, and what they
// evicted is still read correctly from the store.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { BoundedCache } from '../../../src/devnode/storage/boundedCache';
import { DiagnosticsStore } from '../../../src/devnode/chain/diagnosticsStore';
import type { DevChain } from '../../../src/devnode/chain/types';
import { compile, newChain, signedTx } from './chain-fixtures';

const MANY = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Many {
    mapping(uint256 => uint256) public m;
    function fill(uint256 from, uint256 n) public { for (uint256 i = from; i < from + n; i++) m[i] = i + 1; }
}`;

function assertWithinBounds(chain: DevChain, when: string): void {
  for (const [name, s] of Object.entries(chain.cacheStats())) {
    assert.ok(
      s.entries <= s.maxEntries,
      `${when}: ${name} holds ${s.entries} entries, bound ${s.maxEntries}`,
    );
    assert.ok(s.bytes <= s.maxBytes, `${when}: ${name} holds ~${s.bytes} bytes, bound ${s.maxBytes}`);
  }
}

test(
  'read caches stay within their bounds while state and blocks outgrow them',
  { timeout: 120_000 },
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'devnode-bounded-'));
    const chain = await newChain({ dataDir });
    try {
      const many = compile(MANY).Many;
      const iface = new Interface(many.abi as never);
      const key = chain.accounts[1].privateKey;
      const deployed = await chain.submit(signedTx(chain, key, { input: many.bytecode }).raw);
      const to = '0x' + deployed.receipt.data.contractAddress;
      const fill = (from: number, n: number) =>
        Buffer.from(iface.encodeFunctionData('fill', [from, n]).slice(2), 'hex');

      // 48,000 storage slots written (about 19 MiB of slot cache entries against a bound of 12).
      const SLOTS = 48_000;
      const PER_TX = 3_000;
      for (let from = 0; from < SLOTS; from += 4 * PER_TX) {
        const batch = [0, 1, 2, 3].map((j) =>
          chain.submit(signedTx(chain, key, { to, input: fill(from + j * PER_TX, PER_TX) }).raw),
        );
        for (const c of await Promise.all(batch)) assert.equal(c.receipt.data.status, 0);
        assertWithinBounds(chain, `after block ${chain.blockNumber()}`);
      }
      const slots = chain.cacheStats().slots;
      assert.ok(slots.entries < SLOTS, `the slot cache evicted nothing (${slots.entries} entries)`);

      // 24 blocks of one 200 KB transaction each (inputs beyond the arguments are ignored by the
      // contract): about 4.8 MB of block data against 4 MiB bounds, read back one by one.
      const big = new Uint8Array(200_000).fill(0xab);
      const bigBlocks: number[] = [];
      for (let i = 0; i < 24; i++) {
        const input = Buffer.concat([fill(SLOTS + i, 1), big]);
        const c = await chain.submit(signedTx(chain, key, { to, input }).raw);
        bigBlocks.push(c.block.header.blockNumber);
        assertWithinBounds(chain, `after big block ${c.block.header.blockNumber}`);
      }
      for (let n = 0; n <= chain.blockNumber(); n++) {
        const block = chain.getBlockByNumber(n);
        assert.ok(block !== undefined, `block ${n} lost`);
        if (bigBlocks.includes(n))
          assert.equal(block.transactions[0].tx.data.input.length, 4 + 64 + big.length);
        assertWithinBounds(chain, `after reading block ${n}`);
      }

      // Evicted slots are read from the store: the first ones written, through a call.
      for (const k of [0, 1, 1234, SLOTS / 2]) {
        const out = await chain.call(to, Buffer.from(iface.encodeFunctionData('m', [k]).slice(2), 'hex'));
        assert.equal(BigInt('0x' + Buffer.from(out.output).toString('hex')), BigInt(k + 1));
      }
      assertWithinBounds(chain, 'at the end');
    } finally {
      await chain.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);

test('a bounded cache evicts the oldest entries by count and by estimated bytes', () => {
  const c = new BoundedCache<string, string>({ entries: 4, bytes: 100, weigh: (_k, v) => v.length });
  c.set('a', 'x'.repeat(40));
  c.set('b', 'x'.repeat(40));
  c.set('c', 'x'.repeat(40)); // 120 bytes: 'a' goes
  assert.equal(c.get('a'), undefined);
  assert.deepEqual(c.stats(), { entries: 2, maxEntries: 4, bytes: 80, maxBytes: 100 });
  c.set('b', 'x'); // replacing an entry replaces its weight
  assert.equal(c.stats().bytes, 41);
  c.set('huge', 'x'.repeat(101)); // larger than the whole budget: not kept, nothing evicted
  assert.equal(c.get('huge'), undefined);
  assert.equal(c.stats().entries, 2);
  for (const k of ['d', 'e', 'f']) c.set(k, '');
  // The count bound: the oldest, 'c', went ('b' was re-inserted when replaced).
  assert.deepEqual([c.get('c'), c.get('b')], [undefined, 'x']);
  c.deletePrefix('e');
  c.delete('d');
  assert.deepEqual(c.stats(), { entries: 2, maxEntries: 4, bytes: 1, maxBytes: 100 });
});

test('diagnostics keep only the newest transactions in memory', () => {
  const d = new DiagnosticsStore(() => undefined, 5);
  for (let i = 0; i < 20; i++) {
    d.record(`0x${i}`, { consoleLogs: [String(i)] });
    d.committed([`0x${i}`]);
  }
  assert.equal(d.cacheStats().entries, 5);
  // One transaction printing 100,000 lines does not fit the byte bound: it is left to the store.
  d.record('0xbig', { consoleLogs: Array.from({ length: 100_000 }, (_, i) => `line ${i} `.repeat(10)) });
  d.committed(['0xbig']);
  assert.ok(d.cacheStats().bytes <= d.cacheStats().maxBytes);
  assert.equal(d.get('0xbig'), undefined);
  assert.equal(d.get('0x14'), undefined);
  assert.deepEqual(d.get('0x19')?.consoleLogs, ['19']);
});
