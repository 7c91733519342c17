// The transaction pool: admission in the real node's order with its codes (protocol.md §6.5),
// the pending list in arrival order, and the waiters that get each receipt once committed.
// A FISCO transaction's sender is recovered on a worker (senderRecovery.ts) while it waits in the
// pool: every check that does not need the sender is made on arrival, a transaction whose later
// check fails has its signature checked here first (the signature's code wins, as in the node),
// and a pooled transaction whose signature turns out bad is refused with the same code and
// forgotten before anything depends on it (a duplicate or a nonce it holds, a block, a count).

import { keccak_256 } from '@noble/hashes/sha3.js';
import type { CryptoSuite } from '../../protocol/crypto/suite';
import { fromHex, toHex } from '../../protocol/hex';
import { TransactionType, type DecodedTransaction } from '../../protocol/transaction';
import { decodeSubmission } from './validate';
import { storedTransaction } from './storedTx';
import type { NonceWindow } from './nonceWindow';
import type { RecoveryTicket, SenderRecovery } from './senderRecovery';
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
const NO_SENDER = new Uint8Array(0);

export type Committed = { tx: StoredTransaction; receipt: StoredReceipt; block: StoredBlock };

export interface Pending {
  stx: StoredTransaction;
  raw: Uint8Array;
  hashHex: string;
  nonce: string;
  blockLimit: bigint;
  /** Web3 transactions: sender and EIP-155 nonce (their `nonce` key is per sender). */
  web3?: { sender: string; nonce: bigint };
  /** The sender's recovery while it runs; undefined once the sender is in `stx`. */
  recovery?: RecoveryTicket;
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
  /** Recovers FISCO transactions' senders (off the main thread where it can). */
  recovery: SenderRecovery;
}

export class TxPool {
  private entries: Pending[] = [];
  private readonly byHash = new Map<string, Pending>();
  /** Pooled nonces (a Web3 transaction's key is per sender) and their transactions. */
  private readonly nonces = new Map<string, Pending>();

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
      this.nonces.set(p.nonce, p);
    });
  }

  /** Pooled transactions with a good signature (getPendingTxSize): bad ones are refused first. */
  confirmedSize(): number {
    for (const p of [...this.entries]) if (p.recovery !== undefined) this.holds(p);
    return this.entries.length;
  }

  /**
   * Takes up to `limit` transactions for block `number` in arrival order. Those whose
   * blockLimit has passed are dropped with BlockLimitCheckFail, as the node's sealer does.
   */
  take(limit: number, number: number): Pending[] {
    const batch: Pending[] = [];
    const keep: Pending[] = [];
    const head = BigInt(number);
    for (const p of this.entries) {
      if (batch.length >= limit) keep.push(p);
      else if (p.blockLimit >= head) batch.push(p);
      // A bad signature's code wins over the expired block limit.
      else if (this.confirm(p)) this.drop(p, new TxRejected(10001, 'BlockLimitCheckFail'));
    }
    this.entries = keep;
    // The block's first transaction has its sender now (a block is never empty); the others' are
    // read as the block executes them (`confirmTaken`), by which time the worker has them.
    while (batch.length > 0 && !this.confirm(batch[0])) batch.shift();
    return batch;
  }

  /**
   * A taken transaction's sender, just before it executes: false (and the transaction refused
   * with InvalidSignature, leaving the block) for a bad signature.
   */
  confirmTaken(p: Pending): boolean {
    return this.confirm(p);
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
    for (const p of all) if (this.confirm(p)) this.drop(p, e);
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
    if (this.holds(this.byHash.get(hashHex))) throw new TxRejected(10004, 'AlreadyInTxPool');
    if (tx.type === TransactionType.Web3Transaction) return this.admitWeb3(tx, hash, hashHex, raw);
    const d = tx.data;
    if (d.groupID !== groupId) throw new TxRejected(10007, 'InvalidGroupId');
    if (d.chainID !== chainId) throw new TxRejected(10006, 'InvalidChainId');
    // The signature is checked next in the node; its recovery runs while the transaction waits,
    // so a later check that fails looks at the signature first.
    this.checkSignatureShape(tx.signature);
    const afterSignature = (code: number, message: string): TxRejected => {
      this.recoverSender(hash, tx.signature);
      return new TxRejected(code, message);
    };
    if (this.holds(this.nonces.get(d.nonce)) || this.ctx.committedNonces.has(d.nonce))
      throw afterSignature(10000, 'NonceCheckFail');
    const current = BigInt(this.ctx.blockNumber());
    if (d.blockLimit <= current || d.blockLimit > current + BigInt(BLOCK_LIMIT)) {
      throw afterSignature(10001, 'BlockLimitCheckFail');
    }
    if (d.value.length > MAX_VALUE_LENGTH) throw afterSignature(10012, 'OverFlowValue');
    const p: Pending = {
      stx: storedTransaction(tx, hash, NO_SENDER, Date.now(), -1, -1, ''),
      raw,
      hashHex,
      nonce: d.nonce,
      blockLimit: d.blockLimit,
      recovery: this.ctx.recovery.start(hash, tx.signature),
      resolve: () => {},
      reject: () => {},
    };
    // Not handed to a worker (SM chains, no native addon, the worker not up yet): checked now,
    // as the node does.
    if (!p.recovery!.posted) this.setSender(p, this.ctx.recovery.result(p.recovery!));
    return p;
  }

  /** True if `p` is pooled with a good signature; a bad one is refused and forgotten first. */
  private holds(p: Pending | undefined): boolean {
    if (p === undefined) return false;
    if (this.confirm(p)) return true;
    const i = this.entries.indexOf(p);
    if (i >= 0) this.entries.splice(i, 1);
    return false;
  }

  /**
   * Fills `p`'s sender once recovered (here, if the worker has not answered); false (and `p`
   * refused with InvalidSignature, its hash and nonce forgotten) for a bad signature.
   */
  private confirm(p: Pending): boolean {
    const t = p.recovery;
    if (t === undefined) return true;
    p.recovery = undefined;
    try {
      this.setSender(p, this.ctx.recovery.result(t));
      return true;
    } catch (e) {
      this.drop(p, e instanceof Error ? e : new Error(String(e)));
      return false;
    }
  }

  private setSender(p: Pending, publicKey: Uint8Array | null): void {
    if (publicKey === null) throw new TxRejected(10008, 'InvalidSignature');
    const sender = this.ctx.suite.address(publicKey);
    p.stx.sender = sender;
    p.stx.tx.sender = fromHex(sender);
    p.recovery = undefined;
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
    if (this.holds(this.nonces.get(key))) throw new TxRejected(10000, 'NonceCheckFail');
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

  private checkSignatureShape(signature: Uint8Array): void {
    const suite = this.ctx.suite;
    if (signature.length !== (suite.sm ? 128 : 65)) throw new TxRejected(10008, 'InvalidSignature');
    // v is fed to libsecp256k1 as the recovery id: only 0 and 1 occur in valid signatures.
    if (!suite.sm && signature[64] > 1) throw new TxRejected(10008, 'InvalidSignature');
  }

  private recoverSender(hash: Uint8Array, signature: Uint8Array): string {
    const suite = this.ctx.suite;
    this.checkSignatureShape(signature);
    try {
      return suite.address(suite.recover(hash, signature));
    } catch {
      throw new TxRejected(10008, 'InvalidSignature');
    }
  }
}
