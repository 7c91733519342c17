// A built-in called by another built-in (through callInternal, as the committee calls the system
// config) gets a frame of its own in the trace, as one called by a CALL does: its step and whatever
// it calls hang under it, its status name is its error, and its failure drops the writes of the
// code it called even when its caller carries on.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bindAbi } from '../../../src/protocol/builtin/abi';
import { SYS_CONFIG_ADDRESS } from '../../../src/protocol/builtin/addresses';
import { COMMITTEE_MANAGER_ABI } from '../../../src/protocol/builtin/committee';
import { committeeAddresses } from '../../../src/devnode/builtin/governance';
import { DEFAULT_TRACE_LIMITS } from '../../../src/devnode/evm/trace';
import { toHex } from '../../../src/protocol/hex';
import { KV_ADDRESS, newChain, word } from './chain-fixtures';
import { realChain, reason } from './parity-helpers';
import { deployRuntime, push } from './raw-code';
import { RELAY_ADDRESS, RETURN_42, relayBuiltins, relayInput, tracedTx } from './relay-builtin';

const name = (s: { builtin?: { name: string } }) => s.builtin?.name.split(' ')[0];

test('a built-in calling built-ins: each one it calls opens a frame under its own', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    const leaf = await deployRuntime(chain, RETURN_42);
    // The relay calls test-kv, then the relay again, which calls test-kv and the leaf.
    const inner = relayInput(leaf);
    const input = relayInput(RELAY_ADDRESS, 'plain', inner);
    const { status, trace: t } = await tracedTx(chain, { to: RELAY_ADDRESS, input });
    assert.equal(status, 0);
    assert.deepEqual(
      t.frames.map((f) => [f.kind, f.codeAddress, f.address, f.caller, f.depth, f.parent]),
      [
        ['call', RELAY_ADDRESS, RELAY_ADDRESS, chain.accounts[0].address, 0, -1],
        ['call', KV_ADDRESS, KV_ADDRESS, RELAY_ADDRESS, 1, 0],
        ['call', RELAY_ADDRESS, RELAY_ADDRESS, RELAY_ADDRESS, 1, 0],
        ['call', KV_ADDRESS, KV_ADDRESS, RELAY_ADDRESS, 2, 2],
        ['call', leaf, leaf, RELAY_ADDRESS, 2, 2],
      ],
    );
    // Each built-in's step opens its frame, at its frame's depth.
    const [outer, kv1, relay2, kv2, ...code] = t.steps;
    assert.deepEqual(
      [outer, kv1, relay2, kv2].map((s) => [name(s), s.depth, s.frame]),
      [
        ['test-relay', 0, 0],
        ['test-kv', 1, 1],
        ['test-relay', 1, 2],
        ['test-kv', 2, 3],
      ],
    );
    assert.ok(code.length > 0 && code.every((s) => s.frame === 4 && s.depth === 2));
    // A frame's input and output are its built-in's.
    assert.equal(t.frames[2].input, toHex(inner));
    assert.equal(t.frames[2].input, relay2.builtin!.input);
    assert.equal(t.frames[2].output, relay2.builtin!.output);
    assert.equal(t.frames[2].output, '0x' + '2a'.padStart(64, '0'));
    assert.deepEqual(
      t.frames.map((f) => f.error),
      [undefined, undefined, undefined, undefined, undefined],
    );
    assert.equal(t.codes[KV_ADDRESS], toHex(await chain.getCode(KV_ADDRESS)));

    // Read-only: the inner frames are static, as a contract's calls in a read-only call are.
    const rc = await chain.traceCall(RELAY_ADDRESS, input, undefined, DEFAULT_TRACE_LIMITS);
    assert.equal(rc.status, 0);
    assert.deepEqual(
      rc.trace.frames.map((f) => [f.kind, f.codeAddress, f.parent]),
      [
        ['staticcall', RELAY_ADDRESS, -1],
        ['staticcall', KV_ADDRESS, 0],
        ['staticcall', RELAY_ADDRESS, 0],
        ['staticcall', KV_ADDRESS, 2],
        ['staticcall', leaf, 2],
      ],
    );
  } finally {
    await chain.close();
  }
});

