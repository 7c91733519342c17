// Encodes calls and decodes inputs, outputs, events and constructor data with a contract ABI and
// the chain's hash (keccak or SM3 selectors/topics). Degrades to raw hex instead of throwing.

import {
  AbiCoder,
  EventFragment,
  FunctionFragment,
  Interface,
  type InterfaceAbi,
  type JsonFragment,
} from 'ethers';
import { coerceArgs, toDisplay } from './abiArgs';

export type HashText = (text: string) => string;

export interface DecodedValue {
  name: string;
  type: string;
  value: unknown;
}

export interface DecodedCall {
  signature: string;
  name: string;
  args: DecodedValue[];
}

export interface DecodedEvent {
  signature: string;
  name: string;
  args: DecodedValue[];
}

const coder = AbiCoder.defaultAbiCoder();

/**
 * The shape of a JSON ABI: an array of fragment objects (or human-readable strings). Whether the
 * fragments are valid is for parseAbi / ethers to say; this only makes the array usable as one.
 */
export function isAbiArray(v: unknown): v is (JsonFragment | string)[] {
  return (
    Array.isArray(v) &&
    v.every(
      (item) =>
        typeof item === 'string' || (typeof item === 'object' && item !== null && !Array.isArray(item)),
    )
  );
}

export function parseAbi(abi: string | InterfaceAbi): Interface | undefined {
  try {
    return new Interface(abi); // ethers parses JSON ABI text itself
  } catch {
    return undefined;
  }
}

export class ContractCodec {
  readonly iface: Interface;
  private readonly bySelector = new Map<string, FunctionFragment>();
  private readonly byTopic = new Map<string, EventFragment>();

  constructor(
    abi: string | InterfaceAbi,
    private readonly hash: HashText,
  ) {
    const iface = parseAbi(abi);
    if (!iface) throw new Error('The ABI is not valid JSON ABI.');
    this.iface = iface;
    iface.forEachFunction((f) => this.bySelector.set(this.selector(f.format('sighash')), f));
    iface.forEachEvent((e) => this.byTopic.set(hash(e.format('sighash')).toLowerCase(), e));
  }

  selector(signature: string): string {
    return this.hash(signature).slice(0, 10).toLowerCase();
  }

  functions(): FunctionFragment[] {
    const list: FunctionFragment[] = [];
    this.iface.forEachFunction((f) => list.push(f));
    return list;
  }

  fn(signatureOrName: string): FunctionFragment {
    const f = this.iface.getFunction(signatureOrName);
    if (!f) throw new Error(`The ABI has no function ${signatureOrName}.`);
    return f;
  }

  /** Calldata for a function with JSON-ish argument values (validated). */
  encodeCall(signature: string, values: readonly unknown[]): string {
    const f = this.fn(signature);
    const args = coerceArgs(f.inputs, values);
    return this.selector(f.format('sighash')) + coder.encode(f.inputs, args).slice(2);
  }

  /** Constructor arguments, ABI-encoded (no selector), for appending to bytecode. */
  encodeDeployArgs(values: readonly unknown[]): string {
    const inputs = this.iface.deploy.inputs;
    return coder.encode(inputs, coerceArgs(inputs, values)).slice(2);
  }

  decodeOutput(signature: string, output: string): DecodedValue[] {
    const f = this.fn(signature);
    const result = coder.decode(f.outputs, output);
    return f.outputs.map((p, i) => ({ name: p.name, type: p.format(), value: toDisplay(result[i]) }));
  }

  decodeInput(data: string): DecodedCall | undefined {
    const f = this.bySelector.get(data.slice(0, 10).toLowerCase());
    if (!f) return undefined;
    try {
      const result = coder.decode(f.inputs, `0x${data.slice(10)}`);
      return {
        signature: f.format('sighash'),
        name: f.name,
        args: f.inputs.map((p, i) => ({ name: p.name, type: p.format(), value: toDisplay(result[i]) })),
      };
    } catch {
      return undefined;
    }
  }

  decodeEvent(topics: readonly string[], data: string): DecodedEvent | undefined {
    const e = topics[0] ? this.byTopic.get(topics[0].toLowerCase()) : undefined;
    if (!e) return undefined;
    try {
      const nonIndexed = e.inputs.filter((p) => !p.indexed);
      const decoded = coder.decode(nonIndexed, data || '0x');
      let t = 1;
      let d = 0;
      const args = e.inputs.map((p) => {
        if (p.indexed) {
          const topic = topics[t++];
          const dynamic = p.type === 'string' || p.type === 'bytes' || p.isArray() || p.isTuple();
          return {
            name: p.name,
            type: p.format(),
            value: dynamic ? `${topic} (hash)` : toDisplay(coder.decode([p], topic)[0]),
          };
        }
        return { name: p.name, type: p.format(), value: toDisplay(decoded[d++]) };
      });
      return { signature: e.format('sighash'), name: e.name, args };
    } catch {
      return undefined;
    }
  }
}
