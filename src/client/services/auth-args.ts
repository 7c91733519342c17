// Argument checks of AuthManager: bad input fails here with a message naming the operation, before
// anything is signed or sent.

import { selector } from '../abi';
import type { CryptoSuite } from '../../protocol/crypto/suite';
import * as v from '../validate';

export { address } from '../validate';

const UINT32_MAX = 0xffffffff;
const UINT256_MAX = (1n << 256n) - 1n;

function integer(op: string, name: string, value: unknown): bigint {
  if (typeof value === 'bigint') return value;
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) return BigInt(value.trim());
  throw new TypeError(`${op}: ${name} must be an integer, got ${String(value)}`);
}

export function ranged(op: string, name: string, value: unknown, min: number, max: number): number {
  const n = integer(op, name, value);
  if (n < BigInt(min) || n > BigInt(max))
    throw new RangeError(`${op}: ${name} must be in ${min}..${max}, got ${n}`);
  return Number(n);
}

export function weight(op: string, value: unknown, min = 0): number {
  return ranged(op, 'weight', value, min, UINT32_MAX);
}

/** participatesRate / winRate: percentages 0..100. */
export function rate(op: string, name: string, value: unknown): number {
  return ranged(op, name, value, 0, 100);
}

export function uint256(op: string, name: string, value: unknown): bigint {
  const n = integer(op, name, value);
  if (n < 0n || n > UINT256_MAX) throw new RangeError(`${op}: ${name} must be a uint256, got ${n}`);
  return n;
}

export function proposalId(op: string, value: unknown): bigint {
  return uint256(op, 'proposalId', value);
}

/** Deploy / method ACL types: 1 white list, 2 black list. */
export function listType(op: string, value: unknown): 1 | 2 {
  const n = ranged(op, 'authType', value, 0, 255);
  if (n !== 1 && n !== 2)
    throw new RangeError(`${op}: authType must be 1 (white_list) or 2 (black_list), got ${n}`);
  return n;
}

/** Method ACL types: 0 none (clears the method's ACL), 1 white list, 2 black list. */
export function methodAuthType(op: string, value: unknown): number {
  return ranged(op, 'authType', value, 0, 2);
}

export function flag(op: string, name: string, value: unknown): boolean {
  if (typeof value !== 'boolean')
    throw new TypeError(`${op}: ${name} must be a boolean, got ${typeof value}`);
  return value;
}

/**
 * A method selector: 4 bytes, "0x" + 8 hex digits, or a function signature such as
 * "set(uint256)" hashed with the chain's hash (as the console does).
 */
export function methodSelector(op: string, func: unknown, suite: CryptoSuite): string {
  if (func instanceof Uint8Array) {
    if (func.length !== 4) throw new TypeError(`${op}: func must be 4 bytes, got ${func.length}`);
    return v.hexData(op, 'func', func);
  }
  if (typeof func === 'string' && /^(0x)?[0-9a-fA-F]{8}$/.test(func.trim()))
    return v.hexData(op, 'func', func.trim());
  if (typeof func === 'string' && /^[A-Za-z_$][\w$]*\(.*\)$/.test(func.replace(/\s+/g, ''))) {
    return selector(func.replace(/\s+/g, ''), suite);
  }
  throw new TypeError(
    `${op}: func must be a 4-byte selector or a function signature like "set(uint256)", got ${String(func)}`,
  );
}

/** Node ids as the committee stores them: non-empty text (the node checks the 128-hex form). */
export function nodeId(op: string, value: unknown): string {
  const text = v.text(op, 'node id', value).trim();
  if (!/^[0-9a-fA-F]{128}$/.test(text))
    throw new TypeError(`${op}: node id must be 128 hex digits, got "${text}"`);
  return text.toLowerCase();
}

export function text(op: string, name: string, value: unknown): string {
  return v.text(op, name, value);
}
