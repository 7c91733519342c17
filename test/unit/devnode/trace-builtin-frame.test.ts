// A transaction sent straight to a built-in gets a top frame for the built-in, the frame a CALL to
// it gets from its message: the built-in's step and whatever it calls hang under that frame.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { toHex } from '../../../src/protocol/hex';
import { DEFAULT_TRACE_LIMITS } from '../../../src/devnode/evm/trace';
import { KV_ADDRESS, newChain, signedTx } from './chain-fixtures';
import { deployRuntime } from './raw-code';
import {
  RELAY_ADDRESS,
  RETURN_42,
  callRelayCode,
  relayBuiltins,
  relayInput,
  tracedTx,
} from './relay-builtin';

test('a transaction to a built-in opens frame 0 for it, the frame a CALL to it opens', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    const key = chain.accounts[0].privateKey;
    const leaf = await deployRuntime(chain, RETURN_42);
    const input = relayInput(leaf);
    const { status, output, trace: t } = await tracedTx(chain, { to: RELAY_ADDRESS, input });
    assert.equal(status, 0);
    assert.deepEqual(
      t.frames.map((f) => [f.kind, f.codeAddress, f.depth, f.parent]),
      [
        ['call', RELAY_ADDRESS, 0, -1],
        ['call', KV_ADDRESS, 1, 0],
        ['call', leaf, 1, 0],
      ],
    );
    assert.equal(t.frames[0].input, toHex(input));
    assert.equal(t.frames[0].output, toHex(output));
    assert.equal(t.frames[0].error, undefined);
    // The relay's step is in its frame; test-kv's and the leaf's in theirs, one level down.
    const [relay, kv, ...code] = t.steps;
    assert.deepEqual(
      [relay, kv].map((s) => [s.builtin?.name.split(' ')[0], s.depth, s.frame]),
      [
        ['test-relay', 0, 0],
        ['test-kv', 1, 1],
      ],
    );
    assert.ok(code.length > 0 && code.every((s) => s.frame === 2 && s.depth === 1));

    // A contract's CALL to the relay with the same input: the same frame but for where it sits.
    const top = await deployRuntime(chain, callRelayCode(leaf));
    const viaCall = signedTx(chain, key, { to: top });
    assert.equal((await chain.submit(viaCall.raw)).receipt.data.status, 0);
    const c = (await chain.traceTransaction(viaCall.hash, DEFAULT_TRACE_LIMITS))!.trace;
    assert.equal(c.frames[1].codeAddress, RELAY_ADDRESS);
    assert.deepEqual(t.frames[0], { ...c.frames[1], depth: 0, caller: c.frames[0].caller, parent: -1 });
    assert.equal(t.codes[RELAY_ADDRESS], c.codes[RELAY_ADDRESS]);
    assert.deepEqual(t.preStorage?.[RELAY_ADDRESS], c.preStorage?.[RELAY_ADDRESS]);

    // A read-only call to it runs static, as a contract's read-only call does.
    const rc = await chain.traceCall(RELAY_ADDRESS, input, undefined, DEFAULT_TRACE_LIMITS);
    assert.equal(rc.status, 0);
    assert.deepEqual(
      rc.trace.frames.map((f) => [f.kind, f.codeAddress, f.parent]),
      [
        ['staticcall', RELAY_ADDRESS, -1],
        ['staticcall', KV_ADDRESS, 0],
        ['staticcall', leaf, 0],
      ],
    );
  } finally {
    await chain.close();
  }
});

test('a failing transaction to a built-in: its frame carries its status as the error', async () => {
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
    assert.equal(t.frames[0].output, '0x');
    assert.equal(t.steps[0].builtin!.status, 15);
  } finally {
    await chain.close();
  }
});
