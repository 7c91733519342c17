// PKCS#12 password-based cryptography (RFC 7292, RFC 8018): the algorithm identifiers, hashes,
// HMAC, PBKDF2, the PKCS#12 KDF, and decryption with a PKCS#12 PBE or PBES2 AlgorithmIdentifier.

import { createDecipheriv, createHash, getCiphers, pbkdf2Sync } from 'node:crypto';
import { KeyFileError } from './account';
import { sm3 } from './crypto/sm3';
import { corrupt, int, octets, oid, seq, type Node } from './p12Asn1';

export const OID = {
  data: '1.2.840.113549.1.7.1',
  encryptedData: '1.2.840.113549.1.7.6',
  keyBag: '1.2.840.113549.1.12.10.1.1',
  shroudedKeyBag: '1.2.840.113549.1.12.10.1.2',
  safeContentsBag: '1.2.840.113549.1.12.10.1.6',
  friendlyName: '1.2.840.113549.1.9.20',
  pbes2: '1.2.840.113549.1.5.13',
  pbkdf2: '1.2.840.113549.1.5.12',
  pbmac1: '1.2.840.113549.1.5.14',
  hmacWithSHA256: '1.2.840.113549.2.9',
  aes256cbc: '2.16.840.1.101.3.4.1.42',
  sha256: '2.16.840.1.101.3.4.2.1',
};

export interface Hash {
  name: string;
  outLen: number;
  blockLen: number;
  digest(data: Uint8Array): Uint8Array;
  /** Name for node:crypto's pbkdf2 when it has the hash. */
  node?: string;
}

const nodeHash = (name: string, outLen: number, blockLen: number): Hash => ({
  name,
  outLen,
  blockLen,
  digest: (d) => createHash(name).update(d).digest(),
  node: name,
});
const SHA1 = nodeHash('sha1', 20, 64);
export const SHA256 = nodeHash('sha256', 32, 64);
// Our own SM3: the extension host's Electron uses BoringSSL, which has none.
const SM3: Hash = { name: 'sm3', outLen: 32, blockLen: 64, digest: sm3 };

/** MAC digests (DigestInfo algorithm). */
export const DIGESTS: Record<string, Hash> = {
  '1.3.14.3.2.26': SHA1,
  '2.16.840.1.101.3.4.2.4': nodeHash('sha224', 28, 64),
  [OID.sha256]: SHA256,
  '2.16.840.1.101.3.4.2.2': nodeHash('sha384', 48, 128),
  '2.16.840.1.101.3.4.2.3': nodeHash('sha512', 64, 128),
  '1.2.156.10197.1.401': SM3, // TASSL / OpenSSL -macalg sm3
};

/** PBKDF2 PRFs. */
const PRFS: Record<string, Hash> = {
  '1.2.840.113549.2.7': SHA1,
  '1.2.840.113549.2.8': DIGESTS['2.16.840.1.101.3.4.2.4'],
  [OID.hmacWithSHA256]: SHA256,
  '1.2.840.113549.2.10': DIGESTS['2.16.840.1.101.3.4.2.2'],
  '1.2.840.113549.2.11': DIGESTS['2.16.840.1.101.3.4.2.3'],
};

/** PBES2 encryption schemes: node cipher name and key length. */
const PBES2_CIPHERS: Record<string, [string, number]> = {
  '2.16.840.1.101.3.4.1.2': ['aes-128-cbc', 16],
  '2.16.840.1.101.3.4.1.22': ['aes-192-cbc', 24],
  [OID.aes256cbc]: ['aes-256-cbc', 32],
  '1.2.840.113549.3.7': ['des-ede3-cbc', 24],
  '1.2.156.10197.1.104.2': ['sm4-cbc', 16],
};

