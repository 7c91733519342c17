// Pool admission: every rejection in the real node's order with its code and message, and
// nothing about a rejected transaction is kept.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TxRejected } from '../../../src/devnode/chain/types';
import { encodeTransaction, hashTransactionData } from '../../../src/protocol/transaction';
import { newChain, signedTx } from './chain-fixtures';

async function rejection(p: Promise<unknown>): Promise<TxRejected> {
  try {
    await p;
  } catch (e) {
    assert.ok(e instanceof TxRejected, `expected TxRejected, got ${String(e)}`);
    return e;
  }
  assert.fail('expected a rejection');
}

test('decode, hash and chain id problems are -1', async () => {
  const chain = await newChain();
  try {
    const key = chain.accounts[0].privateKey;
    let e = await rejection(chain.submit(new Uint8Array([0xff, 0x01, 0x02])));
    assert.equal(e.code, -1);
    e = await rejection(chain.submit(new Uint8Array(0)));
    assert.equal(e.code, -1);
    e = await rejection(chain.submit(signedTx(chain, key, { dataHash: new Uint8Array(32).fill(1) }).raw));
    assert.equal(e.code, -1);
    assert.match(e.message, /transaction hash mismatching/);
    e = await rejection(chain.submit(signedTx(chain, key, { chainID: 'other' }).raw));
    assert.deepEqual([e.code, e.message], [-1, 'Chain ID mismatch!']);
    e = await rejection(
      chain.submit(
        signedTx(chain, key, {
          version: 1,
          value: '12',
          gasPrice: '',
          maxFeePerGas: '',
          maxPriorityFeePerGas: '',
        }).raw,
      ),
    );
    assert.equal(e.code, -1);
    assert.match(e.message, /not hex string/);
    // A v1 transaction with proper hex fields is fine; a v0 one ignores them.
    const ok = await chain.submit(
      signedTx(chain, key, {
        version: 1,
        value: '0x0',
        gasPrice: '0x0',
        gasLimit: 0n,
        maxFeePerGas: '',
        maxPriorityFeePerGas: '',
      }).raw,
    );
    assert.equal(ok.receipt.data.version, 1);
    assert.equal(chain.pendingCount(), 0);
  } finally {
    await chain.close();
  }
});

test('pool codes: 10004, 10007, 10008, 10000, 10001, 10012', async () => {
  const chain = await newChain();
  try {
    const key = chain.accounts[0].privateKey;
    const tx = signedTx(chain, key);
    const first = chain.submit(tx.raw);
    let e = await rejection(chain.submit(tx.raw));
    assert.deepEqual([e.code, e.message], [10004, 'AlreadyInTxPool']);
    const done = await first;
    assert.equal(done.receipt.data.status, 0);

    e = await rejection(chain.submit(signedTx(chain, key, { groupID: 'group9' }).raw));
    assert.deepEqual([e.code, e.message], [10007, 'InvalidGroupId']);

    const bad = new Uint8Array(65);
    bad[64] = 27;
    e = await rejection(chain.submit(signedTx(chain, key, { signature: bad }).raw));
    assert.deepEqual([e.code, e.message], [10008, 'InvalidSignature']);
    e = await rejection(chain.submit(signedTx(chain, key, { signature: new Uint8Array(64) }).raw));
    assert.equal(e.code, 10008);

    // The same nonce again, now committed: NonceCheckFail; also a pooled nonce.
    e = await rejection(chain.submit(signedTx(chain, key, { nonce: done.tx.tx.data.nonce }).raw));
    assert.deepEqual([e.code, e.message], [10000, 'NonceCheckFail']);
    const pooled = signedTx(chain, key, { nonce: 'same-nonce' });
    const pooledDone = chain.submit(pooled.raw);
    e = await rejection(
      chain.submit(
        signedTx(chain, chain.accounts[1].privateKey, { nonce: 'same-nonce', input: new Uint8Array([1]) })
          .raw,
      ),
    );
    assert.equal(e.code, 10000);
    await pooledDone;

    const n = BigInt(chain.blockNumber());
    e = await rejection(chain.submit(signedTx(chain, key, { blockLimit: n }).raw));
    assert.deepEqual([e.code, e.message], [10001, 'BlockLimitCheckFail']);
    e = await rejection(chain.submit(signedTx(chain, key, { blockLimit: n + 1001n }).raw));
    assert.equal(e.code, 10001);
    const edge = await chain.submit(
      signedTx(chain, key, { blockLimit: BigInt(chain.blockNumber()) + 1000n }).raw,
    );
    assert.equal(edge.receipt.data.status, 0);

    e = await rejection(
      chain.submit(
        signedTx(chain, key, {
          version: 1,
          value: '0x' + '1'.repeat(513),
          gasPrice: '',
          maxFeePerGas: '',
          maxPriorityFeePerGas: '',
        }).raw,
      ),
    );
    assert.deepEqual([e.code, e.message], [10012, 'OverFlowValue']);
    assert.equal(chain.pendingCount(), 0);
  } finally {
    await chain.close();
  }
});

test('order: the hash check comes before the signature, the group before the nonce', async () => {
  const chain = await newChain();
  try {
    const key = chain.accounts[0].privateKey;
    // Wrong group and bad signature: the group wins.
    let e = await rejection(
      chain.submit(signedTx(chain, key, { groupID: 'g', signature: new Uint8Array(65) }).raw),
    );
    assert.equal(e.code, 10007);
    // Bad signature and expired block limit: the signature wins.
    e = await rejection(
      chain.submit(signedTx(chain, key, { blockLimit: 0n, signature: new Uint8Array(65) }).raw),
    );
    assert.equal(e.code, 10008);
    // A transaction without dataHash is accepted (the node recomputes it).
    const d = signedTx(chain, key);
    const { decodeTransaction } = await import('../../../src/protocol/transaction');
    const decoded = decodeTransaction(d.raw);
    const raw = encodeTransaction({
      data: decoded.data,
      dataHash: new Uint8Array(0),
      signature: decoded.signature,
    });
    const r = await chain.submit(raw);
    assert.deepEqual(r.tx.hash, hashTransactionData(decoded.data, chain.suite));
    assert.equal(r.tx.sender, chain.accounts[0].address);
  } finally {
    await chain.close();
  }
});

test('SM chain: SM2 signatures and SM3 hashes', async () => {
  const chain = await newChain({ sm: true, nodes: 1 });
  try {
    const r = await chain.submit(signedTx(chain, chain.accounts[0].privateKey).raw);
    assert.equal(r.receipt.data.status, 0);
    assert.equal(r.tx.sender, chain.accounts[0].address);
    assert.equal(r.block.signatureList[0].signature.length, 64);
  } finally {
    await chain.close();
  }
});
