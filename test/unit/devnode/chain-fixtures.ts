// Shared helpers for the chain engine tests: stand-in built-ins, signed transactions, and a
// solc-compiled counter contract.

import { createRequire } from 'node:module';
import type {
  Builtins,
  ConsensusNode,
  InvocationInfo,
  Precompiled,
  TableStore,
} from '../../../src/devnode/builtin/types';
import type { CryptoSuite } from '../../../src/protocol/crypto/suite';
import {
  encodeTransaction,
  hashTransactionData,
  type TransactionData,
} from '../../../src/protocol/transaction';
import { fromHex, toHex, utf8Decode, utf8Encode } from '../../../src/protocol/hex';
import type { ChainOptions, DevChain } from '../../../src/devnode/chain/types';
import { createChain } from '../../../src/devnode/chain/chain';

export const KV_ADDRESS = '0x' + '0'.repeat(36) + '100a';

/**
 * Minimal built-ins: config and consensus list in tables, and one key-value precompile
 * (input[0] = 1 set key=input[1..] to the caller, 2 get, 3 throw, 4 set then fail with status 15).
 */
export interface AuthRules {
  denyDeploy?: (info: InvocationInfo) => boolean;
  denyCall?: (info: InvocationInfo) => boolean;
}

export function testBuiltins(rules: AuthRules = {}): Builtins {
  const kv: Precompiled = {
    address: KV_ADDRESS,
    name: 'test-kv',
    execute(ctx, input) {
      const op = input[0];
      const key = toHex(input.subarray(1), false);
      if (op === 1) {
        if (ctx.isStatic) return { status: 15, output: new Uint8Array(0) };
        ctx.store.set('t_kv', key, ctx.caller);
        ctx.emit({ address: KV_ADDRESS, topics: [new Uint8Array(32).fill(7)], data: utf8Encode(key) });
        return { status: 0, output: new Uint8Array(32), gasUsed: 100n };
      }
      if (op === 2) return { status: 0, output: utf8Encode(ctx.store.get('t_kv', key) ?? '') };
      if (op === 3) throw new Error('kv exploded');
      if (op === 4) {
        ctx.store.set('t_kv', key, 'doomed');
        return { status: 15, output: new Uint8Array(0) };
      }
      return { status: 15, output: new Uint8Array(0) };
    },
  };
  return {
    precompiles: new Map([[KV_ADDRESS, kv]]),
    genesis(store, o) {
      const cfg = (k: string, v: string) =>
        store.set('s_config', k, JSON.stringify({ value: v, enableNumber: 0 }));
      cfg('tx_count_limit', String(o.txCountLimit));
      cfg('tx_gas_limit', String(o.txGasLimit));
      cfg('consensus_leader_period', String(o.leaderPeriod));
      cfg('compatibility_version', o.compatibilityVersion);
      cfg('auth_check_status', o.authCheck ? '1' : '0');
      const nodes: ConsensusNode[] = o.sealers.map((s) => ({
        nodeId: s.nodeId,
        type: 'consensus_sealer',
        weight: s.weight,
        enableNumber: 0,
      }));
      store.set('s_consensus', 'list', JSON.stringify(nodes));
    },
    systemConfig(store, key, blockNumber) {
      const raw = store.get('s_config', key);
      if (raw === undefined) return undefined;
      const e = JSON.parse(raw) as { value: string; enableNumber: number };
      return e.enableNumber <= blockNumber ? e : undefined;
    },
    consensusNodes(store: TableStore) {
      return JSON.parse(store.get('s_consensus', 'list') ?? '[]') as ConsensusNode[];
    },
    auth: {
      checkDeploy: (_store, info) =>
        rules.denyDeploy?.(info)
          ? { ok: false, status: 18, message: 'Create permission denied.' }
          : { ok: true },
      checkCall: (_store, info) =>
        rules.denyCall?.(info) ? { ok: false, status: 18, message: 'Call permission denied.' } : { ok: true },
      onDeployed(store, contract, info) {
        store.set('t_admin', contract, info.origin);
      },
    },
  };
}

