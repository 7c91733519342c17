// Committed blocks are kept compactly and rebuilt on demand: a block read long after it left
// the decoded cache must give the same records (and RPC JSON) as when it was sealed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatBlock, formatReceiptCore, formatTransaction } from '../../../src/devnode/rpc/format';
import { toHex } from '../../../src/protocol/hex';
import { KV_ADDRESS, newChain, signedTx } from './chain-fixtures';

for (const sm of [false, true]) {
  test(`blocks, transactions and receipts survive the compact store unchanged (${sm ? 'SM' : 'secp256k1'})`, async () => {
    const chain = await newChain({ sm });
    try {
      const key = chain.accounts[1].privateKey;
      // A transaction with logs and output, one that fails, and a deployment-shaped one.
      const first = await Promise.all([
        chain.submit(signedTx(chain, key, { to: KV_ADDRESS, input: new Uint8Array([1, 0xaa, 0xbb]) }).raw),
        chain.submit(signedTx(chain, key, { to: KV_ADDRESS, input: new Uint8Array([4, 0xcc]) }).raw),
        chain.submit(
          signedTx(chain, key, {
            version: 1,
            to: KV_ADDRESS,
            input: new Uint8Array([2, 0xaa, 0xbb]),
            value: '0x0',
          }).raw,
        ),
      ]);
      const sealed = first[0].block;
      const expected = {
        block: JSON.stringify(formatBlock(sealed, false, false)),
        txs: first.map((c) => JSON.stringify(formatTransaction(c.tx))),
        receipts: first.map((c) =>
          JSON.stringify(formatReceiptCore(c.receipt, toHex(c.tx.hash), true, chain.suite)),
        ),
        signatures: JSON.stringify(sealed.signatureList.map((s) => [s.sealerIndex, toHex(s.signature)])),
      };
      // Push the block out of the decoded cache.
      for (let i = 0; i < 40; i++)
        await chain.submit(signedTx(chain, key, { to: KV_ADDRESS, input: new Uint8Array([2, i]) }).raw);
      const n = sealed.header.blockNumber;
      const again = chain.getBlockByNumber(n)!;
      assert.notEqual(again, sealed, 'rebuilt, not the cached object');
      assert.equal(JSON.stringify(formatBlock(again, false, false)), expected.block);
      assert.equal(
        JSON.stringify(again.signatureList.map((s) => [s.sealerIndex, toHex(s.signature)])),
        expected.signatures,
      );
      assert.deepEqual(chain.getBlockByHash(sealed.hash)?.hash, sealed.hash);
      first.forEach((c, i) => {
        const tx = chain.getTransaction(c.tx.hash)!;
        const receipt = chain.getReceipt(c.tx.hash)!;
        assert.equal(JSON.stringify(formatTransaction(tx)), expected.txs[i]);
        assert.equal(
          JSON.stringify(formatReceiptCore(receipt, toHex(c.tx.hash), true, chain.suite)),
          expected.receipts[i],
        );
        assert.deepEqual([tx.blockNumber, tx.index, receipt.index], [n, c.tx.index, c.receipt.index]);
        assert.deepEqual(tx.tx.sender, c.tx.tx.sender);
      });
      assert.equal(chain.getTransaction(new Uint8Array(32)), undefined);
    } finally {
      await chain.close();
    }
  });
}
