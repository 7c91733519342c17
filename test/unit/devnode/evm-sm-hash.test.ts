// On SM chains FISCO's EVM hashes with SM3 wherever it would use keccak256: the KECCAK256
// opcode (so Solidity's keccak256() and mapping slots), CREATE2 addresses and code hashes.
// The same contract on a secp256k1 chain keeps keccak256.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { AbiCoder, Interface } from 'ethers';
import { concatBytes, fromHex, toHex, utf8Encode } from '../../../src/protocol/hex';
import { keccak256 } from '../../../src/protocol/crypto/suite';
import { compile, newChain, signedTx } from './chain-fixtures';
import type { DevChain } from '../../../src/devnode/chain/types';

const SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Child { uint256 public x = 1; }
contract Hashes {
    mapping(uint256 => uint256) public m;
    function h(bytes memory b) public pure returns (bytes32) { return keccak256(b); }
    function put(uint256 k) public { m[k] = 7; }
    function slotOf(uint256 k) public pure returns (bytes32 s) {
        assembly { mstore(0, k) mstore(32, 0) s := keccak256(0, 64) }
    }
    function make(bytes32 salt) public returns (address) { return address(new Child{salt: salt}()); }
    function hashOfCode(address a) public view returns (bytes32) { return a.codehash; }
}`;

const compiled = compile(SOURCE);
const iface = new Interface(compiled.Hashes.abi as never);

async function setUp(chain: DevChain): Promise<string> {
  const key = chain.accounts[0].privateKey;
  const d = await chain.submit(signedTx(chain, key, { input: compiled.Hashes.bytecode, abi: '' }).raw);
  assert.equal(d.receipt.data.status, 0);
  return '0x' + d.receipt.data.contractAddress;
}

async function call(chain: DevChain, to: string, fn: string, args: unknown[]): Promise<string> {
  const out = await chain.call(to, fromHex(iface.encodeFunctionData(fn, args)));
  assert.equal(out.status, 0);
  return iface.decodeFunctionResult(fn, out.output)[0] as string;
}

for (const sm of [true, false]) {
  test(`KECCAK256, CREATE2 and EXTCODEHASH use the chain's hash (${sm ? 'SM3' : 'keccak256'})`, async () => {
    const chain = await newChain({ sm });
    try {
      const H = (b: Uint8Array) => chain.suite.hash(b);
      if (sm) assert.notDeepEqual(H(utf8Encode('abc')), keccak256(utf8Encode('abc')));
      const addr = await setUp(chain);
      assert.equal(await call(chain, addr, 'h', [utf8Encode('abc')]), toHex(H(utf8Encode('abc'))));

      // Mapping slots come from the same opcode: the value written by put() sits at H(k ‖ 0).
      const key = chain.accounts[0].privateKey;
      await chain.submit(
        signedTx(chain, key, { to: addr, input: fromHex(iface.encodeFunctionData('put', [5])) }).raw,
      );
      const slot = H(fromHex(AbiCoder.defaultAbiCoder().encode(['uint256', 'uint256'], [5, 0])));
      assert.equal(await call(chain, addr, 'slotOf', [5]), toHex(slot));
      assert.equal(BigInt(await call(chain, addr, 'm', [5])), 7n);

      // EIP-1014 with the chain's hash: H(0xff ‖ deployer ‖ salt ‖ H(init code))[12:].
      const salt = new Uint8Array(32).fill(0x42);
      const made = await chain.submit(
        signedTx(chain, key, { to: addr, input: fromHex(iface.encodeFunctionData('make', [salt])) }).raw,
      );
      assert.equal(made.receipt.data.status, 0);
      const expected = H(
        concatBytes(new Uint8Array([0xff]), fromHex(addr), salt, H(compiled.Child.bytecode)),
      ).subarray(12);
      const child = iface.decodeFunctionResult('make', made.receipt.data.output)[0] as string;
      assert.equal(child.toLowerCase(), toHex(expected));

      const code = await chain.getCode(child);
      assert.ok(code.length > 0);
      assert.equal(await call(chain, addr, 'hashOfCode', [child]), toHex(H(code)));
    } finally {
      await chain.close();
    }
  });
}
