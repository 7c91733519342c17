// The benches' contract: Counter's set(k) (m[k] = k, a storage write and an event) and m(k).

import { createRequire } from 'node:module';

const COUNTER = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Counter {
    uint256 public value;
    mapping(uint256 => uint256) public m;
    event Set(address indexed who, uint256 value);
    function set(uint256 v) public { value = v; m[v] = v; emit Set(msg.sender, v); }
}`;

/** Checks a call's answer: m(k) must be k (a wrong or cached answer fails the bench). */
export function checkWord(hex: string, k: number): void {
  if (BigInt(hex) !== BigInt(k)) throw new Error(`m(${k}) answered ${hex}`);
}

export function compileCounter(): { abi: unknown[]; bytecode: string } {
  const solc = createRequire(__filename)('solc') as { compile(input: string): string };
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'c.sol': { content: COUNTER } },
        settings: {
          evmVersion: 'paris',
          optimizer: { enabled: true, runs: 200 },
          outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
        },
      }),
    ),
  ) as {
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const c = out.contracts['c.sol'].Counter;
  return { abi: c.abi, bytecode: '0x' + c.evm.bytecode.object };
}
