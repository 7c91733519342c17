// A closed chain refuses every read and execution entry point with submit's error, in memory
// and on RocksDB, instead of running against a store that is gone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newChain } from './chain-fixtures';
import type { DevChain } from '../../../src/devnode/chain/types';

const CLOSED = /the chain is closed/;
const ZERO = '0x' + '00'.repeat(20);

async function assertRefuses(chain: DevChain): Promise<void> {
  const limits = { maxSteps: 10, maxMemoryBytes: 1 << 20 } as never;
  await assert.rejects(chain.submit(new Uint8Array([1])), CLOSED);
  await assert.rejects(chain.call(ZERO, new Uint8Array()), CLOSED);
  await assert.rejects(chain.simulate(ZERO, new Uint8Array()), CLOSED);
  await assert.rejects(chain.traceCall(ZERO, new Uint8Array(), undefined, limits), CLOSED);
  await assert.rejects(chain.traceTransaction(new Uint8Array(32), limits), CLOSED);
  await assert.rejects(chain.getCode(ZERO), CLOSED);
  await assert.rejects(chain.getStorageAt(ZERO, new Uint8Array(32)), CLOSED);
  await assert.rejects(chain.balance(ZERO), CLOSED);
}

test('a closed in-memory chain refuses calls and reads like submit', async () => {
  const chain = await newChain();
  await chain.close();
  await assertRefuses(chain);
});

test('a closed RocksDB chain refuses calls and reads like submit', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'chain-closed-'));
  try {
    const chain = await newChain({ dataDir: dir });
    await chain.close();
    await assertRefuses(chain);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a call queued behind the lock when close() begins is refused, not run on the closed store', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'chain-closed-'));
  try {
    const chain = await newChain({ dataDir: dir });
    // Same turn: the call is queued, then close() starts; close takes the lock after it.
    const call = chain.call(ZERO, new Uint8Array());
    const closing = chain.close();
    const outcome = await call.then(
      (o) => ({ ok: true as const, o }),
      (e: unknown) => ({ ok: false as const, e }),
    );
    await closing;
    // Either answered in full before the store closed, or refused with the closed error.
    if (!outcome.ok) assert.match(String(outcome.e), CLOSED);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
