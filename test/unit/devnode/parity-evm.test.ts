// The devnode's EVM paths checked against what a FISCO BCOS 3.16 node does, on a keccak chain
// and an SM chain. Each assertion names the node source it follows.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { Interface } from 'ethers';
import { fromHex, toHex } from '../../../src/protocol/hex';
import { compile } from './chain-fixtures';
import { SUITES, deployCode, initFor, realChain, reason, send, setSystemConfig } from './parity-helpers';

const PROBE = compile(`
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Probe {
    uint256 public stored;
    function set(uint256 v) public { stored = v; }
    function sizeOf(address a) public view returns (uint256) { return a.code.length; }
}`).Probe;
const probe = new Interface(PROBE.abi as never);
const NOWHERE = '0x' + '5a'.repeat(20);

for (const { name, sm } of SUITES) {
  describe(`EVM parity (${name})`, () => {
    it('a call or transaction to an address without code is status 19 with Error("Call address error.")', async () => {
      const chain = await realChain(sm);
      try {
        // bcos-executor TransactionExecutive::go: no code entry → REVERT, CallAddressError,
        // writeErrInfoToOutput("Call address error.") (the success shortcut needs staticCall && seq > 0).
        const c = await chain.call(NOWHERE, fromHex('0x12345678'));
        assert.equal(c.status, 19);
        assert.equal(reason(c.output), 'Call address error.');
        const t = await send(chain, NOWHERE, fromHex('0x12345678'));
        assert.equal(t.receipt.data.status, 19);
        assert.equal(reason(t.receipt.data.output), 'Call address error.');
      } finally {
        await chain.close();
      }
    });

    it('failed EVM execution writes the node reason; a bad jump is status 11', async () => {
      const chain = await realChain(sm);
      try {
        // TransactionExecutive::parseEVMCResult: status and writeErrInfoToOutput text per evmc status.
        const cases: [string, number, string][] = [
          ['fe', 10, 'Execution invalid/undefined opcode.'], // EVMC_INVALID_INSTRUCTION
          ['0c', 10, 'Execution invalid/undefined opcode.'], // EVMC_UNDEFINED_INSTRUCTION
          ['600056', 11, 'Execution has violated the jump destination restrictions.'], // EVMC_BAD_JUMP_DESTINATION
          ['01', 14, 'Execution needs more items on EVM stack.'], // EVMC_STACK_UNDERFLOW
        ];
        for (const [runtime, status, text] of cases) {
          const at = await deployCode(chain, initFor(runtime));
          const t = await send(chain, at, new Uint8Array(0));
          assert.equal(t.receipt.data.status, status, runtime);
          assert.equal(reason(t.receipt.data.output), text, runtime);
          const c = await chain.call(at, new Uint8Array(0));
          assert.equal(c.status, status, runtime);
          assert.equal(reason(c.output), text, runtime);
        }
        // EVMC_OUT_OF_GAS → 12 "Execution out of gas." (an endless loop under a small tx_gas_limit).
        await setSystemConfig(chain, 'tx_gas_limit', '200000');
        const loop = await deployCode(chain, initFor('5b600056'));
        const t = await send(chain, loop, new Uint8Array(0));
        assert.equal(t.receipt.data.status, 12);
        assert.equal(reason(t.receipt.data.output), 'Execution out of gas.');
      } finally {
        await chain.close();
      }
    });

    it('call is a static call: a state write fails with status 1 and changes nothing', async () => {
      const chain = await realChain(sm);
      try {
        const at = await deployCode(chain, PROBE.bytecode);
        // bcos-scheduler SchedulerImpl::call builds a BlockExecutive with staticCall = true;
        // SSTORE then is EVMC_STATIC_MODE_VIOLATION → status Unknown (1), output cleared under
        // bugfix_staticcall_noaddr_return (TransactionExecutive::parseEVMCResult).
        const c = await chain.call(at, fromHex(probe.encodeFunctionData('set', [7])));
        assert.equal(c.status, 1);
        assert.equal(c.output.length, 0);
        const v = await chain.call(at, fromHex(probe.encodeFunctionData('stored')));
        assert.equal(BigInt(toHex(v.output)), 0n);
        // The same function as a transaction works.
        const t = await send(chain, at, fromHex(probe.encodeFunctionData('set', [7])));
        assert.equal(t.receipt.data.status, 0);
      } finally {
        await chain.close();
      }
    });

    it('EXTCODESIZE of a FISCO built-in is 1, of an Ethereum precompile 0', async () => {
      const chain = await realChain(sm);
      try {
        const at = await deployCode(chain, PROBE.bytecode);
        const size = async (a: string) => {
          const c = await chain.call(at, fromHex(probe.encodeFunctionData('sizeOf', [a])));
          assert.equal(c.status, 0);
          return BigInt(toHex(c.output));
        };
        // bcos-executor HostContext::codeSizeAt: FISCO precompiled → 1; evm precompiled (0x1-0x9)
        // falls through to externalCodeRequest and gets empty code.
        for (const short of ['1000', '1002', '100a', '100e', '100f', '10003'])
          assert.equal(await size('0x' + short.padStart(40, '0')), 1n, short);
        assert.equal(await size('0x' + '1'.padStart(40, '0')), 0n);
        assert.equal(await size(NOWHERE), 0n);
        // getCode over RPC still answers the stored code: nothing for a built-in.
        assert.equal((await chain.getCode('0x' + '1002'.padStart(40, '0'))).length, 0);
      } finally {
        await chain.close();
      }
    });

    it('BLOBBASEFEE reads 0 under feature_evm_cancun', async () => {
      const chain = await realChain(sm);
      try {
        const blob = compileCancun(
          'contract Blob { function fee() public view returns (uint256) { return block.blobbasefee; } }',
        );
        await setSystemConfig(chain, 'feature_evm_cancun', '1');
        const at = await deployCode(chain, blob.bytecode);
        const c = await chain.call(at, fromHex(new Interface(blob.abi as never).encodeFunctionData('fee')));
        assert.equal(c.status, 0);
        // bcos-executor EVMHostInterface.cpp getTxContext: evmc_tx_context result{} leaves
        // blob_base_fee zero and nothing sets it.
        assert.equal(BigInt(toHex(c.output)), 0n);
      } finally {
        await chain.close();
      }
    });
  });
}

function compileCancun(body: string): { abi: unknown[]; bytecode: Uint8Array } {
  const solc = createRequire(__filename)('solc') as { compile(input: string): string };
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: {
          'b.sol': { content: '// SPDX-License-Identifier: MIT\npragma solidity ^0.8.24;\n' + body },
        },
        settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
      }),
    ),
  ) as {
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const c = Object.values(out.contracts['b.sol'])[0];
  return { abi: c.abi, bytecode: fromHex(c.evm.bytecode.object) };
}
