// The stored form of a committed block (one store record per block): its header and hash, the
// signatures when they cannot be re-derived (SM2 ones are randomized), and in one byte range
// the txHash ‖ receiptHash ‖ sender of each transaction, the raw transactions and the
// TARS-encoded receipts. Records are rebuilt on demand from it.

import { decodeBlockHeaderData, encodeBlockHeaderData, type BlockHeaderData } from '../../protocol/block';
import { encodeReceiptData } from '../../protocol/receipt';
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

/** The compact form of a block built by the sealer; `keepSignatures` for SM2 chains. */
export function compactBlock(block: StoredBlock, raws: Uint8Array[], keepSignatures: boolean): CompactBlock {
  const n = block.transactions.length;
  const receipts = block.receipts.map((r) => encodeReceiptData(r.data));
  let size = FIXED * n;
  for (let i = 0; i < n; i++) size += raws[i].length + receipts[i].length;
  const bytes = new Uint8Array(size);
  const offsets = new Uint32Array(2 * n + 1);
  const importTimes = new Float64Array(n);
  let at = FIXED * n;
  for (let i = 0; i < n; i++) {
    const t = block.transactions[i];
    bytes.set(t.hash, i * FIXED);
    bytes.set(block.receipts[i].hash, i * FIXED + 32);
    bytes.set(t.tx.sender ?? new Uint8Array(20), i * FIXED + 64);
    importTimes[i] = t.tx.importTime ?? 0;
    offsets[i] = at;
    bytes.set(raws[i], at);
    at += raws[i].length;
  }
  for (let i = 0; i < n; i++) {
    offsets[n + i] = at;
    bytes.set(receipts[i], at);
    at += receipts[i].length;
  }
  offsets[2 * n] = at;
  const signatures = keepSignatures || block.header.blockNumber === 0 ? block.signatureList : undefined;
  return { header: block.header, hash: block.hash, signatures, count: n, bytes, offsets, importTimes };
}

export function encodeCompact(c: CompactBlock): Uint8Array {
  const header = encodeBlockHeaderData(c.header);
  const sigs = c.signatures ?? [];
  let size = 4 + 4 + header.length + 32 + 4 + 4 + 8 * c.count + 4 * (2 * c.count + 1) + c.bytes.length + 4;
  for (const s of sigs) size += 8 + s.signature.length;
  const out = new Uint8Array(size);
  const v = new DataView(out.buffer);
  let at = 0;
  const u32 = (x: number) => {
    v.setUint32(at, x);
    at += 4;
  };
  const put = (b: Uint8Array) => {
    out.set(b, at);
    at += b.length;
  };
  u32(FORMAT);
  u32(header.length);
  put(header);
  put(c.hash);
  u32(c.signatures === undefined ? 0xffffffff : sigs.length);
  for (const s of sigs) {
    u32(s.sealerIndex);
    u32(s.signature.length);
    put(s.signature);
  }
  u32(c.count);
  for (let i = 0; i < c.count; i++) {
    v.setFloat64(at, c.importTimes[i]);
    at += 8;
  }
  for (const o of c.offsets) u32(o);
  u32(c.bytes.length);
  put(c.bytes);
  return out.subarray(0, at);
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
