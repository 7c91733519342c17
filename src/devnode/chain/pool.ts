// The transaction pool: admission in the real node's order with its codes (protocol.md §6.5),
// the pending list in arrival order, and the waiters that get each receipt once committed.

import { keccak_256 } from '@noble/hashes/sha3.js';
import type { CryptoSuite } from '../../protocol/crypto/suite';
import { fromHex, toHex } from '../../protocol/hex';
import { TransactionType, type DecodedTransaction } from '../../protocol/transaction';
import { decodeSubmission } from './validate';
import { storedTransaction } from './storedTx';
import type { NonceWindow } from './nonceWindow';
import { TxRejected, type StoredBlock, type StoredReceipt, type StoredTransaction } from './types';

/** `[chain] block_limit`: the blockLimit window and the nonce memory, in blocks. */
export const BLOCK_LIMIT = 1000;
/** The node's limit on a v1 transaction's value text (OverFlowValue). */
export const MAX_VALUE_LENGTH = 514;
/** bcos-framework txpool/Constant.h: MAX_INITCODE_SIZE = 2 * MAX_CODE_SIZE (0x6000), EIP-3860. */
export const MAX_INITCODE_SIZE = 2 * 0x6000;
/** bcos-txpool Common.h: DEFAULT_WEB3_NONCE_CHECK_LIMIT = DEFAULT_BLOCK_LIMIT (1000) * 1000. */
export const WEB3_NONCE_WINDOW = 1_000_000n;
/** A Web3 transaction has no blockLimit; it never expires in the pool. */
const NO_BLOCK_LIMIT = 1n << 62n;

export type Committed = { tx: StoredTransaction; receipt: StoredReceipt; block: StoredBlock };

export interface Pending {
  stx: StoredTransaction;
  raw: Uint8Array;
  hashHex: string;
  nonce: string;
  blockLimit: bigint;
  /** Web3 transactions: sender and EIP-155 nonce (their `nonce` key is per sender). */
  web3?: { sender: string; nonce: bigint };
  resolve(v: Committed): void;
  reject(e: Error): void;
}

export interface PoolContext {
  suite: CryptoSuite;
  chainId: string;
  groupId: string;
  /** Nonces of the last BLOCK_LIMIT committed blocks. */
  committedNonces: Pick<NonceWindow, 'has'>;
  blockNumber(): number;
  /** The account nonce a committed Web3 transaction left (undefined: the account has none). */
  web3Nonce(sender: string): bigint | undefined;
  /** The web3_chain_id system config. */
  web3ChainId(): string | undefined;
}

export class TxPool {
  private entries: Pending[] = [];
  private readonly byHash = new Map<string, Pending>();
  private readonly nonces = new Set<string>();

  constructor(private readonly ctx: PoolContext) {}

  get size(): number {
    return this.entries.length;
  }

  /** Checks a raw transaction and pools it; the promise settles when it is committed or dropped. */
  add(raw: Uint8Array): Promise<Committed> {
    const p = this.admit(raw);
    return new Promise<Committed>((resolve, reject) => {
      p.resolve = resolve;
      p.reject = reject;
      this.entries.push(p);
      this.byHash.set(p.hashHex, p);
      this.nonces.add(p.nonce);
    });
  }

  /**
   * Takes up to `limit` transactions for block `number` in arrival order. Those whose
   * blockLimit has passed are dropped with BlockLimitCheckFail, as the node's sealer does.
   */
  take(limit: number, number: number): Pending[] {
    const batch: Pending[] = [];
    const keep: Pending[] = [];
    const at = BigInt(number);
    for (const p of this.entries) {
      if (batch.length >= limit) keep.push(p);
      else if (p.blockLimit < at) this.drop(p, new TxRejected(10001, 'BlockLimitCheckFail'));
      else batch.push(p);
    }
    this.entries = keep;
    return batch;
  }

  /** Forgets committed transactions (their nonces are now in the committed window). */
  settle(batch: Pending[]): void {
    for (const p of batch) {
      this.byHash.delete(p.hashHex);
      this.nonces.delete(p.nonce);
    }
  }

  /** Fails a taken or pooled transaction. */
  drop(p: Pending, e: Error): void {
    this.byHash.delete(p.hashHex);
    this.nonces.delete(p.nonce);
    p.reject(e);
  }

  /** Fails everything still waiting. */
  dropAll(e: Error): void {
    const all = this.entries;
    this.entries = [];
    for (const p of all) this.drop(p, e);
  }

