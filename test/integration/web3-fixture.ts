// Shared by the Web3 suites: a devnode with its Web3 port on a free port, and a solc-compiled
// contract with a constructor, a view, a write that emits an event, and a revert.

import { accessSync, constants, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
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

const CAST_PACKAGE = '@foundry-rs/cast-linux-amd64';

/**
 * Foundry's cast from the npm package (the binary ships inside it; no install script runs).
 * Found through the package's own `bin` entry, from wherever Node resolves the package.
 */
export function castBinary(): string {
  if (process.platform !== 'linux' || process.arch !== 'x64')
    throw new Error(`${CAST_PACKAGE} holds a linux-x64 binary; this is ${process.platform}-${process.arch}`);
  const req = createRequire(__filename);
  let pkgFile: string | undefined;
  try {
    pkgFile = req.resolve(`${CAST_PACKAGE}/package.json`);
  } catch {
    // A package with an "exports" map hides package.json: look in the resolution paths.
    pkgFile = (req.resolve.paths(CAST_PACKAGE) ?? [])
      .map((dir) => join(dir, CAST_PACKAGE, 'package.json'))
      .find((file) => existsSync(file));
  }
  if (pkgFile === undefined) throw new Error(`${CAST_PACKAGE} is not installed: run npm install`);
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8')) as { bin?: string | Record<string, string> };
  const rel = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.cast;
  if (rel === undefined) throw new Error(`${pkgFile} names no cast binary`);
  const bin = join(dirname(pkgFile), rel);
  accessSync(bin, constants.X_OK);
  return bin;
}
