// What the devnode remembers about an execution beyond its receipt, for the developer: the
// console.log lines it printed and where it failed (code address and program counter of the
// frame the failure came from). Real nodes have none of this; the devnode serves it through its
// own `devnode_*` methods (rpc/methods/devnode.ts).

import type { EVMResult, Message } from '@ethereumjs/evm';
import { toHex } from '../../protocol/hex';

export interface FailurePoint {
  /** "0x" + 40 hex: the account whose code failed (the code's owner under DELEGATECALL). */
  codeAddress: string;
  /** "0x" + 40 hex: the account executing (storage context); for a creation, the new address. */
  address: string;
  /** Program counter of the failing instruction in that code. */
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
  /** The EVM's error: "revert", "out of gas", "invalid opcode", … */
  error: string;
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

function sameBytes(a: Uint8Array | undefined, b: Uint8Array): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * Called for every failing frame, innermost first. A frame that re-throws its callee's revert data
 * unchanged (Solidity bubbling a failed call) keeps the callee's point; a frame that fails on its
 * own (its own require, or a require(success) after a failed call) becomes the point.
 */
export function track(tracker: FailureTracker, message: Message, result: EVMResult): void {
  const exec = result.execResult;
  const error = exec.exceptionError?.error ?? 'error';
  const bubbled =
    tracker.point !== undefined &&
    tracker.depth === message.depth + 1 &&
    sameBytes(tracker.data, exec.returnValue);
  if (bubbled) {
    tracker.depth = message.depth;
    return;
  }
  const pc = exec.runState?.programCounter;
  if (pc === undefined) {
    // A precompile or built-in failed: its caller's failure is the point of interest.
    tracker.point = undefined;
    tracker.depth = message.depth;
    return;
  }
  // After a creation ran, ethereumjs has set message.to to the new address: only the result tells.
  const create = result.createdAddress !== undefined;
  const address = create ? result.createdAddress!.toString() : (message.to?.toString() ?? '');
  tracker.point = {
    codeAddress: create ? address : message.codeAddress.toString(),
    address,
    // REVERT has advanced the counter before running; other failures stop before it moves.
    pc: error === 'revert' ? pc - 1 : pc,
    create,
    ...(create && message.code instanceof Uint8Array ? { initCode: toHex(message.code) } : {}),
    depth: message.depth,
    error,
  };
  tracker.data = exec.returnValue;
  tracker.depth = message.depth;
}
