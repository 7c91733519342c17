// Committed blocks are kept compactly and rebuilt on demand: a block read long after it left
// the decoded cache must give the same records (and RPC JSON) as when it was sealed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Interface } from 'ethers';
import {
  formatBlock,
  formatReceiptCore,
  formatSentReceipt,
  formatTransaction,
} from '../../../src/devnode/rpc/format';
import { writeJson } from '../../../src/devnode/rpc/jsonWrite';
import { fromHex, toHex } from '../../../src/protocol/hex';
import { COUNTER_SOURCE, KV_ADDRESS, compile, newChain, signedTx } from './chain-fixtures';

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

test("sendTransaction's answer is the receipt core with the transaction's extraData, from, input and to", async () => {
  const chain = await newChain();
  try {
    const key = chain.accounts[1].privateKey;
    const counter = compile(COUNTER_SOURCE).Counter;
    const deployed = await chain.submit(signedTx(chain, key, { input: counter.bytecode }).raw);
    const address = '0x' + deployed.receipt.data.contractAddress.replace(/^0x/, '');
    const iface = new Interface(counter.abi as never);
    const call = (fn: string, args: unknown[] = []) => fromHex(iface.encodeFunctionData(fn, args));
    const committed = [
      deployed,
      ...(await Promise.all([
        chain.submit(signedTx(chain, key, { to: address, input: call('set', [7]) }).raw), // a log
        chain.submit(signedTx(chain, key, { to: address, input: call('fail') }).raw), // reverts: hash "0x"
        chain.submit(signedTx(chain, key, { to: KV_ADDRESS, input: new Uint8Array([1, 0xaa, 0xbb]) }).raw),
        chain.submit(
          signedTx(chain, key, { version: 1, to: KV_ADDRESS, input: new Uint8Array([2, 0xaa]), value: '0x0' })
            .raw,
        ),
      ])),
    ];
    assert.deepEqual(
      committed.map((c) => c.receipt.data.status !== 0),
      [false, false, true, false, false],
    );
    for (const { tx, receipt } of committed) {
      // What sendTransaction built before formatSentReceipt.
      const spread = {
        ...formatReceiptCore(receipt, toHex(tx.hash), receipt.data.status === 0, chain.suite),
        extraData: tx.tx.extraData ?? '',
        from: tx.sender,
        input: toHex(tx.tx.data.input),
        to: tx.tx.data.to,
      };
      assert.equal(writeJson(formatSentReceipt(receipt, tx, chain.suite)), writeJson(spread));
    }
    assert.match(
      writeJson(formatSentReceipt(deployed.receipt, deployed.tx, chain.suite)),
      /"contractAddress":"0x[0-9a-f]{40}"/,
    );
  } finally {
    await chain.close();
  }
});
