// The dev node's synchronous step loop (src/devnode/evm/fastLoop.ts) must run every program
// exactly as @ethereumjs/evm's own loop does. The original loop still runs whenever a `step`
// listener is attached, so each program runs twice on the same EVM, once per loop, from the same
// state, and everything observable is compared: return data, error, gas, logs, storage.

import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, type EVM, type EVMResult } from '@ethereumjs/evm';
import { Account, Address } from '@ethereumjs/util';
import { toHex } from '../../../src/protocol/hex';
import { installFastLoop } from '../../../src/devnode/evm/fastLoop';
import { interpreterPrototypeOf, isInterpreterRunProto } from '../../../src/devnode/evm/ethereumjsInternals';

const CALLER = new Address(new Uint8Array(20).fill(0x11));
const TARGET = new Address(new Uint8Array(20).fill(0x22));
const OTHER = new Address(new Uint8Array(20).fill(0x33));

/** Runtime programs (hex) covering sync and async gas/opcode handlers and every way a frame ends. */
const PROGRAMS: Record<string, string> = {
  // SSTORE slot 1 = 42, SLOAD it, MSTORE, LOG1, RETURN 32 bytes.
  'storage, log and return': '602a600155600154600052' + '7f' + 'ab'.repeat(32) + '60206000a1' + '60206000f3',
  // KECCAK256 over calldata copied to memory, then a loop of JUMPIs (counter 10 → 0).
  'hash and loop': '3660006000376020600020600a5b6001900380600d575060005260206000f3',
  'revert with data': '7f' + '12'.repeat(32) + '60005260206000fd',
  'invalid opcode': '6001fe',
  'undefined opcode': '0c',
  'bad jump destination': '600356',
  'stack underflow': '01',
  'out of gas in a loop': '5b600056',
  'memory expansion and MLOAD': '61100051' + '60005260206000f3',
  'EXP with a large exponent': '7f' + 'ff'.repeat(32) + '60020a60005260206000f3',
  // CALL another account (which stores and returns), then RETURNDATACOPY its answer.
  'nested call': '60206000600060006000' + '73' + '33'.repeat(20) + '61fffff1' + '3d600060003e3d6000f3',
  // A write under STATICCALL: the inner frame fails, the outer returns the success flag (0).
  'static call that writes': '6000600060006000' + '73' + '33'.repeat(20) + '61fffffa' + '60005260206000f3',
  'PUSH past the end of code': '7f01',
  STOP: '00',
  'RETURN of nothing': '60006000f3',
  'REVERT of nothing': '60006000fd',
  'RETURN with one word on the stack': '6001f3',
  'REVERT with an empty stack': 'fd',
  // The memory expansion of the returned range is its gas: too much for the smaller limits.
  'RETURN far into memory': '602061fff0f3',
  // A nested frame that reverts with data, whose answer the caller returns.
  'nested call that reverts':
    '60206000600060006000' + '73' + '33'.repeat(20) + '61fffff1' + '3d600060003e3d6000fd',
};

/** The callee of the nested calls: stores 1 in slot 0 and returns 32 bytes. */
const CALLEE = '600160005560206000f3';

async function newEvm(hardfork: Hardfork): Promise<EVM> {
  const evm = await createEVM({ common: new Common({ chain: Mainnet, hardfork }) });
  const proto = await interpreterPrototypeOf(evm);
  assert.ok(proto !== undefined && isInterpreterRunProto(proto), 'Interpreter.prototype.run not found');
  installFastLoop(proto);
  return evm;
}

async function runBoth(evm: EVM, code: string, gasLimit: bigint, isStatic: boolean) {
  const sm = evm.stateManager;
  await sm.putAccount(CALLER, new Account(0n, 10n ** 18n));
  await sm.putCode(OTHER, Buffer.from(CALLEE, 'hex'));
  await sm.putCode(TARGET, Buffer.from(code, 'hex'));
  const run = async (original: boolean) => {
    // A fresh transaction each time: no warm accounts or slots, no original-value cache.
    evm.journal.cleanJournal();
    sm.originalStorageCache.clear();
    await sm.checkpoint();
    const step = () => {};
    if (original) evm.events.on('step', step);
    try {
      const r: EVMResult = await evm.runCall({
        caller: CALLER,
        to: TARGET,
        data: Buffer.from('c0ffee' + '00'.repeat(29), 'hex'),
        gasLimit,
        isStatic,
      });
      const slot = await sm.getStorage(
        TARGET,
        new Uint8Array(32).fill(0).map((_, i) => (i === 31 ? 1 : 0)),
      );
      const other = await sm.getStorage(OTHER, new Uint8Array(32));
      return {
        error: r.execResult.exceptionError?.error,
        gas: r.execResult.executionGasUsed,
        // Where the frame stopped: the dev node's failure point (diagnostics.ts) reads it.
        pc: r.execResult.runState?.programCounter,
        returnValue: toHex(r.execResult.returnValue),
        logs: (r.execResult.logs ?? []).map((l) => [toHex(l[0]), l[1].map((t) => toHex(t)), toHex(l[2])]),
        storage: [toHex(slot), toHex(other)],
      };
    } finally {
      if (original) evm.events.off('step', step);
      await sm.revert();
    }
  };
  return { fast: await run(false), original: await run(true) };
}

