// Where a built-in's failure lies in the trace. A built-in that fails on its own after the code it
// called returned gets a step of its own at its end, in its frame: otherwise the trace's last step
// would be its callee's, which did not fail. A built-in that passes on its last callee's failure
// gets none: the failure stays where it happened, in the callee.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TraceModel } from '../../../src/extension/debug/traceModel';
import { KV_ADDRESS, newChain } from './chain-fixtures';
import { deployRuntime, push } from './raw-code';
import {
  RELAY_ADDRESS,
  RETURN_42,
  callRelayCode,
  relayBuiltins,
  relayInput,
  tracedTx,
} from './relay-builtin';

const REVERT_EMPTY = push(0n) + push(0n) + 'fd';

test('a transaction to a built-in that fails after its callee returned: the failure is its own step', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    const leaf = await deployRuntime(chain, RETURN_42);
    const { status, trace: t } = await tracedTx(chain, {
      to: RELAY_ADDRESS,
      input: relayInput(leaf, 'fail'),
    });
    assert.equal(status, 15);
    assert.deepEqual(
      t.frames.map((f) => [f.codeAddress, f.parent, f.error]),
      [
        [RELAY_ADDRESS, -1, 'PrecompiledError'],
        [KV_ADDRESS, 0, undefined],
        [leaf, 0, undefined],
      ],
    );
    const last = t.steps.length - 1;
    assert.equal(t.steps[last - 1].frame, 2); // the leaf's RETURN
    assert.equal(t.steps[last - 1].op, 'RETURN');
    // The relay's end: its frame and depth, no call record of its own (its first step has it),
    // and the gas it had left: what it was given less what it used (the test built-ins charge none).
    assert.deepEqual(t.steps[last], {
      pc: 0,
      op: 'BUILTIN',
      gas: t.steps[0].gas,
      depth: 0,
      frame: 0,
      stack: [],
    });
    assert.equal(t.steps.filter((s) => s.builtin !== undefined).length, 2); // relay, test-kv
    const m = new TraceModel(t, () => undefined);
    assert.deepEqual(m.failure(), { step: last, error: 'PrecompiledError' });
    assert.deepEqual(m.callStack(last), [{ frame: 0, step: last }]);
  } finally {
    await chain.close();
  }
});

test('an inner built-in fails after its callee returned; the outer one passes its failure on', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    const leaf = await deployRuntime(chain, RETURN_42);
    const input = relayInput(RELAY_ADDRESS, 'plain', relayInput(leaf, 'fail'));
    const { status, trace: t } = await tracedTx(chain, { to: RELAY_ADDRESS, input });
    assert.equal(status, 15);
    assert.deepEqual(
      t.frames.map((f) => [f.codeAddress, f.parent, f.error]),
      [
        [RELAY_ADDRESS, -1, 'PrecompiledError'],
        [KV_ADDRESS, 0, undefined],
        [RELAY_ADDRESS, 0, 'PrecompiledError'],
        [KV_ADDRESS, 2, undefined],
        [leaf, 2, undefined],
      ],
    );
    // Only the inner relay failed on its own: one end step, its own; the outer relay has none.
    const last = t.steps.length - 1;
    assert.deepEqual(
      t.steps.slice(last - 1).map((s) => [s.op, s.frame, s.depth, s.builtin === undefined]),
      [
        ['RETURN', 4, 2, true],
        ['BUILTIN', 2, 1, true],
      ],
    );
    const m = new TraceModel(t, () => undefined);
    assert.deepEqual(m.failure(), { step: last, error: 'PrecompiledError' });
    assert.deepEqual(m.callStack(last), [
      { frame: 2, step: last },
      { frame: 0, step: 0 },
    ]);

    // The same inner failure caught by the outer relay: the step is there, the transaction succeeds.
    const caught = relayInput(RELAY_ADDRESS, 'catch', relayInput(leaf, 'fail'));
    const c = await tracedTx(chain, { to: RELAY_ADDRESS, input: caught });
    assert.equal(c.status, 0);
    assert.deepEqual(
      c.trace.steps.slice(-2).map((s) => [s.op, s.frame]),
      [
        ['RETURN', 4],
        ['BUILTIN', 2],
      ],
    );
    assert.equal(new TraceModel(c.trace, () => undefined).failure(), undefined);
  } finally {
    await chain.close();
  }
});

