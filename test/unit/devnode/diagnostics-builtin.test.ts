// Failure points of transactions that fail in a built-in contract: one sent straight to it is its
// own failure (the point is the built-in, named, with its method); a contract that passes the
// built-in's revert data on keeps its own location and names the built-in; a contract that
// catches the failure and reverts with data of its own is the point, with no built-in named.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DevChain } from '../../../src/devnode/chain/types';
import type { FailurePoint } from '../../../src/devnode/evm/diagnostics';
import { SYS_CONFIG_ABI } from '../../../src/protocol/builtin/sysconfig';
import { SYS_CONFIG_ADDRESS } from '../../../src/protocol/builtin/addresses';
import { toHex } from '../../../src/protocol/hex';
import { KV_ADDRESS, newChain, signedTx, type TxFields } from './chain-fixtures';
import { deployRuntime, push, pushAddress } from './raw-code';
import { builtin, realChain, reason } from './parity-helpers';
import { RELAY_ADDRESS, RETURN_42, relayBuiltins, relayInput } from './relay-builtin';

async function failedTx(chain: DevChain, fields: TxFields) {
  const { raw, hash } = signedTx(chain, chain.accounts[0].privateKey, fields);
  const { status, output } = (await chain.submit(raw)).receipt.data;
  return { status, output, failure: chain.diagnostics.get(toHex(hash))?.failure };
}

/** setValueByKey("tx_count_limit", "abc"), which the node refuses. */
function badConfigInput(chain: DevChain): Uint8Array {
  return builtin(chain, SYS_CONFIG_ABI).encode('setValueByKey', ['tx_count_limit', 'abc']);
}
// SystemConfigPrecompiled::validate: boost::lexical_cast<int64_t>("abc") throws, re-thrown as
// PrecompiledError "The value for tx_count_limit must be a valid number."
const BAD_CONFIG_REASON = 'The value for tx_count_limit must be a valid number.';

/**
 * Runtime code that CALLs `target` with its own call data; when that fails it REVERTs with the
 * callee's return data ('bubble') or with a word of its own, 7 ('own'). Returns the code and the
 * REVERT's offset.
 */
function forwarder(target: string, onFailure: 'bubble' | 'own'): { code: string; revertPc: number } {
  const zero = push(0n);
  // CALLDATACOPY(0, 0, CALLDATASIZE); CALL(gas, target, 0, 0, CALLDATASIZE, 0, 0)
  const copy = ['36', zero, zero, '37'].join('');
  const call = [zero, zero, '36', zero, zero, pushAddress(target), '5a', 'f1'].join('');
  const forward = copy + call;
  const fail =
    onFailure === 'bubble'
      ? '3d' + push(0n) + push(0n) + '3e' + '3d' + push(0n) // RETURNDATACOPY, then REVERT(0, size)
      : push(7n) + push(0n) + '52' + push(32n) + push(0n); // MSTORE(0, 7), then REVERT(0, 32)
  // PUSH1 <ok> JUMPI <fail> REVERT JUMPDEST STOP
  const head = forward.length / 2 + 3;
  const revertPc = head + fail.length / 2;
  const ok = revertPc + 1;
  return { code: forward + '60' + ok.toString(16).padStart(2, '0') + '57' + fail + 'fd' + '5b00', revertPc };
}

test('a transaction to a built-in that fails on its own: the point is the built-in and its method', async () => {
  const chain = await realChain(false);
  try {
    const r = await failedTx(chain, { to: SYS_CONFIG_ADDRESS, input: badConfigInput(chain) });
    // TransactionExecutive::callPrecompiled catches the PrecompiledError: status 15, its text.
    assert.equal(r.status, 15);
    assert.equal(reason(r.output), BAD_CONFIG_REASON);
    assert.deepEqual(r.failure, {
      codeAddress: SYS_CONFIG_ADDRESS,
      address: SYS_CONFIG_ADDRESS,
      pc: -1,
      create: false,
      depth: 0,
      error: 'PrecompiledError',
      builtin: {
        address: SYS_CONFIG_ADDRESS,
        name: 'SystemConfigPrecompiled',
        method: 'setValueByKey(string,string)',
      },
    } satisfies FailurePoint);
  } finally {
    await chain.close();
  }
});

