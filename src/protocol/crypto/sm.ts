// SM2 + SM3 for SM chains (reference/protocol.md §5.2). Signature = r‖s‖pub (128 bytes) over
// e = SM3(Z_A ‖ hash) with the default user id "1234567812345678". The node does not recover:
// it verifies (r,s) against the embedded key, so `recover` verifies and returns that key.
// Built on @noble/curves' Weierstrass arithmetic with a fixed-base table for k·G, and Z_A,
// decoded points and (1+d)^-1 cached per key: faster than sm-crypto-v2 (hex strings, Z_A and
// the public key recomputed per call) for both sign and verify — see bench/signing.bench.ts.

import { weierstrass } from '@noble/curves/abstract/weierstrass.js';
import { invert, mod } from '@noble/curves/abstract/modular.js';
import { randomBytes } from 'node:crypto';
import type { CryptoSuite } from './suite';
import { sm3 } from './sm3';
import { FixedBaseMultiplier } from './fixed-base';
import { concatBytes, toHex, uint256Bytes, utf8Encode } from '../hex';
import { errorMessage } from '../unknownValues';

const P = 0xfffffffeffffffffffffffffffffffffffffffff00000000ffffffffffffffffn;
const CURVE = {
  p: P,
  n: 0xfffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54123n,
  h: 1n,
  a: P - 3n,
  b: 0x28e9fa9e9d9f5e344d5a9e4bcf6509a7f39789f515ab8f92ddbcbd414d940e93n,
  Gx: 0x32c4ae2c1f1981195f9904466a39c9948fe30bbff2660be1715a4589334c74c7n,
  Gy: 0xbc3736a2f4f6779c59bdcee36b692153d0a9877cc62a474002df32e52139f0a0n,
};
const N = CURVE.n;

export const SM2Point = weierstrass(CURVE);
type Point = InstanceType<typeof SM2Point>;
const baseMultiplier = new FixedBaseMultiplier(SM2Point.BASE, SM2Point.ZERO, N);

/** The user id FISCO BCOS (and every SDK) signs with. */
export const SM2_DEFAULT_USER_ID = '1234567812345678';

function bytesToBigInt(bytes: Uint8Array): bigint {
  return bytes.length === 0 ? 0n : BigInt('0x' + toHex(bytes, false));
}

/** ENTL ‖ ID ‖ a ‖ b ‖ Gx ‖ Gy: the key-independent prefix of Z_A. */
function zaPrefix(userId: string): Uint8Array {
  const id = utf8Encode(userId);
  const bits = id.length * 8;
  if (bits > 0xffff) throw new Error('SM2: user id too long');
  return concatBytes(
    Uint8Array.of(bits >> 8, bits & 0xff),
    id,
    uint256Bytes(CURVE.a),
    uint256Bytes(CURVE.b),
    uint256Bytes(CURVE.Gx),
    uint256Bytes(CURVE.Gy),
  );
}

const DEFAULT_PREFIX = zaPrefix(SM2_DEFAULT_USER_ID);

/** Z_A = SM3(ENTL ‖ ID ‖ a ‖ b ‖ Gx ‖ Gy ‖ xA ‖ yA). */
export function sm2Za(publicKey: Uint8Array, userId = SM2_DEFAULT_USER_ID): Uint8Array {
  const prefix = userId === SM2_DEFAULT_USER_ID ? DEFAULT_PREFIX : zaPrefix(userId);
  return sm3(concatBytes(prefix, publicKey));
}

/** Small bounded cache: cleared when full (keys on a dev chain are few and hot). */
class KeyCache<V> {
  private readonly map = new Map<string, V>();
  constructor(
    private readonly max: number,
    private readonly onClear?: () => void,
  ) {}
  get(key: string, make: () => V): V {
    let v = this.map.get(key);
    if (v === undefined) {
      v = make();
      if (this.map.size >= this.max) {
        this.map.clear();
        this.onClear?.();
      }
      this.map.set(key, v);
    }
    return v;
  }
}

interface PublicInfo {
  point: Point;
  za: Uint8Array;
  /** Verifications seen; hot keys get a wNAF table (see HOT_KEY_USES). */
  uses: number;
  hot: boolean;
}

// A dev chain's senders are few and sign many transactions: after a few verifications a key gets
// a precomputed wNAF table (~5 ms, ~200 kB), which makes t·P several times cheaper. Bounded.
const HOT_KEY_USES = 4;
const HOT_KEY_WINDOW = 6;
const MAX_HOT_KEYS = 64;
let hotKeys = 0;

interface PrivateInfo {
  d: bigint;
  inv1d: bigint; // (1 + d)^-1 mod n
  publicKey: Uint8Array;
  za: Uint8Array;
}

const publicCache = new KeyCache<PublicInfo>(4096, () => (hotKeys = 0));
const privateCache = new KeyCache<PrivateInfo>(1024);

