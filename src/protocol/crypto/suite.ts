// The hash + signature pair of a chain: secp256k1/Keccak-256 (non-SM) or SM2/SM3 (SM chains).

import { keccak256 as keccak } from './keccak';
import { sm3 } from './sm3';
import { createEcdsaSuite } from './ecdsa';
import { createSmSuite } from './sm';

export interface CryptoSuite {
  /** false: secp256k1 + keccak256; true: SM2 + SM3. */
  readonly sm: boolean;
  /** keccak256 or SM3. */
  hash(data: Uint8Array): Uint8Array;
  randomPrivateKey(): Uint8Array;
  /** 64 bytes X‖Y. */
  publicKey(privateKey: Uint8Array): Uint8Array;
  /** "0x" + 40 lowercase hex (last 20 bytes of hash(publicKey)). */
  address(publicKey: Uint8Array): string;
  /** 65 bytes r‖s‖v(0/1) or 128 bytes r‖s‖pub. */
  sign(hash: Uint8Array, privateKey: Uint8Array): Uint8Array;
  /** Public key (64 bytes); throws on a bad signature. */
  recover(hash: Uint8Array, signature: Uint8Array): Uint8Array;
}

export function keccak256(data: Uint8Array): Uint8Array {
  return keccak(data);
}

export { sm3 };

/** secp256k1 + Keccak-256; uses the native `secp256k1` addon when it loads. */
export const ecdsaSuite: CryptoSuite = createEcdsaSuite();

/** SM2 + SM3 (user id "1234567812345678"). */
export const smSuite: CryptoSuite = createSmSuite();

export function cryptoSuite(sm: boolean): CryptoSuite {
  return sm ? smSuite : ecdsaSuite;
}
