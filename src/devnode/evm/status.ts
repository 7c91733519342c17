// Maps @ethereumjs/evm failures to FISCO BCOS receipt statuses the way the node's executor maps
// evmc status codes (parseEVMCResult): revert 16, out of gas 12, bad instruction 10, …

import type { CryptoSuite } from '../../protocol/crypto/suite';
import { utf8Encode } from '../../protocol/hex';
import { TransactionStatus } from '../../protocol/rpc/status';

/** Receipt status for an @ethereumjs EVMError message ('revert', 'out of gas', …). */
export function statusForEvmError(error: string): number {
  // @ethereumjs appends the location to a bad jump ("invalid JUMP at op=… pc=…").
  switch (error.startsWith('invalid JUMP') ? 'invalid JUMP' : error) {
    case 'revert':
      return TransactionStatus.RevertInstruction;
    case 'out of gas':
    case 'code store out of gas':
    case 'code size to deposit exceeds maximum code size':
    case 'refund exhausted':
      return TransactionStatus.OutOfGas;
    case 'invalid opcode':
    case 'invalid bytecode deployed':
    case 'invalid EOF format':
      return TransactionStatus.BadInstruction;
    case 'invalid JUMP':
      return TransactionStatus.BadJumpDestination;
    case 'stack overflow':
      return TransactionStatus.OutOfStack;
    case 'stack underflow':
    case 'value out of range': // evmc INVALID_MEMORY_ACCESS → StackUnderflow in the node
      return TransactionStatus.StackUnderflow;
    case 'static state change':
      return TransactionStatus.Unknown; // the node maps EVMC_STATIC_MODE_VIOLATION to Unknown
    case 'create collision':
      return TransactionStatus.ContractAddressAlreadyUsed;
    default:
      return TransactionStatus.OutOfGas; // "more specific codes … map all of them to OOG", as the node does
  }
}

/**
 * The Error(string) text the node writes into the output of a failed EVM execution
 * (bcos-executor TransactionExecutive::parseEVMCResult, block version >= 3.1). Revert keeps the
 * contract's own data; a static-mode violation has no text since bugfix_staticcall_noaddr_return
 * (on from 3.9), so both give undefined.
 */
export function reasonForEvmError(error: string): string | undefined {
  switch (statusForEvmError(error)) {
    case TransactionStatus.OutOfGas:
      return 'Execution out of gas.';
    case TransactionStatus.BadInstruction:
      return 'Execution invalid/undefined opcode.';
    case TransactionStatus.BadJumpDestination:
      return 'Execution has violated the jump destination restrictions.';
    case TransactionStatus.OutOfStack:
      return 'Execution stack overflow.';
    case TransactionStatus.StackUnderflow:
      return error === 'value out of range'
        ? 'Execution tried to read outside memory bounds.'
        : 'Execution needs more items on EVM stack.';
    default:
      return undefined;
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

/** Output of a failed execution: the revert data, or the node's Error(string) reason. */
export function failureOutput(error: string, returnValue: Uint8Array, suite: CryptoSuite): Uint8Array {
  if (statusForEvmError(error) === TransactionStatus.RevertInstruction) return returnValue;
  const reason = reasonForEvmError(error);
  return reason === undefined ? new Uint8Array(0) : encodeErrorString(reason, suite);
}
