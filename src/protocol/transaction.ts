// FISCO BCOS Transaction / TransactionData (Transaction.tars, reference/protocol.md §3.1–3.2),
// their TARS encoding (§2.8) and the transaction hash (§4.1).
//
// Integer types: `long` fields that can exceed 2^53 in principle but are compared/arith'd by
// callers (blockLimit, gasLimit) are bigint; version, importTime (ms), attribute and type are
// number (always safe integers in practice; decoding throws if one is not).

import { TarsWriter } from './tars/writer';
import { TarsReader } from './tars/reader';
import { TarsDecodeError, decodeWithContext } from './tars/types';
import type { CryptoSuite } from './crypto/suite';
import { preimage, type PreimageWriter } from './preimage';

export const TransactionVersion = { V0: 0, V1: 1, V2: 2 } as const;
export const TransactionType = { BCOSTransaction: 0, Web3Transaction: 1 } as const;

/** Transaction.attribute bit flags. */
export const TransactionAttribute = {
  EVM_ABI_CODEC: 0x1,
  LIQUID_SCALE_CODEC: 0x2,
  DAG: 0x4,
  LIQUID_CREATE: 0x8,
  CONFLICT_HINT: 0x10,
} as const;

export interface TransactionData {
  /** 0, 1 or 2 (§3.6). */
  version: number;
  chainID: string;
  groupID: string;
  /** Last block number at which the transaction may be included. */
  blockLimit: bigint;
  /** Opaque unique text (SDKs: decimal digits or hex UUID). */
  nonce: string;
  /** Target address text, hashed verbatim ("0x"+40 hex, or 40 hex); "" for contract creation. */
  to: string;
  input: Uint8Array;
  /** ABI JSON, only for deployments. */
  abi: string;
  /** v1+: "" or "0x"-prefixed hex text. Decoding fills "" when absent. */
  value?: string;
  gasPrice?: string;
  /** v1+. Decoding fills 0n when absent. */
  gasLimit?: bigint;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  /** v2+: arbitrary bytes. Decoding fills an empty array when absent. */
  extension?: Uint8Array;
}

export interface Transaction {
  data: TransactionData;
  /** 32-byte transaction hash; may be empty (the node then recomputes it). */
  dataHash: Uint8Array;
  /** 65 bytes r‖s‖v (secp256k1) or 128 bytes r‖s‖pub (SM2). */
  signature: Uint8Array;
  /** ms since epoch, set by the pool on arrival; SDKs send 0. */
  importTime?: number;
  /** TransactionAttribute flags. */
  attribute?: number;
  /** 20-byte sender; SDKs send it empty, the node fills it from recovery. */
  sender?: Uint8Array;
  /** Free text, not hashed. */
  extraData?: string;
  /** TransactionType: 0 FISCO, 1 Web3. */
  type?: number;
  extraTransactionBytes?: Uint8Array;
  extraTransactionHash?: Uint8Array;
}

/** Writes the TransactionData fields. `version` is always written, as every real SDK does (§2.8). */
export function writeTransactionData(w: TarsWriter, d: TransactionData): void {
  w.writeInt(1, d.version);
  if (d.chainID) w.writeString(2, d.chainID);
  if (d.groupID) w.writeString(3, d.groupID);
  if (d.blockLimit !== 0n) w.writeInt(4, d.blockLimit);
  if (d.nonce) w.writeString(5, d.nonce);
  if (d.to) w.writeString(6, d.to);
  if (d.input.length) w.writeBytes(7, d.input);
  if (d.abi) w.writeString(8, d.abi);
  if (d.value) w.writeString(9, d.value);
  if (d.gasPrice) w.writeString(10, d.gasPrice);
  if (d.gasLimit) w.writeInt(11, d.gasLimit);
  if (d.maxFeePerGas) w.writeString(12, d.maxFeePerGas);
  if (d.maxPriorityFeePerGas) w.writeString(13, d.maxPriorityFeePerGas);
  if (d.extension?.length) w.writeBytes(14, d.extension);
}

export function readTransactionData(r: TarsReader): Required<TransactionData> {
  return {
    version: r.readNumber(1),
    chainID: r.readString(2),
    groupID: r.readString(3),
    blockLimit: r.readBigInt(4),
    nonce: r.readString(5),
    to: r.readString(6),
    input: r.readBytes(7),
    abi: r.readString(8),
    value: r.readString(9),
    gasPrice: r.readString(10),
    gasLimit: r.readBigInt(11),
    maxFeePerGas: r.readString(12),
    maxPriorityFeePerGas: r.readString(13),
    extension: r.readBytes(14),
  };
}

/** TransactionData on its own (bare field sequence, as in the Go SDK test vectors). */
export function encodeTransactionData(data: TransactionData): Uint8Array {
  const w = new TarsWriter(256 + data.input.length + data.abi.length);
  writeTransactionData(w, data);
  return w.toBytes();
}

export function decodeTransactionData(bytes: Uint8Array): Required<TransactionData> {
  return decodeWithContext('TransactionData', () => readTransactionData(new TarsReader(bytes)));
}

