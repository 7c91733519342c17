// Sender recovery on a worker thread (chain/senderRecovery.ts): the worker gives the suite's own
// answers, and a transaction pooled before its signature is checked ends exactly as it would have
// with the check made on arrival (the same code, nothing it held kept: its hash, its nonce, its
// place in a block or in the pending count).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { WorkerRecovery } from '../../../src/devnode/chain/senderRecovery';
import { TxRejected, type DevChain } from '../../../src/devnode/chain/types';
import { ecdsaSuite } from '../../../src/protocol/crypto/suite';
import { nativeSecp256k1Available } from '../../../src/protocol/crypto/ecdsa';
import { fromHex } from '../../../src/protocol/hex';
import { newChain, signedTx } from './chain-fixtures';

const binding = createRequire(__filename).resolve('secp256k1/bindings');

function newRecovery(): WorkerRecovery {
  return new WorkerRecovery(binding, (h, s) => ecdsaSuite.recover(h, s));
}

/** Waits (bounded) until the worker takes tickets. */
async function online(r: WorkerRecovery): Promise<void> {
  r.open();
  for (let i = 0; i < 2000 && !r.online; i++) await new Promise((res) => setTimeout(res, 5));
  assert.ok(r.online, 'the recovery worker did not start');
}

async function rejection(p: Promise<unknown>): Promise<TxRejected> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof TxRejected, `expected TxRejected, got ${String(e)}`);
    return e;
  }
  assert.fail('expected a rejection');
}

test(
  'the worker answers what the suite answers: public keys, and null for bad signatures',
  { skip: !nativeSecp256k1Available && 'the native secp256k1 binding is not installed' },
  async () => {
    const r = newRecovery();
    try {
      await online(r);
      const key = ecdsaSuite.randomPrivateKey();
      const cases = Array.from({ length: 20 }, (_, i) => {
        const hash = ecdsaSuite.hash(new Uint8Array([i]));
        const signature = i % 5 === 4 ? new Uint8Array(65) : ecdsaSuite.sign(hash, key);
        return { hash, signature, ticket: r.start(hash, signature) };
      });
      assert.ok(cases.every((c) => c.ticket.posted));
      // Answered by the worker: ready without being recovered here.
      for (let i = 0; i < 2000 && !cases.every((c) => r.ready(c.ticket)); i++)
        await new Promise((res) => setTimeout(res, 5));
      assert.ok(cases.every((c) => c.ticket.publicKey !== undefined));
      for (const c of cases) {
        let expected: Uint8Array | null;
        try {
          expected = ecdsaSuite.recover(c.hash, c.signature);
        } catch {
          expected = null;
        }
        assert.deepEqual(r.result(c.ticket), expected);
      }
      assert.deepEqual(r.result(cases[0].ticket), ecdsaSuite.publicKey(key));
    } finally {
      await r.close();
    }
  },
);

test('after close, and before the worker is up, results are computed on the calling thread', async () => {
  const r = newRecovery();
  const key = ecdsaSuite.randomPrivateKey();
  const hash = ecdsaSuite.hash(new Uint8Array([1]));
  const early = r.start(hash, ecdsaSuite.sign(hash, key)); // starts the worker; not posted yet
  assert.equal(early.posted, false);
  assert.equal(r.ready(early), true);
  assert.deepEqual(r.result(early), ecdsaSuite.publicKey(key));
  await r.close();
  const late = r.start(hash, new Uint8Array(65));
  assert.equal(late.posted, false);
  assert.equal(r.result(late), null);
});

async function chainWithWorker(): Promise<DevChain> {
  const recovery = newRecovery();
  await online(recovery);
  return newChain({ senderRecovery: recovery });
}

