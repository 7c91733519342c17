// The stored form of a committed block (one store record per block): its header and hash, the
// signatures when they cannot be re-derived (SM2 ones are randomized), and in one byte range
// the txHash ‖ receiptHash ‖ sender of each transaction, the raw transactions and the
// TARS-encoded receipts. Records are rebuilt on demand from it.

import { decodeBlockHeaderData, writeBlockHeaderData, type BlockHeaderData } from '../../protocol/block';
import { writeReceiptData } from '../../protocol/receipt';
import { TarsWriter } from '../../protocol/tars/writer';
import type { StoredBlock } from './types';

export type Signatures = StoredBlock['signatureList'];

export interface CompactBlock {
  header: BlockHeaderData;
  hash: Uint8Array;
  /** Stored signatures, or undefined when they are derived from the header (secp256k1). */
  signatures: Signatures | undefined;
  count: number;
  /** txHash[32] ‖ receiptHash[32] ‖ sender[20] per transaction, then raw txs, then receipts. */
  bytes: Uint8Array;
  /** Start of transaction i's raw bytes at [i], of receipt i at [count + i], end at [2 * count]. */
  offsets: Uint32Array;
  importTimes: Float64Array;
}

/**
 * A block whose signatures are made when first read (secp256k1 ones are deterministic, RFC 6979:
 * four signatures per block stay off the sealing path). The getter is part of the literal:
 * Object.defineProperty on the built object cost more than the rest of the block's assembly.
 */
export function lazilySigned(
  fields: Omit<StoredBlock, 'signatureList'>,
  sign: () => Signatures,
): StoredBlock {
  let memo: Signatures | undefined;
  return {
    header: fields.header,
    hash: fields.hash,
    transactions: fields.transactions,
    receipts: fields.receipts,
    get signatureList() {
      return (memo ??= sign());
    },
  };
}

export const FIXED = 32 + 32 + 20;
const FORMAT = 1;

/** Reused for every record: the header and the receipts are TARS-encoded into it, then copied once. */
let tars = new TarsWriter(4096);
/** A writer grown past this by a large block is dropped after it, not kept. */
const KEEP_BYTES = 1 << 20;

/**
 * The store record of a block built by the sealer (`keepSignatures` for SM2 chains) and its
 * compact form, whose byte range is a view of the record.
 */
export function encodeBlockRecord(
  block: StoredBlock,
  raws: Uint8Array[],
  keepSignatures: boolean,
): { record: Uint8Array; compact: CompactBlock } {
  const n = block.transactions.length;
  const w = tars.reset();
  writeBlockHeaderData(w, block.header);
  const headerLength = w.length;
  // Where each receipt ends in the writer.
  const ends = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    writeReceiptData(w, block.receipts[i].data);
    ends[i] = w.length;
  }
  const encoded = w.written();
  const signatures = keepSignatures || block.header.blockNumber === 0 ? block.signatureList : undefined;
  const sigs = signatures ?? [];
  let rawLength = 0;
  for (let i = 0; i < n; i++) rawLength += raws[i].length;
  const bodyLength = FIXED * n + rawLength + encoded.length - headerLength;
  let size = 4 + 4 + headerLength + 32 + 4 + 4 + 8 * n + 4 * (2 * n + 1) + 4 + bodyLength;
  for (const s of sigs) size += 8 + s.signature.length;
  const out = new Uint8Array(size);
  const v = new DataView(out.buffer);
  let at = 0;
  const u32 = (x: number) => {
    v.setUint32(at, x);
    at += 4;
  };
  u32(FORMAT);
  u32(headerLength);
  out.set(encoded.subarray(0, headerLength), at);
  at += headerLength;
  out.set(block.hash, at);
  at += 32;
  u32(signatures === undefined ? 0xffffffff : sigs.length);
  for (const s of sigs) {
    u32(s.sealerIndex);
    u32(s.signature.length);
    out.set(s.signature, at);
    at += s.signature.length;
  }
  u32(n);
  const importTimes = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    importTimes[i] = block.transactions[i].tx.importTime ?? 0;
    v.setFloat64(at, importTimes[i]);
    at += 8;
  }
  // Offsets into the body: raw transaction i at [i], receipt i at [n + i], the end at [2n].
  const offsets = new Uint32Array(2 * n + 1);
  let off = FIXED * n;
  for (let i = 0; i < n; i++) {
    offsets[i] = off;
    off += raws[i].length;
  }
  const receiptsAt = off - headerLength;
  for (let i = 0; i < n; i++) {
    offsets[n + i] = off;
    off = receiptsAt + ends[i];
  }
  offsets[2 * n] = off;
  for (const o of offsets) u32(o);
  u32(bodyLength);
  const bodyAt = at;
  for (let i = 0; i < n; i++) {
    const t = block.transactions[i];
    out.set(t.hash, at + i * FIXED);
    out.set(block.receipts[i].hash, at + i * FIXED + 32);
    out.set(t.tx.sender ?? new Uint8Array(20), at + i * FIXED + 64);
  }
  at += FIXED * n;
  for (let i = 0; i < n; i++) {
    out.set(raws[i], at);
    at += raws[i].length;
  }
  out.set(encoded.subarray(headerLength), at);
  at += encoded.length - headerLength;
  const bytes = out.subarray(bodyAt, at);
  if (encoded.length > KEEP_BYTES) tars = new TarsWriter(4096);
  const compact = {
    header: block.header,
    hash: block.hash,
    signatures,
    count: n,
    bytes,
    offsets,
    importTimes,
  };
  return { record: out, compact };
}

export function decodeCompact(bytes: Uint8Array): CompactBlock {
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 0;
  const u32 = () => {
    const x = v.getUint32(at);
    at += 4;
    return x;
  };
  const take = (n: number) => {
    if (at + n > bytes.length) throw new Error('block record is truncated');
    const b = bytes.slice(at, at + n);
    at += n;
    return b;
  };
  if (u32() !== FORMAT) throw new Error('unknown block record format');
  const header = decodeBlockHeaderData(take(u32()));
  const hash = take(32);
  const sigCount = u32();
  let signatures: Signatures | undefined;
  if (sigCount !== 0xffffffff) {
    signatures = [];
    for (let i = 0; i < sigCount; i++) {
      const sealerIndex = u32();
      signatures.push({ sealerIndex, signature: take(u32()) });
    }
  }
  const count = u32();
  const importTimes = new Float64Array(count);
  for (let i = 0; i < count; i++) {
    importTimes[i] = v.getFloat64(at);
    at += 8;
  }
  const offsets = new Uint32Array(2 * count + 1);
  for (let i = 0; i < offsets.length; i++) offsets[i] = u32();
  const body = take(u32());
  return { header, hash, signatures, count, bytes: body, offsets, importTimes };
}
