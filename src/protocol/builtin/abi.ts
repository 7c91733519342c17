// ABI coding for built-in contracts with selectors computed by the chain's hash.
// ethers computes keccak selectors; SM chains use SM3 selectors (precompiled.md §0.1), so the
// selector is always recomputed here from the canonical signature with the suite's hash.

import { AbiCoder, FunctionFragment, Interface, getBytes, type Result } from 'ethers';
import { asBigInt, asString } from '../unknownValues';

/** The part of a CryptoSuite that selectors need (keccak256 or SM3). */
export interface Hasher {
  hash(data: Uint8Array): Uint8Array;
}

const coder = AbiCoder.defaultAbiCoder();
const utf8 = new TextEncoder();

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += b.toString(16).padStart(2, '0');
  return out;
}

/** First 4 bytes of hash(signature), e.g. selectorOf('mkdir(string)', keccak) = 876b0eb2. */
export function selectorOf(signature: string, hasher: Hasher): Uint8Array {
  return hasher.hash(utf8.encode(signature)).slice(0, 4);
}

export interface DecodedCall {
  fragment: FunctionFragment;
  /** Canonical signature, e.g. "list(string,uint256,uint256)". */
  signature: string;
  args: Result;
}

/** A contract ABI bound to one chain's hash. Functions are named by name or full signature. */
export class BuiltinAbi {
  readonly iface: Interface;
  private readonly selectorHex = new Map<string, string>();
  private readonly bySelector = new Map<string, FunctionFragment>();

  constructor(
    readonly abi: readonly string[],
    readonly hasher: Hasher,
  ) {
    this.iface = new Interface(abi);
    this.iface.forEachFunction((fragment) => {
      const signature = fragment.format('sighash');
      const selector = hex(selectorOf(signature, hasher));
      this.selectorHex.set(signature, selector);
      this.bySelector.set(selector, fragment);
    });
  }

  /** Resolves a name (when unambiguous) or a canonical signature; throws for unknown names. */
  fragment(nameOrSignature: string): FunctionFragment {
    const fragment = this.iface.getFunction(nameOrSignature);
    if (!fragment) throw new Error(`Unknown function ${nameOrSignature}`);
    return fragment;
  }

  selector(nameOrSignature: string): Uint8Array {
    return getBytes('0x' + this.selectorHex.get(this.fragment(nameOrSignature).format('sighash')));
  }

  encodeCall(nameOrSignature: string, args: readonly unknown[]): Uint8Array {
    const fragment = this.fragment(nameOrSignature);
    const params = getBytes(coder.encode(fragment.inputs, args));
    const out = new Uint8Array(4 + params.length);
    out.set(this.selector(nameOrSignature), 0);
    out.set(params, 4);
    return out;
  }

  /** The canonical signature the input's selector names, without decoding its arguments. */
  signatureOf(input: Uint8Array): string | undefined {
    if (input.length < 4) return undefined;
    return this.bySelector.get(hex(input.subarray(0, 4)))?.format('sighash');
  }

  /** Undefined when the selector is not one of this ABI's functions (or input is under 4 bytes). */
  decodeCall(input: Uint8Array): DecodedCall | undefined {
    if (input.length < 4) return undefined;
    const fragment = this.bySelector.get(hex(input.subarray(0, 4)));
    if (!fragment) return undefined;
    const args = coder.decode(fragment.inputs, input.subarray(4));
    return { fragment, signature: fragment.format('sighash'), args };
  }

  encodeResult(nameOrSignature: string, values: readonly unknown[]): Uint8Array {
    return getBytes(coder.encode(this.fragment(nameOrSignature).outputs, values));
  }

  decodeResult(nameOrSignature: string, data: Uint8Array): Result {
    return coder.decode(this.fragment(nameOrSignature).outputs, data);
  }
}

// One bound ABI per (abi, hasher): suites are long-lived objects, so a WeakMap keeps this cheap.
const cache = new WeakMap<Hasher, Map<readonly string[], BuiltinAbi>>();

export function bindAbi(abi: readonly string[], hasher: Hasher): BuiltinAbi {
  let perHasher = cache.get(hasher);
  if (!perHasher) cache.set(hasher, (perHasher = new Map<readonly string[], BuiltinAbi>()));
  let bound = perHasher.get(abi);
  if (!bound) perHasher.set(abi, (bound = new BuiltinAbi(abi, hasher)));
  return bound;
}

/** `Error(string)` revert payload with the chain's selector (0x08c379a0 keccak / 0xc703cb12 SM3). */
export function encodeRevertReason(message: string, hasher: Hasher): Uint8Array {
  const body = getBytes(coder.encode(['string'], [message]));
  const out = new Uint8Array(4 + body.length);
  out.set(selectorOf('Error(string)', hasher), 0);
  out.set(body, 4);
  return out;
}

const ERROR_SELECTORS = new Set(['08c379a0', 'c703cb12']);

/** Decodes an `Error(string)` payload (either selector); undefined when the data is not one. */
export function decodeRevertReason(data: Uint8Array): string | undefined {
  if (data.length < 4 + 64 || !ERROR_SELECTORS.has(hex(data.subarray(0, 4)))) return undefined;
  try {
    return asString(coder.decode(['string'], data.subarray(4))[0]);
  } catch {
    return undefined;
  }
}

/** Signed 256-bit return word → number (return codes are int32/int256 in two's complement). */
export function decodeIntWord(data: Uint8Array): bigint {
  return asBigInt(coder.decode(['int256'], data.subarray(0, 32))[0]);
}
