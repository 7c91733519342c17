// Restart from the data directory: blocks, receipts, state, tables, ABIs and the nonce window
// come back; changed options are refused. (Damage, locks and migration: store-faults.test.ts.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { fromHex, toHex } from '../../../src/protocol/hex';
import { TxRejected } from '../../../src/devnode/chain/types';
import { COUNTER_SOURCE, KV_ADDRESS, compile, newChain, signedTx, testBuiltins } from './chain-fixtures';

const counter = compile(COUNTER_SOURCE).Counter;
const iface = new Interface(counter.abi as never);

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'devnode-chain-'));
}

test('a restarted chain has every block, receipt, state, table row and ABI', async () => {
  const dataDir = tempDir();
  try {
    const a = await newChain({ dataDir });
    const d = await a.submit(
      signedTx(a, a.accounts[0].privateKey, { input: counter.bytecode, abi: JSON.stringify(counter.abi) })
        .raw,
    );
    const addr = '0x' + d.receipt.data.contractAddress;
    const sets = await Promise.all(
      [1, 2, 3].map((v) =>
        a.submit(
          signedTx(a, a.accounts[v - 1].privateKey, {
            to: addr,
            input: fromHex(iface.encodeFunctionData('set', [v * 10])),
          }).raw,
        ),
      ),
    );
    const kv = await a.submit(
      signedTx(a, a.accounts[1].privateKey, { to: KV_ADDRESS, input: fromHex('0x0142') }).raw,
    );
    const value = await a.call(addr, fromHex(iface.encodeFunctionData('value')));
    const hashes = Array.from({ length: a.blockNumber() + 1 }, (_, n) => toHex(a.getBlockByNumber(n)!.hash));
    const totals = a.totalTransactionCount();
    await a.close();

    const b = await newChain({ dataDir });
    try {
      assert.equal(b.blockNumber(), hashes.length - 1);
      assert.deepEqual(
        Array.from({ length: b.blockNumber() + 1 }, (_, n) => toHex(b.getBlockByNumber(n)!.hash)),
        hashes,
      );
      for (const r of [d, ...sets, kv]) {
        assert.deepEqual(b.getReceipt(r.tx.hash)!.data, r.receipt.data);
        assert.equal(b.getTransaction(r.tx.hash)!.sender, r.tx.sender);
        assert.equal(b.getTransaction(r.tx.hash)!.tx.importTime, r.tx.tx.importTime);
      }
      assert.deepEqual(await b.call(addr, fromHex(iface.encodeFunctionData('value'))), value);
      assert.equal(
        Buffer.from((await b.call(KV_ADDRESS, fromHex('0x0242'))).output).toString(),
        b.accounts[1].address,
      );
      assert.equal(b.getAbi(addr), JSON.stringify(counter.abi));
      assert.deepEqual(b.totalTransactionCount(), totals);
      // The nonce window survives: replaying an old nonce is refused.
      await assert.rejects(
        b.submit(signedTx(b, b.accounts[0].privateKey, { nonce: d.tx.tx.data.nonce }).raw),
        (e: unknown) => e instanceof TxRejected && e.code === 10000,
      );
      // And the chain continues.
      const more = await b.submit(signedTx(b, b.accounts[0].privateKey).raw);
      assert.equal(more.block.header.blockNumber, hashes.length);
    } finally {
      await b.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('SM chain restarts with its randomized block signatures', async () => {
  const dataDir = tempDir();
  try {
    const a = await newChain({ dataDir, sm: true, nodes: 2 });
    const r = await a.submit(signedTx(a, a.accounts[0].privateKey).raw);
    await a.close();
    const b = await newChain({ dataDir, sm: true, nodes: 2 });
    try {
      assert.deepEqual(b.getBlockByNumber(1)!.hash, r.block.hash);
      assert.deepEqual(b.getBlockByNumber(1)!.signatureList, r.block.signatureList);
    } finally {
      await b.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('reopening with other genesis options is refused', async () => {
  const dataDir = tempDir();
  try {
    const a = await newChain({ dataDir });
    await a.close();
    await assert.rejects(newChain({ dataDir, chainId: 'chain1' }), /chainId/);
    await assert.rejects(newChain({ dataDir, seed: 'other' }), /seed/);
    // The seed is remembered when not given.
    const b = await newChain({ dataDir, seed: undefined });
    assert.equal(b.accounts[0].address, a.accounts[0].address);
    await b.close();
    // More dev accounts is fine: they are derived per index.
    const c = await newChain({ dataDir, accounts: 6 });
    assert.deepEqual(
      c.accounts.slice(0, 3).map((x) => x.address),
      a.accounts.map((x) => x.address),
    );
    await c.close();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('a restart replays nothing: no transaction is executed and genesis is not rewritten', async () => {
  const dataDir = tempDir();
  try {
    const a = await newChain({ dataDir });
    for (let i = 0; i < 3; i++)
      await a.submit(
        signedTx(a, a.accounts[0].privateKey, { to: KV_ADDRESS, input: fromHex('0x01' + '4' + i) }).raw,
      );
    await a.close();
    // Stand-in built-ins that count what the core asks of them.
    const builtins = testBuiltins();
    const kv = builtins.precompiles.get(KV_ADDRESS)!;
    let executed = 0;
    let genesis = 0;
    const execute = kv.execute.bind(kv);
    kv.execute = (ctx, input) => {
      executed++;
      return execute(ctx, input);
    };
    const writeGenesis = builtins.genesis.bind(builtins);
    builtins.genesis = (store, o) => {
      genesis++;
      return writeGenesis(store, o);
    };
    const b = await newChain({ dataDir, builtins });
    try {
      assert.equal(b.blockNumber(), 3);
      assert.equal(executed, 0);
      assert.equal(genesis, 0);
      // The state is there all the same: read from the store.
      assert.equal(
        Buffer.from((await b.call(KV_ADDRESS, fromHex('0x0242'))).output).toString(),
        b.accounts[0].address,
      );
    } finally {
      await b.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
