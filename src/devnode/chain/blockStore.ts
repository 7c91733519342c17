// Committed blocks, kept compact: a long-running dev node holds every block for the lifetime of
// the process, and fully decoded records (objects, strings and small arrays per field) cost
// several KiB per transaction and keep the V8 heap large. Each block keeps its header and, in
// one byte buffer, the raw transactions, the TARS-encoded receipts, the hashes and the senders.
// Records are rebuilt on demand; the most recent blocks stay decoded in a small cache.

import type { BlockHeaderData } from '../../protocol/block';
import { decodeReceiptData, encodeReceiptData } from '../../protocol/receipt';
import { decodeTransaction } from '../../protocol/transaction';
import { storedTransaction } from './storedTx';
import type { StoredBlock, StoredReceipt, StoredTransaction } from './types';

type Signatures = StoredBlock['signatureList'];

interface CompactBlock {
  header: BlockHeaderData;
  hash: Uint8Array;
  /** Kept as built: SM2 lists are stored, secp256k1 ones are derived when first read. */
  signatures: () => Signatures;
  count: number;
  /** txHash[32] ‖ receiptHash[32] ‖ sender[20] per transaction, then raw txs, then receipts. */
  bytes: Uint8Array;
  /** Start of transaction i's raw bytes at [i], of receipt i at [count + i], end at [2 * count]. */
  offsets: Uint32Array;
  importTimes: Float64Array;
}

const FIXED = 32 + 32 + 20;
/** Decoded blocks kept for the RPC layer (the newest are what clients ask for). */
const CACHE_BLOCKS = 32;

export class BlockStore {
  private readonly blocks: CompactBlock[] = [];
  private readonly recent = new Map<number, StoredBlock>();

  get length(): number {
    return this.blocks.length;
  }

  /** Stores a block built by the sealer (or replayed); the full record stays cached. */
  add(block: StoredBlock, raws: Uint8Array[]): void {
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
    const signatures = signatureSource(block);
    this.blocks.push({
      header: block.header,
      hash: block.hash,
      signatures,
      count: n,
      bytes,
      offsets,
      importTimes,
    });
    this.remember(block.header.blockNumber, block);
  }

  header(n: number): BlockHeaderData | undefined {
    return this.blocks[n]?.header;
  }

  hash(n: number): Uint8Array | undefined {
    return this.blocks[n]?.hash;
  }

  block(n: number): StoredBlock | undefined {
    const cached = this.recent.get(n);
    if (cached !== undefined) return cached;
    const c = this.blocks[n];
    if (c === undefined) return undefined;
    const transactions: StoredTransaction[] = [];
    const receipts: StoredReceipt[] = [];
    for (let i = 0; i < c.count; i++) {
      transactions.push(this.decodeTx(c, n, i));
      receipts.push(this.decodeReceipt(c, i));
    }
    const block: StoredBlock = { header: c.header, hash: c.hash, transactions, receipts, signatureList: [] };
    Object.defineProperty(block, 'signatureList', { enumerable: true, get: c.signatures });
    this.remember(n, block);
    return block;
  }

  transaction(n: number, i: number): StoredTransaction | undefined {
    const cached = this.recent.get(n);
    if (cached !== undefined) return cached.transactions[i];
    const c = this.blocks[n];
    return c === undefined || i >= c.count ? undefined : this.decodeTx(c, n, i);
  }

  receipt(n: number, i: number): StoredReceipt | undefined {
    const cached = this.recent.get(n);
    if (cached !== undefined) return cached.receipts[i];
    const c = this.blocks[n];
    return c === undefined || i >= c.count ? undefined : this.decodeReceipt(c, i);
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

  private remember(n: number, block: StoredBlock): void {
    this.recent.delete(n);
    this.recent.set(n, block);
    if (this.recent.size > CACHE_BLOCKS) {
      const oldest = this.recent.keys().next();
      if (!oldest.done) this.recent.delete(oldest.value);
    }
  }
}

/** The block's signature list as a getter, without forcing a lazily signed one. */
function signatureSource(block: StoredBlock): () => Signatures {
  const d = Object.getOwnPropertyDescriptor(block, 'signatureList');
  // Reading the property later runs the (own, lazy) getter then, not now.
  if (d?.get !== undefined) return () => block.signatureList;
  const list = block.signatureList;
  return () => list;
}
