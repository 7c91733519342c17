// Genesis, sealing and batching, block structure (roots, signatures, leader rotation).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { hashBlockHeader } from '../../../src/protocol/block';
import { merkleRoot } from '../../../src/protocol/merkle';
import { toHex, utf8Decode } from '../../../src/protocol/hex';
import { newChain, setConfig, signedTx, testBuiltins } from './chain-fixtures';
import type { StoredBlock } from '../../../src/devnode/chain/types';

test('genesis block is built as the real node does', async () => {
  const chain = await newChain();
  try {
    const g = chain.getBlockByNumber(0)!;
    assert.equal(chain.blockNumber(), 0);
    assert.equal(g.header.version, 0x03100400);
    assert.equal(g.header.txsRoot.length, 0);
    assert.equal(g.header.receiptRoot.length, 0);
    assert.equal(g.header.stateRoot.length, 0);
    assert.equal(g.header.gasUsed, '');
    assert.equal(g.header.parentInfo.length, 0);
    // bcos-tool NodeConfig.cpp generateGenesisData (full text checked in parity-genesis.test.ts).
    assert.match(utf8Decode(g.header.extraData), /\ncompatibility_version:3\.16\.4\n/);
    assert.deepEqual(g.hash, hashBlockHeader(g.header, chain.suite));
    assert.equal(chain.getBlockByHash(g.hash), g);
    assert.equal(chain.consensusNodes().length, 4);
    assert.equal(chain.systemConfig('tx_count_limit')?.value, '1000');
  } finally {
    await chain.close();
  }
});

test('keys are deterministic per seed', async () => {
  const a = await newChain();
  const b = await newChain();
  const c = await newChain({ seed: 'other' });
  try {
    assert.deepEqual(
      a.nodes.map((n) => n.nodeId),
      b.nodes.map((n) => n.nodeId),
    );
    assert.deepEqual(
      a.accounts.map((x) => x.address),
      b.accounts.map((x) => x.address),
    );
    assert.notDeepEqual(
      a.accounts.map((x) => x.address),
      c.accounts.map((x) => x.address),
    );
    assert.equal(a.nodes[0].nodeId.length, 128);
    assert.equal(new Set(a.nodes.map((n) => n.nodeId)).size, 4);
    assert.deepEqual(a.getBlockByNumber(0)!.hash, b.getBlockByNumber(0)!.hash);
  } finally {
    await Promise.all([a.close(), b.close(), c.close()]);
  }
});

test('block time 0: concurrent submissions are batched, up to tx_count_limit per block', async () => {
  const builtins = testBuiltins();
  const genesis = builtins.genesis.bind(builtins);
  builtins.genesis = async (store, o) => {
    await genesis(store, o);
    setConfig(store, 'tx_count_limit', '10', 0);
  };
  const chain = await newChain({ builtins });
  const seen: StoredBlock[] = [];
  chain.onBlock((b) => seen.push(b));
  try {
    const txs = Array.from({ length: 45 }, (_, i) => signedTx(chain, chain.accounts[i % 3].privateKey));
    const results = await Promise.all(txs.map((t) => chain.submit(t.raw)));
    assert.equal(chain.blockNumber(), 5);
    assert.equal(seen.length, 5);
    for (const b of seen) assert.ok(b.transactions.length <= 10);
    assert.equal(
      seen.reduce((s, b) => s + b.transactions.length, 0),
      45,
    );
    // Every submitter got its own receipt, in its block at its index.
    results.forEach((r, i) => {
      assert.deepEqual(r.tx.hash, txs[i].hash);
      assert.equal(r.block.transactions[r.tx.index], r.tx);
      assert.equal(r.receipt.index, r.tx.index);
      assert.deepEqual(chain.getReceipt(txs[i].hash), r.receipt);
      assert.equal(chain.getTransaction(txs[i].hash), r.tx);
    });
    assert.deepEqual(chain.totalTransactionCount(), {
      blockNumber: 5,
      transactionCount: 45,
      failedTransactionCount: 0,
    });
    assert.equal(chain.pendingCount(), 0);
  } finally {
    await chain.close();
  }
});

test('sealed blocks: parent, roots, gas, sealer rotation, signatures by the sealers', async () => {
  const chain = await newChain();
  try {
    for (let i = 0; i < 5; i++) {
      const txs = [
        signedTx(chain, chain.accounts[0].privateKey),
        signedTx(chain, chain.accounts[1].privateKey),
      ];
      await Promise.all(txs.map((t) => chain.submit(t.raw)));
    }
    for (let n = 1; n <= chain.blockNumber(); n++) {
      const b = chain.getBlockByNumber(n)!;
      const h = b.header;
      assert.deepEqual(h.parentInfo, [
        { blockNumber: n - 1, blockHash: chain.getBlockByNumber(n - 1)!.hash },
      ]);
      assert.deepEqual(
        h.txsRoot,
        merkleRoot(
          b.transactions.map((t) => t.hash),
          chain.suite,
        ),
      );
      assert.deepEqual(
        h.receiptRoot,
        merkleRoot(
          b.receipts.map((r) => r.hash),
          chain.suite,
        ),
      );
      assert.equal(h.stateRoot.length, 32);
      assert.equal(h.gasUsed, b.receipts.reduce((s, r) => s + BigInt(r.data.gasUsed), 0n).toString());
      assert.equal(h.version, 0x03100400);
      assert.equal(h.sealer, n % 4); // consensus_leader_period 1
      assert.deepEqual(
        h.sealerList.map((k) => toHex(k, false)),
        chain.nodes.map((x) => x.nodeId),
      );
      assert.deepEqual(h.consensusWeights, [1, 1, 1, 1]);
      assert.ok(h.timestamp >= chain.getBlockByNumber(n - 1)!.header.timestamp);
      assert.deepEqual(b.hash, hashBlockHeader(h, chain.suite));
      assert.equal(b.signatureList.length, 4);
      for (const s of b.signatureList) {
        assert.equal(
          toHex(chain.suite.recover(b.hash, s.signature), false),
          chain.nodes[s.sealerIndex].nodeId,
        );
      }
      for (const r of b.receipts) assert.equal(r.data.blockNumber, n);
    }
    // Sealing moves the leader (header.sealer above), not the view: no view change happened.
    assert.equal(chain.pbftView(), 0);
  } finally {
    await chain.close();
  }
});

test('block time > 0: transactions wait for the next tick and share a block', async () => {
  const chain = await newChain({ blockTimeMs: 150 });
  try {
    // Submitted together within one tick, they are sealed together (no wall-clock assertion:
    // a busy machine may deliver the tick early or late).
    const results = await Promise.all(
      [0, 1, 2].map((i) => chain.submit(signedTx(chain, chain.accounts[i].privateKey).raw)),
    );
    assert.equal(new Set(results.map((r) => r.block.header.blockNumber)).size, 1);
    assert.equal(chain.blockNumber(), 1);
    // No empty blocks while idle.
    await new Promise((r) => setTimeout(r, 350));
    assert.equal(chain.blockNumber(), 1);
  } finally {
    await chain.close();
  }
});

test('bad options are refused with a clear error', async () => {
  await assert.rejects(newChain({ nodes: 0 }), /nodes/);
  await assert.rejects(newChain({ chainId: 'bad id' }), /chainId/);
  await assert.rejects(newChain({ blockTimeMs: -1 }), /blockTimeMs/);
});
