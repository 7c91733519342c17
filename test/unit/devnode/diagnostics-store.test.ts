// Diagnostics kept in the chain store: a failure point naming a built-in survives the store (read
// back by a fresh cache), a record written before built-ins were named still loads, and a record
// whose built-in is malformed is damage, reported as such.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DiagnosticsStore } from '../../../src/devnode/chain/diagnosticsStore';
import type { ExecDiagnostics, FailurePoint } from '../../../src/devnode/evm/diagnostics';
import { MemoryKv, newBatch } from '../../../src/devnode/storage/kv';
import { utf8Encode } from '../../../src/protocol/hex';

const BFS = '0x' + '100e'.padStart(40, '0');
const CONTRACT = '0x' + 'ab'.repeat(20);
const HASH = '0x' + '11'.repeat(32);

const OWN: FailurePoint = {
  codeAddress: BFS,
  address: BFS,
  pc: -1,
  create: false,
  depth: 0,
  error: 'PrecompiledError',
  builtin: { address: BFS, name: 'BFSPrecompiled', method: 'mkdir(string)' },
};
const PLAIN: FailurePoint = {
  codeAddress: CONTRACT,
  address: CONTRACT,
  pc: 12,
  create: false,
  depth: 0,
  error: 'revert',
};

/** Commits `d` for HASH into `kv`, then reads it back through a store with an empty cache. */
async function roundTrip(kv: MemoryKv, d: ExecDiagnostics): Promise<ExecDiagnostics | undefined> {
  const writer = new DiagnosticsStore(() => kv);
  writer.record(HASH, d);
  const batch = newBatch();
  writer.addToBatch([HASH], batch);
  await kv.write(batch);
  writer.committed([HASH]);
  return new DiagnosticsStore(() => kv).get(HASH);
}

test('a failure point with and without a built-in comes back from the store as it went in', async () => {
  const withBuiltin = { consoleLogs: ['a'], failure: OWN };
  assert.deepEqual(await roundTrip(new MemoryKv(), withBuiltin), withBuiltin);
  const located = { consoleLogs: [], failure: { ...PLAIN, builtin: OWN.builtin } };
  assert.deepEqual(await roundTrip(new MemoryKv(), located), located);
  // A record from before built-ins were named: no `builtin`, and none added.
  const old = { consoleLogs: [], failure: PLAIN };
  const back = await roundTrip(new MemoryKv(), old);
  assert.deepEqual(back, old);
  assert.equal('builtin' in back.failure, false);
});

test('a stored failure point with a malformed built-in is damage', async () => {
  const bad: unknown[] = [
    null,
    'BFS',
    { address: BFS, name: 'BFSPrecompiled' },
    { address: 7, name: 'BFSPrecompiled', method: 'mkdir(string)' },
    { address: BFS, name: ['BFSPrecompiled'], method: 'mkdir(string)' },
  ];
  for (const builtin of bad) {
    const kv = new MemoryKv();
    const batch = newBatch();
    const record = { consoleLogs: [], failure: { ...OWN, builtin } };
    batch.puts.set('D/' + HASH.slice(2), utf8Encode(JSON.stringify(record)));
    await kv.write(batch);
    assert.throws(
      () => new DiagnosticsStore(() => kv).get(HASH),
      (e: Error) => e.name === 'StoreDamaged' && /record "D\/1{64}" is not diagnostics/.test(e.message),
      JSON.stringify(builtin),
    );
  }
});
