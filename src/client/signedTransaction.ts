// Building, hashing, signing and TARS-encoding one transaction (protocol.md §4.1, §6), and the
// signature of a call-with-sign (§5.5). No network: signAndSend (transactions.ts) fills the fields.

import type { Account } from '../protocol/account';
import { fromHex, strip0x, toHex, utf8Encode } from '../protocol/hex';
import { generateNonce } from '../protocol/nonce';
import {
  encodeTransaction,
  hashTransactionData,
  TransactionAttribute,
  type Transaction,
  type TransactionData,
} from '../protocol/transaction';

export interface TransactionFields {
  chainId: string;
  groupId: string;
  blockLimit: bigint | number;
  /** Target contract; omit or "" for a deployment. */
  to?: string;
  /** Call input, or creation bytecode ‖ constructor arguments. */
  input: Uint8Array | string;
  /** ABI JSON text, stored by the node with a deployment. */
  abi?: string;
  /** Default: a fresh C++-SDK-style nonce. */
  nonce?: string;
  /** Transaction.attribute; default EVM_ABI_CODEC (1), as the Java SDK sends for Solidity. */
  attribute?: number;
  /** Free text, not hashed. */
  extraData?: string;
  /**
   * Value to transfer (moved only on chains with feature_balance). Setting value, gasPrice or
   * gasLimit makes a version-1 transaction, as the Java SDK's TransactionManager does.
   */
  value?: bigint | number;
  /** Version-1 gas price (default 0). */
  gasPrice?: bigint | number;
  /** Version-1 gas limit (default 0); carried as the Java SDK does, the node meters against tx_gas_limit. */
  gasLimit?: bigint | number;
}

/** The version-1 fields, or undefined for a version-0 transaction. */
function v1Fields(fields: TransactionFields): Partial<TransactionData> | undefined {
  if (fields.value === undefined && fields.gasPrice === undefined && fields.gasLimit === undefined)
    return undefined;
  const amount = (name: string, v: bigint | number | undefined): bigint => {
    if (v === undefined) return 0n;
    if (typeof v === 'number' && !Number.isSafeInteger(v))
      throw new TypeError(`transaction: ${name} must be a whole number, got ${v}`);
    const n = BigInt(v);
    if (n < 0n) throw new RangeError(`transaction: ${name} must not be negative, got ${n}`);
    return n;
  };
  const gasLimit = amount('gasLimit', fields.gasLimit);
  if (gasLimit >= 1n << 63n) throw new RangeError(`transaction: gasLimit must fit in int64, got ${gasLimit}`);
  // Numeric.toHexString as the Java SDK writes them; EIP-1559 fields stay empty.
  return {
    version: 1,
    value: '0x' + amount('value', fields.value).toString(16),
    gasPrice: '0x' + amount('gasPrice', fields.gasPrice).toString(16),
    gasLimit,
    maxFeePerGas: '',
    maxPriorityFeePerGas: '',
  };
}

export interface SignedTransaction {
  transaction: Transaction;
  /** "0x" + 64 hex: the transaction hash (= transactionHash of its receipt). */
  hash: string;
  /** TARS bytes of the signed Transaction. */
  bytes: Uint8Array;
  /** "0x" + hex of `bytes`: the signedTransactionData of sendTransaction. */
  hex: string;
}

/**
 * Builds, hashes (with the account's suite), signs and TARS-encodes a transaction: version 0,
 * or version 1 when value, gasPrice or gasLimit is given.
 */
export function buildSignedTransaction(fields: TransactionFields, account: Account): SignedTransaction {
  if (!fields.chainId) throw new TypeError('transaction: chainId is required');
  if (!fields.groupId) throw new TypeError('transaction: groupId is required');
  const blockLimit = BigInt(fields.blockLimit);
  if (blockLimit <= 0n) throw new RangeError(`transaction: blockLimit must be positive, got ${blockLimit}`);
  const to = fields.to ? normalizeTo(fields.to) : '';
  const data: TransactionData = {
    version: 0,
    chainID: fields.chainId,
    groupID: fields.groupId,
    blockLimit,
    nonce: fields.nonce ?? generateNonce(),
    to,
    input: typeof fields.input === 'string' ? fromHex(fields.input) : fields.input,
    abi: fields.abi ?? '',
    ...v1Fields(fields),
  };
  if (!to && data.input.length === 0)
    throw new TypeError('transaction: a deployment needs bytecode as input');
  const dataHash = hashTransactionData(data, account.suite);
  const transaction: Transaction = {
    data,
    dataHash,
    signature: account.sign(dataHash),
    attribute: fields.attribute ?? TransactionAttribute.EVM_ABI_CODEC,
    extraData: fields.extraData ?? '',
  };
  const bytes = encodeTransaction(transaction);
  return { transaction, hash: toHex(dataHash), bytes, hex: toHex(bytes) };
}

// `to` is hashed verbatim: lowercase it, but keep the 0x prefix as written (the Java and C++
// SDKs send it, the Go SDK does not; nodes accept both).
function normalizeTo(to: string): string {
  const text = to.trim();
  const body = strip0x(text);
  if (!/^[0-9a-fA-F]{40}$/.test(body))
    throw new TypeError(`transaction: "to" must be a 20-byte address, got "${to}"`);
  return (body.length === text.length ? '' : '0x') + body.toLowerCase();
}

/** Signature of call-with-sign: over H(ASCII(to without 0x) ‖ data), §5.5. */
export function signCall(to: string, data: Uint8Array, account: Account): string {
  const text = utf8Encode(strip0x(normalizeTo(to)));
  const message = new Uint8Array(text.length + data.length);
  message.set(text, 0);
  message.set(data, text.length);
  return toHex(account.sign(account.suite.hash(message)));
}
