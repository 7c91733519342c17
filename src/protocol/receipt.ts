// TransactionReceipt / TransactionReceiptData / LogEntry (reference/protocol.md §3.3), TARS
// encoding and the receipt hash (§4.2). blockNumber and status are numbers (safe integers).

import { TarsWriter } from './tars/writer';
import { TarsReader } from './tars/reader';
import { TarsDecodeError, decodeWithContext } from './tars/types';
import type { CryptoSuite } from './crypto/suite';
import { preimage, type PreimageWriter } from './preimage';

export interface LogEntry {
  /** Contract address as 40 lowercase hex chars, no "0x". */
  address: string;
  /** 32-byte topics (IDL name `topic`). */
  topic: Uint8Array[];
  data: Uint8Array;
}

export interface TransactionReceiptData {
  /** = the transaction's version; always written. */
  version: number;
  /** Decimal text, e.g. "24363". */
  gasUsed: string;
  /** New contract address, 40 lowercase hex without "0x"; "" when not a deployment. */
  contractAddress: string;
  /** TransactionStatus (rpc/status.ts). */
  status: number;
  output: Uint8Array;
  logEntries: LogEntry[];
  blockNumber: number;
  /** v1+ receipts: "0x"+hex when > 0, "" when 0. */
  effectiveGasPrice: string;
}

export interface TransactionReceipt {
  data: TransactionReceiptData;
  /** Receipt hash (§4.2). */
  dataHash: Uint8Array;
  /** Not hashed. */
  message: string;
  cumulativeGasUsed: string;
  logsBloom: Uint8Array;
  transactionIndex: number;
  logIndex: number;
}

export function writeLogEntry(w: TarsWriter, log: LogEntry): void {
  if (log.address) w.writeString(1, log.address);
  if (log.topic.length) w.writeBytesList(2, log.topic);
  if (log.data.length) w.writeBytes(3, log.data);
}

export function readLogEntry(r: TarsReader): LogEntry {
  return { address: r.readString(1), topic: r.readBytesList(2), data: r.readBytes(3) };
}

export function writeReceiptData(w: TarsWriter, d: TransactionReceiptData): void {
  w.writeInt(1, d.version); // REQUIRE field
  if (d.gasUsed) w.writeString(2, d.gasUsed);
  if (d.contractAddress) w.writeString(3, d.contractAddress);
  if (d.status) w.writeInt(4, d.status);
  if (d.output.length) w.writeBytes(5, d.output);
  if (d.logEntries.length) w.writeStructList(6, d.logEntries, writeLogEntry);
  if (d.blockNumber) w.writeInt(7, d.blockNumber);
  if (d.effectiveGasPrice) w.writeString(8, d.effectiveGasPrice);
}

export function readReceiptData(r: TarsReader): TransactionReceiptData {
  return {
    version: r.readNumber(1, true),
    gasUsed: r.readString(2),
    contractAddress: r.readString(3),
    status: r.readNumber(4),
    output: r.readBytes(5),
    logEntries: r.readStructList(6, readLogEntry),
    blockNumber: r.readNumber(7, false, 0, 64),
    effectiveGasPrice: r.readString(8),
  };
}

export function encodeReceiptData(data: TransactionReceiptData): Uint8Array {
  const w = new TarsWriter(128 + data.output.length);
  writeReceiptData(w, data);
  return w.toBytes();
}

export function decodeReceiptData(bytes: Uint8Array): TransactionReceiptData {
  return decodeWithContext('TransactionReceiptData', () => readReceiptData(new TarsReader(bytes)));
}

export function writeReceipt(w: TarsWriter, receipt: TransactionReceipt): void {
  w.writeStruct(1, (inner) => writeReceiptData(inner, receipt.data));
  if (receipt.dataHash.length) w.writeBytes(2, receipt.dataHash);
  if (receipt.message) w.writeString(3, receipt.message);
  if (receipt.cumulativeGasUsed) w.writeString(4, receipt.cumulativeGasUsed);
  if (receipt.logsBloom.length) w.writeBytes(5, receipt.logsBloom);
  if (receipt.transactionIndex) w.writeInt(6, receipt.transactionIndex);
  if (receipt.logIndex) w.writeInt(7, receipt.logIndex);
}

export function readReceipt(r: TarsReader): TransactionReceipt {
  const data = r.readStruct(1, readReceiptData);
  if (data === undefined) throw new TarsDecodeError('TARS: TransactionReceipt.data (tag 1) is missing');
  return {
    data,
    dataHash: r.readBytes(2),
    message: r.readString(3),
    cumulativeGasUsed: r.readString(4),
    logsBloom: r.readBytes(5),
    transactionIndex: r.readNumber(6, false, 0, 64),
    logIndex: r.readNumber(7, false, 0, 64),
  };
}

export function encodeReceipt(receipt: TransactionReceipt): Uint8Array {
  const w = new TarsWriter(192 + receipt.data.output.length);
  writeReceipt(w, receipt);
  return w.toBytes();
}

export function decodeReceipt(bytes: Uint8Array): TransactionReceipt {
  return decodeWithContext('TransactionReceipt', () => readReceipt(new TarsReader(bytes)));
}

/**
 * Receipt hash preimage (§4.2): version | gasUsed | contractAddress | status | output |
 * (v1+) effectiveGasPrice | per log: address, topics, data | blockNumber.
 */
export function receiptHashPreimage(d: TransactionReceiptData): Uint8Array {
  return writeReceiptHashPreimage(d).copy();
}

function writeReceiptHashPreimage(d: TransactionReceiptData): PreimageWriter {
  const w = preimage.reset();
  w.int32(d.version).utf8(d.gasUsed).utf8(d.contractAddress).int32(d.status).bytes(d.output);
  if (d.version >>> 0 >= 1) w.utf8(d.effectiveGasPrice);
  for (const log of d.logEntries) {
    w.utf8(log.address);
    for (const t of log.topic) w.bytes(t);
    w.bytes(log.data);
  }
  return w.int64(d.blockNumber);
}

export function hashReceipt(data: TransactionReceiptData, suite: CryptoSuite): Uint8Array {
  return writeReceiptHashPreimage(data).hash(suite);
}