test('a failing inner built-in: its frame has its status as the error; its callee’s write is dropped', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    const leaf = await deployRuntime(chain, push(7n) + push(0n) + '55' + RETURN_42); // SSTORE(0, 7)
    // The inner relay fails after the leaf wrote; the outer one carries on and succeeds.
    const input = relayInput(RELAY_ADDRESS, 'catch', relayInput(leaf, 'fail'));
    const { status, trace: t } = await tracedTx(chain, { to: RELAY_ADDRESS, input });
    assert.equal(status, 0);
    assert.deepEqual(
      t.frames.map((f) => [f.codeAddress, f.parent, f.error]),
      [
        [RELAY_ADDRESS, -1, undefined],
        [KV_ADDRESS, 0, undefined],
        [RELAY_ADDRESS, 0, 'PrecompiledError'],
        [KV_ADDRESS, 2, undefined],
        [leaf, 2, undefined],
      ],
    );
    assert.equal(t.steps[2].builtin!.status, 15);
    assert.ok(t.steps.some((s) => s.op === 'SSTORE' && s.frame === 4));
    // A failing precompiled reverts its executive and, with bugfix_revert, its child executives
    // first: the calls it made (FISCO-BCOS bcos-executor/src/executive/TransactionExecutive.cpp,
    // callPrecompiled's catch blocks call revert(); revert() walks m_childExecutives).
    assert.deepEqual(await chain.getStorageAt(leaf, word(0)), word(0));

    // The same with the test-kv call throwing: the inner relay fails at its first call.
    const thrown = relayInput(RELAY_ADDRESS, 'catch', relayInput(leaf, 'kv-fails'));
    const k = await tracedTx(chain, { to: RELAY_ADDRESS, input: thrown });
    assert.equal(k.status, 0);
    assert.deepEqual(
      k.trace.frames.map((f) => [f.codeAddress, f.parent, f.error]),
      [
        [RELAY_ADDRESS, -1, undefined],
        [KV_ADDRESS, 0, undefined],
        [RELAY_ADDRESS, 0, 'PrecompiledError'],
        [KV_ADDRESS, 2, 'PrecompiledError'],
      ],
    );
  } finally {
    await chain.close();
  }
});

test('the committee running a passed proposal: the system config it calls has its own frame', async () => {
  const chain = await realChain(false, true);
  try {
    const addresses = committeeAddresses(false);
    const abi = bindAbi(COMMITTEE_MANAGER_ABI, chain.suite);
    const input = abi.encodeCall('createSetSysConfigProposal', ['tx_count_limit', '2000', 100n]);
    // The first account is the only governor: its proposal passes and runs at once.
    const { status, output, trace: t } = await tracedTx(chain, { to: addresses.manager, input });
    assert.equal(status, 0, reason(output));
    // The manager (frame 0) calls the system config (0x1000) as the proposal's caller.
    assert.deepEqual(
      t.frames.map((f) => [f.kind, f.codeAddress, f.caller, f.depth, f.parent, f.error]),
      [
        ['call', addresses.manager, chain.accounts[0].address, 0, -1, undefined],
        ['call', SYS_CONFIG_ADDRESS, addresses.manager, 1, 0, undefined],
      ],
    );
    assert.deepEqual(
      t.steps.map((s) => [s.builtin?.name, s.depth, s.frame]),
      [
        [`CommitteeManager (${addresses.manager})`, 0, 0],
        [`SystemConfigPrecompiled (${SYS_CONFIG_ADDRESS})`, 1, 1],
      ],
    );
    assert.equal(t.frames[1].input, t.steps[1].builtin!.input);
    assert.equal(t.frames[1].output, t.steps[1].builtin!.output);
  } finally {
    await chain.close();
  }
});
