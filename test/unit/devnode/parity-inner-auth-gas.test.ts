// The gas a refused inner request hands back. A frame a contract opens to a frozen or abolished
// contract is refused by TransactionExecutive::checkAuth before any code runs, and the refused
// request goes back as the response with its gas untouched: HostContext::externalRequest sets
// request->gas = _msg->gas and answers gas_left = response->gas. So the caller gets back all the
// gas it gave, exactly as from a call to an account without code.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Interface } from 'ethers';
import { CONTRACT_AUTH_ABI } from '../../../src/protocol/builtin/auth';
import { fromHex } from '../../../src/protocol/hex';
import { compile } from './chain-fixtures';
import { builtin, deployCode, realChain, send } from './parity-helpers';

const AUTH = '0x' + '1005'.padStart(40, '0');

const C = compile(`
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Target { uint256 public stored = 5; }
contract GasProbe {
  // The gas the CALL opcode took from this frame, 50,000 given to the callee.
  function probe(address t, bytes calldata data) public returns (uint256 spent, bool ok) {
    bytes memory d = data;
    uint256 g0;
    uint256 g1;
    assembly {
      g0 := gas()
      ok := call(50000, t, 0, add(d, 32), mload(d), 0, 0)
      g1 := gas()
    }
    spent = g0 - g1;
  }
}`);
const target = new Interface(C.Target.abi as never);
const probe = new Interface(C.GasProbe.abi as never);

describe('gas of an inner request refused by the contract status (auth check on)', () => {
  it('a frozen or abolished callee hands back all the gas given, as an account without code does', async () => {
    const chain = await realChain(false, true);
    try {
      const auth = builtin(chain, CONTRACT_AUTH_ABI);
      const frozen = await deployCode(chain, C.Target.bytecode);
      const abolished = await deployCode(chain, C.Target.bytecode);
      const via = await deployCode(chain, C.GasProbe.bytecode);
      for (const [at, s] of [
        [frozen, 1],
        [abolished, 2],
      ] as const) {
        const r = await send(chain, AUTH, auth.encode('setContractStatus(address,uint8)', [at, s]));
        assert.equal(r.receipt.data.status, 0);
      }
      const data = target.encodeFunctionData('stored');
      const spent = async (t: string, how: 'tx' | 'call') => {
        const input = fromHex(probe.encodeFunctionData('probe', [t, data]));
        const r =
          how === 'tx'
            ? (await send(chain, via, input)).receipt.data
            : await chain.call(via, input, chain.accounts[1].address);
        assert.equal(r.status, 0);
        const [used, ok] = probe.decodeFunctionResult('probe', r.output) as unknown as [bigint, boolean];
        return { used, ok };
      };
      for (const how of ['tx', 'call'] as const) {
        // The same opcode costs (a cold account, no value, the same input) with nothing run.
        const noCode = await spent(chain.accounts[2].address, how);
        assert.equal(noCode.ok, true);
        for (const t of [frozen, abolished]) {
          const refused = await spent(t, how);
          assert.equal(refused.ok, false, `${t} ${how}`);
          assert.equal(refused.used, noCode.used, `${t} ${how}: the refused request's gas comes back whole`);
        }
      }
    } finally {
      await chain.close();
    }
  });
});
