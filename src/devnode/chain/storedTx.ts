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
 * caller has it already); `hash` the recomputed transaction hash. `tx` is the caller's own,
 * just decoded: it is completed in place rather than copied (two object copies per transaction).
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
  // Share the hash and the (usually) empty byte fields.
  tx.dataHash = hash;
  tx.extraTransactionBytes = compact(tx.extraTransactionBytes);
  tx.extraTransactionHash = compact(tx.extraTransactionHash);
  tx.data.extension = compact(tx.data.extension);
  tx.importTime = importTime;
  // The node clears any sender that arrives over RPC and fills its own.
  tx.sender = sender;
  return { tx, hash, sender: senderHex, blockNumber, index };
}