/** PKCS#12 PBE (RFC 7292 appendix C): node cipher, key length, IV length. */
const PKCS12_PBE: Record<string, [string, number, number] | string> = {
  '1.2.840.113549.1.12.1.3': ['des-ede3-cbc', 24, 8],
  '1.2.840.113549.1.12.1.4': ['des-ede-cbc', 16, 8],
  '1.2.840.113549.1.12.1.1': 'pbeWithSHAAnd128BitRC4',
  '1.2.840.113549.1.12.1.2': 'pbeWithSHAAnd40BitRC4',
  '1.2.840.113549.1.12.1.5': 'pbeWithSHAAnd128BitRC2-CBC',
  '1.2.840.113549.1.12.1.6': 'pbeWithSHAAnd40BitRC2-CBC',
};

// A hostile file must not make us spin for minutes.
export const MAX_ITERATIONS = 10_000_000;

export function iterations(node: Node | undefined, what: string): number {
  const n = int(node, what);
  if (n < 1 || n > MAX_ITERATIONS) throw new KeyFileError('UNSUPPORTED', `unsupported ${what} ${n}`);
  return n;
}

export function hmac(hash: Hash, key: Uint8Array, data: Uint8Array): Uint8Array {
  const k = key.length > hash.blockLen ? hash.digest(key) : key;
  const pad = (x: number) => Uint8Array.from({ length: hash.blockLen }, (_, i) => (k[i] ?? 0) ^ x);
  return hash.digest(Buffer.concat([pad(0x5c), hash.digest(Buffer.concat([pad(0x36), data]))]));
}

function pbkdf2(hash: Hash, password: Uint8Array, salt: Uint8Array, iter: number, len: number): Uint8Array {
  if (hash.node) return pbkdf2Sync(password, salt, iter, len, hash.node);
  const out = new Uint8Array(len);
  for (let block = 1, off = 0; off < len; block++, off += hash.outLen) {
    let u = hmac(
      hash,
      password,
      Buffer.concat([salt, Uint8Array.of(block >>> 24, block >>> 16, block >>> 8, block)]),
    );
    const t = u.slice();
    for (let i = 1; i < iter; i++) {
      u = hmac(hash, password, u);
      for (let j = 0; j < t.length; j++) t[j] ^= u[j];
    }
    out.set(t.subarray(0, len - off), off);
  }
  return out;
}

/** The PKCS#12 key derivation (RFC 7292 B.2). id: 1 key, 2 IV, 3 MAC key. */
export function pkcs12Kdf(
  hash: Hash,
  password: Uint8Array,
  salt: Uint8Array,
  id: 1 | 2 | 3,
  iter: number,
  n: number,
): Uint8Array {
  const v = hash.blockLen;
  const stretch = (src: Uint8Array) =>
    Uint8Array.from({ length: v * Math.ceil(src.length / v) }, (_, i) => src[i % src.length]);
  const I = Buffer.concat([stretch(salt), stretch(password)]);
  const D = new Uint8Array(v).fill(id);
  const out = new Uint8Array(n);
  for (let off = 0; ;) {
    let a = hash.digest(Buffer.concat([D, I]));
    for (let r = 1; r < iter; r++) a = hash.digest(a);
    out.set(a.subarray(0, n - off), off);
    off += a.length;
    if (off >= n) return out;
    // I_j = (I_j + B + 1) mod 2^(8v), B = A repeated to v bytes.
    for (let j = 0; j < I.length; j += v) {
      let carry = 1;
      for (let k = v - 1; k >= 0; k--) {
        const s = I[j + k] + a[k % a.length] + carry;
        I[j + k] = s & 0xff;
        carry = s >> 8;
      }
    }
  }
}

/** UTF-16BE code units: a BMPString's content. */
export function bmp(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    out[i * 2] = text.charCodeAt(i) >> 8;
    out[i * 2 + 1] = text.charCodeAt(i) & 0xff;
  }
  return out;
}

/** PKCS#12 KDF passwords are BMPStrings with a two-byte terminator (RFC 7292 B.1). */
export function bmpPassword(password: string): Uint8Array {
  return Buffer.concat([bmp(password), new Uint8Array(2)]);
}