function checkPrivateKey(privateKey: Uint8Array): bigint {
  if (!(privateKey instanceof Uint8Array) || privateKey.length !== 32)
    throw new Error(`SM2: private key must be 32 bytes, got ${privateKey?.length}`);
  const d = bytesToBigInt(privateKey);
  // d = n-1 would make 1+d non-invertible.
  if (d < 1n || d > N - 2n) throw new Error('SM2: private key out of range [1, n-2]');
  return d;
}

function publicKeyOf(d: bigint): Uint8Array {
  return SM2Point.BASE.multiply(d).toBytes(false).subarray(1);
}

function privateInfo(privateKey: Uint8Array): PrivateInfo {
  return privateCache.get(toHex(privateKey, false), () => {
    const d = checkPrivateKey(privateKey);
    const publicKey = publicKeyOf(d);
    return { d, inv1d: invert(1n + d, N), publicKey, za: sm2Za(publicKey) };
  });
}

function publicInfo(publicKey: Uint8Array): PublicInfo {
  return publicCache.get(toHex(publicKey, false), () => {
    let point: Point;
    try {
      point = SM2Point.fromBytes(concatBytes(Uint8Array.of(4), publicKey));
      point.assertValidity();
    } catch (e) {
      throw new Error(`SM2: invalid public key (${errorMessage(e)})`, { cause: e });
    }
    return { point, za: sm2Za(publicKey), uses: 0, hot: false };
  });
}

function randomScalar(): bigint {
  // 48 bytes reduced mod n-1 keeps the bias negligible; +1 excludes zero.
  return mod(bytesToBigInt(randomBytes(48)), N - 1n) + 1n;
}

function checkHash(hash: Uint8Array): void {
  if (!(hash instanceof Uint8Array)) throw new Error('SM2: message hash must be a Uint8Array');
}

/** r‖s (64 bytes) over e = SM3(Z_A ‖ hash). */
export function sm2SignRaw(
  hash: Uint8Array,
  privateKey: Uint8Array,
): { rs: Uint8Array; publicKey: Uint8Array } {
  checkHash(hash);
  const info = privateInfo(privateKey);
  const e = bytesToBigInt(sm3(concatBytes(info.za, hash)));
  for (;;) {
    const k = randomScalar();
    const x1 = baseMultiplier.multiply(k).toAffine().x;
    const r = mod(e + x1, N);
    if (r === 0n || r + k === N) continue;
    const s = mod(info.inv1d * (k - r * info.d), N);
    if (s === 0n) continue;
    return { rs: concatBytes(uint256Bytes(r), uint256Bytes(s)), publicKey: info.publicKey };
  }
}

/** Verifies r‖s over `hash` against a 64-byte public key. */
export function sm2Verify(hash: Uint8Array, rs: Uint8Array, publicKey: Uint8Array): boolean {
  checkHash(hash);
  if (rs.length !== 64 || publicKey.length !== 64) return false;
  const r = bytesToBigInt(rs.subarray(0, 32));
  const s = bytesToBigInt(rs.subarray(32, 64));
  if (r < 1n || r >= N || s < 1n || s >= N) return false;
  const t = mod(r + s, N);
  if (t === 0n) return false;
  let info: PublicInfo;
  try {
    info = publicInfo(publicKey);
  } catch {
    return false;
  }
  const e = bytesToBigInt(sm3(concatBytes(info.za, hash)));
  if (!info.hot && ++info.uses >= HOT_KEY_USES && hotKeys < MAX_HOT_KEYS) {
    hotKeys++;
    info.point.precompute(HOT_KEY_WINDOW, false);
    info.hot = true;
  }
  // s·G + t·P
  const sum = info.hot
    ? baseMultiplier.multiplyUnsafe(s).add(info.point.multiplyUnsafe(t))
    : SM2Point.BASE.mulAddUnsafe(s, info.point, t);
  if (sum.is0()) return false;
  return mod(e + sum.toAffine().x, N) === r;
}

export function createSmSuite(): CryptoSuite {
  return {
    sm: true,
    hash: sm3,
    randomPrivateKey: () => uint256Bytes(mod(bytesToBigInt(randomBytes(48)), N - 2n) + 1n),
    publicKey: (privateKey) => privateInfo(privateKey).publicKey.slice(),
    address: (publicKey) => {
      if (publicKey.length !== 64)
        throw new Error(`public key must be 64 bytes X‖Y, got ${publicKey.length}`);
      return toHex(sm3(publicKey).subarray(12));
    },
    sign: (hash, privateKey) => {
      const { rs, publicKey } = sm2SignRaw(hash, privateKey);
      return concatBytes(rs, publicKey);
    },
    recover: (hash, signature) => {
      if (!(signature instanceof Uint8Array) || signature.length !== 128)
        throw new Error(`SM2: signature must be 128 bytes r‖s‖pub, got ${signature?.length}`);
      const publicKey = signature.slice(64);
      if (!sm2Verify(hash, signature.subarray(0, 64), publicKey)) throw new Error('SM2: invalid signature');
      return publicKey;
    },
  };
}
