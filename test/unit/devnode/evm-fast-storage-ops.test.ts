// The dev node's SSTORE and LOG0..LOG4 handlers (src/devnode/evm/fastStorageOps.ts: synchronous
// EIP-2200/EIP-2929 gas and refunds, synchronous writes) must behave exactly as @ethereumjs/evm's
// own. Every program runs from the same stored slots on an EVM without them and on one with them
// (with the dev node's step loop, and with the original loop as a debugger trace runs it), and
// the output, error, gas, refund, logs and the slots afterwards are compared: every transition of
// a slot (zero to non-zero, non-zero to zero, back to the original, noop, dirty writes), cold and
// warm slots, the 2300-gas sentry, static frames, Berlin's and London's (EIP-3529) refunds.

import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVM } from '@ethereumjs/evm';
import { Account, Address } from '@ethereumjs/util';
import { toHex, uint256Bytes } from '../../../src/protocol/hex';
import { installFastMstore } from '../../../src/devnode/evm/fastMstore';
import { installFastWordOps } from '../../../src/devnode/evm/fastWordOps';
import { installJournalKeys } from '../../../src/devnode/evm/fastJournal';
import { installFastStorageOps } from '../../../src/devnode/evm/fastStorageOps';
import { installFastLoop } from '../../../src/devnode/evm/fastLoop';
import { JournaledStateManager } from '../../../src/devnode/evm/stateManager';
import {
  interpreterPrototypeOf,
  isInterpreterRunProto,
  opcodeMapOf,
} from '../../../src/devnode/evm/ethereumjsInternals';

const TO = new Address(new Uint8Array(20).fill(0x44));
const push = (v: bigint) => '7f' + v.toString(16).padStart(64, '0');
const sstore = (slot: bigint, v: bigint) => push(v) + push(slot) + '55';
const sload = (slot: bigint) => push(slot) + '54' + '50';
/** MSTORE the top of the stack at 0 and RETURN those 32 bytes. */
const RETURN_TOP = push(0n) + '52' + push(32n) + push(0n) + 'f3';
const BIG = 2n ** 255n + 7n;

/** Slots stored before each program (see run()); 0 and 9 are empty. */
const STORED: [bigint, bigint][] = [
  [1n, 5n],
  [2n, BIG],
  [3n, 0x1ffn],
];
const SLOTS = [0n, 1n, 2n, 3n, 9n];

function programs(): Record<string, { code: string; gas?: bigint; isStatic?: boolean }> {
  const out: Record<string, { code: string; gas?: bigint; isStatic?: boolean }> = {};
  // Every sequence of up to three writes of 0, the original, or other values, per slot.
  const values = (orig: bigint) => [0n, orig, 6n, BIG - 1n, 0x1ffn];
  for (const [slot, orig] of [[0n, 0n], ...STORED] as [bigint, bigint][]) {
    const vs = values(orig);
    for (const a of vs) {
      out[`slot ${slot}=${orig}: ${a}`] = { code: sstore(slot, a) };
      for (const b of vs) {
        out[`slot ${slot}=${orig}: ${a}, ${b}`] = { code: sstore(slot, a) + sstore(slot, b) };
        for (const c of vs.slice(0, 3))
          out[`slot ${slot}=${orig}: ${a}, ${b}, ${c}`] = {
            code: sstore(slot, a) + sstore(slot, b) + sstore(slot, c),
          };
      }
      // Warmed by SLOAD first: no cold charge, the noop and refund adjustments for warm slots.
      out[`slot ${slot}=${orig}: SLOAD, ${a}`] = { code: sload(slot) + sstore(slot, a) };
      out[`slot ${slot}=${orig}: SLOAD, ${a}, ${orig}`] = {
        code: sload(slot) + sstore(slot, a) + sstore(slot, orig),
      };
    }
  }
  out['several slots, read back'] = {
    code: sstore(0n, 1n) + sstore(1n, 0n) + sstore(9n, 3n) + push(9n) + '54' + RETURN_TOP,
  };
  // The sentry: SSTORE needs more than 2300 gas left (SLOAD, POP, two PUSHes: 2111 before it).
  for (let g = 4405n; g <= 4416n; g++)
    out[`sentry with ${g} gas`] = { code: sload(1n) + sstore(1n, 5n), gas: g };
  for (let g = 22_000n; g <= 22_300n; g += 50n)
    out[`out of gas on a cold write with ${g} gas`] = { code: sstore(0n, 1n), gas: g };
  out['SSTORE in a static frame'] = { code: sstore(0n, 1n), isStatic: true };
  out['noop SSTORE in a static frame'] = { code: sstore(1n, 5n), isStatic: true };
  // LOG0..LOG4: topics of every width, data in and past the first 8 KiB, out of gas, static.
  const topics = [0n, 1n, BIG, 0xabcdn << 100n];
  for (let n = 0; n <= 4; n++) {
    const t = topics.slice(0, n).map(push).reverse().join('');
    for (const [o, len] of [
      [0n, 0n],
      [0n, 32n],
      [5n, 70n],
      [8000n, 500n],
      [2n ** 40n, 0n],
      [0n, 2n ** 30n],
    ] as [bigint, bigint][]) {
      const mem = push(0x1122334455n << 160n) + push(0n) + '52';
      out[`LOG${n} of ${len} at ${o}`] = { code: mem + t + push(len) + push(o) + (0xa0 + n).toString(16) };
    }
    out[`LOG${n} in a static frame`] = {
      code: t + push(0n) + push(0n) + (0xa0 + n).toString(16),
      isStatic: true,
    };
    out[`LOG${n} out of gas`] = { code: t + push(32n) + push(0n) + (0xa0 + n).toString(16), gas: 400n };
  }
  out['LOG with too few stack items'] = { code: push(0n) + 'a2' };
  return out;
}