test(
  'a pooled transaction with a bad signature is refused with 10008 and holds nothing',
  { skip: !nativeSecp256k1Available && 'the native secp256k1 binding is not installed' },
  async () => {
    const chain = await chainWithWorker();
    try {
      const [a, b] = chain.accounts.map((x) => x.privateKey);
      // All-zero r and s: the right shape, so it is pooled, but nothing recovers from it.
      const zero = new Uint8Array(65);

      // A good transaction, a bad one, another good one, in one turn: the block keeps the good
      // ones in order; the bad one gets InvalidSignature.
      const first = chain.submit(signedTx(chain, a).raw);
      const bad = chain.submit(signedTx(chain, a, { signature: zero }).raw);
      const third = chain.submit(signedTx(chain, b).raw);
      assert.deepEqual((await rejection(bad)).code, 10008);
      const [r1, r3] = await Promise.all([first, third]);
      assert.equal(r1.block, r3.block);
      assert.deepEqual([r1.tx.index, r3.tx.index], [0, 1]);
      assert.equal(r1.block.transactions.length, 2);
      assert.equal(r1.tx.sender, chain.accounts[0].address);
      assert.equal(r3.tx.sender, chain.accounts[1].address);

      // Its nonce is free: a good transaction with the same nonce, sent in the same turn, is
      // accepted (not NonceCheckFail), as when the signature was checked on arrival.
      const badNonce = chain.submit(signedTx(chain, a, { nonce: 'shared', signature: zero }).raw);
      const other = new Uint8Array([1]); // other data, so another hash
      const goodNonce = chain.submit(signedTx(chain, b, { nonce: 'shared', input: other }).raw);
      assert.equal((await rejection(badNonce)).code, 10008);
      assert.equal((await goodNonce).tx.sender, chain.accounts[1].address);

      // Its hash is free: the same data with a good signature is accepted (not AlreadyInTxPool).
      const fields = { nonce: 'same-data' };
      const badCopy = chain.submit(signedTx(chain, a, { ...fields, signature: zero }).raw);
      const goodCopy = chain.submit(signedTx(chain, a, fields).raw);
      assert.equal((await rejection(badCopy)).code, 10008);
      assert.equal((await goodCopy).receipt.data.status, 0);

      // It is not counted as pending.
      const alone = chain.submit(signedTx(chain, a, { signature: zero }).raw);
      assert.equal(chain.pendingCount(), 0);
      assert.equal((await rejection(alone)).code, 10008);

      // A later check that fails reports the bad signature first (the node's order), pooled
      // duplicate nonce or not.
      const held = chain.submit(signedTx(chain, b, { nonce: 'held' }).raw);
      const both = chain.submit(signedTx(chain, a, { nonce: 'held', input: other, signature: zero }).raw);
      assert.equal((await rejection(both)).code, 10008);
      const dupNonce = chain.submit(signedTx(chain, a, { nonce: 'held', input: other }).raw);
      assert.equal((await rejection(dupNonce)).code, 10000);
      await held;
      assert.equal(chain.pendingCount(), 0);
    } finally {
      await chain.close();
    }
  },
);

test(
  'a burst through the worker: every sender right, batched as before',
  { skip: !nativeSecp256k1Available && 'the native secp256k1 binding is not installed' },
  async () => {
    const chain = await chainWithWorker();
    try {
      const start = chain.blockNumber();
      const txs = Array.from({ length: 40 }, (_, i) => ({
        i,
        ...signedTx(chain, chain.accounts[i % chain.accounts.length].privateKey),
      }));
      const results = await Promise.all(txs.map((t) => chain.submit(t.raw)));
      results.forEach((r, i) => {
        assert.equal(r.tx.sender, chain.accounts[i % chain.accounts.length].address);
        assert.deepEqual(r.tx.tx.sender, fromHex(chain.accounts[i % chain.accounts.length].address));
        assert.equal(chain.getTransaction(txs[i].hash)?.sender, r.tx.sender);
      });
      // Sent in one turn: one block, in arrival order.
      assert.equal(chain.blockNumber(), start + 1);
      assert.deepEqual(
        results.map((r) => r.tx.index),
        txs.map((t) => t.i),
      );
    } finally {
      await chain.close();
    }
  },
);
