// A test built-in that calls through `callInternal`, as the committee does: first the test-kv
// built-in, then the contract (or built-in) whose address its input names, with the rest of its
// input; it answers that callee's output.

import type { Builtins, Precompiled } from '../../../src/devnode/builtin/types';
import type { DevChain } from '../../../src/devnode/chain/types';
import { DEFAULT_TRACE_LIMITS, type Trace } from '../../../src/devnode/evm/trace';
import { fromHex, toHex } from '../../../src/protocol/hex';
import { KV_ADDRESS, signedTx, testBuiltins, type TxFields } from './chain-fixtures';
import { push, pushAddress } from './raw-code';

export const RELAY_ADDRESS = '0x' + '0'.repeat(36) + '100b';

/** Bytes of the relay's output after the contract's when its input asks for a large answer. */
export const LARGE_TAIL = 64 * 1024;

/**
 * What the relay answers after its calls: the callee's output, that with LARGE_TAIL, a failure,
 * or success (empty) whatever the callee did ('catch'). 'kv-fails': its test-kv call throws
 * ("kv exploded"), and the relay answers that failure without calling on. 'kv-after': it calls
 * test-kv once more after the callee, then answers the callee's output.
 */
export type RelayMode = 'plain' | 'large' | 'fail' | 'catch' | 'kv-fails' | 'kv-after';
const MODES: RelayMode[] = ['plain', 'large', 'fail', 'catch', 'kv-fails', 'kv-after'];

/** The relay's input: its mode (one byte), the contract to call and the input to call it with. */
export function relayInput(
  contract: string,
  mode: RelayMode = 'plain',
  rest: Uint8Array = new Uint8Array(0),
): Uint8Array {
  return fromHex('0x0' + MODES.indexOf(mode) + contract.slice(2) + toHex(rest, false));
}

export function relayBuiltins(): Builtins {
  const builtins = testBuiltins();
  const relay: Precompiled = {
    address: RELAY_ADDRESS,
    name: 'test-relay',
    async execute(ctx, input) {
      const mode = MODES[input[0]];
      // get "" (op 2); op 3 throws.
      const kvOp = mode === 'kv-fails' ? 3 : 2;
      const kv = await ctx.callInternal(KV_ADDRESS, Uint8Array.of(kvOp), RELAY_ADDRESS);
      if (kv.status !== 0) return kv;
      const r = await ctx.callInternal(toHex(input.subarray(1, 21)), input.subarray(21), RELAY_ADDRESS);
      // Status 15 (PrecompiledError) with nothing to say: a REVERT to an EVM caller.
      if (mode === 'fail') return { status: 15, output: new Uint8Array(0) };
      if (mode === 'catch') return { status: 0, output: new Uint8Array(0) };
      if (mode === 'kv-after') {
        const again = await ctx.callInternal(KV_ADDRESS, Uint8Array.of(2), RELAY_ADDRESS);
        if (again.status !== 0) return again;
      }
      if (r.status !== 0 || mode !== 'large') return { status: r.status, output: r.output };
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
 * Runtime code that stores the relay's input (relayInput's arguments) in memory from 0, a word
 * at a time, then CALL(gas, relay, 0, 0, size, 0, 0) POP STOP.
 */
export function callRelayCode(contract: string, mode: RelayMode = 'plain', rest?: Uint8Array): string {
  const data = relayInput(contract, mode, rest);
  let store = '';
  for (let o = 0; o < data.length; o += 32) {
    const word = new Uint8Array(32);
    word.set(data.subarray(o, o + 32));
    store += push(BigInt(toHex(word))) + push(BigInt(o)) + '52';
  }
  const size = BigInt(data.length);
  const call = push(0n) + push(0n) + push(size) + push(0n) + push(0n) + pushAddress(RELAY_ADDRESS);
  return store + call + '5a' + 'f1' + '50' + '00';
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
