// A `call` to contract code runs its top frame through EVM.runCode (src/devnode/evm/staticCall.ts)
// instead of EVM.runCall. A traced call (traceCall) still runs the whole runCall path with the
// original step loop, so every answer below is compared between the two: output, status, and
// gasleft() inside the code (the same gas accounting), what the code sees of msg.sender (runCall
// writes the caller's account back, empty, which reads as a missing one), nested calls, reverts
// and writes refused.

import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Interface } from 'ethers';
import { Common, Hardfork, Mainnet } from '@ethereumjs/common';
import { createEVM, Message } from '@ethereumjs/evm';
import { Address } from '@ethereumjs/util';
import { interpreterPrototypeOf } from '../../../src/devnode/evm/ethereumjsInternals';
import { staticFrameRunner } from '../../../src/devnode/evm/staticCall';
import { toHex } from '../../../src/protocol/hex';
import { DEFAULT_TRACE_LIMITS } from '../../../src/devnode/evm/trace';
import { compile } from './chain-fixtures';
import { SUITES, deployCode, realChain, reason } from './parity-helpers';

const PROBE = compile(`
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Probe {
    uint256 public stored = 7;
    mapping(uint256 => uint256) public m;
    function env() public view returns (bytes32 senderHash, uint256 senderBalance, uint256 size, address origin, uint256 gas) {
        senderHash = msg.sender.codehash;
        senderBalance = msg.sender.balance;
        size = address(this).code.length;
        origin = tx.origin;
        gas = gasleft();
    }
    function nested(uint256 k) public view returns (uint256 v, uint256 gas) {
        v = this.get(k) + Probe(address(this)).stored();
        gas = gasleft();
    }
    function get(uint256 k) public view returns (uint256) { return m[k] + k; }
    function fails(uint256 k) public pure returns (uint256) { require(k < 3, "k too large"); return k; }
    function inner(uint256 k) public view returns (uint256) { return this.fails(k); }
    function write(uint256 v) public { stored = v; }
    function hash(bytes calldata b) public pure returns (bytes32) { return keccak256(b); }
    // What a reused frame could leak: memory a previous call wrote (the top frame's Interpreter
    // and its Memory are reused from call to call).
    function mem() public pure returns (bytes32 word) { assembly { word := mload(0x1000) } }
    function oog() public pure returns (uint256 v) { assembly { v := mload(0xffffffffffff) } }
    function sha(bytes calldata b) public pure returns (bytes32) { return sha256(b); }
    function recover(bytes32 h) public pure returns (address) { return ecrecover(h, 27, h, h); }
    // A built-in contract from code: SystemConfigPrecompiled (0x1000).getValueByKey.
    function sys() public view returns (bytes memory) {
        (bool ok, bytes memory out) = address(0x1000).staticcall(
            abi.encodeWithSignature("getValueByKey(string)", "tx_gas_limit"));
        require(ok, "sys failed");
        return out;
    }
}`).Probe;
const probe = new Interface(PROBE.abi as never);
const SENDER = '0x' + '42'.repeat(20);

for (const { name, sm } of SUITES) {
  describe(`call: the static top frame answers as runCall does (${name})`, () => {
    it('same output, status and gas as a traced call, for every kind of answer', async () => {
      const chain = await realChain(sm);
      try {
        const at = await deployCode(chain, PROBE.bytecode);
        const cases: [string, unknown[]][] = [
          ['env', []],
          ['nested', [5]],
          ['get', [9]],
          ['fails', [1]],
          ['fails', [4]],
          ['inner', [9]],
          ['write', [3]],
          ['hash', ['0x' + 'ab'.repeat(150)]],
          ['mem', []],
          // Grows the reused frame's memory past its first 8 KiB, then reads it again.
          ['hash', ['0x' + 'cd'.repeat(9000)]],
          ['mem', []],
          ['oog', []],
          ['mem', []],
          ['sha', ['0x' + 'ef'.repeat(70)]],
          ['recover', ['0x' + '11'.repeat(32)]],
          ['sys', []],
          ['stored', []],
        ];
        const statuses = new Map<string, number>();
        for (const from of [undefined, SENDER, chain.accounts[0].address]) {
          for (const [fn, args] of cases) {
            const data = probe.encodeFunctionData(fn, args);
            const input = Buffer.from(data.slice(2), 'hex');
            const fast = await chain.call(at, input, from);
            const traced = await chain.traceCall(at, input, from, DEFAULT_TRACE_LIMITS);
            const what = `${fn}(${args.join(',')}) from ${from ?? 'nobody'}`;
            assert.equal(fast.status, traced.status, what);
            assert.equal(toHex(fast.output), toHex(traced.output), what);
            statuses.set(fn, fast.status);
          }
        }
        // The cases do what they are named for: precompiles and the built-in answer, oog runs out.
        for (const fn of ['sha', 'recover', 'mem']) assert.equal(statuses.get(fn), 0, fn);
        // (On an SM chain selectors are SM3 hashes: solc's keccak selector finds no method there.)
        if (!sm) assert.equal(statuses.get('sys'), 0, 'sys');
        assert.equal(statuses.get('oog'), 12, 'OutOfGas'); // TransactionStatus.OutOfGas
        // The answers themselves: an absent caller has no code hash (EIP-1052: 0 for an empty or
        // missing account), a revert carries its reason, a write fails.
        const env = await chain.call(
          at,
          Buffer.from(probe.encodeFunctionData('env', []).slice(2), 'hex'),
          SENDER,
        );
        const [senderHash, , size, origin] = probe.decodeFunctionResult('env', env.output) as unknown as [
          string,
          bigint,
          bigint,
          string,
        ];
        assert.equal(senderHash, '0x' + '00'.repeat(32));
        assert.ok(size > 0n);
        assert.equal(origin.toLowerCase(), SENDER);
        const failed = await chain.call(
          at,
          Buffer.from(probe.encodeFunctionData('inner', [9]).slice(2), 'hex'),
        );
        assert.equal(failed.status, 16);
        assert.equal(reason(failed.output), 'k too large');
        // The failure point names the innermost frame that failed on its own.
        assert.equal(failed.diagnostics?.failure?.address, at);
        assert.equal(failed.diagnostics?.failure?.depth, 1);
        const write = await chain.call(
          at,
          Buffer.from(probe.encodeFunctionData('write', [3]).slice(2), 'hex'),
        );
        assert.notEqual(write.status, 0);
      } finally {
        await chain.close();
      }
    });
  });
}

