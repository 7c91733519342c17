// Block header structs (Block.tars, reference/protocol.md §3.4), their TARS encoding, and the
// block header hash (§4.3). Blocks never travel over JSON-RPC as TARS; these serve dev-node
// storage and hashing. blockNumber, timestamp (ms), sealer, version, sealerIndex and
// consensusWeights are numbers (safe integers).

import { TarsWriter } from './tars/writer';
import { TarsReader } from './tars/reader';
import { TarsDecodeError, decodeWithContext } from './tars/types';
import type { CryptoSuite } from './crypto/suite';
import { preimage, type PreimageWriter } from './preimage';
import { readTransaction, writeTransaction, type Transaction } from './transaction';
import { readReceipt, writeReceipt, type TransactionReceipt } from './receipt';

export interface ParentInfo {
  blockNumber: number;
  blockHash: Uint8Array;
}

/** A consensus signature over the header hash (on SM chains 64 bytes r‖s, no key). */
export interface Signature {
  sealerIndex: number;
  signature: Uint8Array;
}

export interface BlockHeaderData {
  /** Chain compatibility version, e.g. 0x03100400 for 3.16.4. */
  version: number;
  parentInfo: ParentInfo[];
  /** Roots are stored empty in genesis (JSON shows 32 zero bytes); hash what is stored. */
  txsRoot: Uint8Array;
  receiptRoot: Uint8Array;
  stateRoot: Uint8Array;
  blockNumber: number;
  /** Decimal text; "" in genesis. */
  gasUsed: string;
  /** ms since epoch. */
  timestamp: number;
  /** Index of the sealer in sealerList. */
  sealer: number;
  /** 64-byte node public keys. */
  sealerList: Uint8Array[];
  extraData: Uint8Array;
  consensusWeights: number[];
}

export interface BlockHeader {
  data: BlockHeaderData;
  dataHash: Uint8Array;
  signatureList: Signature[];
}

export interface TransactionMetaData {
  hash: Uint8Array;
  to: string;
  source: string;
  attribute: number;
}

export interface Block {
  version: number;
  type: number;
  blockHeader?: BlockHeader;
  transactions: Transaction[];
  receipts: TransactionReceipt[];
  transactionsMetaData: TransactionMetaData[];
  receiptsHash: Uint8Array[];
  nonceList: string[];
  transactionsMerkle: Uint8Array[];
  receiptsMerkle: Uint8Array[];
  logsBloom: Uint8Array;
}

function writeParentInfo(w: TarsWriter, p: ParentInfo): void {
  if (p.blockNumber) w.writeInt(1, p.blockNumber);
  if (p.blockHash.length) w.writeBytes(2, p.blockHash);
}

function readParentInfo(r: TarsReader): ParentInfo {
  return { blockNumber: r.readNumber(1, false, 0, 64), blockHash: r.readBytes(2) };
}

function writeSignature(w: TarsWriter, s: Signature): void {
  if (s.sealerIndex) w.writeInt(1, s.sealerIndex);
  if (s.signature.length) w.writeBytes(2, s.signature);
}

function readSignature(r: TarsReader): Signature {
  return { sealerIndex: r.readNumber(1, false, 0, 64), signature: r.readBytes(2) };
}

export function writeBlockHeaderData(w: TarsWriter, d: BlockHeaderData): void {
  if (d.version) w.writeInt(2, d.version);
  if (d.parentInfo.length) w.writeStructList(3, d.parentInfo, writeParentInfo);
  if (d.txsRoot.length) w.writeBytes(4, d.txsRoot);
  if (d.receiptRoot.length) w.writeBytes(5, d.receiptRoot);
  if (d.stateRoot.length) w.writeBytes(6, d.stateRoot);
  if (d.blockNumber) w.writeInt(7, d.blockNumber);
  if (d.gasUsed) w.writeString(8, d.gasUsed);
  if (d.timestamp) w.writeInt(9, d.timestamp);
  if (d.sealer) w.writeInt(10, d.sealer);
  if (d.sealerList.length) w.writeBytesList(11, d.sealerList);
  if (d.extraData.length) w.writeBytes(12, d.extraData);
  if (d.consensusWeights.length) w.writeIntList(13, d.consensusWeights);
}

export function readBlockHeaderData(r: TarsReader): BlockHeaderData {
  return {
    version: r.readNumber(2),
    parentInfo: r.readStructList(3, readParentInfo),
    txsRoot: r.readBytes(4),
    receiptRoot: r.readBytes(5),
    stateRoot: r.readBytes(6),
    blockNumber: r.readNumber(7, false, 0, 64),
    gasUsed: r.readString(8),
    timestamp: r.readNumber(9, false, 0, 64),
    sealer: r.readNumber(10, false, 0, 64),
    sealerList: r.readBytesList(11),
    extraData: r.readBytes(12),
    consensusWeights: r.readNumberList(13),
  };
}

