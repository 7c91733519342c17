// Addresses: account address from a public key (§5), contract address rule (§7) and the
// EIP-55-style checksum FISCO computes with the chain's own hash (SM3 on SM chains).

import type { CryptoSuite } from './crypto/suite';
import { strip0x, toHex, utf8Encode } from './hex';

const ADDRESS_RE = /^(0[xX])?[0-9a-fA-F]{40}$/;

/** "0x" + 40 lowercase hex: last 20 bytes of hash(64-byte public key). */
export function addressFromPublicKey(publicKey: Uint8Array, suite: CryptoSuite): string {
  return suite.address(publicKey);
}

/**
 * Address of a contract created by transaction `index` of block `blockNumber` (seq 0 for the
 * transaction's own deployment; CREATE inside it uses the internal call's seq): the first
 * 20 bytes of H("{block}_{index}_{seq}"). Returned as "0x" + 40 lowercase hex; receipts store
 * it without "0x".
 */
export function contractAddress(blockNumber: number, index: number, seq: number, suite: CryptoSuite): string {
  for (const [name, v] of [
    ['blockNumber', blockNumber],
    ['index', index],
    ['seq', seq],
  ] as const) {
    if (!Number.isSafeInteger(v) || v < 0)
      throw new RangeError(`contractAddress: ${name} must be a non-negative integer, got ${v}`);
  }
  return toHex(suite.hash(utf8Encode(`${blockNumber}_${index}_${seq}`)).subarray(0, 20));
}

/** True for 40 hex digits with or without "0x" (any case; the checksum is not enforced). */
export function isAddress(text: unknown): text is string {
  return typeof text === 'string' && ADDRESS_RE.test(text);
}

/** "0x" + 40 lowercase hex; throws a clear error for anything that is not an address. */
export function normalizeAddress(text: string): string {
  if (!isAddress(text))
    throw new Error(`invalid address "${String(text)}": expected 40 hex digits with optional 0x`);
  return '0x' + strip0x(text).toLowerCase();
}

/** Whether `text` is "0x" and 40 lowercase hex digits (what normalizeAddress returns). */
export function isNormalizedAddress(text: string): boolean {
  if (text.length !== 42 || text.charCodeAt(0) !== 0x30 || text.charCodeAt(1) !== 0x78) return false;
  for (let i = 2; i < 42; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= 0x30 && c <= 0x39) || (c >= 0x61 && c <= 0x66))) return false;
  }
  return true;
}

/**
 * normalizeAddress for places that take an address as a 20-byte word and so accept short hex the
 * way the EVM does: "0x1000" (a precompile) becomes "0x" + 36 zeros + "1000". Use normalizeAddress
 * everywhere else, where a short address is a mistake.
 */
export function normalizeAddressPadded(text: string): string {
  // Most texts are normalized already (the executor's, and what SDKs send): no copies then.
  if (isNormalizedAddress(text)) return text;
  const body = (text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text).toLowerCase();
  if (!/^[0-9a-f]{0,40}$/.test(body)) throw new Error(`invalid address "${text}"`);
  return '0x' + body.padStart(40, '0');
}

/**
 * EIP-55 casing computed with `suite.hash` over the lowercase hex (no "0x"): a letter is upper
 * case when the matching nibble of the hash is ≥ 8.
 */
export function toChecksumAddress(address: string, suite: CryptoSuite): string {
  const lower = normalizeAddress(address).slice(2);
  const hash = toHex(suite.hash(utf8Encode(lower)), false);
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const c = lower[i];
    out += c >= 'a' && parseInt(hash[i], 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}
