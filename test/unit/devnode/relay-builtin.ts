// A test built-in that calls through `callInternal`, as the committee does: first the test-kv
// built-in, then the contract whose address its input names; it answers that contract's output.

import type { Builtins, Precompiled } from '../../../src/devnode/builtin/types';
import type { DevChain } from '../../../src/devnode/chain/types';
import { DEFAULT_TRACE_LIMITS, type Trace } from '../../../src/devnode/evm/trace';
import { fromHex, toHex } from '../../../src/protocol/hex';
import { KV_ADDRESS, signedTx, testBuiltins, type TxFields } from './chain-fixtures';
import { push, pushAddress } from './raw-code';

export const RELAY_ADDRESS = '0x' + '0'.repeat(36) + '100b';

/** Bytes of the relay's output after the contract's when its input asks for a large answer. */
export const LARGE_TAIL = 64 * 1024;

/** What the relay answers after its calls: the contract's output, that with LARGE_TAIL, or a failure. */
export type RelayMode = 'plain' | 'large' | 'fail';
const MODES: RelayMode[] = ['plain', 'large', 'fail'];

/** The relay's input: its mode (one byte) and the contract to call. */
export function relayInput(contract: string, mode: RelayMode = 'plain'): Uint8Array {
  return fromHex('0x0' + MODES.indexOf(mode) + contract.slice(2));
}

export function relayBuiltins(): Builtins {
  const builtins = testBuiltins();
  const relay: Precompiled = {
    address: RELAY_ADDRESS,
    name: 'test-relay',
    async execute(ctx, input) {
      const kv = await ctx.callInternal(KV_ADDRESS, Uint8Array.of(2), RELAY_ADDRESS); // get ""
      if (kv.status !== 0) return kv;
      const r = await ctx.callInternal(toHex(input.subarray(1, 21)), new Uint8Array(0), RELAY_ADDRESS);
      // Status 15 (PrecompiledError) with nothing to say: a REVERT to an EVM caller.
      if (MODES[input[0]] === 'fail') return { status: 15, output: new Uint8Array(0) };
      if (r.status !== 0 || MODES[input[0]] !== 'large') return { status: r.status, output: r.output };
      const output = new Uint8Array(r.output.length + LARGE_TAIL);
      output.set(r.output);
      return { status: 0, output };
    },
  };
  builtins.precompiles.set(RELAY_ADDRESS, relay);
  return builtins;
}

/** Runtime code that returns the word `v`. */
export const returnWord = (v: bigint) => push(v) + push(0n) + '52' + push(32n) + push(0n) + 'f3';

export const RETURN_42 = returnWord(42n);

/**
 * Runtime code that stores the relay's 21-byte input at the end of its first memory word, then
 * CALL(gas, relay, 0, 11, 21, 0, 0) POP STOP.
 */
export function callRelayCode(contract: string, mode: RelayMode = 'plain'): string {
  const data = relayInput(contract, mode);
  const [inOffset, inSize] = [BigInt(32 - data.length), BigInt(data.length)];
  const call = push(0n) + push(0n) + push(inSize) + push(inOffset) + push(0n) + pushAddress(RELAY_ADDRESS);
  return push(BigInt(toHex(data))) + push(0n) + '52' + call + '5a' + 'f1' + '50' + '00';
}

/** Sends `fields` from the first account and traces it: its receipt's status and output, its hash and trace. */
export async function tracedTx(
  chain: DevChain,
  fields: TxFields,
): Promise<{ status: number; output: Uint8Array; hash: Uint8Array; trace: Trace }> {
  const { raw, hash } = signedTx(chain, chain.accounts[0].privateKey, fields);
  const { status, output } = (await chain.submit(raw)).receipt.data;
  const { trace } = (await chain.traceTransaction(hash, DEFAULT_TRACE_LIMITS))!;
  return { status, output, hash, trace };
}
