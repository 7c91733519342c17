// SM2 operations TLCP needs beyond transaction signing (src/protocol/crypto/sm.ts):
// DER signatures over whole messages, public-key encryption of the pre-master secret
// (GB/T 32918.4, ciphertext as the GM/T 0009 SEQUENCE{x, y, hash, ciphertext} OpenSSL/TASSL write),
// and the key agreement of the ECDHE suite (GB/T 32918.3) in TASSL's default order.

import { createHash, randomBytes } from 'node:crypto';
import { SM2Point, sm2SignRaw, sm2Verify, sm2Za } from '../crypto/sm';
import { uint256Bytes } from '../hex';
import { children, decodeUnsigned, DerError, expectTag, integer, octets, parseDer, seq } from './der';

type Point = InstanceType<typeof SM2Point>;
const N: bigint = SM2Point.Fn.ORDER;

function toBig(b: Uint8Array): bigint {
  return b.length === 0 ? 0n : BigInt('0x' + Buffer.from(b).toString('hex'));
}

function randomScalar(): bigint {
  return (toBig(randomBytes(48)) % (N - 1n)) + 1n;
}

/** 64-byte X‖Y of the point. */
export function pointBytes(p: Point): Uint8Array {
  return p.toBytes(false).subarray(1);
}

/** Decodes a 64-byte X‖Y or 65-byte 04‖X‖Y key and checks it is on the curve. */
export function decodePoint(bytes: Uint8Array): Point {
  const full = bytes.length === 64 ? Buffer.concat([Uint8Array.of(4), bytes]) : bytes;
  if (full.length !== 65 || full[0] !== 4) throw new Error('SM2: expected an uncompressed point');
  const p = SM2Point.fromBytes(full);
  p.assertValidity();
  return p;
}

export function publicKeyOf(privateKey: Uint8Array): Uint8Array {
  return pointBytes(SM2Point.BASE.multiply(toBig(privateKey)));
}

// ---- signatures (SM3withSM2 with the default user id, DER r,s) ----

/** SM2 signature over `message` (Z_A prepended inside), DER-encoded as OpenSSL writes it. */
export function signDer(message: Uint8Array, privateKey: Uint8Array): Uint8Array {
  const { rs } = sm2SignRaw(message, privateKey);
  return seq(integer(rs.subarray(0, 32)), integer(rs.subarray(32)));
}

export function verifyDer(message: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  let rs: Uint8Array;
  try {
    const parts = children(expectTag(parseDer(signature), 0x30, 'signature'));
    if (parts.length !== 2) return false;
    rs = Buffer.concat([uint256Bytes(decodeUnsigned(parts[0])), uint256Bytes(decodeUnsigned(parts[1]))]);
    if (rs.length !== 64) return false;
  } catch {
    return false;
  }
  return sm2Verify(message, rs, publicKey);
}

// ---- encryption ----

/** GM/T 0003 KDF with SM3. */
export function kdf(z: Uint8Array, length: number): Uint8Array {
  const out = Buffer.alloc(length);
  const ctr = Buffer.alloc(4);
  for (let i = 0, counter = 1; i < length; counter++, i += 32) {
    ctr.writeUInt32BE(counter);
    createHash('sm3')
      .update(z)
      .update(ctr)
      .digest()
      .copy(out, i, 0, Math.min(32, length - i));
  }
  return out;
}

/** Encrypts to `publicKey` (64 bytes); `k` only for known-answer tests. */
export function sm2Encrypt(publicKey: Uint8Array, message: Uint8Array, k?: bigint): Uint8Array {
  if (message.length === 0) throw new Error('SM2: nothing to encrypt');
  const pub = decodePoint(publicKey);
  for (;;) {
    const scalar = k ?? randomScalar();
    const c1 = SM2Point.BASE.multiply(scalar).toAffine();
    const shared = pointBytes(pub.multiply(scalar));
    const t = kdf(shared, message.length);
    if (t.every((b) => b === 0)) {
      if (k !== undefined) throw new Error('SM2: degenerate k');
      continue;
    }
    const c2 = Buffer.from(message.map((b, i) => b ^ t[i]));
    const c3 = createHash('sm3')
      .update(shared.subarray(0, 32))
      .update(message)
      .update(shared.subarray(32))
      .digest();
    return seq(integer(c1.x), integer(c1.y), octets(c3), octets(c2));
  }
}

