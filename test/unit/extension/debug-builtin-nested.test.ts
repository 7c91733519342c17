// The debugger over a built-in that calls another built-in (through callInternal): the inner one
// has a frame of its own, so the call stack shows both, a failure inside the inner one stops in
// its frame, and the writes of code it called are undone after its last step when it fails.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { TraceModel } from '../../../src/extension/debug/traceModel';
import { TraceStorage } from '../../../src/extension/debug/variables/storageView';
import { newChain, word } from '../devnode/chain-fixtures';
import { deployRuntime, push, pushAddress } from '../devnode/raw-code';
import {
  RELAY_ADDRESS,
  RETURN_42,
  callRelayCode,
  relayBuiltins,
  relayInput,
  tracedTx,
} from '../devnode/relay-builtin';
import { startAdapter } from './debug-client';

const BUILTIN_FRAME = (name: string) => new RegExp(`^${name} \\(0x[0-9a-f]{40}\\) @ pc 0 BUILTIN$`);

test('inside a built-in a built-in called, the call stack shows both, innermost first', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    const leaf = await deployRuntime(chain, RETURN_42);
    // relay → test-kv, relay → test-kv, leaf
    const input = relayInput(RELAY_ADDRESS, 'plain', relayInput(leaf));
    const { status, trace } = await tracedTx(chain, { to: RELAY_ADDRESS, input });
    assert.equal(status, 0);
    const m = new TraceModel(trace, () => undefined);
    const innerKv = 3;
    assert.equal(trace.steps[innerKv].builtin?.name.split(' ')[0], 'test-kv');
    assert.deepEqual(m.callStack(innerKv), [
      { frame: 3, step: innerKv },
      { frame: 2, step: 2 },
      { frame: 0, step: 0 },
    ]);
    assert.deepEqual(
      m.callStack(innerKv).map(({ frame }) => m.builtinName(frame)?.split(' ')[0]),
      ['test-kv', 'test-relay', 'test-relay'],
    );
    const inLeaf = innerKv + 1;
    assert.deepEqual(m.callStack(inLeaf), [
      { frame: 4, step: inLeaf },
      { frame: 2, step: 2 },
      { frame: 0, step: 0 },
    ]);
  } finally {
    await chain.close();
  }
});

test('an inner built-in that fails: the failure is its step, in its frame; the adapter stops there', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  const leaf = await deployRuntime(chain, RETURN_42);
  // The inner relay's test-kv call throws; both relays pass the failure on.
  const input = relayInput(RELAY_ADDRESS, 'plain', relayInput(leaf, 'kv-fails'));
  const { status, trace } = await tracedTx(chain, { to: RELAY_ADDRESS, input });
  const adapter = await startAdapter({
    fetchTrace: () => Promise.resolve({ trace, status }),
    lookup: () => undefined,
  });
  try {
    assert.equal(status, 15);
    const m = new TraceModel(trace, () => undefined);
    assert.deepEqual(m.failure(), { step: 3, error: 'PrecompiledError: kv exploded' });
    assert.deepEqual(
      m.callStack(3).map(({ frame }) => [frame, trace.frames[frame].error]),
      [
        [3, 'PrecompiledError'],
        [2, 'PrecompiledError'],
        [0, 'PrecompiledError'],
      ],
    );

    const dc = adapter.dc;
    await dc.initializeRequest();
    await dc.configurationDoneRequest();
    const entry = dc.waitForEvent('stopped');
    await dc.launch({ txHash: '0x01', sourceRoot: '/ws' });
    assert.equal(((await entry) as DebugProtocol.StoppedEvent).body.reason, 'entry');
    const failed = dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>;
    await dc.continueRequest({ threadId: 1 });
    const ev = await failed;
    assert.equal(ev.body.reason, 'exception');
    assert.equal(ev.body.text, 'Transaction failed: PrecompiledError: kv exploded');
    const names = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames.map((f) => f.name);
    assert.equal(names.length, 3);
    assert.match(names[0], BUILTIN_FRAME('test-kv'));
    assert.match(names[1], BUILTIN_FRAME('test-relay'));
    assert.match(names[2], BUILTIN_FRAME('test-relay'));
  } finally {
    await adapter.close();
    await chain.close();
  }
});

