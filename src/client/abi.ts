// ABI encoding on FISCO chains. The argument coding is Ethereum's (ethers), but function and
// error selectors are computed with the chain hash: keccak256 on normal chains, SM3 on SM chains
// (precompiled.md §0.1). Revert data is decoded into readable text: Error(string) (08c379a0 /
// c703cb12), Panic(uint256), or a custom error of the contract ABI.

import {
  AbiCoder,
  ErrorFragment,
  EventFragment,
  FunctionFragment,
  Interface,
  type InterfaceAbi,
  type Result,
} from 'ethers';
import type { CryptoSuite } from '../protocol/crypto/suite';
import type { LogEntryJson } from '../protocol/rpc/types';
import { fromHex, toHex, utf8Encode } from '../protocol/hex';
import { asBigInt, asString, errorMessage } from '../protocol/unknownValues';

const coder = AbiCoder.defaultAbiCoder();

export type AbiInput = Interface | InterfaceAbi;

export function toInterface(abi: AbiInput): Interface {
  if (abi instanceof Interface) return abi;
  try {
    return Interface.from(abi);
  } catch (err) {
    throw new TypeError(`invalid contract ABI: ${errorMessage(err)}`, { cause: err });
  }
}

/** 4-byte selector of a canonical signature such as "transfer(address,uint256)", with the chain hash. */
export function selector(signature: string, suite: CryptoSuite): string {
  return toHex(suite.hash(utf8Encode(signature)).subarray(0, 4));
}

/** Finds a function by name or full signature; overloaded names need the signature. */
export function functionOf(iface: Interface, nameOrSignature: string): FunctionFragment {
  let fragment: FunctionFragment | null;
  try {
    fragment = iface.getFunction(nameOrSignature);
  } catch (err) {
    throw new TypeError(`function "${nameOrSignature}": ${errorMessage(err).split(' (')[0]}`, { cause: err });
  }
  if (!fragment) throw new TypeError(`function "${nameOrSignature}" is not in the contract ABI`);
  return fragment;
}

/** ABI-encoded call input: chain-hash selector ‖ encoded arguments. */
export function encodeFunctionCall(
  abi: AbiInput,
  nameOrSignature: string,
  args: readonly unknown[],
  suite: CryptoSuite,
): Uint8Array {
  const iface = toInterface(abi);
  const fragment = functionOf(iface, nameOrSignature);
  if (args.length !== fragment.inputs.length)
    throw new TypeError(
      `${fragment.format('sighash')}: expected ${fragment.inputs.length} argument(s), got ${args.length}`,
    );
  let encodedArgs: string;
  try {
    encodedArgs = coder.encode(fragment.inputs, args);
  } catch (err) {
    throw new TypeError(`${fragment.format('sighash')}: bad arguments: ${errorMessage(err)}`, { cause: err });
  }
  const sel = fromHex(selector(fragment.format('sighash'), suite));
  const body = fromHex(encodedArgs);
  const out = new Uint8Array(4 + body.length);
  out.set(sel, 0);
  out.set(body, 4);
  return out;
}

/** Decodes a function's return data. */
export function decodeFunctionResult(
  abi: AbiInput,
  nameOrSignature: string,
  output: string | Uint8Array,
): Result {
  const fragment = functionOf(toInterface(abi), nameOrSignature);
  const data = typeof output === 'string' ? output : toHex(output);
  try {
    return coder.decode(fragment.outputs, data === '0x' && fragment.outputs.length === 0 ? '0x' : data);
  } catch (err) {
    throw new Error(
      `${fragment.format('sighash')}: cannot decode output ${preview(data)}: ${errorMessage(err).split(' (')[0]}`,
      { cause: err },
    );
  }
}

/** Creation input: bytecode ‖ ABI-encoded constructor arguments. */
export function encodeDeploy(
  abi: AbiInput,
  bytecode: string | Uint8Array,
  args: readonly unknown[],
): Uint8Array {
  const iface = toInterface(abi);
  const code = typeof bytecode === 'string' ? fromHex(bytecode.trim()) : bytecode;
  if (code.length === 0) throw new TypeError('deploy: bytecode is empty');
  const inputs = iface.deploy.inputs;
  if (args.length !== inputs.length)
    throw new TypeError(`constructor: expected ${inputs.length} argument(s), got ${args.length}`);
  let encodedArgs: Uint8Array;
  try {
    encodedArgs = fromHex(coder.encode(inputs, args));
  } catch (err) {
    throw new TypeError(`constructor: bad arguments: ${errorMessage(err)}`, { cause: err });
  }
  const out = new Uint8Array(code.length + encodedArgs.length);
  out.set(code, 0);
  out.set(encodedArgs, code.length);
  return out;
}

/** ABI JSON text to store with a deployment (what getABI later returns). */
export function abiJson(abi: AbiInput): string {
  if (typeof abi === 'string') return abi;
  return toInterface(abi).formatJson();
}

export interface DecodedRevert {
  /** Human-readable summary. */
  message: string;
  /** Error(string) text. */
  reason?: string;
  /** Panic(uint256) code. */
  panicCode?: bigint;
  /** Custom error name and arguments, when the ABI declares it. */
  errorName?: string;
  errorArgs?: Result;
}

