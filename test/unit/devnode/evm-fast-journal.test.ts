// The journal's warm-address and warm-slot methods with remembered hex keys (src/devnode/evm/fastJournal.ts) must
// keep exactly what @ethereumjs/evm's own keep: the same random sequences of warm checks of addresses and slots, warm
// marks, checkpoints, commits and reverts (with always-warm slots and an access list being
// reported) run on a patched and an unpatched journal, and every answer and the journal's maps
// are compared after each step. Key arrays are reused as the EVM's handlers reuse them, and new
// arrays with the same bytes are used too.

import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVM } from '@ethereumjs/evm';
import { installJournalKeys } from '../../../src/devnode/evm/fastJournal';
import { uint256Bytes } from '../../../src/protocol/hex';

interface Inside {
  journal: Map<string, Set<string>>;
  alwaysWarmJournal: Map<string, Set<string>>;
  journalDiff: unknown[];
  accessList?: Map<string, Set<string>>;
}

const dump = (evm: EVM) => {
  const j = evm.journal as unknown as Inside;
  const maps = (m: Map<string, Set<string>> | undefined) =>
    m === undefined ? null : [...m].map(([k, v]) => [k, [...v].sort()]).sort();
  return {
    journal: maps(j.journal),
    always: maps(j.alwaysWarmJournal),
    access: maps(j.accessList),
    diff: JSON.stringify(j.journalDiff, (_k, v: unknown) =>
      v instanceof Set
        ? [...(v as Set<string>)].sort()
        : v instanceof Map
          ? [...(v as Map<string, unknown>)]
          : v,
    ),
  };
};

async function newEvm(): Promise<EVM> {
  return createEVM({ common: new Common({ chain: Mainnet, hardfork: Hardfork.Cancun }) });
}

describe('EVM: the journal with remembered slot keys', () => {
  it('answers and keeps what the original journal does', async () => {
    const plain = await newEvm();
    const fast = await newEvm();
    installJournalKeys(fast.journal);
    assert.notEqual(fast.journal.isWarmedStorage, plain.journal.isWarmedStorage);
    assert.notEqual(fast.journal.addWarmedAddress, plain.journal.addWarmedAddress);
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const addresses = [1, 2, 3, 4].map((b) => new Uint8Array(20).fill(b));
    const keys = [0n, 1n, 2n ** 200n, 5n].map(uint256Bytes);
    for (const evm of [plain, fast]) {
      evm.journal.cleanJournal();
      evm.journal.startReportingAccessList();
      evm.journal.addAlwaysWarmSlot('0x' + '03'.repeat(20), '0x' + '00'.repeat(31) + '05');
      evm.journal.addAlwaysWarmAddress('0x' + '04'.repeat(20));
    }
    for (let step = 0; step < 3000; step++) {
      const op = rand(12);
      // The same arrays (as handlers reuse them) or fresh copies.
      const a = rand(2) === 0 ? addresses[rand(4)] : addresses[rand(4)].slice();
      const k = rand(2) === 0 ? keys[rand(4)] : keys[rand(4)].slice();
      if (op < 4) {
        assert.equal(fast.journal.isWarmedStorage(a, k), plain.journal.isWarmedStorage(a, k), `step ${step}`);
      } else if (op < 7) {
        for (const evm of [plain, fast]) evm.journal.addWarmedStorage(a, k);
      } else if (op === 7) {
        for (const evm of [plain, fast]) await evm.journal.checkpoint();
      } else if (op === 8) {
        for (const evm of [plain, fast]) await evm.journal.commit();
      } else if (op === 9) {
        for (const evm of [plain, fast]) await evm.journal.revert();
      } else if (op === 10) {
        assert.equal(fast.journal.isWarmedAddress(a), plain.journal.isWarmedAddress(a), `step ${step}`);
      } else {
        for (const evm of [plain, fast]) evm.journal.addWarmedAddress(a);
      }
      assert.deepEqual(dump(fast), dump(plain), `step ${step}`);
    }
  });
});
