// Frames a contract opens, against the contract's status and method ACL with auth check on: a
// static request (a STATICCALL, or any frame of a `call`) skips only the method ACL, never the
// contract status. bcos-executor TransactionExecutive.cpp: call() runs checkAuth in every child
// executive; checkAuth → checkContractAvailable, then checkExecAuth, which alone returns early for
// callParameters->staticCall.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Interface } from 'ethers';
import { CONTRACT_AUTH_ABI } from '../../../src/protocol/builtin/auth';
import { fromHex, toHex } from '../../../src/protocol/hex';
import type { DevChain } from '../../../src/devnode/chain/types';
import { compile } from './chain-fixtures';
import { builtin, deployCode, realChain, reason, send } from './parity-helpers';
import { deployRuntime, push, pushAddress } from './raw-code';

const AUTH = '0x' + '1005'.padStart(40, '0');

const C = compile(`
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Target { uint256 public stored = 5; }
contract InnerCaller {
  function viaStaticcall(address t, bytes calldata data) public returns (bool ok, bytes memory out) {
    (ok, out) = t.staticcall(data);
  }
  function viaCall(address t, bytes calldata data) public returns (bool ok, bytes memory out) {
    (ok, out) = t.call(data);
  }
}`);
const target = new Interface(C.Target.abi as never);
const caller = new Interface(C.InnerCaller.abi as never);
const STORED = fromHex(target.encodeFunctionData('stored'));

async function setup(chain: DevChain) {
  const auth = builtin(chain, CONTRACT_AUTH_ABI);
  const at = await deployCode(chain, C.Target.bytecode);
  const via = await deployCode(chain, C.InnerCaller.bytecode);
  const status = async (s: number) => {
    const r = await send(chain, AUTH, auth.encode('setContractStatus(address,uint8)', [at, s]));
    assert.equal(r.receipt.data.status, 0);
  };
  /** (ok, out) of the inner frame, from a transaction or from a `call`. */
  const inner = async (fn: 'viaStaticcall' | 'viaCall', how: 'tx' | 'call') => {
    const input = fromHex(caller.encodeFunctionData(fn, [at, STORED]));
    const r =
      how === 'tx'
        ? (await send(chain, via, input)).receipt.data
        : await chain.call(via, input, chain.accounts[1].address);
    assert.equal(r.status, 0);
    const [ok, out] = caller.decodeFunctionResult(fn, r.output) as unknown as [boolean, string];
    return { ok, out: fromHex(out) };
  };
  return { auth, at, status, inner };
}

describe('inner frames against the contract status and method ACL (auth check on)', () => {
  it('a frozen or abolished contract refuses a STATICCALL as it refuses a CALL, in a transaction and in a call', async () => {
    const chain = await realChain(false, true);
    try {
      const { status, inner } = await setup(chain);
      assert.deepEqual(await inner('viaStaticcall', 'tx'), { ok: true, out: fromHex('0'.repeat(63) + '5') });
      await status(1);
      for (const fn of ['viaStaticcall', 'viaCall'] as const) {
        for (const how of ['tx', 'call'] as const) {
          // TransactionExecutive::checkAuth → checkContractAvailable runs for a staticCall request
          // too; on >= 3.2 a frozen contract writes no text and leaves the request's data as the
          // output, so the caller's frame reverts (bugfix_precompiled_evm_status, execute) with
          // its own input as the return data (HostContext::externalRequest).
          const r = await inner(fn, how);
          assert.equal(r.ok, false, `${fn} ${how}`);
          assert.equal(toHex(r.out), toHex(STORED), `${fn} ${how}`);
        }
      }
      await status(2);
      for (const fn of ['viaStaticcall', 'viaCall'] as const) {
        for (const how of ['tx', 'call'] as const) {
          // TransactionExecutive::checkAuth: an abolished contract writes "Contract is abolished.".
          const r = await inner(fn, how);
          assert.equal(r.ok, false, `${fn} ${how}`);
          assert.equal(reason(r.out), 'Contract is abolished.', `${fn} ${how}`);
        }
      }
    } finally {
      await chain.close();
    }
  });

  it("a call's inner CALL skips the method ACL (every request of a call is a staticCall)", async () => {
    const chain = await realChain(false, true);
    try {
      const { auth, at, inner } = await setup(chain);
      const typed = await send(chain, AUTH, auth.encode('setMethodAuthType', [at, STORED.slice(0, 4), 1]));
      assert.equal(typed.receipt.data.status, 0);
      // HostContext::externalRequest: request->staticCall = m_callParameters->staticCall, true for
      // every frame of a `call`; TransactionExecutive::checkExecAuth returns true for it.
      assert.equal((await inner('viaCall', 'call')).ok, true);
      // In a transaction the same CALL is checked: "Call permission denied." (checkAuth).
      const denied = await inner('viaCall', 'tx');
      assert.equal(denied.ok, false);
      assert.equal(reason(denied.out), 'Call permission denied.');
    } finally {
      await chain.close();
    }
  });

  it("a CALLCODE skips the checks, as a delegatecall: not refused by the calling contract's method ACL", async () => {
    const chain = await realChain(false, true);
    try {
      const auth = builtin(chain, CONTRACT_AUTH_ABI);
      const leaf = await deployCode(chain, C.Target.bytecode);
      const selector = STORED.slice(0, 4);
      // CALLCODE(gas, leaf, 0, selector at 0..4, no output), then returns its success flag.
      const runtime =
        push(BigInt(toHex(selector))) +
        push(0xe0n) +
        '1b' +
        push(0n) +
        '52' +
        push(0n) +
        push(0n) +
        push(4n) +
        push(0n) +
        push(0n) +
        pushAddress(leaf) +
        '5a' +
        'f2' +
        push(0n) +
        '52' +
        push(32n) +
        push(0n) +
        'f3';
      const via = await deployRuntime(chain, runtime);
      // A white list with nobody on it for the selector, on the contract that runs the CALLCODE:
      // the frame's message is addressed to it, by it.
      const typed = await send(chain, AUTH, auth.encode('setMethodAuthType', [via, selector, 1]));
      assert.equal(typed.receipt.data.status, 0);
      // HostContext::externalRequest: EVMC_CALLCODE is a delegateCall request (>= 3.1), and
      // TransactionExecutive::call hands a delegateCall its DelegateHostContext before checkAuth.
      const r = (await send(chain, via, new Uint8Array(0))).receipt.data;
      assert.equal(r.status, 0);
      assert.equal(BigInt(toHex(r.output)), 1n);
    } finally {
      await chain.close();
    }
  });
});
