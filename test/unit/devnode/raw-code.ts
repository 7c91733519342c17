// Hand-written EVM bytecode for tests that need exact instructions (solc would add its own),
// and its deployment on a test chain.

import assert from 'node:assert/strict';
import { fromHex } from '../../../src/protocol/hex';
import type { DevChain } from '../../../src/devnode/chain/types';
import { signedTx } from './chain-fixtures';

/** Init code that deploys `runtime` (hex without 0x) as the contract's code. */
export function deployCode(runtime: string): string {
  const len = (runtime.length / 2).toString(16).padStart(4, '0');
  // PUSH2 len PUSH1 14 PUSH1 0 CODECOPY PUSH2 len PUSH1 0 RETURN, then the runtime at byte 14.
  return `61${len}600e60003961${len}6000f3` + runtime;
}

/** The shortest PUSHn of `v` (hex, no 0x). */
export function push(v: bigint): string {
  const hex = v.toString(16);
  const bytes = hex.length % 2 === 0 ? hex : '0' + hex;
  return (0x5f + bytes.length / 2).toString(16) + bytes;
}

/** PUSH20 of an 0x address. */
export function pushAddress(address: string): string {
  return '73' + address.slice(2).padStart(40, '0');
}

/** Deploys `runtime` (hex without 0x) from the chain's first account; returns its 0x address. */
export async function deployRuntime(chain: DevChain, runtime: string): Promise<string> {
  const { raw } = signedTx(chain, chain.accounts[0].privateKey, {
    input: fromHex('0x' + deployCode(runtime)),
  });
  const { receipt } = await chain.submit(raw);
  assert.equal(receipt.data.status, 0);
  return '0x' + receipt.data.contractAddress;
}