export function writeBlockHeader(w: TarsWriter, h: BlockHeader): void {
  w.writeStruct(1, (inner) => writeBlockHeaderData(inner, h.data));
  if (h.dataHash.length) w.writeBytes(2, h.dataHash);
  if (h.signatureList.length) w.writeStructList(3, h.signatureList, writeSignature);
}

export function readBlockHeader(r: TarsReader): BlockHeader {
  const data = r.readStruct(1, readBlockHeaderData);
  if (data === undefined) throw new TarsDecodeError('TARS: BlockHeader.data (tag 1) is missing');
  return { data, dataHash: r.readBytes(2), signatureList: r.readStructList(3, readSignature) };
}

export function encodeBlockHeaderData(data: BlockHeaderData): Uint8Array {
  const w = new TarsWriter();
  writeBlockHeaderData(w, data);
  return w.toBytes();
}

export function decodeBlockHeaderData(bytes: Uint8Array): BlockHeaderData {
  return decodeWithContext('BlockHeaderData', () => readBlockHeaderData(new TarsReader(bytes)));
}

export function encodeBlockHeader(header: BlockHeader): Uint8Array {
  const w = new TarsWriter();
  writeBlockHeader(w, header);
  return w.toBytes();
}

export function decodeBlockHeader(bytes: Uint8Array): BlockHeader {
  return decodeWithContext('BlockHeader', () => readBlockHeader(new TarsReader(bytes)));
}

function writeMetaData(w: TarsWriter, m: TransactionMetaData): void {
  if (m.hash.length) w.writeBytes(1, m.hash);
  if (m.to) w.writeString(2, m.to);
  if (m.source) w.writeString(3, m.source);
  if (m.attribute) w.writeInt(4, m.attribute);
}

function readMetaData(r: TarsReader): TransactionMetaData {
  return {
    hash: r.readBytes(1),
    to: r.readString(2),
    source: r.readString(3),
    attribute: r.readNumber(4, false, 0, 64),
  };
}

export function encodeBlock(b: Block): Uint8Array {
  const w = new TarsWriter(1024);
  if (b.version) w.writeInt(1, b.version);
  if (b.type) w.writeInt(2, b.type);
  if (b.blockHeader) {
    const header = b.blockHeader;
    w.writeStruct(3, (inner) => writeBlockHeader(inner, header));
  }
  if (b.transactions.length) w.writeStructList(4, b.transactions, writeTransaction);
  if (b.receipts.length) w.writeStructList(5, b.receipts, writeReceipt);
  if (b.transactionsMetaData.length) w.writeStructList(6, b.transactionsMetaData, writeMetaData);
  if (b.receiptsHash.length) w.writeBytesList(7, b.receiptsHash);
  if (b.nonceList.length) w.writeStringList(8, b.nonceList);
  if (b.transactionsMerkle.length) w.writeBytesList(9, b.transactionsMerkle);
  if (b.receiptsMerkle.length) w.writeBytesList(10, b.receiptsMerkle);
  if (b.logsBloom.length) w.writeBytes(11, b.logsBloom);
  return w.toBytes();
}

export function decodeBlock(bytes: Uint8Array): Block {
  return decodeWithContext('Block', () => {
    const r = new TarsReader(bytes);
    return {
      version: r.readNumber(1),
      type: r.readNumber(2),
      blockHeader: r.readStruct(3, readBlockHeader),
      transactions: r.readStructList(4, readTransaction),
      receipts: r.readStructList(5, readReceipt),
      transactionsMetaData: r.readStructList(6, readMetaData),
      receiptsHash: r.readBytesList(7),
      nonceList: r.readStringList(8),
      transactionsMerkle: r.readBytesList(9),
      receiptsMerkle: r.readBytesList(10),
      logsBloom: r.readBytes(11),
    };
  });
}

/**
 * Header hash preimage (§4.3): version | parents (number, hash) | txsRoot | receiptRoot |
 * stateRoot | number | gasUsed | timestamp | sealer | sealerList | extraData | weights.
 * signatureList is not hashed.
 */
export function blockHeaderHashPreimage(d: BlockHeaderData): Uint8Array {
  return writeHeaderHashPreimage(d).copy();
}

function writeHeaderHashPreimage(d: BlockHeaderData): PreimageWriter {
  const w = preimage.reset().int32(d.version);
  for (const p of d.parentInfo) w.int64(p.blockNumber).bytes(p.blockHash);
  w.bytes(d.txsRoot).bytes(d.receiptRoot).bytes(d.stateRoot);
  w.int64(d.blockNumber).utf8(d.gasUsed).int64(d.timestamp).int64(d.sealer);
  for (const s of d.sealerList) w.bytes(s);
  w.bytes(d.extraData);
  for (const weight of d.consensusWeights) w.int64(weight);
  return w;
}

export function hashBlockHeader(data: BlockHeaderData, suite: CryptoSuite): Uint8Array {
  return writeHeaderHashPreimage(data).hash(suite);
}
