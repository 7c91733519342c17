// The debugger over a transaction sent straight to a built-in: the built-in's frame is the
// transaction's, so the call stack, the failure and the storage view read it as a contract's.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TraceModel } from '../../../src/extension/debug/traceModel';
import { TraceStorage } from '../../../src/extension/debug/variables/storageView';
import { KV_ADDRESS, newChain } from '../devnode/chain-fixtures';
import { deployRuntime, push } from '../devnode/raw-code';
import { RELAY_ADDRESS, RETURN_42, relayBuiltins, relayInput, tracedTx } from '../devnode/relay-builtin';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { startAdapter } from './debug-client';

test('a failing transaction to a built-in: call stack through it, its failure, its callee’s write undone', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    const leaf = await deployRuntime(chain, push(7n) + push(0n) + '55' + RETURN_42); // SSTORE(0, 7)
    const { status, trace } = await tracedTx(chain, { to: RELAY_ADDRESS, input: relayInput(leaf, 'fail') });
    assert.equal(status, 15);
    // No source for any of it: every step is a stop.
    const m = new TraceModel(trace, () => undefined);
    assert.equal(trace.steps[0].builtin?.name.split(' ')[0], 'test-relay');
    assert.deepEqual(m.callStack(0), [{ frame: 0, step: 0 }]);
    const sstore = trace.steps.findIndex((s) => s.op === 'SSTORE');
    assert.deepEqual(m.callStack(sstore), [
      { frame: 2, step: sstore },
      { frame: 0, step: 0 },
    ]);
    // The relay failed after the leaf returned: the trace's last step is its end, in its frame.
    const last = trace.steps.length - 1;
    assert.deepEqual(m.failure(), { step: last, error: 'PrecompiledError' });
    assert.deepEqual([trace.steps[last].op, trace.steps[last].frame], ['BUILTIN', 0]);
    assert.deepEqual(m.callStack(last), [{ frame: 0, step: last }]);
    // The leaf's write shows until the relay returns, at its end step (the trace's last), then is
    // undone: past the last step, the storage after the transaction.
    const storage = new TraceStorage(trace);
    assert.equal(storage.at(leaf, sstore - 1).value(0n), 0n);
    assert.equal(storage.at(leaf, sstore).value(0n), 7n);
    assert.equal(trace.steps[last - 1].frame, 2);
    assert.equal(storage.at(leaf, last).value(0n), 7n);
    assert.equal(storage.at(leaf, last + 1).value(0n), 0n);
  } finally {
    await chain.close();
  }
});

test('a built-in that throws, sent a transaction: the failure names its status and message', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    const { status, trace } = await tracedTx(chain, {
      to: KV_ADDRESS,
      input: Uint8Array.of(3), // throws "kv exploded"
    });
    assert.equal(status, 15);
    const m = new TraceModel(trace, () => undefined);
    assert.deepEqual(m.failure(), { step: 0, error: 'PrecompiledError: kv exploded' });
    assert.deepEqual(m.callStack(0), [{ frame: 0, step: 0 }]);
  } finally {
    await chain.close();
  }
});

test('the debug adapter names a built-in’s frame by the built-in, stopped on entry of a transaction to it', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  const adapter = await startAdapter({
    fetchTrace: async () => {
      const leaf = await deployRuntime(chain, RETURN_42);
      const { status, trace } = await tracedTx(chain, { to: RELAY_ADDRESS, input: relayInput(leaf) });
      return { trace, status };
    },
    lookup: () => undefined,
  });
  try {
    const dc = adapter.dc;
    await dc.initializeRequest();
    await dc.configurationDoneRequest();
    const stopped = dc.waitForEvent('stopped');
    await dc.launch({ txHash: '0x01', sourceRoot: '/ws', stopOnEntry: true });
    assert.equal((await stopped).body.reason, 'entry');
    const names = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames.map((f) => f.name);
    assert.equal(names.length, 1);
    assert.match(names[0], /^test-relay \(0x[0-9a-f]{40}\) @ pc 0 BUILTIN$/);
  } finally {
    await adapter.close();
    await chain.close();
  }
});

test('a transaction that fails at its first step: the entry stop is the failure stop, then it ends', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  // test-kv throws "kv exploded" at once: the trace's one step is where it failed.
  const { status, trace } = await tracedTx(chain, { to: KV_ADDRESS, input: Uint8Array.of(3) });
  const adapter = await startAdapter({
    fetchTrace: () => Promise.resolve({ trace, status }),
    lookup: () => undefined,
  });
  try {
    assert.equal(status, 15);
    assert.equal(trace.steps.length, 1);
    for (const [stopOnEntry, next] of [
      [true, 'continue'],
      [undefined, 'next'],
      [false, 'stepIn'],
    ] as const) {
      const dc = stopOnEntry === true ? adapter.dc : await adapter.connect();
      try {
        await dc.initializeRequest();
        await dc.configurationDoneRequest();
        const stopped = dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>;
        await dc.launch({ txHash: '0x01', sourceRoot: '/ws', stopOnEntry });
        const ev = await stopped;
        assert.equal(ev.body.reason, 'exception', `stopOnEntry ${stopOnEntry}`);
        assert.equal(ev.body.text, 'Transaction failed: PrecompiledError: kv exploded');
        assert.equal(ev.body.description, 'The transaction failed here (PrecompiledError: kv exploded)');
        const frames = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames;
        assert.match(frames[0].name, /^test-kv \(0x[0-9a-f]{40}\) @ pc 0 BUILTIN$/);
        const ended = dc.waitForEvent('terminated');
        if (next === 'continue') await dc.continueRequest({ threadId: 1 });
        else if (next === 'next') await dc.nextRequest({ threadId: 1 });
        else await dc.stepInRequest({ threadId: 1 });
        await ended;
      } finally {
        if (dc !== adapter.dc) await dc.stop();
      }
    }
  } finally {
    await adapter.close();
    await chain.close();
  }
});
