// A chain of 20,000 transactions restarts from its data directory without replaying anything:
// every receipt and transaction comes back as it was acknowledged, the head's state root is the
// same, the built-in table rows the transactions wrote are there, and the chain goes on.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toHex } from '../../../src/protocol/hex';
import type { StoredReceipt, StoredTransaction } from '../../../src/devnode/chain/types';
import { KV_ADDRESS, newChain, signedTx } from './chain-fixtures';

const TXS = 20_000;
const BATCH = 1_000;

function kvSet(i: number): Uint8Array {
  const input = new Uint8Array(5);
  input[0] = 1;
  new DataView(input.buffer).setUint32(1, i);
  return input;
}

test(
  'a 20,000-transaction chain restarts with every receipt and its state root',
  { timeout: 300_000 },
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'devnode-20k-'));
    try {
      const a = await newChain({ dataDir, accounts: 8 });
      const acked: { tx: StoredTransaction; receipt: StoredReceipt }[] = [];
      for (let start = 0; start < TXS; start += BATCH) {
        const raws = [];
        for (let i = start; i < start + BATCH; i++)
          raws.push(signedTx(a, a.accounts[i % 8].privateKey, { to: KV_ADDRESS, input: kvSet(i) }).raw);
        for (const c of await Promise.all(raws.map((r) => a.submit(r)))) acked.push(c);
      }
      assert.equal(acked.length, TXS);
      const head = a.getBlockByNumber(a.blockNumber())!;
      const totals = a.totalTransactionCount();
      await a.close();

      const b = await newChain({ dataDir, accounts: 8 });
      try {
        assert.equal(b.blockNumber(), head.header.blockNumber);
        const restored = b.getBlockByNumber(b.blockNumber())!;
        assert.deepEqual(restored.hash, head.hash);
        assert.deepEqual(restored.header.stateRoot, head.header.stateRoot);
        assert.deepEqual(b.totalTransactionCount(), totals);
        for (const { tx, receipt } of acked) {
          const r = b.getReceipt(tx.hash);
          assert.ok(r !== undefined, `receipt of ${toHex(tx.hash)} lost`);
          assert.deepEqual(r.data, receipt.data);
          assert.deepEqual(r.hash, receipt.hash);
          const t = b.getTransaction(tx.hash)!;
          assert.equal(t.sender, tx.sender);
          assert.equal(t.blockNumber, tx.blockNumber);
          assert.equal(t.index, tx.index);
        }
        // The table rows the transactions wrote are read from the store (every 97th key).
        for (let i = 0; i < TXS; i += 97) {
          const out = await b.call(KV_ADDRESS, Uint8Array.of(2, ...kvSet(i).subarray(1)));
          assert.equal(Buffer.from(out.output).toString(), b.accounts[i % 8].address);
        }
        const more = await b.submit(
          signedTx(b, b.accounts[0].privateKey, { to: KV_ADDRESS, input: kvSet(TXS) }).raw,
        );
        assert.equal(more.block.header.blockNumber, head.header.blockNumber + 1);
      } finally {
        await b.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
