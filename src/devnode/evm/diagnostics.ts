// What the devnode remembers about an execution beyond its receipt, for the developer: the
// console.log lines it printed and where it failed (code address and program counter of the
// frame the failure came from, and the built-in contract when one failed). Real nodes have none
// of this; the devnode serves it through its own `devnode_*` methods (rpc/methods/devnode.ts).

import type { EVMResult, Message } from '@ethereumjs/evm';
import { bindAbi, type Hasher } from '../../protocol/builtin/abi';
import { equalBytes, toHex } from '../../protocol/hex';
import type { Precompiled } from '../builtin/types';

/** A built-in (precompiled) contract whose own failure a failure point records. */
export interface BuiltinFailure {
  /** "0x" + 40 hex, as the node names it (0x…100e). */
  address: string;
  /** The dev node's name for it (Precompiled.name, as its debugger traces name it: "BFSPrecompiled"). */
  name: string;
  /** The signature its selector names ("mkdir(string)"), else the input's first 4 bytes (or fewer) as hex. */
  method: string;
}

export interface FailurePoint {
  /** "0x" + 40 hex: the account whose code failed (the code's owner under DELEGATECALL). */
  codeAddress: string;
  /** "0x" + 40 hex: the account executing (storage context); for a creation, the new address. */
  address: string;
  /** Program counter of the failing instruction in that code; -1 for a built-in (it has none). */
  pc: number;
  /** True when the failing code was creation (init) code. */
  create: boolean;
  /**
   * For a creation: the init code that ran ("0x…"; the transaction's input at depth 0, the
   * CREATE data deeper), so a tool can find the compilation and its creation source map.
   */
  initCode?: string;
  /** Call depth of the frame (0 = the transaction itself). */
  depth: number;
  /**
   * The EVM's error: "revert", "out of gas", "invalid opcode", …; for a built-in run outside an
   * EVM call (a transaction sent to it, a built-in's call to another) its status name, as the
   * debugger's trace frames have it: "PrecompiledError", …
   */
  error: string;
  /**
   * The built-in that failed on its own. With pc -1 the point is the built-in itself
   * (codeAddress = address = it); with a contract's pc, that contract passed the built-in's
   * revert data on unchanged, from there (see track).
   */
  builtin?: BuiltinFailure;
}

export interface ExecDiagnostics {
  consoleLogs: string[];
  failure?: FailurePoint;
}

/** Tracks the failure point while a transaction runs (see track). */
export interface FailureTracker {
  point?: FailurePoint;
  /** Revert data of the frame `point` is attributed to, and that frame's depth. */
  data?: Uint8Array;
  depth: number;
}

/** Names a built-in's failed call; undefined when `address` holds none (an Ethereum precompile). */
export type NameBuiltin = (address: string, input: Uint8Array) => BuiltinFailure | undefined;

/** A built-in's failed call named: its method by the selector its input starts with. */
export function builtinFailure(
  p: Pick<Precompiled, 'address' | 'name' | 'abi'>,
  input: Uint8Array,
  hasher: Hasher,
): BuiltinFailure {
  const signature = p.abi === undefined ? undefined : bindAbi(p.abi, hasher).signatureOf(input);
  return { address: p.address, name: p.name, method: signature ?? toHex(input.subarray(0, 4)) };
}

/** A frame at `depth` that fails with `data` passes on the failure of its callee the point is in. */
function passesOn(tracker: FailureTracker, depth: number, data: Uint8Array): boolean {
  return (
    tracker.point !== undefined &&
    tracker.depth === depth + 1 &&
    tracker.data !== undefined &&
    equalBytes(tracker.data, data)
  );
}

/**
 * Called for every failing frame, innermost first. The rule:
 * - A frame that fails on its own (its own require, a require(success) after a failed call, a
 *   built-in that catches its callee's failure and fails with data of its own) becomes the point.
 *   A built-in's own failure is a point at the built-in: codeAddress = address = it, `builtin`
 *   naming it and its method, and pc -1. Still a number: readers that take pc as one keep working
 *   and a source map has no instruction at -1, where an absent pc would fail older readers' checks.
 * - A frame that re-throws its callee's revert data unchanged (Solidity bubbling a failed call, a
 *   built-in answering its callee's result) keeps the callee's point, but for one case: a contract
 *   passing on a built-in's own failure becomes the point and keeps `builtin`. The built-in has
 *   no source line; the contract's is the one a developer can look at, and `builtin` says what
 *   failed there. Contracts further out passing it on keep that point.
 * - An Ethereum precompile (0x01…) failing leaves no point: its caller's failure is the one.
 * The same rule as the debugger's trace (trace.ts failsOnItsOwn) for where a built-in failed.
 */
export function track(
  tracker: FailureTracker,
  message: Message,
  result: EVMResult,
  nameBuiltin: NameBuiltin,
): void {
  const exec = result.execResult;
  const error = exec.exceptionError?.error ?? 'error';
  const pc = exec.runState?.programCounter;
  if (passesOn(tracker, message.depth, exec.returnValue)) {
    const inner = tracker.point!;
    if (pc !== undefined && inner.builtin !== undefined && inner.pc < 0)
      tracker.point = { ...codePoint(message, result, pc, error), builtin: inner.builtin };
    tracker.depth = message.depth;
    return;
  }
  if (pc === undefined) {
    const builtin = nameBuiltin(message.codeAddress.toString(), message.data);
    if (builtin !== undefined) {
      trackBuiltin(tracker, builtin, message.depth, error, exec.returnValue);
      return;
    }
    tracker.point = undefined;
    tracker.depth = message.depth;
    return;
  }
  tracker.point = codePoint(message, result, pc, error);
  tracker.data = exec.returnValue;
  tracker.depth = message.depth;
}

/**
 * A built-in failed (status or EVM error `error`, answering `output`); called directly for the
 * runs no EVM message frames: a transaction sent to it, a built-in's call to another.
 */
export function trackBuiltin(
  tracker: FailureTracker,
  builtin: BuiltinFailure,
  depth: number,
  error: string,
  output: Uint8Array,
): void {
  if (!passesOn(tracker, depth, output)) {
    const at = builtin.address;
    tracker.point = { codeAddress: at, address: at, pc: -1, create: false, depth, error, builtin };
    tracker.data = output;
  }
  tracker.depth = depth;
}

/** The point in EVM code: the frame's code, at the failing instruction. */
function codePoint(message: Message, result: EVMResult, pc: number, error: string): FailurePoint {
  // After a creation ran, ethereumjs has set message.to to the new address: only the result tells.
  const create = result.createdAddress !== undefined;
  const address = create ? result.createdAddress!.toString() : (message.to?.toString() ?? '');
  return {
    codeAddress: create ? address : message.codeAddress.toString(),
    address,
    // REVERT has advanced the counter before running; other failures stop before it moves.
    pc: error === 'revert' ? pc - 1 : pc,
    create,
    ...(create && message.code instanceof Uint8Array ? { initCode: toHex(message.code) } : {}),
    depth: message.depth,
    error,
  };
}