describe('EVM: the synchronous step loop runs programs exactly as the original loop', () => {
  for (const hardfork of [Hardfork.Paris, Hardfork.Cancun]) {
    for (const [name, code] of Object.entries(PROGRAMS)) {
      it(`${hardfork}: ${name}`, async () => {
        const evm = await newEvm(hardfork);
        for (const gasLimit of [100_000n, 30_000n, 2_000n]) {
          for (const isStatic of [false, true]) {
            const { fast, original } = await runBoth(evm, code, gasLimit, isStatic);
            assert.deepEqual(fast, original, `gas limit ${gasLimit}, static ${isStatic}`);
          }
        }
      });
    }
  }

  it('RETURN and REVERT of random ranges of memory end the frame as the original handlers do', async () => {
    // A seeded generator: the same cases on every run.
    let seed = 0x5eed;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const evm = await newEvm(Hardfork.Cancun);
    const word = (b: number) => b.toString(16).padStart(2, '0').repeat(32);
    const push2 = (n: number) => '61' + n.toString(16).padStart(4, '0');
    for (let i = 0; i < 60; i++) {
      const op = next(2) === 0 ? 'f3' : 'fd';
      const length = [0, 1, 31, 32, 33, 64, 100, 4000][next(8)];
      const offset = next(4) === 0 ? 0 : next(200);
      const code =
        '7f' + word(i + 1) + '600052' + '7f' + word(0xa0 + i) + '602052' + push2(length) + push2(offset) + op;
      for (const gasLimit of [100_000n, BigInt(20 + next(600))]) {
        const { fast, original } = await runBoth(evm, code, gasLimit, next(2) === 0);
        assert.deepEqual(fast, original, `${code}, gas limit ${gasLimit}`);
      }
    }
  });

  it('ends a frame at RETURN and REVERT without Interpreter.finish and revert (their throw)', async () => {
    const evm = await newEvm(Hardfork.Paris);
    const proto = await interpreterPrototypeOf(evm);
    assert.ok(proto !== undefined && 'finish' in proto && 'revert' in proto);
    const { finish, revert } = proto as {
      finish: (...a: unknown[]) => unknown;
      revert: (...a: unknown[]) => unknown;
    };
    let calls = 0;
    const p = proto as { finish: typeof finish; revert: typeof revert };
    p.finish = function (...a: unknown[]) {
      calls++;
      return finish.apply(this, a);
    };
    p.revert = function (...a: unknown[]) {
      calls++;
      return revert.apply(this, a);
    };
    try {
      await evm.stateManager.putCode(TARGET, Buffer.from(PROGRAMS['storage, log and return'], 'hex'));
      const returned = await evm.runCall({ caller: CALLER, to: TARGET, gasLimit: 1_000_000n });
      assert.equal(returned.execResult.returnValue.length, 32);
      await evm.stateManager.putCode(TARGET, Buffer.from(PROGRAMS['revert with data'], 'hex'));
      const reverted = await evm.runCall({ caller: CALLER, to: TARGET, gasLimit: 1_000_000n });
      assert.equal(reverted.execResult.exceptionError?.error, 'revert');
      assert.equal(calls, 0);
      // The original loop (a step listener on) still goes through them.
      evm.events.on('step', () => {});
      await evm.runCall({ caller: CALLER, to: TARGET, gasLimit: 1_000_000n });
      assert.equal(calls, 1);
    } finally {
      p.finish = finish;
      p.revert = revert;
    }
  });

  it('takes over the loop: no opcode goes through Interpreter.runStep unless a step listener is on', async () => {
    const evm = await newEvm(Hardfork.Paris);
    const proto = await interpreterPrototypeOf(evm);
    assert.ok(proto !== undefined && 'runStep' in proto && typeof proto.runStep === 'function');
    const runStep = proto.runStep as (...args: unknown[]) => unknown;
    let steps = 0;
    proto.runStep = function (...args: unknown[]) {
      steps++;
      return runStep.apply(this, args);
    };
    try {
      await runBoth(evm, PROGRAMS['hash and loop'], 30_000_000n, false);
    } finally {
      proto.runStep = runStep;
    }
    // 23 + 10 × 7 opcodes, counted once: by the original loop only.
    assert.ok(steps > 50, `runStep ran ${steps} times`);
    steps = 0;
    const evm2 = await newEvm(Hardfork.Paris);
    await evm2.stateManager.putCode(TARGET, Buffer.from(PROGRAMS['hash and loop'], 'hex'));
    proto.runStep = function (...args: unknown[]) {
      steps++;
      return runStep.apply(this, args);
    };
    try {
      await evm2.runCall({ caller: CALLER, to: TARGET, gasLimit: 1_000_000n });
    } finally {
      proto.runStep = runStep;
    }
    assert.equal(steps, 0);
  });
});
