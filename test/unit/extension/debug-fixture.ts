// Shared by the debugger tests: a two-contract source compiled with real solc (the bundled 0.8.x
// and 0.6.10), deployed on an in-process devnode chain, and traced by the devnode.

import { createRequire } from 'node:module';
import { Interface } from 'ethers';
import { fromHex, toHex } from '../../../src/protocol/hex';
import type { DevChain } from '../../../src/devnode/chain/types';
import { DEFAULT_TRACE_LIMITS } from '../../../src/devnode/evm/trace';
import { newChain, signedTx } from '../devnode/chain-fixtures';
import { withoutMetadata } from '../../../src/extension/debug/compiledCode';
import { findCreationCode } from '../../../src/client/creationCode';
import type {
  CodeSource,
  CreationLookup,
  CreationSource,
  SourceLookup,
  Trace,
} from '../../../src/extension/debug/traceModel';
import type { StorageLayout } from '../../../src/extension/debug/variables/storageDecode';

export const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity >=0.6.0 <0.9.0;

contract Other {
    uint256 public pings;
    function ping(uint256 by) public returns (uint256) {
        pings += by;
        return pings;
    }
}

contract Counter {
    uint256 public count;
    Other public other;
    constructor() public {
        other = new Other();
    }
    function increment(uint256 amount) public {
        require(amount < 100, "too much");
        count += amount;
        other.ping(amount);
        count += 1;
    }
}
`;
/** Lines of SOURCE (1-based). */
export const LINE = { newOther: 16, pings: 7, require: 19, countAdd: 20, ping: 21, countInc: 22 };

export interface Build {
  abi: unknown[];
  bytecode: Uint8Array;
  runtime: Map<string, CodeSource>;
  /** Every contract's creation code and its source map (constructors). */
  creation: CreationSource[];
}

export interface SolcOutput {
  sources: Record<string, { id: number; ast: unknown }>;
  contracts: Record<
    string,
    Record<
      string,
      {
        abi: unknown[];
        storageLayout: StorageLayout;
        evm: {
          bytecode: { object: string; sourceMap: string };
          deployedBytecode: { object: string; sourceMap: string };
        };
      }
    >
  >;
}

/** One source file through solc (the bundled one or the 0.6.10 alias) with what the debugger reads. */
export function compileSource(
  pkg: 'solc' | 'solc-0.6.10',
  file: string,
  source: string,
  viaIR = false,
): SolcOutput {
  const solc = createRequire(__filename)(pkg) as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: { [file]: { content: source } },
    settings: {
      evmVersion: pkg === 'solc' ? 'paris' : 'istanbul',
      optimizer: { enabled: false, runs: 200 },
      ...(viaIR ? { viaIR: true } : {}),
      outputSelection: {
        '*': { '': ['ast'], '*': ['abi', 'evm.bytecode', 'evm.deployedBytecode', 'storageLayout'] },
      },
    },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput & {
    errors?: { severity: string; formattedMessage: string }[];
  };
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  return out;
}

export function compileWith(pkg: 'solc' | 'solc-0.6.10', source = SOURCE): Record<string, Build> {
  const out = compileSource(pkg, 'Counter.sol', source);
  const sources = new Map([[out.sources['Counter.sol'].id, { name: 'Counter.sol', content: source }]]);
  const asts = [out.sources['Counter.sol'].ast];
  const runtime = new Map<string, CodeSource>();
  const creation: CreationSource[] = [];
  const result: Record<string, Build> = {};
  for (const [name, c] of Object.entries(out.contracts['Counter.sol'])) {
    runtime.set(withoutMetadata(c.evm.deployedBytecode.object), {
      contract: name,
      sourceMap: c.evm.deployedBytecode.sourceMap,
      sources,
      variables: { asts, storageLayout: c.storageLayout },
    });
    creation.push({
      contract: name,
      bytecode: c.evm.bytecode.object,
      sourceMap: c.evm.bytecode.sourceMap,
      sources,
    });
    result[name] = { abi: c.abi, bytecode: fromHex(c.evm.bytecode.object), runtime, creation };
  }
  return result;
}

export function lookupIn(build: Build): SourceLookup {
  return (code) => build.runtime.get(withoutMetadata(code));
}

export function creationLookupIn(build: Build): CreationLookup {
  return (initCode) => findCreationCode(initCode, build.creation);
}

export interface Deployed {
  chain: DevChain;
  counter: string;
  iface: Interface;
  /** The trace of Counter's deployment (its constructor creates Other). */
  traceDeploy(): Promise<{ trace: Trace; status: number }>;
  /** Traces a transaction sent to Counter with this calldata. */
  traceTx(data: string): Promise<{ trace: Trace; status: number }>;
}

export async function deployCounter(build: Record<string, Build>): Promise<Deployed> {
  const chain = await newChain();
  const key = chain.accounts[0].privateKey;
  const deploy = signedTx(chain, key, { input: build.Counter.bytecode });
  const d = await chain.submit(deploy.raw);
  if (d.receipt.data.status !== 0) throw new Error(`deploy failed: ${d.receipt.data.status}`);
  const counter = '0x' + d.receipt.data.contractAddress;
  const iface = new Interface(build.Counter.abi as never);
  return {
    chain,
    counter,
    iface,
    async traceDeploy() {
      const t = (await chain.traceTransaction(deploy.hash, DEFAULT_TRACE_LIMITS))!;
      return { trace: t.trace, status: t.status };
    },
    async traceTx(data) {
      const { raw, hash } = signedTx(chain, key, { to: counter, input: fromHex(data) });
      await chain.submit(raw);
      const t = (await chain.traceTransaction(hash, DEFAULT_TRACE_LIMITS))!;
      return { trace: t.trace, status: t.status };
    },
  };
}

export { toHex };