/** Sets a system config value directly (what a SystemConfig transaction would do). */
export function setConfig(store: TableStore, key: string, value: string, enableNumber: number): void {
  store.set('s_config', key, JSON.stringify({ value, enableNumber }));
}

export function chainOptions(over: Partial<ChainOptions> = {}): ChainOptions {
  return {
    chainId: 'chain0',
    groupId: 'group0',
    sm: false,
    nodes: 4,
    accounts: 3,
    blockTimeMs: 0,
    authCheck: false,
    seed: 'test-seed',
    builtins: testBuiltins(),
    ...over,
  };
}

export async function newChain(over: Partial<ChainOptions> = {}): Promise<DevChain> {
  return createChain(chainOptions(over));
}

let nonceCounter = 0;

export interface TxFields extends Partial<TransactionData> {
  dataHash?: Uint8Array;
  signature?: Uint8Array;
}

/** A signed transaction as an SDK sends it. */
export function signedTx(
  chain: DevChain,
  key: Uint8Array,
  fields: TxFields = {},
): { raw: Uint8Array; hash: Uint8Array } {
  const suite: CryptoSuite = chain.suite;
  const data: TransactionData = {
    version: 0,
    chainID: 'chain0',
    groupID: 'group0',
    blockLimit: BigInt(chain.blockNumber() + 500),
    nonce: `n-${process.pid}-${Date.now()}-${nonceCounter++}`,
    to: '',
    input: new Uint8Array(0),
    abi: '',
    ...fields,
  };
  const hash = hashTransactionData(data, suite);
  const signature = fields.signature ?? suite.sign(hash, key);
  const raw = encodeTransaction({ data, dataHash: fields.dataHash ?? hash, signature });
  return { raw, hash };
}

// ---- solc ---------------------------------------------------------------------------------------

export const COUNTER_SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Counter {
    uint256 public value;
    event Set(address indexed who, uint256 value);
    function set(uint256 v) public { value = v; emit Set(msg.sender, v); }
    function fail() public pure { revert("nope"); }
    function who() public view returns (address) { return msg.sender; }
    function make() public returns (address) { return address(new Child()); }
    function poke(address c) public returns (uint256) { return Child(c).bump(); }
    function burn() public { while (true) { value += 1; } }
    function kvSet(bytes memory key) public { (bool ok, ) = address(0x100a).call(abi.encodePacked(uint8(1), key)); require(ok, "kv"); }
    function kvSetThenRevert(bytes memory key) public { (bool ok, ) = address(0x100a).call(abi.encodePacked(uint8(1), key)); require(ok, "kv"); revert("after kv"); }
    function tryKv(bytes memory key) public { try this.kvSetThenRevert(key) {} catch {} value = 42; }
}
contract Child { uint256 public x = 1; function bump() public returns (uint256) { return ++x; } }
`;

export interface Compiled {
  abi: unknown[];
  bytecode: Uint8Array;
}

const cache = new Map<string, Record<string, Compiled>>();

export function compile(
  source: string,
  evmVersion: 'paris' | 'shanghai' = 'paris',
): Record<string, Compiled> {
  const key = evmVersion + source;
  const hit = cache.get(key);
  if (hit) return hit;
  const solc = createRequire(__filename)('solc') as { compile(input: string): string };
  const input = {
    language: 'Solidity',
    sources: { 'c.sol': { content: source } },
    settings: {
      evmVersion,
      optimizer: { enabled: true, runs: 200 },
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
    },
  };
  const out = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (out.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  const result: Record<string, Compiled> = {};
  for (const [name, c] of Object.entries(out.contracts['c.sol'])) {
    result[name] = { abi: c.abi, bytecode: fromHex(c.evm.bytecode.object) };
  }
  cache.set(key, result);
  return result;
}

export function word(n: bigint | number): Uint8Array {
  return fromHex(BigInt(n).toString(16).padStart(64, '0'));
}

export function decodeRevertString(output: Uint8Array): string {
  const len = Number(BigInt(toHex(output.subarray(36, 68))));
  return utf8Decode(output.subarray(68, 68 + len));
}
