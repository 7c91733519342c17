// The dev node's world state (src/devnode/evm/stateManager.ts) skips writing an account back
// unchanged (a transaction's top frame writes the caller's and the callee's accounts back after
// its value transfer of 0): such a put leaves no undo entry and nothing to commit. Compared here
// with what every put used to do: the same reads before and after commits, undos and reverts,
// and a commit batch without the unchanged accounts and with every changed one.

import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Account, Address } from '@ethereumjs/util';
import { JournaledStateManager } from '../../../src/devnode/evm/stateManager';
import { MemoryKv, newBatch, type KvBatch } from '../../../src/devnode/storage/kv';

const addr = (b: number) => new Address(new Uint8Array(20).fill(b));
const A = addr(0xaa);
const B = addr(0xbb);
const keyOf = (a: Address) => 'A/' + a.toString();

async function commit(sm: JournaledStateManager, kv: MemoryKv): Promise<KvBatch> {
  const batch = newBatch();
  sm.flushInto(batch);
  await kv.write(batch);
  return batch;
}

async function fields(sm: JournaledStateManager, a: Address) {
  const acc = await sm.getAccount(a);
  return acc === undefined ? undefined : { nonce: acc.nonce, balance: acc.balance, codeHash: acc.codeHash };
}

describe('EVM state: accounts written back unchanged', () => {
  it('commit only the accounts that changed, and read the same as before', async () => {
    const kv = new MemoryKv();
    const sm = new JournaledStateManager(kv);
    await sm.putAccount(A, new Account(0n, 5n));
    await sm.putAccount(B, new Account(1n, 7n));
    const first = await commit(sm, kv);
    assert.deepEqual([...first.puts.keys()].sort(), [keyOf(A), keyOf(B)].sort());

    // A transaction's frame: both accounts read and written back as read, then B's balance moves.
    sm.settle();
    const mark = sm.mark();
    await sm.putAccount(A, await sm.getAccount(A));
    await sm.putAccount(B, await sm.getAccount(B));
    assert.equal(sm.mark(), mark, 'an unchanged account leaves no undo entry');
    await sm.modifyAccountFields(B, { balance: 8n });
    assert.deepEqual(await fields(sm, B), { nonce: 1n, balance: 8n, codeHash: new Account().codeHash });
    const second = await commit(sm, kv);
    assert.deepEqual([...second.puts.keys()], [keyOf(B)]);

    // A fresh state over the same store reads what the first one reads.
    const again = new JournaledStateManager(kv);
    for (const a of [A, B]) assert.deepEqual(await fields(again, a), await fields(sm, a));
  });

  it('an unchanged write inside a reverted frame, after a changed one, undoes to the start', async () => {
    const kv = new MemoryKv();
    const sm = new JournaledStateManager(kv);
    await sm.putAccount(A, new Account(0n, 5n));
    await commit(sm, kv);
    sm.settle();
    await sm.checkpoint();
    await sm.modifyAccountFields(A, { balance: 9n });
    // The same fields as the overlay holds now (not as the store): skipped, the change stays.
    await sm.putAccount(A, new Account(0n, 9n));
    assert.equal((await sm.getAccount(A))?.balance, 9n);
    await sm.revert();
    assert.equal((await sm.getAccount(A))?.balance, 5n);
    assert.equal((await commit(sm, kv)).puts.size, 0);
    // A missing account is always written, even as an empty one; a deleted one too.
    await sm.putAccount(B, new Account());
    await sm.deleteAccount(A);
    const batch = await commit(sm, kv);
    const accounts = [...batch.puts.keys()].filter((k) => k.startsWith('A/'));
    assert.deepEqual(accounts.sort(), [keyOf(A), keyOf(B)].sort());
    assert.equal(batch.puts.get(keyOf(A)), null);
  });
});
