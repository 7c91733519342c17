// The committed chain as the rest of the node reads it: blocks by number or hash, transactions
// and receipts by hash, ABIs, totals and the recent nonces. Blocks are appended in order only.

import type { BlockHeaderData } from '../../protocol/block';
import { BlockStore } from './blockStore';
import { ChainIndexes } from './indexes';
import { NonceWindow } from './nonceWindow';
import { BLOCK_LIMIT } from './pool';
import type { StoredBlock, StoredReceipt, StoredTransaction, TotalTxCount } from './types';

export class Ledger {
  private readonly blocks = new BlockStore();
  private readonly indexes = new ChainIndexes(new NonceWindow(BLOCK_LIMIT));

  /** The nonces of the last block_limit blocks, for the pool's replay check. */
  get committedNonces(): NonceWindow {
    return this.indexes.nonces;
  }

  /** Number of the newest block (genesis is 0; -1 before genesis). */
  blockNumber(): number {
    return this.blocks.length - 1;
  }

  header(n: number): BlockHeaderData | undefined {
    return this.blocks.header(n);
  }

  hash(n: number): Uint8Array | undefined {
    return this.blocks.hash(n);
  }

  block(n: number): StoredBlock | undefined {
    return Number.isInteger(n) && n >= 0 ? this.blocks.block(n) : undefined;
  }

  blockByHash(hash: Uint8Array): StoredBlock | undefined {
    const n = this.indexes.blockNumberOf(hash);
    return n === undefined ? undefined : this.blocks.block(n);
  }

  transaction(hash: Uint8Array): StoredTransaction | undefined {
    const at = this.indexes.transaction(hash);
    return at === undefined ? undefined : this.blocks.transaction(at.block, at.index);
  }

  receipt(hash: Uint8Array): StoredReceipt | undefined {
    const at = this.indexes.transaction(hash);
    return at === undefined ? undefined : this.blocks.receipt(at.block, at.index);
  }

  abi(address: string): string {
    return this.indexes.abi(address);
  }

  totals(): TotalTxCount {
    return { blockNumber: this.blockNumber(), ...this.indexes.counts() };
  }

  /**
   * Appends the next block: `nonces` and `raws` of its transactions in order, `abis` of the
   * contracts it deployed.
   */
  append(block: StoredBlock, nonces: string[], raws: Uint8Array[], abis: ReadonlyMap<string, string>): void {
    const n = block.header.blockNumber;
    if (n !== this.blocks.length) throw new Error(`block ${n} published out of order`);
    this.blocks.add(block, raws);
    this.indexes.add(block, nonces, abis);
  }
}