async function newEvm(fast: boolean, hardfork: Hardfork, devnodeState: boolean): Promise<EVM> {
  const evm = await createEVM({
    common: new Common({ chain: Mainnet, hardfork }),
    ...(devnodeState ? { stateManager: new JournaledStateManager() } : {}),
  });
  if (fast) {
    installFastMstore(evm);
    installFastWordOps(evm);
    installJournalKeys(evm.journal);
    installFastStorageOps(evm);
    const proto = await interpreterPrototypeOf(evm);
    assert.ok(proto !== undefined && isInterpreterRunProto(proto));
    installFastLoop(proto);
  }
  return evm;
}

async function run(
  evm: EVM,
  program: { code: string; gas?: bigint; isStatic?: boolean },
  originalLoop: boolean,
) {
  // Each program starts from the same slots, as a new transaction (originals and warm slots reset).
  await evm.stateManager.putAccount(TO, new Account(0n, 7n));
  await evm.stateManager.clearStorage(TO);
  // Stored as 1 byte, 32 bytes, and 32 bytes with leading zeros (slots are compared as numbers).
  await evm.stateManager.putStorage(TO, uint256Bytes(1n), Uint8Array.of(5));
  await evm.stateManager.putStorage(TO, uint256Bytes(2n), uint256Bytes(BIG));
  await evm.stateManager.putStorage(TO, uint256Bytes(3n), uint256Bytes(0x1ffn));
  evm.stateManager.originalStorageCache.clear();
  evm.journal.cleanJournal();
  const step = () => {};
  if (originalLoop) evm.events.on('step', step);
  try {
    const r = await evm.runCode({
      code: Buffer.from(program.code, 'hex'),
      gasLimit: program.gas ?? 3_000_000n,
      to: TO,
      isStatic: program.isStatic ?? false,
    });
    const slots: string[] = [];
    for (const s of SLOTS) slots.push(toHex(await evm.stateManager.getStorage(TO, uint256Bytes(s))));
    return {
      out: toHex(r.returnValue),
      gas: r.executionGasUsed,
      refund: r.gasRefund,
      error: r.exceptionError?.error,
      logs: (r.logs ?? []).map(([a, t, d]) => [toHex(a), t.map((x) => toHex(x)), toHex(d)]),
      slots,
    };
  } catch (e) {
    // @ethereumjs's step event reads the memory a failing expansion asked for and throws:
    // with or without the dev node's handlers alike.
    return { thrown: e instanceof Error ? e.message : String(e) };
  } finally {
    evm.events.off('step', step);
  }
}

describe('EVM: SSTORE and LOG with synchronous gas and writes', () => {
  it('are installed for Berlin and later, and not before EIP-2929', async () => {
    for (const hf of [Hardfork.Berlin, Hardfork.Paris, Hardfork.Cancun]) {
      const plain = await newEvm(false, hf, true);
      const fast = await newEvm(true, hf, true);
      for (const op of [0x55, 0xa0, 0xa1, 0xa2, 0xa3, 0xa4])
        assert.notEqual(opcodeMapOf(fast)?.[op], opcodeMapOf(plain)?.[op], `${hf} ${op.toString(16)}`);
    }
    const istanbul = await createEVM({ common: new Common({ chain: Mainnet, hardfork: Hardfork.Istanbul }) });
    const entries = () => [0x55, 0xa0, 0xa1, 0xa2, 0xa3, 0xa4].map((op) => opcodeMapOf(istanbul)![op]);
    const before = entries();
    installFastStorageOps(istanbul);
    assert.deepEqual(entries(), before);
  });

  for (const hardfork of [Hardfork.Berlin, Hardfork.Paris, Hardfork.Cancun])
    for (const devnodeState of [true, false])
      it(`answer as @ethereumjs/evm does under ${hardfork} (${devnodeState ? "the dev node's state" : "@ethereumjs's state: the original handlers"})`, async () => {
        const plain = await newEvm(false, hardfork, devnodeState);
        const fast = await newEvm(true, hardfork, devnodeState);
        const errors = new Set<string | undefined>();
        const refunds = new Set<bigint>();
        let thrown = 0;
        for (const [name, program] of Object.entries(programs())) {
          const want = await run(plain, program, false);
          assert.deepEqual(await run(fast, program, false), want, name);
          assert.deepEqual(
            await run(fast, program, true),
            await run(plain, program, true),
            `${name} (original loop)`,
          );
          if ('error' in want) {
            errors.add(want.error);
            refunds.add(want.refund ?? 0n);
          } else thrown++;
        }
        // The programs reach success, out of gas, static writes and stack underflow, and refunds of
        // several sizes (clear, reset to the original, taken back).
        assert.deepEqual(
          [...errors].sort(),
          ['out of gas', 'stack underflow', 'static state change', undefined].sort(),
        );
        assert.ok(refunds.size >= 5, [...refunds].join(', '));
        // Only the LOG of 1 GiB (the step event reads the memory it asks for).
        assert.ok(thrown <= 5, String(thrown));
      });
});
