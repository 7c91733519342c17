// A built-in's step comes before the steps of the code it calls (contracts or other built-ins),
// in execution order, and still carries its output and status: it was recorded only once the
// built-in had returned, after everything it called.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bindAbi } from '../../../src/protocol/builtin/abi';
import { COMMITTEE_MANAGER_ABI } from '../../../src/protocol/builtin/committee';
import { fromHex, toHex } from '../../../src/protocol/hex';
import { committeeAddresses } from '../../../src/devnode/builtin/governance';
import { DEFAULT_TRACE_LIMITS, TraceTooLarge, type Trace } from '../../../src/devnode/evm/trace';
import { KV_ADDRESS, newChain, signedTx } from './chain-fixtures';
import { realChain, reason } from './parity-helpers';
import {
  LARGE_TAIL,
  RELAY_ADDRESS,
  RETURN_42,
  callRelayCode,
  relayBuiltins,
  relayInput,
  returnWord,
  tracedTx,
} from './relay-builtin';
import { deployRuntime } from './raw-code';

/** Steps of the EVM code (every step but the built-ins'). */
const evmSteps = (t: Trace) => t.steps.filter((s) => s.op !== 'BUILTIN');

test('the committee manager’s step precedes the VoteComputer calls it makes', async () => {
  const chain = await realChain(false, true);
  try {
    const addresses = committeeAddresses(false);
    // A VoteComputer: `_committee()` (no arguments) answers the committee's address, anything else
    // (determineVoteResult) 2, Finished. CALLDATASIZE PUSH1 4 EQ PUSH1 <to> JUMPI, return 2;
    // JUMPDEST, return the committee.
    const two = returnWord(2n);
    const jumpTo = (7 + two.length / 2).toString(16).padStart(2, '0');
    const computer = await deployRuntime(
      chain,
      '36600414' + '60' + jumpTo + '57' + two + '5b' + returnWord(BigInt(addresses.committee)),
    );
    const abi = bindAbi(COMMITTEE_MANAGER_ABI, chain.suite);
    const input = abi.encodeCall('createUpgradeVoteComputerProposal', [computer, 100n]);
    // The first account is the only governor: its proposal passes and runs at once.
    const { raw, hash } = signedTx(chain, chain.accounts[0].privateKey, { to: addresses.manager, input });
    const { receipt } = await chain.submit(raw);
    assert.equal(receipt.data.status, 0, reason(receipt.data.output));
    const t = (await chain.traceTransaction(hash, DEFAULT_TRACE_LIMITS))!.trace;

    const first = t.steps[0];
    assert.equal(first.op, 'BUILTIN');
    assert.match(first.builtin!.name, new RegExp(`\\(${addresses.manager}\\)$`));
    // The transaction's frame is the manager's own, as a contract transaction's is the contract's.
    assert.deepEqual([first.depth, first.frame], [0, 0]);
    assert.equal(first.builtin!.input, toHex(input));
    assert.equal(first.builtin!.status, 0);
    assert.equal(first.builtin!.output, toHex(receipt.data.output));
    const [id] = abi.decodeResult('createUpgradeVoteComputerProposal', fromHex(first.builtin!.output));
    assert.equal(id, 1n);
    // Both calls to the computer (`_committee`, then `determineVoteResult`) come after, one level
    // down, in frames whose parent is the manager's.
    assert.deepEqual(
      t.frames.map((f) => [f.codeAddress, f.depth, f.parent]),
      [
        [addresses.manager, 0, -1],
        [computer, 1, first.frame],
        [computer, 1, first.frame],
      ],
    );
    // Only the manager's step is a built-in's: everything after it is the computer's code.
    const code = evmSteps(t);
    assert.deepEqual(t.steps.slice(1), code);
    assert.ok(code.every((s) => s.depth === 1));
    const frames = code.map((s) => s.frame);
    assert.deepEqual(frames, [...frames].sort());
    assert.deepEqual(new Set(frames), new Set([1, 2]));
  } finally {
    await chain.close();
  }
});

