// The hash + signature pair of a chain: secp256k1/Keccak-256 (non-SM) or SM2/SM3 (SM chains).
// The curve code (the native secp256k1 binding, @noble/curves set-up, SM2 tables) loads on the
// first key operation, not when this module loads: the extension host imports the SDK at
// activation but may never sign (see docs/BENCHMARKS.md, activation).

import { keccak256 } from './keccak';
import { sm3 } from './sm3';
import type * as EcdsaModule from './ecdsa';
import type * as SmModule from './sm';

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

export { keccak256, sm3 };

/**
 * A suite whose key operations load `load()` on first call; `sm` and `hash` need no curve code.
 * Same object and same results as the loaded suite, so `cryptoSuite(sm)` stays an identity.
 */
function lazySuite(
  sm: boolean,
  digest: (data: Uint8Array) => Uint8Array,
  load: () => CryptoSuite,
): CryptoSuite {
  let loaded: CryptoSuite | undefined;
  const real = (): CryptoSuite => (loaded ??= load());
  return {
    sm,
    hash: digest,
    randomPrivateKey: () => real().randomPrivateKey(),
    publicKey: (privateKey) => real().publicKey(privateKey),
    address: (publicKey) => real().address(publicKey),
    sign: (hash, privateKey) => real().sign(hash, privateKey),
    recover: (hash, signature) => real().recover(hash, signature),
  };
}

/** secp256k1 + Keccak-256; uses the native `secp256k1` addon when it loads. */
export const ecdsaSuite: CryptoSuite = lazySuite(false, keccak256, () => {
  // A require inside the function keeps ./ecdsa (and what it loads) out of module load; esbuild
  // bundles it as a lazily initialised module.
  // eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-type-assertion -- a lazy require is untyped
  const { createEcdsaSuite } = require('./ecdsa') as typeof EcdsaModule;
  return createEcdsaSuite();
});

/** SM2 + SM3 (user id "1234567812345678"). */
export const smSuite: CryptoSuite = lazySuite(true, sm3, () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-type-assertion -- a lazy require is untyped
  const { createSmSuite } = require('./sm') as typeof SmModule;
  return createSmSuite();
});

export function cryptoSuite(sm: boolean): CryptoSuite {
  return sm ? smSuite : ecdsaSuite;
}
