// The private members of @ethereumjs/evm the dev node relies on, reached in one place.
// package.json pins the exact @ethereumjs versions these were written against, and
// test/unit/devnode/ethereumjs-internals.test.ts fails, naming the member, if an upgrade removes
// or reshapes one:
// - EVM._generateAddress(message): the CREATE/CREATE2 address; FISCO BCOS derives it differently.
// - EVM._opcodeMap: the active opcode table, used to reach the (unexported) Interpreter class,
//   whose Interpreter.prototype._getValidJumpDestinations(code) the jump-analysis cache wraps.

import type { EVM, Message } from '@ethereumjs/evm';
import type { Address } from '@ethereumjs/util';

export interface OpcodeEntry {
  opHandler(runState: { interpreter?: object }, common: unknown): unknown;
}

function isOpcodeEntry(v: unknown): v is OpcodeEntry {
  return typeof v === 'object' && v !== null && 'opHandler' in v && typeof v.opHandler === 'function';
}

/** The opcode table: one entry per opcode (undefined opcodes have no handler); STOP's is used. */
export interface OpcodeMap {
  readonly length: number;
  0: OpcodeEntry;
  [opcode: number]: unknown;
}

function isOpcodeMap(v: unknown): v is OpcodeMap {
  return Array.isArray(v) && v.length === 256 && isOpcodeEntry(v[0]);
}

/** EVM._opcodeMap, or undefined when it is missing or reshaped. */
export function opcodeMapOf(evm: EVM): OpcodeMap | undefined {
  const map: unknown = Reflect.get(evm, '_opcodeMap');
  return isOpcodeMap(map) ? map : undefined;
}

export interface InterpreterProto {
  _getValidJumpDestinations: (this: { _evm: { _opcodeMap?: object } }, code: Uint8Array) => unknown;
}

/** True for the Interpreter prototype with its _getValidJumpDestinations method. */
export function isInterpreterProto(p: unknown): p is InterpreterProto {
  return (
    typeof p === 'object' &&
    p !== null &&
    '_getValidJumpDestinations' in p &&
    typeof p._getValidJumpDestinations === 'function'
  );
}

export type GenerateAddress = (message: Message) => Promise<Address>;

/** Replaces EVM._generateAddress; throws, naming it, when the EVM has no such method. */
export function overrideGenerateAddress(evm: EVM, generate: GenerateAddress): void {
  if (typeof Reflect.get(evm, '_generateAddress') !== 'function')
    throw new Error(
      '@ethereumjs/evm no longer has EVM._generateAddress: the dev node cannot derive FISCO BCOS contract addresses with this version',
    );
  Reflect.set(evm, '_generateAddress', generate);
}