export interface Secret {
  /** PKCS#12 KDF input. */
  bmp: Uint8Array;
  /** PBKDF2 input: the password's UTF-8 bytes, as OpenSSL and the JDK use. */
  utf8: Uint8Array;
}

function decipher(name: string, key: Uint8Array, iv: Uint8Array, data: Uint8Array): Uint8Array {
  if (!getCiphers().includes(name))
    throw new KeyFileError(
      'UNSUPPORTED',
      `the file is encrypted with ${name.toUpperCase()}, which this runtime's crypto library lacks`,
    );
  try {
    const d = createDecipheriv(name, key, iv);
    return Buffer.concat([d.update(data), d.final()]);
  } catch {
    throw new KeyFileError('WRONG_PASSWORD', 'wrong password: the private key could not be decrypted');
  }
}

/** Decrypts with a PKCS#12 PBE or PBES2 AlgorithmIdentifier. */
export function decrypt(alg: Node, data: Uint8Array, secret: Secret): Uint8Array {
  const [algOid, params] = seq(alg, 'encryption algorithm', 1);
  const id = oid(algOid, 'encryption algorithm');
  const pbe = PKCS12_PBE[id];
  if (typeof pbe === 'string') throw new KeyFileError('UNSUPPORTED', `unsupported encryption ${pbe}`);
  if (pbe) {
    const [saltNode, iterNode] = seq(params, 'PBE parameters', 2);
    const salt = octets(saltNode, 'PBE salt');
    const iter = iterations(iterNode, 'PBE iteration count');
    const [cipher, keyLen, ivLen] = pbe;
    const key = pkcs12Kdf(SHA1, secret.bmp, salt, 1, iter, keyLen);
    const iv = pkcs12Kdf(SHA1, secret.bmp, salt, 2, iter, ivLen);
    return decipher(cipher, key, iv, data);
  }
  if (id !== OID.pbes2) throw new KeyFileError('UNSUPPORTED', `unsupported encryption algorithm ${id}`);
  const [kdf, scheme] = seq(params, 'PBES2 parameters', 2);
  const [kdfOid, kdfParams] = seq(kdf, 'PBES2 key derivation', 2);
  if (oid(kdfOid, 'key derivation') !== OID.pbkdf2)
    throw new KeyFileError(
      'UNSUPPORTED',
      `unsupported key derivation ${oid(kdfOid, 'key derivation')} (only PBKDF2)`,
    );
  const kp = seq(kdfParams, 'PBKDF2 parameters', 2);
  const salt = octets(kp[0], 'PBKDF2 salt');
  const iter = iterations(kp[1], 'PBKDF2 iteration count');
  let keyLenNode: Node | undefined;
  let prf = SHA1;
  for (const extra of kp.slice(2)) {
    if (extra.tag === 0x02) keyLenNode = extra;
    else {
      const prfOid = oid(seq(extra, 'PBKDF2 PRF', 1)[0], 'PBKDF2 PRF');
      if (!PRFS[prfOid]) throw new KeyFileError('UNSUPPORTED', `unsupported PBKDF2 PRF ${prfOid}`);
      prf = PRFS[prfOid];
    }
  }
  const [schemeOid, ivNode] = seq(scheme, 'PBES2 encryption scheme', 2);
  const cipherId = oid(schemeOid, 'encryption scheme');
  const cipher = PBES2_CIPHERS[cipherId];
  if (!cipher) throw new KeyFileError('UNSUPPORTED', `unsupported PBES2 cipher ${cipherId}`);
  if (keyLenNode && int(keyLenNode, 'PBKDF2 key length') !== cipher[1])
    throw corrupt('PBKDF2 key length does not fit the cipher');
  const key = pbkdf2(prf, secret.utf8, salt, iter, cipher[1]);
  return decipher(cipher[0], key, octets(ivNode, 'cipher IV'), data);
}