test('a built-in reached by a CALL that fails after its callee: its end step comes before its caller carries on', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    const leaf = await deployRuntime(chain, RETURN_42);
    const top = await deployRuntime(chain, callRelayCode(leaf, 'fail'));
    const { status, trace: t } = await tracedTx(chain, { to: top });
    assert.equal(status, 0);
    assert.deepEqual(
      t.frames.map((f) => [f.codeAddress, f.parent, f.error]),
      [
        [top, -1, undefined],
        [RELAY_ADDRESS, 0, 'revert'],
        [KV_ADDRESS, 1, undefined],
        [leaf, 1, undefined],
      ],
    );
    const relayStart = t.steps.findIndex((s) => s.builtin?.name.startsWith('test-relay'));
    assert.deepEqual(
      t.steps.slice(-4).map((s) => [s.op, s.frame, s.depth]),
      [
        ['RETURN', 3, 2],
        ['BUILTIN', 1, t.steps[relayStart].depth],
        ['POP', 0, 0],
        ['STOP', 0, 0],
      ],
    );
  } finally {
    await chain.close();
  }
});

test('a callee that fails and a built-in that passes its failure on: the failure stays in the callee', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    const leaf = await deployRuntime(chain, REVERT_EMPTY);
    // Passed on as it is ('plain'), or the relay's own failure right after the callee's ('fail'):
    // the callee's failure is where it went wrong either way.
    for (const input of [
      relayInput(leaf, 'plain'),
      relayInput(leaf, 'fail'),
      relayInput(RELAY_ADDRESS, 'plain', relayInput(leaf, 'plain')),
    ]) {
      const { status, trace: t } = await tracedTx(chain, { to: RELAY_ADDRESS, input });
      assert.notEqual(status, 0);
      const last = t.steps.length - 1;
      const leafFrame = t.frames.findIndex((f) => f.codeAddress === leaf);
      assert.deepEqual([t.steps[last].op, t.steps[last].frame], ['REVERT', leafFrame]);
      assert.equal(t.frames[leafFrame].error, 'revert');
      assert.equal(new TraceModel(t, () => undefined).failure()?.step, last);
    }
  } finally {
    await chain.close();
  }
});

test('a built-in that catches its callee’s failure and fails with its own data: the failure is its own step', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    // The callee reverts with a word; the relay ('fail') catches that and fails with nothing: not
    // the callee's data passed on, so where it went wrong is the relay, as diagnostics' track says.
    const leaf = await deployRuntime(chain, push(42n) + push(0n) + '52' + push(32n) + push(0n) + 'fd');
    const { status, trace: t } = await tracedTx(chain, {
      to: RELAY_ADDRESS,
      input: relayInput(leaf, 'fail'),
    });
    assert.equal(status, 15);
    const leafFrame = t.frames.findIndex((f) => f.codeAddress === leaf);
    assert.equal(t.frames[leafFrame].error, 'revert');
    const last = t.steps.length - 1;
    assert.deepEqual([t.steps[last - 1].op, t.steps[last - 1].frame], ['REVERT', leafFrame]);
    assert.deepEqual([t.steps[last].op, t.steps[last].frame, t.steps[last].depth], ['BUILTIN', 0, 0]);
    const m = new TraceModel(t, () => undefined);
    assert.deepEqual(m.failure(), { step: last, error: 'PrecompiledError' });
    assert.deepEqual(m.callStack(last), [{ frame: 0, step: last }]);
  } finally {
    await chain.close();
  }
});
