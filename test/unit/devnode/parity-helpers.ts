// Helpers for the real-node parity tests: a chain with the real built-ins, raw-bytecode
// contracts, built-in calls encoded with the chain's own hash (keccak or SM3 selectors).

import assert from 'node:assert/strict';
import { bindAbi, decodeRevertReason } from '../../../src/protocol/builtin/abi';
import { fromHex } from '../../../src/protocol/hex';
import type { DevChain } from '../../../src/devnode/chain/types';
import type { Committed } from '../../../src/devnode/chain/pool';
import { newChain, signedTx } from './chain-fixtures';

export const SUITES = [
  { name: 'keccak chain', sm: false },
  { name: 'SM chain', sm: true },
] as const;

/** A chain with the devnode's real built-ins (not the stand-ins of chain-fixtures). */
export function realChain(sm: boolean, authCheck = false): Promise<DevChain> {
  return newChain({ sm, authCheck, builtins: undefined });
}

export async function send(
  chain: DevChain,
  to: string,
  input: Uint8Array,
  from = 0,
  abi = '',
): Promise<Committed> {
  return chain.submit(signedTx(chain, chain.accounts[from].privateKey, { to, input, abi }).raw);
}

/** Deploys init code; asserts success and returns the 0x address. */
export async function deployCode(chain: DevChain, initCode: Uint8Array, from = 0): Promise<string> {
  const r = await chain.submit(signedTx(chain, chain.accounts[from].privateKey, { input: initCode }).raw);
  assert.equal(r.receipt.data.status, 0, 'deployment failed');
  return '0x' + r.receipt.data.contractAddress;
}

/** Init code that deploys `runtime` as is: PUSH1 n DUP1 PUSH1 11 PUSH1 0 CODECOPY PUSH1 0 RETURN. */
export function initFor(runtime: string): Uint8Array {
  const n = runtime.length / 2;
  assert.ok(n < 256);
  return fromHex('60' + n.toString(16).padStart(2, '0') + '80600b6000396000f3' + runtime);
}

/** Calls or encodes a built-in with the chain's hash for selectors. */
export function builtin(chain: DevChain, abi: readonly string[]) {
  const bound = bindAbi(abi, chain.suite);
  return {
    encode: (fn: string, args: unknown[]) => bound.encodeCall(fn, args),
    decode: (fn: string, out: Uint8Array) => bound.decodeResult(fn, out),
  };
}

export function reason(output: Uint8Array): string | undefined {
  return decodeRevertReason(output);
}

/** Sets a system config key through 0x1000 (in force from the next block). */
export async function setSystemConfig(chain: DevChain, key: string, value: string): Promise<void> {
  const sys = builtin(chain, ['function setValueByKey(string key, string value) returns (int32)']);
  const r = await send(chain, '0x' + '0'.repeat(36) + '1000', sys.encode('setValueByKey', [key, value]));
  assert.equal(r.receipt.data.status, 0, `setValueByKey ${key}: ${reason(r.receipt.data.output)}`);
}
