// The debugger's call stack and stepping over a trace where a contract calls a built-in that calls
// another built-in and a contract. The built-in's step was recorded after the code it called, so
// the call stack inside that code had no step for the built-in's frame or its caller's (-1).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TraceModel } from '../../../src/extension/debug/traceModel';
import { newChain } from '../devnode/chain-fixtures';
import { deployRuntime } from '../devnode/raw-code';
import { RETURN_42, callRelayCode, relayBuiltins, tracedTx } from '../devnode/relay-builtin';
import { push } from '../devnode/raw-code';
import { TraceStorage } from '../../../src/extension/debug/variables/storageView';

test('inside code a built-in called, the call stack runs through the built-in to its caller', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    const leaf = await deployRuntime(chain, RETURN_42);
    const top = await deployRuntime(chain, callRelayCode(leaf));
    const { status, trace } = await tracedTx(chain, { to: top });
    assert.equal(status, 0);
    // No source for any of it: every step is a stop.
    const m = new TraceModel(trace, () => undefined);
    const call = trace.steps.findIndex((s) => s.op === 'CALL');
    const relay = call + 1;
    assert.equal(trace.steps[relay].builtin?.name.split(' ')[0], 'test-relay');
    const inLeaf = trace.steps.findIndex((s) => s.frame === 3);
    assert.ok(inLeaf > relay);
    // The relay's frame (one step) is at its step, whichever of its callees runs.
    assert.deepEqual(m.callStack(inLeaf), [
      { frame: 3, step: inLeaf },
      { frame: 1, step: relay },
      { frame: 0, step: call },
    ]);
    assert.deepEqual(m.callStack(relay + 1), [
      { frame: 2, step: relay + 1 },
      { frame: 1, step: relay },
      { frame: 0, step: call },
    ]);
    assert.deepEqual(m.callStack(relay), [
      { frame: 1, step: relay },
      { frame: 0, step: call },
    ]);
    // The call stack names a built-in's frame by the built-in (its first step), not by address;
    // contract frames have no built-in name.
    assert.equal(m.builtinName(1), trace.steps[relay].builtin?.name);
    assert.match(m.builtinName(1) ?? '', /^test-relay \(0x/);
    assert.match(m.builtinName(2) ?? '', /^test-kv \(0x/);
    assert.equal(m.builtinName(0), undefined);
    assert.equal(m.builtinName(3), undefined);
    // Step into goes through the built-ins into the leaf; over and out come back to the POP.
    assert.deepEqual(
      [m.stepInto(call), m.stepInto(relay), m.stepInto(relay + 1)],
      [relay, relay + 1, inLeaf],
    );
    const pop = trace.steps.length - 2;
    assert.equal(trace.steps[pop].op, 'POP');
    assert.equal(m.stepOver(call), pop);
    assert.equal(m.stepOut(inLeaf), pop);
    assert.equal(m.stepOut(relay), pop);
  } finally {
    await chain.close();
  }
});

test('a write by code a failing built-in called shows until the built-in returns, then is undone', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    const leaf = await deployRuntime(chain, push(7n) + push(0n) + '55' + RETURN_42); // SSTORE(0, 7)
    const top = await deployRuntime(chain, callRelayCode(leaf, 'fail'));
    const { status, trace } = await tracedTx(chain, { to: top });
    assert.equal(status, 0, 'the CALL fails, the transaction not');
    assert.equal(trace.frames[1].error, 'revert');
    assert.equal(trace.frames[3].error, undefined);
    // The relay failed on its own after the leaf returned: its second step, right after the
    // leaf's last, is its end; the leaf's write shows up to it and is undone after it.
    const sstore = trace.steps.findIndex((s) => s.op === 'SSTORE');
    assert.equal(trace.steps[sstore].frame, 3);
    const storage = new TraceStorage(trace);
    assert.equal(storage.at(leaf, sstore - 1).value(0n), 0n);
    assert.equal(storage.at(leaf, sstore).value(0n), 7n);
    const leafEnd = trace.steps.map((s) => s.frame).lastIndexOf(3);
    const relayEnd = leafEnd + 1;
    assert.deepEqual([trace.steps[relayEnd].op, trace.steps[relayEnd].frame], ['BUILTIN', 1]);
    assert.equal(storage.at(leaf, leafEnd).value(0n), 7n);
    assert.equal(storage.at(leaf, relayEnd).value(0n), 7n);
    assert.equal(storage.at(leaf, relayEnd + 1).value(0n), 0n);
    assert.equal(storage.at(leaf, trace.steps.length - 1).value(0n), 0n);
  } finally {
    await chain.close();
  }
});