export function sm2Decrypt(privateKey: Uint8Array, ciphertext: Uint8Array): Uint8Array {
  const parts = children(expectTag(parseDer(ciphertext), 0x30, 'SM2 ciphertext'));
  if (parts.length !== 4) throw new DerError('SM2 ciphertext: expected 4 fields');
  const x = decodeUnsigned(parts[0]);
  const y = decodeUnsigned(parts[1]);
  const c3 = expectTag(parts[2], 0x04, 'C3').value;
  const c2 = expectTag(parts[3], 0x04, 'C2').value;
  if (c2.length === 0 || c3.length !== 32) throw new Error('SM2: malformed ciphertext');
  const c1 = decodePoint(Buffer.concat([uint256Bytes(x), uint256Bytes(y)]));
  const shared = pointBytes(c1.multiply(toBig(privateKey)));
  const t = kdf(shared, c2.length);
  if (t.every((b) => b === 0)) throw new Error('SM2: decryption failed');
  const m = Buffer.from(c2.map((b, i) => b ^ t[i]));
  const check = createHash('sm3')
    .update(shared.subarray(0, 32))
    .update(m)
    .update(shared.subarray(32))
    .digest();
  if (!check.equals(c3)) throw new Error('SM2: decryption failed (hash mismatch)');
  return m;
}

// ---- key agreement ----

const W_MASK = (1n << 127n) - 1n; // w = ceil(ceil(log2 n) / 2) - 1 = 127
const xBar = (x: bigint): bigint => (1n << 127n) + (x & W_MASK);

export interface KeyAgreementInput {
  /** Our long-term (encryption certificate) private key. */
  selfPrivate: Uint8Array;
  /** Our ephemeral private key. */
  selfEphemeral: Uint8Array;
  /** The peer's encryption-certificate public key (64 bytes). */
  peerPublic: Uint8Array;
  /** The peer's ephemeral public key (64 bytes). */
  peerEphemeral: Uint8Array;
  /** True on the TLS server. */
  server: boolean;
  length: number;
}

/**
 * SM2 key agreement. The KDF input is xU‖yU‖Z_server‖Z_client: TASSL's default order (it swaps
 * the roles of GB/T 32918.3 unless built with STD_ZAZB, ssl/s3_lib.c ssl_derive_SM2), which is
 * what FISCO's nodes and SDKs use.
 */
export function sm2KeyAgreement(input: KeyAgreementInput): Uint8Array {
  const d = toBig(input.selfPrivate);
  const r = toBig(input.selfEphemeral);
  const selfPublic = publicKeyOf(input.selfPrivate);
  const selfEph = SM2Point.BASE.multiply(r).toAffine();
  const peerEph = decodePoint(input.peerEphemeral);
  const peerPub = decodePoint(input.peerPublic);
  const t = (d + xBar(selfEph.x) * r) % N;
  const u = peerPub.add(peerEph.multiply(xBar(peerEph.toAffine().x))).multiply(t);
  if (u.is0()) throw new Error('SM2 key agreement: point at infinity');
  const zSelf = sm2Za(selfPublic);
  const zPeer = sm2Za(input.peerPublic.length === 65 ? input.peerPublic.subarray(1) : input.peerPublic);
  const [zServer, zClient] = input.server ? [zSelf, zPeer] : [zPeer, zSelf];
  return kdf(Buffer.concat([pointBytes(u), zServer, zClient]), input.length);
}

export function randomPrivateKey(): Uint8Array {
  return uint256Bytes((toBig(randomBytes(48)) % (N - 2n)) + 1n);
}
