// Receipt status names, precompiled return-code messages and revert-reason decoding, so every
// failure is shown as words (precompiled.md §0.2–0.4). Pure.

import { AbiCoder } from 'ethers';
import { asBigInt } from '../../protocol/unknownValues';

const STATUS: Record<number, string> = {
  0: 'Success',
  1: 'Unknown',
  2: 'BadRLP',
  3: 'InvalidFormat',
  4: 'OutOfGasIntrinsic',
  5: 'InvalidSignature',
  6: 'InvalidNonce',
  7: 'NotEnoughCash',
  8: 'OutOfGasBase',
  9: 'BlockGasLimitReached',
  10: 'BadInstruction',
  11: 'BadJumpDestination',
  12: 'OutOfGas',
  13: 'OutOfStack',
  14: 'StackUnderflow',
  15: 'PrecompiledError',
  16: 'RevertInstruction',
  17: 'ContractAddressAlreadyUsed',
  18: 'PermissionDenied',
  19: 'CallAddressError',
  20: 'GasOverflow',
  21: 'ContractFrozen',
  22: 'AccountFrozen',
  23: 'AccountAbolished',
  24: 'ContractAbolished',
  25: 'WASMValidationFailure',
  26: 'WASMArgumentOutOfRange',
  27: 'WASMUnreachableInstruction',
  28: 'WASMTrap',
  29: 'NonceCheckFail',
  30: 'BlockLimitCheckFail',
};

export function statusName(status: number): string {
  return STATUS[status] ?? `Status ${status}`;
}

const RET_CODES: Record<number, string> = {
  0: 'Success',
  [-50000]: 'Permission denied',
  [-50001]: 'The table already exists',
  [-50002]: 'Table name length exceeds the limit',
  [-50003]: 'A field name exceeds 64 characters',
  [-50004]: 'Field names together exceed the limit',
  [-50005]: 'Key or value too long',
  [-50006]: 'Field value too long',
  [-50007]: 'Duplicated field',
  [-50008]: 'Invalid table or field name',
  [-50100]: 'Table does not exist',
  [-50101]: 'Undefined function',
  [-50102]: 'Invalid address format',
  [-51000]: 'Admin row does not exist',
  [-51001]: 'Method auth row does not exist',
  [-51002]: 'Method auth type not set',
  [-51003]: 'Invalid auth type (set white_list or black_list for the method first)',
  [-51004]: 'Auth map decode error',
  [-51100]: 'Invalid node ID',
  [-51101]: 'The last sealer cannot be removed',
  [-51102]: 'Invalid weight',
  [-51103]: 'Node does not exist',
  [-51104]: 'Only an observer can become a sealer',
  [-51202]: 'Contract address or version invalid',
  [-51900]: 'The account is a contract, not a valid account',
  [-53001]: 'Path does not exist',
  [-53002]: 'File already exists',
  [-53003]: 'Making the directory failed',
  [-53005]: 'Invalid path',
  [-53006]: 'Wrong file type',
  [-53007]: 'Count error',
};

export function retCodeMessage(code: number | bigint): string {
  const n = Number(code);
  if (n === -50000)
    return 'Permission denied (on an auth-enabled chain this change needs a proposal, or the contract admin)';
  return RET_CODES[n] ?? (n > 0 ? `Success (${n})` : `Error code ${n}`);
}

const ERROR_SELECTORS = ['08c379a0', 'c703cb12']; // Error(string): keccak, sm3
const PANIC_SELECTORS = ['4e487b71', 'b1b7e1c7']; // Panic(uint256): keccak, sm3 (best effort)

const PANIC: Record<number, string> = {
  0x01: 'assert failed',
  0x11: 'arithmetic overflow or underflow',
  0x12: 'division by zero',
  0x21: 'invalid enum value',
  0x31: 'pop on empty array',
  0x32: 'array index out of bounds',
  0x41: 'out of memory',
  0x51: 'call to an uninitialised function',
};

/** Decodes Error(string) / Panic(uint256) output; undefined if it is neither. */
export function decodeRevertReason(output: string | undefined): string | undefined {
  if (!output) return undefined;
  const hex = output.replace(/^0x/, '');
  if (hex.length < 8) return undefined;
  const sel = hex.slice(0, 8).toLowerCase();
  try {
    if (ERROR_SELECTORS.includes(sel)) {
      const [reason] = AbiCoder.defaultAbiCoder().decode(['string'], `0x${hex.slice(8)}`);
      return String(reason);
    }
    if (PANIC_SELECTORS.includes(sel)) {
      const [code] = AbiCoder.defaultAbiCoder().decode(['uint256'], `0x${hex.slice(8)}`);
      const n = Number(code);
      return `panic 0x${n.toString(16)}: ${PANIC[n] ?? 'unknown panic'}`;
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** One line saying how a receipt ended: "Success" or "RevertInstruction (16): you must be governor". */
export function describeReceiptStatus(r: { status: number; output?: string; message?: string }): string {
  if (r.status === 0) return 'Success';
  const reason = decodeRevertReason(r.output) ?? (r.message || undefined);
  return `${statusName(r.status)} (${r.status})${reason ? `: ${reason}` : ''}`;
}

/** Reads a leading int256 return word (precompiled return codes); undefined if absent. */
export function decodeIntResult(output: string | undefined): bigint | undefined {
  const hex = (output ?? '').replace(/^0x/, '');
  if (hex.length < 64) return undefined;
  try {
    return asBigInt(AbiCoder.defaultAbiCoder().decode(['int256'], `0x${hex.slice(0, 64)}`)[0]);
  } catch {
    return undefined;
  }
}
