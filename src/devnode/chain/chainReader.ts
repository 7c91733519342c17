// The chain's synchronous reads (blocks, transactions, receipts, ABIs, config, counts) as the RPC
// layer sees them. Each refuses once close() has begun, as submit does: the store is gone then, so
// an answer would come from what happened to be cached, or from a closed RocksDB engine (which
// crashes the process on some reads). The chain's own work (the sealer, execution, the pool) reads
// the ledger directly, so a block in flight while close() waits still commits.

import type { ConsensusNode, SystemConfigEntry } from '../builtin/types';
import { normalizeAddressPadded } from '../../protocol/address';
import type { Execution } from './execution';
import type { Ledger } from './ledger';
import type { TxPool } from './pool';
import type { StoredBlock, StoredReceipt, StoredTransaction, TotalTxCount } from './types';

/** Every entry point's refusal once close() has begun (submit's, from before). */
export const CLOSED = 'the chain is closed';

export abstract class ChainReader {
  protected ledger!: Ledger;
  protected execution!: Execution;
  protected abstract readonly pool: TxPool;
  /** Set when close() begins. */
  protected closed = false;

  blockNumber(): number {
    this.assertOpen();
    return this.ledger.blockNumber();
  }

  getBlockByNumber(n: number): StoredBlock | undefined {
    this.assertOpen();
    return this.ledger.block(n);
  }

  getBlockByHash(hash: Uint8Array): StoredBlock | undefined {
    this.assertOpen();
    return this.ledger.blockByHash(hash);
  }

  getTransaction(hash: Uint8Array): StoredTransaction | undefined {
    this.assertOpen();
    return this.ledger.transaction(hash);
  }

  getReceipt(hash: Uint8Array): StoredReceipt | undefined {
    this.assertOpen();
    return this.ledger.receipt(hash);
  }

  web3Nonce(address: string): bigint | undefined {
    this.assertOpen();
    return this.execution.web3Nonce(address);
  }

  pendingWeb3Nonce(address: string): bigint | undefined {
    this.assertOpen();
    return this.pool.pendingWeb3Nonce(normalizeAddressPadded(address));
  }

  getAbi(address: string): string {
    this.assertOpen();
    return this.ledger.abi(normalizeAddressPadded(address));
  }

  pendingCount(): number {
    this.assertOpen();
    return this.pool.size;
  }

  totalTransactionCount(): TotalTxCount {
    this.assertOpen();
    return this.ledger.totals();
  }

  systemConfig(key: string): SystemConfigEntry | undefined {
    this.assertOpen();
    return this.execution.systemConfig(key, this.ledger.blockNumber() + 1);
  }

  consensusNodes(): ConsensusNode[] {
    this.assertOpen();
    return this.execution.consensusNodes(this.ledger.blockNumber() + 1);
  }

  pbftView(): number {
    this.assertOpen();
    // bcos-pbft moves the view only on a view change (PBFTEngine::onTimeout → incToView,
    // reachNewView → setView); committing a block leaves it alone, and the leader rotates with
    // the block number: leaderIndex(n) = (n / leader_period + view) % sealers. The simulated
    // group never times out, so its view stays at the initial 0.
    return 0;
  }

  /** Refuses as submit does once close() has begun. */
  protected assertOpen(): void {
    if (this.closed) throw new Error(CLOSED);
  }
}
