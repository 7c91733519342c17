// Committed blocks in the chain's key-value store (B/<number>, blockCodec.ts), read lazily:
// a long-running dev node must not hold every block in memory. The most recent blocks stay
// decoded in a small cache (the newest are what clients ask for), their compact records in a
// larger one (headers and hashes for BLOCKHASH and parents).

import type { BlockHeaderData } from '../../protocol/block';
import { decodeReceiptData } from '../../protocol/receipt';
import { decodeTransaction } from '../../protocol/transaction';
import type { KvBatch, KvStore } from '../storage/kv';
import { BoundedCache, type CacheLimits, type CacheStats } from '../storage/boundedCache';
import {
  decodeCompact,
  encodeBlockRecord,
  FIXED,
  lazilySigned,
  type CompactBlock,
  type Signatures,
} from './blockCodec';
import { storedTransaction } from './storedTx';
import type { StoredBlock, StoredReceipt, StoredTransaction } from './types';

/**
 * Decoded blocks kept for the RPC layer: at most 32, and about 4 MiB (a decoded transaction
 * with its receipt is objects of about 2 KiB plus its input and output; a block may hold up to
 * tx_count_limit of them).
 */
export const RECENT_LIMITS: CacheLimits<number, StoredBlock> = {
  entries: 32,
  bytes: 4 * 2 ** 20,
  weigh: (_n, b) => {
    let bytes = 4096;
    for (const t of b.transactions) bytes += 2400 + t.tx.data.input.byteLength;
    for (const r of b.receipts) bytes += r.data.output.byteLength;
    return bytes;
  },
};
/** Compact records kept (headers, hashes, recent transactions): 1024 blocks, about 4 MiB. */
export const COMPACT_LIMITS: CacheLimits<number, CompactBlock> = {
  entries: 1024,
  bytes: 4 * 2 ** 20,
  weigh: (_n, c) => 2048 + c.bytes.byteLength + c.count * 16,
};

export const blockKey = (n: number) => 'B/' + n.toString(16).padStart(12, '0');

export interface BlockStoreOptions {
  kv: KvStore;
  /** SM2 signatures are randomized and must be stored; secp256k1 ones are re-derived. */
  keepSignatures: boolean;
  /** Signs a header (the simulated sealers' signatures). */
  sign(header: BlockHeaderData, hash: Uint8Array): Signatures;
}

export class BlockStore {
  private readonly recent = new BoundedCache<number, StoredBlock>(RECENT_LIMITS);
  private readonly compact = new BoundedCache<number, CompactBlock>(COMPACT_LIMITS);

  constructor(private readonly o: BlockStoreOptions) {}

  /** Adds the block's record to `batch`; the full record stays cached. */
  add(block: StoredBlock, raws: Uint8Array[], batch: KvBatch): void {
    const n = block.header.blockNumber;
    const { record, compact } = encodeBlockRecord(block, raws, this.o.keepSignatures);
    batch.puts.set(blockKey(n), record);
    this.compact.set(n, compact);
    this.recent.set(n, block);
  }

  /** The caches against their bounds. */
  cacheStats(): Record<string, CacheStats> {
    return { blocks: this.recent.stats(), blockRecords: this.compact.stats() };
  }

  header(n: number): BlockHeaderData | undefined {
    return this.record(n)?.header;
  }

  hash(n: number): Uint8Array | undefined {
    return this.record(n)?.hash;
  }

  block(n: number): StoredBlock | undefined {
    const cached = this.recent.get(n);
    if (cached !== undefined) return cached;
    const c = this.record(n);
    if (c === undefined) return undefined;
    const transactions: StoredTransaction[] = [];
    const receipts: StoredReceipt[] = [];
    for (let i = 0; i < c.count; i++) {
      transactions.push(this.decodeTx(c, n, i));
      receipts.push(this.decodeReceipt(c, i));
    }
    const fields = { header: c.header, hash: c.hash, transactions, receipts };
    const sigs = c.signatures;
    const block: StoredBlock =
      sigs !== undefined
        ? { ...fields, signatureList: sigs }
        : lazilySigned(fields, () => this.o.sign(c.header, c.hash));
    this.recent.set(n, block);
    return block;
  }

  transaction(n: number, i: number): StoredTransaction | undefined {
    const cached = this.recent.get(n);
    if (cached !== undefined) return cached.transactions[i];
    const c = this.record(n);
    return c === undefined || i >= c.count ? undefined : this.decodeTx(c, n, i);
  }

  receipt(n: number, i: number): StoredReceipt | undefined {
    const cached = this.recent.get(n);
    if (cached !== undefined) return cached.receipts[i];
    const c = this.record(n);
    return c === undefined || i >= c.count ? undefined : this.decodeReceipt(c, i);
  }

  private record(n: number): CompactBlock | undefined {
    if (!Number.isInteger(n) || n < 0) return undefined;
    let c = this.compact.get(n);
    if (c !== undefined) return c;
    const bytes = this.o.kv.get(blockKey(n));
    if (bytes === undefined) return undefined;
    c = decodeCompact(bytes);
    this.compact.set(n, c);
    return c;
  }

  private decodeTx(c: CompactBlock, n: number, i: number): StoredTransaction {
    const raw = c.bytes.subarray(c.offsets[i], c.offsets[i + 1]);
    const hash = c.bytes.slice(i * FIXED, i * FIXED + 32);
    const sender = c.bytes.slice(i * FIXED + 64, i * FIXED + FIXED);
    // Stored transactions passed every check on arrival: decoding cannot fail.
    return storedTransaction(decodeTransaction(raw), hash, sender, c.importTimes[i], n, i);
  }

  private decodeReceipt(c: CompactBlock, i: number): StoredReceipt {
    const bytes = c.bytes.subarray(c.offsets[c.count + i], c.offsets[c.count + i + 1]);
    return {
      data: decodeReceiptData(bytes),
      hash: c.bytes.slice(i * FIXED + 32, i * FIXED + 64),
      transactionHash: c.bytes.slice(i * FIXED, i * FIXED + 32),
      index: i,
      message: '',
    };
  }
}