const PANIC_REASONS: Record<number, string> = {
  0x00: 'generic compiler panic',
  0x01: 'assertion failed',
  0x11: 'arithmetic overflow or underflow',
  0x12: 'division or modulo by zero',
  0x21: 'invalid enum value',
  0x22: 'invalid storage byte array encoding',
  0x31: 'pop() on an empty array',
  0x32: 'array index out of bounds',
  0x41: 'out of memory',
  0x51: 'call to an uninitialised function pointer',
};

/**
 * Reads revert data: Error(string) and Panic(uint256) with either chain hash's selector (the
 * compiler may not match the chain), then custom errors of `abi` with the chain hash.
 */
export function decodeRevert(output: string | Uint8Array, suite: CryptoSuite, abi?: AbiInput): DecodedRevert {
  const hex = (typeof output === 'string' ? output : toHex(output)).toLowerCase();
  const data = hex.startsWith('0x') ? hex : '0x' + hex;
  if (data.length < 10)
    return { message: data === '0x' ? 'reverted without a reason' : `reverted with data ${data}` };
  const sel = data.slice(0, 10);
  const body = '0x' + data.slice(10);
  if (sel === '0x08c379a0' || sel === '0xc703cb12') {
    try {
      const reason = asString(coder.decode(['string'], body)[0]);
      return { message: `reverted: ${reason}`, reason };
    } catch {
      /* fall through: not a well-formed Error(string) */
    }
  }
  if (sel === '0x4e487b71' || sel === selector('Panic(uint256)', suite)) {
    try {
      const code = asBigInt(coder.decode(['uint256'], body)[0]);
      const what = PANIC_REASONS[Number(code)] ?? 'unknown panic code';
      return { message: `panic 0x${code.toString(16)}: ${what}`, panicCode: code };
    } catch {
      /* fall through */
    }
  }
  if (abi) {
    const iface = toInterface(abi);
    for (const fragment of iface.fragments) {
      if (!(fragment instanceof ErrorFragment)) continue;
      if (selector(fragment.format('sighash'), suite) !== sel) continue;
      try {
        const args = coder.decode(fragment.inputs, body);
        const shown = fragment.inputs.map((p, i) => `${p.name || i}=${String(args[i])}`).join(', ');
        return {
          message: `reverted with ${fragment.name}(${shown})`,
          errorName: fragment.name,
          errorArgs: args,
        };
      } catch {
        /* keep looking */
      }
    }
  }
  return { message: `reverted with data ${preview(data)}` };
}

/** Topic 0 of an event signature such as "Transfer(address,address,uint256)", with the chain hash. */
export function eventTopic(signature: string, suite: CryptoSuite): string {
  return toHex(suite.hash(utf8Encode(signature)));
}

export interface DecodedLog {
  /** "0x" + 40 lowercase hex (receipts give it without 0x). */
  address: string;
  /** Event name, or undefined when the ABI has no matching event. */
  name?: string;
  signature?: string;
  args?: Result;
  topics: string[];
  data: string;
}

/**
 * Decodes receipt log entries with a contract ABI; topic 0 is matched with the chain hash.
 * Entries that match no event are returned with only address, topics and data.
 */
export function decodeLogs(logs: readonly LogEntryJson[], abi: AbiInput, suite: CryptoSuite): DecodedLog[] {
  const iface = toInterface(abi);
  const byTopic = new Map<string, EventFragment>();
  for (const fragment of iface.fragments) {
    if (fragment instanceof EventFragment && !fragment.anonymous)
      byTopic.set(eventTopic(fragment.format('sighash'), suite), fragment);
  }
  return logs.map((log) => {
    const address = '0x' + log.address.replace(/^0x/i, '').toLowerCase();
    const base: DecodedLog = { address, topics: log.topics, data: log.data };
    const fragment = log.topics.length ? byTopic.get(log.topics[0].toLowerCase()) : undefined;
    if (!fragment) return base;
    try {
      // ethers checks topic 0 against the keccak hash: hand it that one.
      const args = iface.decodeEventLog(fragment, log.data, [fragment.topicHash, ...log.topics.slice(1)]);
      return { ...base, name: fragment.name, signature: fragment.format('sighash'), args };
    } catch {
      return base;
    }
  });
}

function preview(text: string): string {
  return text.length > 74 ? text.slice(0, 71) + '...' : text;
}

/**
 * decodeRevert against several ABIs: the first that explains a custom error wins (the caller
 * may not know which contract in a call chain reverted); otherwise the plain decoding.
 */
export function decodeRevertWithAbis(
  output: string | Uint8Array,
  suite: CryptoSuite,
  abis: readonly AbiInput[],
): DecodedRevert {
  const plain = decodeRevert(output, suite);
  if (plain.reason !== undefined || plain.panicCode !== undefined) return plain;
  for (const abi of abis) {
    let decoded: DecodedRevert;
    try {
      decoded = decodeRevert(output, suite, abi);
    } catch {
      continue; // an unreadable ABI explains nothing
    }
    if (decoded.errorName !== undefined) return decoded;
  }
  return plain;
}
