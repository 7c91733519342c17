// Lookups over the committed chain that the block list alone cannot answer quickly: block hash
// → number, transaction hash → position, deployed ABIs, transaction totals and the nonces of
// the last block_limit blocks (the pool's replay check).

import { NonceWindow } from './nonceWindow';
import type { StoredBlock, TotalTxCount } from './types';

/** Index slots per block in the transaction index (far above any tx_count_limit a block can hold). */
const TX_SLOTS = 2 ** 24;

export interface TxLocation {
  block: number;
  index: number;
}

export class ChainIndexes {
  private readonly byHash = new Map<string, number>();
  /** Transaction hash → block number * TX_SLOTS + index (one number, no object per entry). */
  private readonly txIndex = new Map<string, number>();
  private readonly abis = new Map<string, string>();
  private readonly totals = { transactionCount: 0, failedTransactionCount: 0 };

  constructor(readonly nonces: NonceWindow) {}

  /** Indexes a committed block (with the nonces of its transactions). */
  add(block: StoredBlock, nonces: string[], abis: ReadonlyMap<string, string>): void {
    const n = block.header.blockNumber;
    this.byHash.set(hashKey(block.hash), n);
    block.transactions.forEach((t, index) => this.txIndex.set(hashKey(t.hash), n * TX_SLOTS + index));
    for (const r of block.receipts) {
      this.totals.transactionCount++;
      if (r.data.status !== 0) this.totals.failedTransactionCount++;
    }
    for (const [address, abi] of abis) this.abis.set(address, abi);
    if (n > 0) this.nonces.add(n, nonces);
  }

  blockNumberOf(hash: Uint8Array): number | undefined {
    return this.byHash.get(hashKey(hash));
  }

  transaction(hash: Uint8Array): TxLocation | undefined {
    const at = this.txIndex.get(hashKey(hash));
    return at === undefined ? undefined : { block: Math.floor(at / TX_SLOTS), index: at % TX_SLOTS };
  }

  /** ABI recorded for a deployed contract ("0x" + 40 lowercase hex), or ''. */
  abi(address: string): string {
    return this.abis.get(address) ?? '';
  }

  counts(): Omit<TotalTxCount, 'blockNumber'> {
    return { ...this.totals };
  }
}

/** Map key of a hash: its bytes as a one-byte-per-char string (half the size of hex). */
function hashKey(hash: Uint8Array): string {
  return Buffer.from(hash.buffer, hash.byteOffset, hash.byteLength).toString('latin1');
}
