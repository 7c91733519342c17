// The trace recorder's frames are labelled by the instruction that opened them (CALLCODE frames
// were labelled 'call', and a CALL made inside a STATICCALL 'staticcall'), and a built-in's step
// counts against maxSteps and maxBytes like any other (it was added past both limits) and reports
// the gas given to the built-in (it reported the gas of the step before it).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_TRACE_LIMITS, TraceTooLarge } from '../../../src/devnode/evm/trace';
import type { DevChain } from '../../../src/devnode/chain/types';
import { KV_ADDRESS, newChain, signedTx, testBuiltins } from './chain-fixtures';
import { deployRuntime, push, pushAddress } from './raw-code';

const GAS = '5a';
const POP = '50';
const STOP = '00';
const z = push(0n);
/** CALL / CALLCODE (value 0) and DELEGATECALL / STATICCALL to `to`, no input or output. */
const withValue = (op: string, to: string) => z + z + z + z + z + pushAddress(to) + GAS + op;
const noValue = (op: string, to: string) => z + z + z + z + pushAddress(to) + GAS + op;
const CALL = (to: string) => withValue('f1', to);
const CALLCODE = (to: string) => withValue('f2', to);
const DELEGATECALL = (to: string) => noValue('f4', to);
const STATICCALL = (to: string) => noValue('fa', to);

async function send(chain: DevChain, to: string, input = new Uint8Array(0)) {
  const { raw, hash } = signedTx(chain, chain.accounts[0].privateKey, { to, input });
  const { receipt } = await chain.submit(raw);
  return { hash, status: receipt.data.status };
}

test('frames are labelled by the call instruction that opened them', async () => {
  const chain = await newChain();
  try {
    const leaf = await deployRuntime(chain, STOP);
    const lib = await deployRuntime(chain, push(7n) + push(0n) + '55' + STOP); // SSTORE(0, 7)
    const inner = await deployRuntime(chain, CALL(leaf) + POP + STOP); // a CALL, reached statically below
    const top = await deployRuntime(
      chain,
      CALLCODE(lib) + POP + DELEGATECALL(lib) + POP + STATICCALL(inner) + POP + CALL(leaf) + POP + STOP,
    );
    const { hash, status } = await send(chain, top);
    assert.equal(status, 0);
    const t = (await chain.traceTransaction(hash, DEFAULT_TRACE_LIMITS))!;
    assert.deepEqual(
      t.trace.frames.map((f) => [f.kind, f.parent, f.address, f.codeAddress]),
      [
        ['call', -1, top, top],
        ['callcode', 0, top, lib], // lib's code on top's storage
        ['delegatecall', 0, top, lib],
        ['staticcall', 0, inner, inner],
        ['call', 3, leaf, leaf], // a CALL in a static context is still a CALL
        ['call', 0, leaf, leaf],
      ],
    );
    // The CALLCODE frame's write lands in top's storage.
    assert.deepEqual(
      t.trace.steps.filter((s) => s.storage).map((s) => [s.frame, s.storage]),
      [
        [1, ['0x0', '0x7']],
        [2, ['0x0', '0x7']],
      ],
    );
    // A traced read-only call: its own frame is static, the frames below keep their instruction.
    const c = await chain.traceCall(top, new Uint8Array(0), undefined, DEFAULT_TRACE_LIMITS);
    assert.deepEqual(
      c.trace.frames.map((f) => f.kind),
      ['staticcall', 'callcode', 'delegatecall', 'staticcall', 'call', 'call'],
    );
  } finally {
    await chain.close();
  }
});

test("a built-in's step counts against maxSteps and maxBytes", async () => {
  const chain = await newChain({ builtins: testBuiltins() });
  try {
    // Eight EVM steps (five pushes, PUSH20, GAS, CALL), then the built-in's step, then nothing:
    // the code ends with the CALL.
    const caller = await deployRuntime(chain, CALL(KV_ADDRESS));
    const { hash } = await send(chain, caller);
    const all = (await chain.traceTransaction(hash, DEFAULT_TRACE_LIMITS))!;
    assert.deepEqual(
      all.trace.steps.map((s) => s.op),
      ['PUSH1', 'PUSH1', 'PUSH1', 'PUSH1', 'PUSH1', 'PUSH20', 'GAS', 'CALL', 'BUILTIN'],
    );
    const exact = (await chain.traceTransaction(hash, { ...DEFAULT_TRACE_LIMITS, maxSteps: 9 }))!;
    assert.equal(exact.trace.steps.length, 9);
    await assert.rejects(
      chain.traceTransaction(hash, { ...DEFAULT_TRACE_LIMITS, maxSteps: 8 }),
      (e: unknown) => e instanceof TraceTooLarge && /more than 8 steps \(maxSteps\)/.test(e.message),
    );

    // A transaction straight to the built-in, with 64 KiB of input: one step, over 10,000 bytes.
    const big = new Uint8Array(64 * 1024).fill(0x61);
    big[0] = 2; // get
    const direct = await send(chain, KV_ADDRESS, big);
    const one = (await chain.traceTransaction(direct.hash, DEFAULT_TRACE_LIMITS))!;
    assert.equal(one.trace.steps.length, 1);
    assert.equal(one.trace.steps[0].builtin!.input.length, 2 + 2 * big.length);
    await assert.rejects(
      chain.traceTransaction(direct.hash, { maxSteps: 10, maxBytes: 10_000 }),
      (e: unknown) => e instanceof TraceTooLarge && /pass 10000 bytes \(maxBytes\)/.test(e.message),
    );
  } finally {
    await chain.close();
  }
});

/** EIP-150: a call passes at most all but one 64th of the gas left after the call's own cost. */
const allBut64th = (gas: number) => gas - Math.floor(gas / 64);

test("a built-in's step reports the gas given to it, as a called contract's first step does", async () => {
  const chain = await newChain({ builtins: testBuiltins() });
  try {
    const leaf = await deployRuntime(chain, STOP);
    const caller = await deployRuntime(chain, CALL(leaf) + POP + CALL(KV_ADDRESS) + POP + STOP);
    const { hash } = await send(chain, caller);
    const steps = (await chain.traceTransaction(hash, DEFAULT_TRACE_LIMITS))!.trace.steps;
    const [toLeaf, toBuiltin] = steps.filter((s) => s.op === 'CALL');
    const leafStep = steps[steps.indexOf(toLeaf) + 1];
    const builtinStep = steps[steps.indexOf(toBuiltin) + 1];
    assert.deepEqual([leafStep.op, leafStep.depth], ['STOP', 1]);
    assert.deepEqual([builtinStep.op, builtinStep.depth], ['BUILTIN', 1]);
    // The CALL asks for all its gas (GAS); the callee gets what is left after the call's own cost,
    // less a 64th. Both accounts are first reached here: cold, 2600 (EIP-2929).
    assert.equal(leafStep.gas, allBut64th(toLeaf.gas - 2600));
    assert.equal(builtinStep.gas, allBut64th(toBuiltin.gas - 2600));
    assert.ok(builtinStep.gas < toBuiltin.gas);

    // A transaction straight to the built-in: the gas a transaction's first EVM step has.
    const direct = await send(chain, KV_ADDRESS, Uint8Array.of(2));
    const one = (await chain.traceTransaction(direct.hash, DEFAULT_TRACE_LIMITS))!.trace.steps;
    assert.deepEqual(
      one.map((s) => [s.op, s.gas]),
      [['BUILTIN', steps[0].gas]],
    );
  } finally {
    await chain.close();
  }
});
