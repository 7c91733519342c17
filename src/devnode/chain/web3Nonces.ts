// Account nonces of Web3 transactions, kept in the chain's tables so they are committed and
// persisted with the block that changes them (a real node keeps them in the account table's
// nonce field, ledger::ACCOUNT_TABLE_FIELDS::NONCE).

import { TransactionType } from '../../protocol/transaction';
import type { TableStore } from '../builtin/types';
import type { StoredTransaction } from './types';

/** Devnode-internal table: sender ("0x" + 40 lowercase hex) → decimal nonce. */
const TABLE = 's_web3_nonce';

export function web3NonceOf(tables: TableStore, sender: string): bigint | undefined {
  const v = tables.get(TABLE, sender);
  return v === undefined ? undefined : BigInt(v);
}

/**
 * BlockExecutive::updateWeb3NonceMap + TransactionExecutor::updateEoaNonce (3.14+
 * bugfix_nonce_not_increase_when_revert): after a block, each Web3 sender's account nonce is
 * max(stored, highest nonce it used in the block) + 1, whether its transactions succeeded or not.
 */
export function updateWeb3Nonces(tables: TableStore, transactions: readonly StoredTransaction[]): void {
  const highest = new Map<string, bigint>();
  for (const t of transactions) {
    if (t.tx.type !== TransactionType.Web3Transaction) continue;
    const n = BigInt(t.tx.data.nonce);
    const seen = highest.get(t.sender);
    if (seen === undefined || n > seen) highest.set(t.sender, n);
  }
  for (const [sender, n] of highest) {
    const stored = web3NonceOf(tables, sender) ?? 0n;
    tables.set(TABLE, sender, ((n > stored ? n : stored) + 1n).toString());
  }
}