test('a failing inner built-in under one that carries on: its callee’s write is undone after its last step', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    const leaf = await deployRuntime(chain, push(7n) + push(0n) + '55' + RETURN_42); // SSTORE(0, 7)
    // A contract calls the relay, which catches the inner relay's failure after the leaf wrote.
    const code = callRelayCode(RELAY_ADDRESS, 'catch', relayInput(leaf, 'fail'));
    const top = await deployRuntime(chain, code);
    const { status, trace } = await tracedTx(chain, { to: top });
    assert.equal(status, 0);
    assert.deepEqual(await chain.getStorageAt(leaf, word(0)), word(0));
    assert.deepEqual(
      trace.frames.map((f) => [f.codeAddress, f.parent, f.error]),
      [
        [top, -1, undefined],
        [RELAY_ADDRESS, 0, undefined],
        [trace.frames[2].codeAddress, 1, undefined], // test-kv
        [RELAY_ADDRESS, 1, 'PrecompiledError'],
        [trace.frames[4].codeAddress, 3, undefined], // test-kv
        [leaf, 3, undefined],
      ],
    );
    const sstore = trace.steps.findIndex((s) => s.op === 'SSTORE');
    assert.equal(trace.steps[sstore].frame, 5);
    const leafEnd = trace.steps.map((s) => s.frame).lastIndexOf(5);
    // The inner relay's end (it failed on its own after the leaf returned; the outer one, which
    // carries on, has none), then back in the contract: its POP, then STOP.
    assert.deepEqual(
      trace.steps.slice(leafEnd + 1).map((s) => [s.op, s.frame]),
      [
        ['BUILTIN', 3],
        ['POP', 0],
        ['STOP', 0],
      ],
    );
    const storage = new TraceStorage(trace);
    assert.equal(storage.at(leaf, sstore - 1).value(0n), 0n);
    assert.equal(storage.at(leaf, sstore).value(0n), 7n);
    assert.equal(storage.at(leaf, leafEnd + 1).value(0n), 7n);
    assert.equal(storage.at(leaf, leafEnd + 2).value(0n), 0n);
  } finally {
    await chain.close();
  }
});

test('the raw storage scope leaves out a write the failing inner built-in undid', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    // The leaf writes slot 0 when called without data; with data it only stops.
    const write = push(7n) + push(0n) + '55' + RETURN_42;
    const dest = BigInt(4 + write.length / 2);
    const leaf = await deployRuntime(chain, '36' + push(dest) + '57' + write + '5b00');
    // The contract calls the relay (the inner relay fails after the leaf wrote), then the leaf
    // again with one byte of data.
    const viaRelay = callRelayCode(RELAY_ADDRESS, 'catch', relayInput(leaf, 'fail')).slice(0, -2);
    const again = push(0n) + push(0n) + push(1n) + push(0n) + push(0n) + pushAddress(leaf) + '5af150';
    const top = await deployRuntime(chain, viaRelay + again + '00');
    const { status, trace } = await tracedTx(chain, { to: top });
    assert.equal(status, 0);
    const m = new TraceModel(trace, () => undefined);
    const leafFrames = trace.frames.flatMap((f, i) => (f.codeAddress === leaf ? [i] : []));
    assert.equal(leafFrames.length, 2);
    const second = trace.steps.findIndex((s) => s.frame === leafFrames[1]);
    const sstore = trace.steps.findIndex((s) => s.op === 'SSTORE');
    assert.equal(trace.steps[sstore].frame, leafFrames[0]);
    const storage = (i: number) => [...m.storageAt(i)];
    assert.deepEqual(storage(sstore), [['0x0', '0x7']]);
    // Its second run: the write was undone when the inner relay failed.
    assert.equal(trace.steps[second].op, 'CALLDATASIZE');
    assert.deepEqual(storage(second), []);
    assert.deepEqual(storage(trace.steps.length - 1), []);
  } finally {
    await chain.close();
  }
});
