// The checks the RPC layer makes before a transaction reaches the pool (protocol.md §6.5 step 1):
// TARS decode, v1 hex fields, hash recomputation, chain id. All failures are code -1.

import type { CryptoSuite } from '../../protocol/crypto/suite';
import { equalBytes } from '../../protocol/hex';
import {
  decodeTransaction,
  hashTransactionData,
  TransactionType,
  type DecodedTransaction,
} from '../../protocol/transaction';
import { TxRejected } from './types';

const HEX_FIELD = /^0x[0-9a-fA-F]*$/;

export interface DecodedSubmission {
  tx: DecodedTransaction;
  hash: Uint8Array;
}

export function decodeSubmission(raw: Uint8Array, suite: CryptoSuite, chainId: string): DecodedSubmission {
  if (!(raw instanceof Uint8Array) || raw.length === 0) throw new TxRejected(-1, 'empty transaction data');
  let tx: DecodedTransaction;
  try {
    tx = decodeTransaction(raw);
  } catch (e) {
    throw new TxRejected(-1, `transaction decode failed: ${e instanceof Error ? e.message : String(e)}`);
  }
  const d = tx.data;
  if (d.version >>> 0 >= 1) {
    for (const v of [d.value, d.gasPrice, d.maxFeePerGas, d.maxPriorityFeePerGas]) {
      if (v !== '' && !HEX_FIELD.test(v)) {
        throw new TxRejected(
          -1,
          'transaction value or gasPrice or maxFeePerGas or maxPriorityFeePerGas is not hex string',
        );
      }
    }
  }
  if (tx.type === TransactionType.Web3Transaction) {
    // TransactionImpl::hash (bcos-tars-protocol): a Web3 transaction's hash is its
    // extraTransactionHash, keccak256 of the signed RLP; its chainID is the EIP-155 number and
    // is checked against web3_chain_id by the pool (TxValidator::validateChainId), not here.
    if (tx.extraTransactionHash.length !== 32 || tx.extraTransactionBytes.length === 0)
      throw new TxRejected(-1, 'web3 transaction without its RLP payload or hash');
    return { tx, hash: tx.extraTransactionHash };
  }
  if (tx.type !== TransactionType.BCOSTransaction)
    throw new TxRejected(
      -1,
      `transaction type ${tx.type} is not supported by the dev node (only type 0 and 1)`,
    );
  const hash = hashTransactionData(d, suite);
  if (tx.dataHash.length > 0 && !equalBytes(tx.dataHash, hash)) {
    throw new TxRejected(-1, 'transaction hash mismatching, maybe transaction version not support.');
  }
  if (d.chainID !== chainId) throw new TxRejected(-1, 'Chain ID mismatch!');
  return { tx, hash };
}
