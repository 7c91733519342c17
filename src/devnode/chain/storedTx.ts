// The StoredTransaction record of a decoded transaction, shared by the pool (on arrival) and
// the block store (rebuilding a committed one), so both give the RPC layer the same shape.

import { toHex } from '../../protocol/hex';
import type { DecodedTransaction } from '../../protocol/transaction';
import type { StoredTransaction } from './types';

const EMPTY = new Uint8Array(0);

function compact(bytes: Uint8Array): Uint8Array {
  return bytes.length === 0 ? EMPTY : bytes;
}

/**
 * `sender` is the recovered 20-byte address (`senderHex` its "0x" + lowercase hex when the
 * caller has it already); `hash` the recomputed transaction hash.
 */
export function storedTransaction(
  tx: DecodedTransaction,
  hash: Uint8Array,
  sender: Uint8Array,
  importTime: number,
  blockNumber = -1,
  index = -1,
  senderHex = toHex(sender),
): StoredTransaction {
  return {
    tx: {
      ...tx,
      // Share the hash and the (usually) empty byte fields.
      dataHash: hash,
      extraTransactionBytes: compact(tx.extraTransactionBytes),
      extraTransactionHash: compact(tx.extraTransactionHash),
      data: { ...tx.data, extension: compact(tx.data.extension) },
      importTime,
      // The node clears any sender that arrives over RPC and fills its own.
      sender,
    },
    hash,
    sender: senderHex,
    blockNumber,
    index,
  };
}