export function writeTransaction(w: TarsWriter, tx: Transaction): void {
  w.writeStruct(1, (inner) => writeTransactionData(inner, tx.data));
  if (tx.dataHash.length) w.writeBytes(2, tx.dataHash);
  if (tx.signature.length) w.writeBytes(3, tx.signature);
  if (tx.importTime) w.writeInt(4, tx.importTime);
  if (tx.attribute) w.writeInt(5, tx.attribute);
  if (tx.sender?.length) w.writeBytes(7, tx.sender);
  if (tx.extraData) w.writeString(8, tx.extraData);
  if (tx.type) w.writeInt(9, tx.type);
  if (tx.extraTransactionBytes?.length) w.writeBytes(10, tx.extraTransactionBytes);
  if (tx.extraTransactionHash?.length) w.writeBytes(11, tx.extraTransactionHash);
}

export type DecodedTransaction = Required<Omit<Transaction, 'data'>> & { data: Required<TransactionData> };

export function readTransaction(r: TarsReader): DecodedTransaction {
  const data = r.readStruct(1, readTransactionData);
  if (data === undefined) throw new TarsDecodeError('TARS: Transaction.data (tag 1) is missing');
  return {
    data,
    dataHash: r.readBytes(2),
    signature: r.readBytes(3),
    importTime: r.readNumber(4, false, 0, 64),
    attribute: r.readNumber(5),
    sender: r.readBytes(7),
    extraData: r.readString(8),
    type: r.readNumber(9, false, 0, 8),
    extraTransactionBytes: r.readBytes(10),
    extraTransactionHash: r.readBytes(11),
  };
}

/** The signed Transaction as sent in `sendTransaction` (hex-encode the result). */
export function encodeTransaction(tx: Transaction): Uint8Array {
  const w = new TarsWriter(384 + tx.data.input.length + tx.data.abi.length);
  writeTransaction(w, tx);
  return w.toBytes();
}

export function decodeTransaction(bytes: Uint8Array): DecodedTransaction {
  return decodeWithContext('Transaction', () => readTransaction(new TarsReader(bytes)));
}

/**
 * The transaction hash (§4.1): not a hash of the TARS, but of the fields concatenated raw
 * (ints fixed-width big-endian); v1 adds value/gas fields, v2 the extension.
 */
export function transactionHashPreimage(d: TransactionData): Uint8Array {
  return writeTransactionHashPreimage(d).copy();
}

function writeTransactionHashPreimage(d: TransactionData): PreimageWriter {
  const w = preimage.reset();
  w.int32(d.version).utf8(d.chainID).utf8(d.groupID).int64(d.blockLimit);
  w.utf8(d.nonce).utf8(d.to).bytes(d.input).utf8(d.abi);
  // The node compares the version as uint32.
  const version = d.version >>> 0;
  if (version >= 1) {
    w.utf8(d.value ?? '')
      .utf8(d.gasPrice ?? '')
      .int64(d.gasLimit ?? 0n);
    w.utf8(d.maxFeePerGas ?? '').utf8(d.maxPriorityFeePerGas ?? '');
  }
  if (version >= 2 && d.extension) w.bytes(d.extension);
  return w;
}

export function hashTransactionData(data: TransactionData, suite: CryptoSuite): Uint8Array {
  return writeTransactionHashPreimage(data).hash(suite);
}

const HEX_FIELD_RE = /^0x[0-9a-fA-F]*$/;

/** The node's message when a v1+ value/gas field is not "" or "0x…" hex (JSON-RPC error -1). */
export const INVALID_HEX_FIELDS_MESSAGE =
  'transaction value or gasPrice or maxFeePerGas or maxPriorityFeePerGas is not hex string';

/**
 * The node's format check of v1+ fields (§3.6): value, gasPrice, maxFeePerGas and
 * maxPriorityFeePerGas must each be "" or match 0x[0-9a-fA-F]* (lowercase "0x").
 * Returns the node's error message, or undefined when the transaction passes.
 */
export function checkTransactionFields(d: TransactionData): string | undefined {
  if (d.version >>> 0 < 1) return undefined;
  for (const v of [d.value, d.gasPrice, d.maxFeePerGas, d.maxPriorityFeePerGas]) {
    if (v && !HEX_FIELD_RE.test(v)) return INVALID_HEX_FIELDS_MESSAGE;
  }
  return undefined;
}

export interface SignedTransaction {
  transaction: Transaction;
  /** The transaction hash (= dataHash). */
  hash: Uint8Array;
  /** TARS bytes of the whole Transaction; hex-encode for sendTransaction. */
  encoded: Uint8Array;
}

/** Hashes, signs and encodes `data` as the SDKs do (§6.1 steps 3–4). */
export function signTransaction(
  data: TransactionData,
  suite: CryptoSuite,
  privateKey: Uint8Array,
  extra: Pick<Transaction, 'attribute' | 'extraData'> = {},
): SignedTransaction {
  const hash = hashTransactionData(data, suite);
  const transaction: Transaction = {
    data,
    dataHash: hash,
    signature: suite.sign(hash, privateKey),
    ...extra,
  };
  return { transaction, hash, encoded: encodeTransaction(transaction) };
}
