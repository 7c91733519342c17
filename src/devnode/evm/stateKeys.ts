// Keys and cache bounds of the dev node's world state (stateManager.ts): store keys of accounts,
// code and slots, the EVM's addresses and slot keys converted to text once, and how much each
// read cache may hold.

import { Account, type Address } from '@ethereumjs/util';
import { ENTRY_OVERHEAD, stringBytes } from '../storage/boundedCache';
import { toHex } from '../../protocol/hex';
import type { Entry } from './stateUndo';

/** Store keys: A/<address>, C/<address>, S/<address>/<slot> (addresses "0x" + 40 hex). */
export const accountKey = (a: string) => 'A/' + a;
export const codeKey = (a: string) => 'C/' + a;
export const slotPrefix = (a: string) => 'S/' + a + '/';

/**
 * A typed array's own objects (view, ArrayBuffer, backing store header), beyond its bytes: 208
 * measured for the small on-heap values slots hold (test/unit/devnode/store-cache-heap.test.ts).
 */
const VIEW_OVERHEAD = 208;
const bytesOf = (v: Uint8Array | null) => (v === null ? 0 : VIEW_OVERHEAD + v.byteLength);
/**
 * Accounts read: at most 50,000, about 4 MiB (an Account holds four bigints and two arrays).
 * Keyed by the address text (not its store key A/<address>), weighed as the store key was.
 */
export const ACCOUNT_CACHE = {
  entries: 50_000,
  bytes: 4 * 2 ** 20,
  weigh: (k: string) => ENTRY_OVERHEAD + stringBytes(k) + 2 + 400,
};
/**
 * A slot key is built by concatenation (prefix + slot): its cons cells stay with the flat copy
 * V8 makes when the key is first hashed (measured with the test below).
 */
const CONCAT_KEY = 96;
/**
 * Storage slots read: at most 200,000, about 12 MiB (test/unit/devnode/store-cache-heap.test.ts).
 * Cached by address and slot, each weighed as before, when its key was the joined store key
 * S/<address>/<slot> (with the cons cells of the join): the same bound, now an overestimate.
 */
export const SLOT_CACHE = {
  entries: 200_000,
  bytes: 12 * 2 ** 20,
  weigh: (address: string, slot: string, v: Entry<Uint8Array>) =>
    ENTRY_OVERHEAD + 16 + 3 + address.length + slot.length + CONCAT_KEY + bytesOf(v),
};
/** Contract code read: at most 2,000 contracts, about 8 MiB. */
export const CODE_CACHE = {
  entries: 2_000,
  bytes: 8 * 2 ** 20,
  weigh: (k: string, v: Entry<Uint8Array>) => ENTRY_OVERHEAD + stringBytes(k) + bytesOf(v),
};

/** Whether two accounts hold the same fields (the RLP the store keeps, and codeSize). */
export function sameAccount(a: Account, b: Account): boolean {
  return (
    a._nonce === b._nonce &&
    a._balance === b._balance &&
    a._codeSize === b._codeSize &&
    a._version === b._version &&
    equalBytes(a._storageRoot, b._storageRoot) &&
    equalBytes(a._codeHash, b._codeHash)
  );
}

function equalBytes(a: Uint8Array | null, b: Uint8Array | null): boolean {
  if (a === b) return true;
  if (a === null || b === null || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

export function cloneAccount(a: Account): Account {
  return new Account(a._nonce, a._balance, a._storageRoot, a._codeHash, a._codeSize, a._version);
}

// The last key converted, by identity: SSTORE reads the current and the original value and
// SLOAD-then-SSTORE sequences hand the same key array several times in a row. Keys are arrays
// the EVM's handlers make per opcode and never change.
let lastKey: Uint8Array | undefined;
let lastSlot = '';

export function slotKey(key: Uint8Array): string {
  if (key === lastKey) return lastSlot;
  // Not Buffer.from(key.buffer): the EVM's 32-byte keys are small on-heap arrays, and taking
  // their .buffer moves each off the V8 heap.
  lastSlot = toHex(key, false);
  lastKey = key;
  return lastSlot;
}

// Address → "0x…" key, by identity: a frame hands the same Address object (its own) for every
// storage access. Address objects are never changed in place.
const addressKeys = new WeakMap<Address, string>();

export function addressKey(address: Address): string {
  let k = addressKeys.get(address);
  if (k === undefined) {
    k = address.toString();
    addressKeys.set(address, k);
  }
  return k;
}
