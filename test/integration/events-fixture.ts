// A contract that emits events with indexed and plain arguments, compiled once with the solc
// the project ships, for the logs, filters and subscription suites.

import { createRequire } from 'node:module';
import type { JsonFragment } from 'ethers';

export const EMITTER_SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Emitter {
    event Ping(address indexed from, uint256 indexed n, string note);
    event Pong(uint256 n);
    event Anon(uint256 n) anonymous;
    function ping(uint256 n, string memory note) public { emit Ping(msg.sender, n, note); }
    function pong(uint256 n) public { emit Pong(n); }
    function both(uint256 n) public { emit Ping(msg.sender, n, "both"); emit Pong(n); emit Anon(n); }
    function fail(uint256 n) public { emit Pong(n); require(false, "failed on purpose"); }
}`;

let compiled: { abi: JsonFragment[]; bytecode: string } | undefined;

export function emitter(): { abi: JsonFragment[]; bytecode: string } {
  if (compiled) return compiled;
  const solc = createRequire(__filename)('solc') as { compile(input: string): string };
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'e.sol': { content: EMITTER_SOURCE } },
        settings: {
          evmVersion: 'paris',
          outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
        },
      }),
    ),
  ) as {
    contracts: Record<string, Record<string, { abi: JsonFragment[]; evm: { bytecode: { object: string } } }>>;
  };
  const c = out.contracts['e.sol'].Emitter;
  return (compiled = { abi: c.abi, bytecode: c.evm.bytecode.object });
}