  /** Web3Transactions / getPendingNonce: one past the highest nonce pooled for `sender`. */
  pendingWeb3Nonce(sender: string): bigint | undefined {
    let max: bigint | undefined;
    for (const p of this.entries)
      if (p.web3?.sender === sender && (max === undefined || p.web3.nonce >= max)) max = p.web3.nonce + 1n;
    return max;
  }

  private admit(raw: Uint8Array): Pending {
    const { suite, chainId, groupId } = this.ctx;
    const { tx, hash } = decodeSubmission(raw, suite, chainId);
    const hashHex = toHex(hash, false);
    // Every pooled transaction has a waiter, so a second copy is refused, never attached.
    if (this.byHash.has(hashHex)) throw new TxRejected(10004, 'AlreadyInTxPool');
    if (tx.type === TransactionType.Web3Transaction) return this.admitWeb3(tx, hash, hashHex, raw);
    const d = tx.data;
    if (d.groupID !== groupId) throw new TxRejected(10007, 'InvalidGroupId');
    if (d.chainID !== chainId) throw new TxRejected(10006, 'InvalidChainId');
    const sender = this.recoverSender(hash, tx.signature);
    if (this.nonces.has(d.nonce) || this.ctx.committedNonces.has(d.nonce))
      throw new TxRejected(10000, 'NonceCheckFail');
    const current = BigInt(this.ctx.blockNumber());
    if (d.blockLimit <= current || d.blockLimit > current + BigInt(BLOCK_LIMIT)) {
      throw new TxRejected(10001, 'BlockLimitCheckFail');
    }
    if (d.value.length > MAX_VALUE_LENGTH) throw new TxRejected(10012, 'OverFlowValue');
    const stx = storedTransaction(tx, hash, fromHex(sender), Date.now(), -1, -1, sender);
    return {
      stx,
      raw,
      hashHex,
      nonce: d.nonce,
      blockLimit: d.blockLimit,
      resolve: () => {},
      reject: () => {},
    };
  }

  /**
   * MemoryStorage::verifyAndSubmitTransaction for a Web3 transaction: no group, chain id or block
   * limit check (TxValidator::verify), the sender recovered over keccak256 of the RLP payload
   * (Transaction::verify), Web3NonceChecker::checkWeb3Nonce, validateTransaction (value length,
   * EIP-3860 init code) and validateChainId against web3_chain_id.
   */
  private admitWeb3(tx: DecodedTransaction, hash: Uint8Array, hashHex: string, raw: Uint8Array): Pending {
    const sender = this.recoverSender(keccak_256(tx.extraTransactionBytes), tx.signature);
    const d = tx.data;
    let nonce: bigint;
    try {
      nonce = BigInt(d.nonce);
    } catch {
      throw new TxRejected(10000, 'NonceCheckFail');
    }
    const key = `web3:${sender}:${nonce}`;
    if (this.nonces.has(key)) throw new TxRejected(10000, 'NonceCheckFail');
    const ledger = this.ctx.web3Nonce(sender);
    if (ledger !== undefined && (nonce < ledger || nonce > ledger + WEB3_NONCE_WINDOW))
      throw new TxRejected(10000, 'NonceCheckFail');
    if (d.value.length > MAX_VALUE_LENGTH) throw new TxRejected(10012, 'OverFlowValue');
    if (d.input.length > MAX_INITCODE_SIZE) throw new TxRejected(10013, 'MaxInitCodeSizeExceeded');
    const web3ChainId = this.ctx.web3ChainId();
    if (web3ChainId !== undefined && d.chainID !== '' && d.chainID !== '0' && d.chainID !== web3ChainId)
      throw new TxRejected(10006, 'InvalidChainId');
    const stx = storedTransaction(tx, hash, fromHex(sender), Date.now(), -1, -1, sender);
    return {
      stx,
      raw,
      hashHex,
      nonce: key,
      blockLimit: NO_BLOCK_LIMIT,
      web3: { sender, nonce },
      resolve: () => {},
      reject: () => {},
    };
  }

  private recoverSender(hash: Uint8Array, signature: Uint8Array): string {
    const suite = this.ctx.suite;
    if (signature.length !== (suite.sm ? 128 : 65)) throw new TxRejected(10008, 'InvalidSignature');
    // v is fed to libsecp256k1 as the recovery id: only 0 and 1 occur in valid signatures.
    if (!suite.sm && signature[64] > 1) throw new TxRejected(10008, 'InvalidSignature');
    try {
      return suite.address(suite.recover(hash, signature));
    } catch {
      throw new TxRejected(10008, 'InvalidSignature');
    }
  }
}
