// Contracts compiled with solc 0.6.10 (the version FISCO users most often pin) that reach the
// built-ins through high-level calls, as the console's KVTableTest, ShaTest, CastTest and
// DelegateCallTest samples do. Solidity before 0.8.10 checks EXTCODESIZE before every external
// call, so these only work when built-ins report a code size (bcos-executor
// HostContext::codeSizeAt returns 1 for FISCO precompiled addresses). The contracts here are our
// own, written for the same paths. solc emits keccak selectors, so this runs on a keccak chain
// (an SM chain needs the SM build of solc, which npm does not carry).

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { Interface } from 'ethers';
import { fromHex, toHex, utf8Encode } from '../../../src/protocol/hex';
import { keccak256, sm3 } from '../../../src/protocol/crypto/suite';
import type { DevChain } from '../../../src/devnode/chain/types';
import { deployCode, realChain, reason, send } from './parity-helpers';

const SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity 0.6.10;
pragma experimental ABIEncoderV2;

interface ITableManager {
    function createKVTable(string calldata tableName, string calldata keyField, string calldata valueField) external returns (int32);
    function openTable(string calldata path) external view returns (address);
}
interface IKVTable {
    function get(string calldata key) external view returns (bool, string memory);
    function set(string calldata key, string calldata value) external returns (int32);
}
interface IHashes {
    function sm3(bytes calldata data) external view returns (bytes32);
    function keccak256Hash(bytes calldata data) external view returns (bytes32);
}
interface IConvert {
    function stringToS256(string calldata s) external view returns (int256);
    function addrToString(address a) external view returns (string memory);
}

contract Ledger {
    IKVTable private book;
    event Stored(int32 result);
    constructor() public {
        ITableManager tm = ITableManager(address(0x1002));
        tm.createKVTable("t_ledger", "id", "amount");
        book = IKVTable(tm.openTable("t_ledger"));
    }
    function put(string memory id, string memory amount) public returns (int32) {
        int32 r = book.set(id, amount);
        emit Stored(r);
        return r;
    }
    function read(string memory id) public view returns (bool, string memory) {
        return book.get(id);
    }
}

contract Tools {
    function sm3Of(bytes memory b) public view returns (bytes32) { return IHashes(address(0x100a)).sm3(b); }
    function keccakOf(bytes memory b) public view returns (bytes32) { return IHashes(address(0x100a)).keccak256Hash(b); }
    function parse(string memory s) public view returns (int256) { return IConvert(address(0x100f)).stringToS256(s); }
    function show(address a) public view returns (string memory) { return IConvert(address(0x100f)).addrToString(a); }
    function sizeAt(address a) public view returns (uint256 n) { assembly { n := extcodesize(a) } }
    function delegateToTable() public returns (bool ok) { (ok, ) = address(0x1001).delegatecall(abi.encodeWithSignature("add()")); }
    function delegateToCrypto(bytes memory b) public returns (bool ok, uint256 size) {
        bytes memory out;
        (ok, out) = address(0x100a).delegatecall(abi.encodeWithSignature("sm3(bytes)", b));
        size = out.length;
    }
}`;

interface Out {
  abi: unknown[];
  bytecode: Uint8Array;
}

function compile0610(): Record<string, Out> {
  const solc = createRequire(__filename)('solc-0.6.10') as {
    compile(input: string): string;
    version(): string;
  };
  assert.match(solc.version(), /^0\.6\.10\+/);
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'l.sol': { content: SOURCE } },
        settings: { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
      }),
    ),
  ) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const result: Record<string, Out> = {};
  for (const [name, c] of Object.entries(out.contracts['l.sol']))
    result[name] = { abi: c.abi, bytecode: fromHex(c.evm.bytecode.object) };
  return result;
}

const compiled = compile0610();

async function view(chain: DevChain, at: string, iface: Interface, fn: string, args: unknown[]) {
  const c = await chain.call(at, fromHex(iface.encodeFunctionData(fn, args)));
  assert.equal(c.status, 0, `${fn}: ${reason(c.output) ?? c.status}`);
  return iface.decodeFunctionResult(fn, c.output);
}

describe('solc 0.6.10 contracts reach the built-ins (keccak chain)', () => {
  it('a constructor that creates and opens a KV table deploys; set and get work', async () => {
    const chain = await realChain(false);
    try {
      const iface = new Interface(compiled.Ledger.abi as never);
      const at = await deployCode(chain, compiled.Ledger.bytecode);
      const r = await send(chain, at, fromHex(iface.encodeFunctionData('put', ['alice', '100'])));
      assert.equal(r.receipt.data.status, 0);
      assert.equal(iface.decodeFunctionResult('put', r.receipt.data.output)[0], 1n);
      assert.deepEqual([...(await view(chain, at, iface, 'read', ['alice']))], [true, '100']);
      assert.deepEqual([...(await view(chain, at, iface, 'read', ['bob']))], [false, '']);
    } finally {
      await chain.close();
    }
  });

  it('Crypto and Cast through high-level calls; EXTCODESIZE 1; delegatecall to 0x1001 succeeds empty', async () => {
    const chain = await realChain(false);
    try {
      const iface = new Interface(compiled.Tools.abi as never);
      const at = await deployCode(chain, compiled.Tools.bytecode);
      const data = utf8Encode('Hello, parity');
      assert.equal((await view(chain, at, iface, 'sm3Of', [data]))[0], toHex(sm3(data)));
      assert.equal((await view(chain, at, iface, 'keccakOf', [data]))[0], toHex(keccak256(data)));
      assert.equal((await view(chain, at, iface, 'parse', ['-12']))[0], -12n);
      assert.equal((await view(chain, at, iface, 'show', [at]))[0], at.slice(2));
      assert.equal((await view(chain, at, iface, 'sizeAt', ['0x' + '1002'.padStart(40, '0')]))[0], 1n);
      // A failing Cast conversion reverts the caller (high-level call bubbles the failure).
      const bad = await chain.call(at, fromHex(iface.encodeFunctionData('parse', ['x'])));
      assert.notEqual(bad.status, 0);
      const d = await send(chain, at, fromHex(iface.encodeFunctionData('delegateToTable')));
      assert.equal(d.receipt.data.status, 0);
      // TransactionExecutive::externalCall: a delegatecall to an address without a code entry
      // succeeds with empty data under bugfix_call_noaddr_return (on since 3.2.7), which is why
      // the console's DelegateCallTest.testFailed no longer fails on a 3.16 chain.
      assert.equal(iface.decodeFunctionResult('delegateToTable', d.receipt.data.output)[0], true);
      const dc = await send(chain, at, fromHex(iface.encodeFunctionData('delegateToCrypto', [data])));
      assert.equal(dc.receipt.data.status, 0);
      assert.deepEqual(
        [...iface.decodeFunctionResult('delegateToCrypto', dc.receipt.data.output)],
        [true, 0n],
      );
    } finally {
      await chain.close();
    }
  });
});