test('a built-in that calls another built-in and a contract: its step first, theirs one level down', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    const leaf = await deployRuntime(chain, RETURN_42);
    const top = await deployRuntime(chain, callRelayCode(leaf));
    const { status, hash, trace: t } = await tracedTx(chain, { to: top });
    assert.equal(status, 0);

    const ops = t.steps.map((s) => (s.builtin ? s.builtin.name.split(' ')[0] : s.op));
    const call = ops.indexOf('CALL');
    assert.deepEqual(ops.slice(call, call + 3), ['CALL', 'test-relay', 'test-kv']);
    assert.deepEqual(ops.slice(-2), ['POP', 'STOP']);
    const [relay, kv] = [t.steps[call + 1], t.steps[call + 2]];
    // The relay runs in the frame its CALL opened (frame 1, depth 1); what it calls, built-in or
    // contract, in frames of their own one deeper.
    assert.deepEqual(
      t.frames.map((f) => [f.codeAddress, f.depth, f.parent]),
      [
        [top, 0, -1],
        [RELAY_ADDRESS, 1, 0],
        [KV_ADDRESS, 2, 1],
        [leaf, 2, 1],
      ],
    );
    assert.deepEqual([relay.depth, relay.frame], [1, 1]);
    assert.deepEqual([kv.depth, kv.frame], [2, 2]);
    const leafSteps = t.steps.slice(call + 3, -2);
    assert.ok(leafSteps.length > 0);
    assert.ok(leafSteps.every((s) => s.frame === 3 && s.depth === 2));
    assert.equal(leafSteps[leafSteps.length - 1].op, 'RETURN');
    // Outputs and statuses are filled in when each returns: the relay answers what the leaf returned.
    assert.deepEqual([kv.builtin!.status, kv.builtin!.output], [0, '0x']);
    assert.deepEqual([relay.builtin!.status, relay.builtin!.output], [0, '0x' + '2a'.padStart(64, '0')]);
    assert.equal(t.frames[1].output, relay.builtin!.output);

    // Cut short inside the leaf: the trace fails rather than end with the built-ins' steps open.
    const exact = (await chain.traceTransaction(hash, {
      ...DEFAULT_TRACE_LIMITS,
      maxSteps: t.steps.length,
    }))!;
    assert.deepEqual(exact.trace, t);
    await assert.rejects(
      chain.traceTransaction(hash, { ...DEFAULT_TRACE_LIMITS, maxSteps: call + 4 }),
      (e: unknown) => e instanceof TraceTooLarge && /more than \d+ steps \(maxSteps\)/.test(e.message),
    );
  } finally {
    await chain.close();
  }
});

test('a transaction to a built-in: its step is first, and its output counts against maxBytes', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    const leaf = await deployRuntime(chain, RETURN_42);
    const {
      status,
      output,
      hash,
      trace: t,
    } = await tracedTx(chain, { to: RELAY_ADDRESS, input: relayInput(leaf, 'large') });
    assert.equal(status, 0);
    const [relay, kv, ...code] = t.steps;
    assert.deepEqual(
      [relay, kv].map((s) => [s.builtin?.name.split(' ')[0], s.depth, s.frame]),
      [
        ['test-relay', 0, 0],
        ['test-kv', 1, 1],
      ],
    );
    assert.deepEqual(
      t.frames.map((f) => [f.codeAddress, f.depth, f.parent]),
      [
        [RELAY_ADDRESS, 0, -1],
        [KV_ADDRESS, 1, 0],
        [leaf, 1, 0],
      ],
    );
    assert.ok(code.length > 0 && code.every((s) => s.frame === 2 && s.depth === 1));
    assert.equal(relay.builtin!.status, 0);
    assert.equal(relay.builtin!.output, toHex(output));
    assert.equal(relay.builtin!.output.length, 2 + 2 * (32 + LARGE_TAIL));
    // Its input is small: only the output, known when it returns, passes 10,000 bytes.
    await assert.rejects(
      chain.traceTransaction(hash, { ...DEFAULT_TRACE_LIMITS, maxBytes: 10_000 }),
      (e: unknown) => e instanceof TraceTooLarge && /pass 10000 bytes \(maxBytes\)/.test(e.message),
    );
  } finally {
    await chain.close();
  }
});
