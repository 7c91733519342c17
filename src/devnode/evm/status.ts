// Maps @ethereumjs/evm failures to FISCO BCOS receipt statuses the way the node's executor maps
// evmc status codes (parseEVMCResult): revert 16, out of gas 12, bad instruction 10, …

import type { CryptoSuite } from '../../protocol/crypto/suite';
import { utf8Encode } from '../../protocol/hex';

export const Status = {
  None: 0,
  Unknown: 1,
  OutOfGasLimit: 2,
  BadInstruction: 10,
  BadJumpDestination: 11,
  OutOfGas: 12,
  OutOfStack: 13,
  StackUnderflow: 14,
  PrecompiledError: 15,
  RevertInstruction: 16,
  ContractAddressAlreadyUsed: 17,
  PermissionDenied: 18,
  CallAddressError: 19,
} as const;

/** Receipt status for an @ethereumjs EVMError message ('revert', 'out of gas', …). */
export function statusForEvmError(error: string): number {
  switch (error) {
    case 'revert':
      return Status.RevertInstruction;
    case 'out of gas':
    case 'code store out of gas':
    case 'code size to deposit exceeds maximum code size':
    case 'refund exhausted':
      return Status.OutOfGas;
    case 'invalid opcode':
    case 'invalid bytecode deployed':
    case 'invalid EOF format':
      return Status.BadInstruction;
    case 'invalid JUMP':
      return Status.BadJumpDestination;
    case 'stack overflow':
      return Status.OutOfStack;
    case 'stack underflow':
    case 'value out of range': // evmc INVALID_MEMORY_ACCESS → StackUnderflow in the node
      return Status.StackUnderflow;
    case 'static state change':
      return Status.Unknown; // the node maps EVMC_STATIC_MODE_VIOLATION to Unknown
    case 'create collision':
      return Status.ContractAddressAlreadyUsed;
    default:
      return Status.OutOfGas; // "more specific codes … map all of them to OOG", as the node does
  }
}

/** ABI encoding of Error(string) with the chain's hash for the selector (keccak or SM3). */
export function encodeErrorString(message: string, suite: CryptoSuite): Uint8Array {
  const selector = suite.hash(utf8Encode('Error(string)')).subarray(0, 4);
  const text = utf8Encode(message);
  const padded = Math.ceil(text.length / 32) * 32;
  const out = new Uint8Array(4 + 64 + padded);
  out.set(selector, 0);
  out[4 + 31] = 0x20;
  new DataView(out.buffer).setUint32(4 + 60, text.length);
  out.set(text, 4 + 64);
  return out;
}
