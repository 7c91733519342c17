// A `call` to contract code runs its top frame through EVM.runCode (src/devnode/evm/staticCall.ts)
// instead of EVM.runCall. A traced call (traceCall) still runs the whole runCall path with the
// original step loop, so every answer below is compared between the two: output, status, and
// gasleft() inside the code (the same gas accounting), what the code sees of msg.sender (runCall
// writes the caller's account back, empty, which reads as a missing one), nested calls, reverts
// and writes refused.

import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Interface } from 'ethers';
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
          ['stored', []],
        ];
        for (const from of [undefined, SENDER, chain.accounts[0].address]) {
          for (const [fn, args] of cases) {
            const data = probe.encodeFunctionData(fn, args);
            const input = Buffer.from(data.slice(2), 'hex');
            const fast = await chain.call(at, input, from);
            const traced = await chain.traceCall(at, input, from, DEFAULT_TRACE_LIMITS);
            const what = `${fn}(${args.join(',')}) from ${from ?? 'nobody'}`;
            assert.equal(fast.status, traced.status, what);
            assert.equal(toHex(fast.output), toHex(traced.output), what);
          }
        }
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
