// Deterministic keys for the simulated nodes and the dev accounts, derived from a seed so that a
// restarted dev node (same seed, same data directory) finds the same node ids and accounts.

import { sha256 } from '@noble/hashes/sha2.js';
import type { CryptoSuite } from '../../protocol/crypto/suite';
import { toHex, utf8Encode } from '../../protocol/hex';

/** Curve orders: a private key must be in [1, n-1]. */
const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const SM2_N = 0xfffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54123n;

export const DEFAULT_SEED = 'bcos-devnode';

/** 10 000 ether in wei: what genesis gives each dev account (as Hardhat and anvil give theirs). */
export const DEV_BALANCE = 10_000n * 10n ** 18n;

export interface DerivedKey {
  privateKey: Uint8Array;
  publicKey: Uint8Array;
  /** "0x" + 40 lowercase hex. */
  address: string;
}

export function deriveKey(seed: string, label: string, suite: CryptoSuite): DerivedKey {
  const n = suite.sm ? SM2_N : SECP256K1_N;
  for (let counter = 0; ; counter++) {
    const candidate = sha256(utf8Encode(`${seed}/${label}/${counter}`));
    const k = BigInt(toHex(candidate));
    if (k === 0n || k >= n) continue;
    const publicKey = suite.publicKey(candidate);
    return { privateKey: candidate, publicKey, address: suite.address(publicKey) };
  }
}

export function nodeKey(seed: string, index: number, suite: CryptoSuite): DerivedKey {
  return deriveKey(seed, `node/${index}`, suite);
}

export function accountKey(seed: string, index: number, suite: CryptoSuite): DerivedKey {
  return deriveKey(seed, `account/${index}`, suite);
}
