// Receipt statuses / txpool rejection codes (node bcos-protocol/TransactionStatus.h,
// reference/protocol.md §9.2) and the precompiled return codes (precompiled.md §0.4).

export const TransactionStatus = {
  None: 0,
  Unknown: 1,
  OutOfGasLimit: 2,
  NotEnoughCash: 7,
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
  GasOverflow: 20,
  ContractFrozen: 21,
  AccountFrozen: 22,
  AccountAbolished: 23,
  ContractAbolished: 24,
  WASMValidationFailure: 32,
  WASMArgumentOutOfRange: 33,
  WASMUnreachableInstruction: 34,
  WASMTrap: 35,
  NonceCheckFail: 10000,
  BlockLimitCheckFail: 10001,
  TxPoolIsFull: 10002,
  Malformed: 10003,
  AlreadyInTxPool: 10004,
  TxAlreadyInChain: 10005,
  InvalidChainId: 10006,
  InvalidGroupId: 10007,
  InvalidSignature: 10008,
  RequestNotBelongToTheGroup: 10009,
  TransactionPoolTimeout: 10010,
  AlreadyInTxPoolAndAccept: 10011,
  OverFlowValue: 10012,
  MaxInitCodeSizeExceeded: 10013,
  SenderNoEOA: 10014,
  InsufficientFunds: 10015,
} as const;
export type TransactionStatus = (typeof TransactionStatus)[keyof typeof TransactionStatus];

const NAMES = new Map<number, string>();
for (const [name, value] of Object.entries(TransactionStatus)) NAMES.set(value, name);
// The node's toString spells 10003 differently from the enum member.
NAMES.set(TransactionStatus.Malformed, 'MalformTx');

/**
 * The name the node prints for a status — also the JSON-RPC error message of a txpool
 * rejection (e.g. 10000 → "NonceCheckFail"). Unnamed values give "Unknown".
 */
export function statusName(code: number): string {
  return NAMES.get(code) ?? 'Unknown';
}

/** Client-side status the Java SDK reports when waiting for a receipt times out. */
export const RECEIPT_TIMEOUT_STATUS = 50001;

/**
 * Precompiled return codes and their SDK messages (CODE_* constants, RET_CODE_MESSAGES,
 * retCodeOf), defined once in builtin/retcode.ts.
 */
export * as PrecompiledRetCode from '../builtin/retcode';
