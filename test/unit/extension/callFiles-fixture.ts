// Shared by the call file tests: the sample Counter and a Guarded contract compiled with the bundled
// solc (callFileValidate, callFilesCommands), and a devnode chain holding them (callFileRun, callFileWrite).

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { SdkChainApi } from '../../../src/extension/chain/sdkChainApi';
import type { Signer } from '../../../src/extension/chain/chainApi';
import { buildInput, readOutput, type CompiledContract } from '../../../src/extension/compile/solcIO';
import { ContractCodec } from '../../../src/extension/models/abiCodec';

const workspace = join(__dirname, '..', '..', '..', 'samples', 'workspace');

const GUARDED = `pragma solidity ^0.8.11;
contract Guarded {
    error TooBig(uint256 value, uint256 limit);
    function positive(uint256 v) public pure returns (uint256) { require(v > 0, "v must be positive"); return v; }
    function limited(uint256 v) public pure returns (uint256) { if (v > 10) revert TooBig(v, 10); return v; }
    function f(uint256 v) public pure returns (uint256) { return v; }
    function f(string memory s) public pure returns (string memory) { return s; }
    function pair(uint256 a, bool b) public pure returns (uint256 doubled, bool flipped) { return (a * 2, !b); }
}`;

let compiled: { counter: CompiledContract; guarded: CompiledContract } | undefined;

/** Counter and Guarded, compiled once per test process. */
export function compileCallFileContracts(): { counter: CompiledContract; guarded: CompiledContract } {
  if (compiled) return compiled;
  const solc = require('solc');
  const sources = {
    'contracts/Counter.sol': readFileSync(join(workspace, 'contracts', 'Counter.sol'), 'utf8'),
    'Guarded.sol': GUARDED,
  };
  const { contracts, problems } = readOutput(
    solc.compile(buildInput(sources, { evmVersion: 'paris', optimizer: false })),
  );
  assert.deepEqual(
    problems.filter((p) => p.severity === 'error'),
    [],
  );
  compiled = {
    counter: contracts.find((x) => x.name === 'Counter')!,
    guarded: contracts.find((x) => x.name === 'Guarded')!,
  };
  return compiled;
}

export interface CallFileChain {
  node: Devnode;
  api: SdkChainApi;
  /** Dev account 0, which deployed everything. */
  signer: Signer;
  /** Dev account 1. */
  other: Signer;
  /** Counter("demo", 5), with its ABI on chain and linked at /apps/Counter/1.0. */
  counter: string;
  counterAbi: string;
  guarded: string;
  guardedAbi: unknown[];
  /** Counter("demo", 5) deployed without an ABI: getABI has nothing, only the workspace knows it. */
  noAbiCounter: string;
  stop(): Promise<void>;
}

export async function startCallFileChain(): Promise<CallFileChain> {
  const node = await startDevnode({ port: 0, accounts: 2, logLevel: 'silent' });
  const api = new SdkChainApi({ name: 'test', url: node.url, group: node.groupId });
  const stop = async () => {
    api.close();
    await node.stop();
  };
  try {
    const [a0, a1] = node.accounts;
    const signer: Signer = { address: a0.address, privateKey: a0.privateKey, sm: false };
    const other: Signer = { address: a1.address, privateKey: a1.privateKey, sm: false };
    const { counter: c, guarded: g } = compileCallFileContracts();
    const counterAbi = JSON.stringify(c.abi);
    const ctorArgs = new ContractCodec(counterAbi, (t) => api.hashText(t)).encodeDeployArgs(['demo', '5']);
    const r1 = await api.deploy(signer, c.bytecode + ctorArgs, counterAbi);
    assert.equal(r1.status, 0);
    const r2 = await api.deploy(signer, g.bytecode, JSON.stringify(g.abi));
    const r3 = await api.deploy(signer, c.bytecode + ctorArgs, '');
    const link = await api.bfsLink(signer, '/apps/Counter/1.0', r1.contractAddress, counterAbi);
    assert.equal(link.ok, true, link.message);
    return {
      node,
      api,
      signer,
      other,
      counter: r1.contractAddress,
      counterAbi,
      guarded: r2.contractAddress,
      guardedAbi: g.abi,
      noAbiCounter: r3.contractAddress,
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
