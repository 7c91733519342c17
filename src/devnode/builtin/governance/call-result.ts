// Outcomes of a governance call: a return value, a Solidity revert (status 16, the committee
// contracts), or a precompiled exception (status 15, the auth precompile).

import { encodeRevertReason, type Hasher } from '../../../protocol/builtin/abi';
import type { PrecompiledResult } from '../types';

export const STATUS_PRECOMPILED_ERROR = 15;
export const STATUS_REVERT = 16;

/** Thrown by handlers; `execute` turns it into a receipt status and output. */
export class CallFailure extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Raw output to return instead of Error(message), e.g. a callee's revert data. */
    readonly output?: Uint8Array,
  ) {
    super(message);
    this.name = 'CallFailure';
  }
}

export function revert(message: string, output?: Uint8Array): never {
  throw new CallFailure(STATUS_REVERT, message, output);
}

export function precompiledError(message: string): never {
  throw new CallFailure(STATUS_PRECOMPILED_ERROR, message);
}

export function failureResult(error: unknown, hasher: Hasher): PrecompiledResult {
  if (error instanceof CallFailure) {
    return {
      status: error.status,
      output:
        error.output ?? (error.message === '' ? new Uint8Array() : encodeRevertReason(error.message, hasher)),
    };
  }
  throw error;
}
