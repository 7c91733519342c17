// Shared by the Web3 suites: a devnode with its Web3 port on a free port, and a solc-compiled
// contract with a constructor, a view, a write that emits an event, and a revert.

import { createRequire } from 'node:module';
import { startDevnode, type Devnode } from '../../src/devnode';

export const SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Store {
    uint256 public value;
    event Stored(address indexed who, uint256 value);
    constructor(uint256 v) { value = v; }
    function store(uint256 v) public { require(v != 13, "unlucky"); value = v; emit Stored(msg.sender, v); }
}
`;

export interface Artifact {
  abi: unknown[];
  bytecode: string;
}

let cached: Artifact | undefined;

export function storeArtifact(): Artifact {
  if (cached) return cached;
  const solc = createRequire(__filename)('solc') as { compile(input: string): string };
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 's.sol': { content: SOURCE } },
        settings: { evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
      }),
    ),
  ) as {
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const c = out.contracts['s.sol'].Store;
  return (cached = { abi: c.abi, bytecode: '0x' + c.evm.bytecode.object });
}

/** A devnode on free ports with the Web3 service on. */
export function startWeb3Devnode(): Promise<Devnode> {
  return startDevnode({ port: 0, web3Port: 0, logLevel: 'silent', accounts: 3, nodes: 4 });
}