/** A Paris EVM with the pooled top-frame runner, a callee address and a caller address. */
async function pooledFrameRunner() {
  const evm = await createEVM({ common: new Common({ chain: Mainnet, hardfork: Hardfork.Paris }) });
  const proto = await interpreterPrototypeOf(evm);
  assert.ok(proto !== undefined);
  const run = staticFrameRunner(evm, proto);
  assert.ok(run !== undefined);
  const to = new Address(new Uint8Array(20).fill(0x22));
  const caller = new Address(new Uint8Array(20).fill(0x11));
  return { evm, run, to, caller };
}

describe('call: the reused top-frame Interpreter', () => {
  it('a frame that starts while another runs gets its own, and both answer as alone', async () => {
    const { evm, run, to, caller } = await pooledFrameRunner();
    // CALLDATALOAD(0) + SLOAD(0) (an asynchronous step: the other frame runs meanwhile), MSTORE
    // it at 0x20 * CALLDATALOAD(0), RETURN 32 bytes from there.
    const code = Buffer.from('6000356000540160003560200252' + '6020600035602002f3', 'hex');
    await evm.stateManager.putCode(to, code);
    await evm.stateManager.putStorage(to, new Uint8Array(32), new Uint8Array([5]));
    const frame = (k: number) => ({
      caller,
      to,
      data: Buffer.from(k.toString(16).padStart(64, '0'), 'hex'),
      code,
      gasLimit: 100_000n,
      block: { header: { number: 1n } } as never,
    });
    const message = (k: number) =>
      new Message({ caller, to, data: frame(k).data, code, gasLimit: 100_000n, isStatic: true });
    const answer = async (k: number) => {
      const r = await run(frame(k), message(k));
      return { out: toHex(r.returnValue), gas: r.executionGasUsed, err: r.exceptionError?.error };
    };
    // Every slot cold, as at the start of each `call` (the executor cleans the journal).
    const fresh = () => evm.journal.cleanJournal();
    const alone = [];
    for (const k of [1, 2, 3]) {
      fresh();
      alone.push(await answer(k));
    }
    fresh();
    const together = await Promise.all([1, 2, 3].map(answer));
    // Together, the first frame warmed the slot for the others (one journal): 2,000 gas less.
    for (const r of together.slice(1)) r.gas += 2000n;
    assert.deepEqual(together, alone);
    assert.equal(alone[1].out, '0x' + (7).toString(16).padStart(64, '0'));
    assert.equal(alone[0].err, undefined);
  });
});

describe('call: the reused top-frame memory', () => {
  it('a view of memory handed to a nested frame keeps its bytes, and a reused store reads as zeros', async () => {
    const { evm, run, to, caller } = await pooledFrameRunner();
    const word = (b: string) => b.repeat(32);
    const mstore0 = (w: string) => '7f' + w + '600052';
    // CALL(gas, 0x33…33, 0, in [0, 32), out nothing): the nested frame's input is a view of memory.
    const call = '6000600060206000600073' + '33'.repeat(20) + '5af1';
    const programs = {
      calls: mstore0(word('aa')) + call + '00',
      writes: mstore0(word('bb')) + '600051' + '00', // MSTORE, then an MLOAD (a view it lets go of)
      reads: '6000516000526020' + '6000f3', // RETURN MLOAD(0)
    };
    const inputs: Uint8Array[] = [];
    evm.events.on('beforeMessage', (m: Message) => inputs.push(m.data));
    const answer = async (hex: string) => {
      const code = Buffer.from(hex, 'hex');
      const frame = {
        caller,
        to,
        data: new Uint8Array(0),
        code,
        gasLimit: 100_000n,
        block: { header: { number: 1n } } as never,
      };
      const m = new Message({ caller, to, data: frame.data, code, gasLimit: 100_000n, isStatic: true });
      const r = await run(frame, m);
      assert.equal(r.exceptionError, undefined);
      return toHex(r.returnValue);
    };
    await answer(programs.calls);
    assert.equal(inputs.length, 1);
    await answer(programs.writes);
    // The second frame wrote 0xbb… at 0 of its store: not of the store the nested input views.
    assert.equal(toHex(inputs[0]), '0x' + word('aa'));
    assert.equal(await answer(programs.reads), '0x' + word('00'));
    await answer(programs.writes);
    assert.equal(await answer(programs.reads), '0x' + word('00'));
    assert.equal(toHex(inputs[0]), '0x' + word('aa'));
  });
});
