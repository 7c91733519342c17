// The committed chain as the rest of the node reads it: blocks by number or hash, transactions
// and receipts by hash, ABIs, totals and the recent nonces. A block and the state it produced
// are committed in one atomic store write together with a new head record, so the store always
// holds a whole chain up to its head: nothing is replayed on start.

import type { BlockHeaderData } from '../../protocol/block';
import { utf8Decode, utf8Encode } from '../../protocol/hex';
import { newBatch, REMEDY, StoreDamaged, type KvBatch, type KvStore } from '../storage/kv';
import type { CacheStats } from '../storage/boundedCache';
import { BlockStore, type BlockStoreOptions } from './blockStore';
import { ChainIndexes } from './indexes';
import { BLOCK_LIMIT } from './pool';
import type { StoredBlock, StoredReceipt, StoredTransaction, TotalTxCount } from './types';

const HEAD = 'head';

interface Head {
  number: number;
  hash: string;
  transactionCount: number;
  failedTransactionCount: number;
}

export class Ledger {
  private readonly blocks: BlockStore;
  private readonly indexes: ChainIndexes;
  private head: Head | undefined;

  /** The nonces of the last block_limit blocks, for the pool's replay check. */
  readonly committedNonces = { has: (nonce: string) => this.indexes.hasNonce(nonce, this.blockNumber()) };

  constructor(
    private readonly kv: KvStore,
    options: Omit<BlockStoreOptions, 'kv'>,
  ) {
    this.blocks = new BlockStore({ kv, ...options });
    this.indexes = new ChainIndexes(kv, BLOCK_LIMIT);
    const bytes = kv.get(HEAD);
    if (bytes === undefined) return;
    const head = parseHead(bytes);
    const hash = this.blocks.hash(head.number);
    if (hash === undefined || Buffer.from(hash).toString('hex') !== head.hash)
      throw new StoreDamaged(
        `the chain store ${kv.location ?? '(memory)'} is damaged: its head says block ${head.number} but that block's record is missing or different; ${REMEDY}`,
      );
    this.head = head;
  }

  /** The block caches against their bounds. */
  cacheStats(): Record<string, CacheStats> {
    return this.blocks.cacheStats();
  }

  /** Number of the newest block (genesis is 0; -1 for an empty store). */
  blockNumber(): number {
    return this.head?.number ?? -1;
  }

  header(n: number): BlockHeaderData | undefined {
    return n <= this.blockNumber() ? this.blocks.header(n) : undefined;
  }

  hash(n: number): Uint8Array | undefined {
    return n <= this.blockNumber() ? this.blocks.hash(n) : undefined;
  }

  block(n: number): StoredBlock | undefined {
    return Number.isInteger(n) && n >= 0 && n <= this.blockNumber() ? this.blocks.block(n) : undefined;
  }

  blockByHash(hash: Uint8Array): StoredBlock | undefined {
    const n = this.indexes.blockNumberOf(hash);
    return n === undefined ? undefined : this.block(n);
  }

  transaction(hash: Uint8Array): StoredTransaction | undefined {
    const at = this.indexes.transaction(hash);
    return at === undefined || at.block > this.blockNumber()
      ? undefined
      : this.blocks.transaction(at.block, at.index);
  }

  receipt(hash: Uint8Array): StoredReceipt | undefined {
    const at = this.indexes.transaction(hash);
    return at === undefined || at.block > this.blockNumber()
      ? undefined
      : this.blocks.receipt(at.block, at.index);
  }

  abi(address: string): string {
    return this.indexes.abi(address);
  }

  totals(): TotalTxCount {
    return {
      blockNumber: this.blockNumber(),
      transactionCount: this.head?.transactionCount ?? 0,
      failedTransactionCount: this.head?.failedTransactionCount ?? 0,
    };
  }

  /**
   * Commits the next block atomically with the state it produced (`flushState` adds the
   * state's writes to the batch): `nonces` and `raws` of its transactions in order, `abis` of
   * the contracts it deployed. Resolves once the block is durable; only then is it visible.
   */
  async commit(
    block: StoredBlock,
    nonces: string[],
    raws: Uint8Array[],
    abis: ReadonlyMap<string, string>,
    flushState: (batch: KvBatch) => void,
  ): Promise<void> {
    const n = block.header.blockNumber;
    if (n !== this.blockNumber() + 1) throw new Error(`block ${n} committed out of order`);
    const batch = newBatch();
    flushState(batch);
    this.blocks.add(block, raws, batch);
    this.indexes.add(block, nonces, abis, batch);
    let failed = 0;
    for (const r of block.receipts) if (r.data.status !== 0) failed++;
    const head: Head = {
      number: n,
      hash: Buffer.from(block.hash).toString('hex'),
      transactionCount: (this.head?.transactionCount ?? 0) + block.receipts.length,
      failedTransactionCount: (this.head?.failedTransactionCount ?? 0) + failed,
    };
    batch.puts.set(HEAD, utf8Encode(JSON.stringify(head)));
    await this.kv.write(batch);
    this.indexes.written();
    this.head = head;
  }
}

function parseHead(bytes: Uint8Array): Head {
  const h: unknown = JSON.parse(utf8Decode(bytes));
  if (
    typeof h !== 'object' ||
    h === null ||
    !('number' in h && typeof h.number === 'number') ||
    !('hash' in h && typeof h.hash === 'string') ||
    !('transactionCount' in h && typeof h.transactionCount === 'number') ||
    !('failedTransactionCount' in h && typeof h.failedTransactionCount === 'number')
  )
    throw new Error('the chain store head record is malformed');
  return {
    number: h.number,
    hash: h.hash,
    transactionCount: h.transactionCount,
    failedTransactionCount: h.failedTransactionCount,
  };
}