test("a contract that passes a built-in's failure on: its location, and the built-in named", async () => {
  const chain = await realChain(false);
  try {
    const { code, revertPc } = forwarder(SYS_CONFIG_ADDRESS, 'bubble');
    const at = await deployRuntime(chain, code);
    const r = await failedTx(chain, { to: at, input: badConfigInput(chain) });
    // Since bugfix_precompiled_evm_status the failed built-in is a REVERT to its caller, with the
    // Error(string) of its PrecompiledError (TransactionExecutive::execute, ::callPrecompiled).
    assert.equal(r.status, 16);
    assert.equal(reason(r.output), BAD_CONFIG_REASON);
    assert.deepEqual(r.failure, {
      codeAddress: at,
      address: at,
      pc: revertPc,
      create: false,
      depth: 0,
      error: 'revert',
      builtin: {
        address: SYS_CONFIG_ADDRESS,
        name: 'SystemConfigPrecompiled',
        method: 'setValueByKey(string,string)',
      },
    } satisfies FailurePoint);

    // Through a second contract that passes it on too: still the first contract's location.
    const outer = await deployRuntime(chain, forwarder(at, 'bubble').code);
    const o = await failedTx(chain, { to: outer, input: badConfigInput(chain) });
    assert.equal(o.status, 16);
    assert.deepEqual(o.failure, { ...r.failure, depth: 1 });
  } finally {
    await chain.close();
  }
});

test('a contract that catches the failure and reverts with its own data is the point, no built-in', async () => {
  const chain = await realChain(false);
  try {
    const { code, revertPc } = forwarder(SYS_CONFIG_ADDRESS, 'own');
    const at = await deployRuntime(chain, code);
    const r = await failedTx(chain, { to: at, input: badConfigInput(chain) });
    assert.equal(r.status, 16);
    assert.equal(toHex(r.output), '0x' + '7'.padStart(64, '0'));
    assert.deepEqual(r.failure, {
      codeAddress: at,
      address: at,
      pc: revertPc,
      create: false,
      depth: 0,
      error: 'revert',
    } satisfies FailurePoint);
  } finally {
    await chain.close();
  }
});

test('built-ins calling built-ins and contracts: the innermost own failure; a method without an ABI by its selector', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    const leaf = await deployRuntime(chain, RETURN_42);
    // The relay fails on its own after its callee returned: the relay, its selector as hex.
    const input = relayInput(leaf, 'fail');
    const own = await failedTx(chain, { to: RELAY_ADDRESS, input });
    assert.equal(own.status, 15);
    assert.deepEqual(own.failure?.builtin, {
      address: RELAY_ADDRESS,
      name: 'test-relay',
      method: toHex(input.subarray(0, 4)),
    });
    assert.equal(own.failure?.codeAddress, RELAY_ADDRESS);
    assert.equal(own.failure?.depth, 0);

    // Its test-kv call throws and the relay answers that failure as it is: test-kv, one deeper.
    const kv = await failedTx(chain, { to: RELAY_ADDRESS, input: relayInput(leaf, 'kv-fails') });
    assert.equal(kv.status, 15);
    assert.deepEqual(kv.failure, {
      codeAddress: KV_ADDRESS,
      address: KV_ADDRESS,
      pc: -1,
      create: false,
      depth: 1,
      error: 'PrecompiledError',
      builtin: { address: KV_ADDRESS, name: 'test-kv', method: '0x03' },
    } satisfies FailurePoint);

    // The contract it calls reverts and the relay passes that on: the contract, no built-in.
    const reverter = await deployRuntime(chain, push(0n) + push(0n) + 'fd');
    const passed = await failedTx(chain, { to: RELAY_ADDRESS, input: relayInput(reverter) });
    assert.notEqual(passed.status, 0);
    assert.deepEqual(passed.failure, {
      codeAddress: reverter,
      address: reverter,
      pc: 4,
      create: false,
      depth: 1,
      error: 'revert',
    } satisfies FailurePoint);

    // The relay catches a callee's failure (a word of revert data) and fails with data of its
    // own (none): its own failure, as the debugger's trace has it (trace.ts failsOnItsOwn).
    const revertWord = await deployRuntime(chain, push(1n) + push(0n) + '52' + push(32n) + push(0n) + 'fd');
    const caught = relayInput(revertWord, 'fail');
    const c = await failedTx(chain, { to: RELAY_ADDRESS, input: caught });
    assert.equal(c.status, 15);
    assert.equal(c.output.length, 0);
    assert.deepEqual(c.failure, {
      codeAddress: RELAY_ADDRESS,
      address: RELAY_ADDRESS,
      pc: -1,
      create: false,
      depth: 0,
      error: 'PrecompiledError',
      builtin: { address: RELAY_ADDRESS, name: 'test-relay', method: toHex(caught.subarray(0, 4)) },
    } satisfies FailurePoint);
  } finally {
    await chain.close();
  }
});
