// PKCS#12 (.p12 / .pfx) account files (RFC 7292), as FISCO's get_account.sh -p and
// get_gm_account.sh -p write them (`openssl pkcs12 -export -name key -nocerts`, password-based
// privacy and integrity) and as the Java SDK's P12KeyStore (BouncyCastle) reads and writes them.
// What is in the wild:
//   OpenSSL 3:        PBES2 (PBKDF2-HMAC-SHA256, AES-256-CBC) shrouded key bag, HMAC-SHA256 MAC
//   OpenSSL 1.x/TASSL, BouncyCastle: pbeWithSHAAnd3-KeyTripleDES-CBC (PKCS#12 KDF), HMAC-SHA1 MAC,
//                     certificates (if any) under RC2-40, which Node cannot decrypt and we skip
// BouncyCastle writes BER (indefinite lengths, chunked OCTET STRINGs), so the reader takes BER.

import {
  createCipheriv,
  createDecipheriv,
  createHash,
  getCiphers,
  pbkdf2Sync,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';
import { Account, KeyFileError } from './account';
import { sm3 } from './crypto/sm3';
import { cryptoSuite } from './crypto/suite';
import { parsePrivateKeyPem, PemError } from './pem';

// ---------- BER reading ----------

interface Node {
  tag: number;
  /** Content of a primitive element. */
  content?: Uint8Array;
  /** Elements of a constructed one. */
  children?: Node[];
}

const corrupt = (why: string) => new KeyFileError('CORRUPT', `not a valid PKCS#12 file: ${why}`);

function parseBer(buf: Uint8Array): Node {
  const [node, end] = readNode(buf, 0, 0);
  if (end !== buf.length) throw corrupt('unexpected data after the PFX structure');
  return node;
}

function readNode(buf: Uint8Array, pos: number, depth: number): [Node, number] {
  if (depth > 40) throw corrupt('nesting too deep');
  if (pos + 2 > buf.length) throw corrupt('truncated data');
  const tag = buf[pos++];
  if ((tag & 0x1f) === 0x1f) throw corrupt('unexpected high-number tag');
  let len = buf[pos++];
  let indefinite = false;
  if (len === 0x80) indefinite = true;
  else if (len & 0x80) {
    const n = len & 0x7f;
    if (n > 4 || pos + n > buf.length) throw corrupt('bad length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[pos++];
  }
  const constructed = (tag & 0x20) !== 0;
  if (indefinite) {
    if (!constructed) throw corrupt('indefinite length on a primitive element');
    const children: Node[] = [];
    for (;;) {
      if (pos + 2 > buf.length) throw corrupt('truncated data');
      if (buf[pos] === 0 && buf[pos + 1] === 0) return [{ tag, children }, pos + 2];
      const [child, next] = readNode(buf, pos, depth + 1);
      children.push(child);
      pos = next;
    }
  }
  const end = pos + len;
  if (end > buf.length) throw corrupt('truncated data');
  if (!constructed) return [{ tag, content: buf.subarray(pos, end) }, end];
  const children: Node[] = [];
  while (pos < end) {
    const [child, next] = readNode(buf.subarray(0, end), pos, depth + 1);
    children.push(child);
    pos = next;
  }
  return [{ tag, children }, end];
}

function seq(node: Node | undefined, what: string, min = 0): Node[] {
  if (!node || (node.tag !== 0x30 && node.tag !== 0x31) || !node.children || node.children.length < min)
    throw corrupt(`malformed ${what}`);
  return node.children;
}

function prim(node: Node | undefined, tag: number, what: string): Uint8Array {
  if (!node || node.tag !== tag || !node.content) throw corrupt(`malformed ${what}`);
  return node.content;
}

/** OCTET STRING (or an implicitly tagged one) value; BER may split it into constructed chunks. */
function octets(node: Node | undefined, what: string, tag = 0x04): Uint8Array {
  if (!node || (node.tag & ~0x20) !== tag) throw corrupt(`malformed ${what}`);
  if (node.content) return node.content;
  return Buffer.concat(node.children!.map((c) => octets(c, what)));
}

function oid(node: Node | undefined, what: string): string {
  const b = prim(node, 0x06, what);
  if (b.length === 0) throw corrupt(`malformed ${what}`);
  const parts = [Math.min(2, Math.floor(b[0] / 40)), b[0] - Math.min(2, Math.floor(b[0] / 40)) * 40];
  let v = 0;
  for (let i = 1; i < b.length; i++) {
    v = v * 128 + (b[i] & 0x7f);
    if (!(b[i] & 0x80)) {
      parts.push(v);
      v = 0;
    }
  }
  return parts.join('.');
}

function int(node: Node | undefined, what: string): number {
  const b = prim(node, 0x02, what);
  if (b.length === 0 || b.length > 6 || b[0] & 0x80) throw corrupt(`unsupported ${what}`);
  return b.reduce((n, x) => n * 256 + x, 0);
}

/** [0] EXPLICIT wrapper's single element. */
function explicit0(node: Node | undefined, what: string): Node {
  if (!node || node.tag !== 0xa0 || node.children?.length !== 1) throw corrupt(`malformed ${what}`);
  return node.children[0];
}

// ---------- DER writing ----------

function der(tag: number, ...content: Uint8Array[]): Uint8Array {
  const body = Buffer.concat(content);
  const n = body.length;
  const head =
    n < 0x80
      ? [n]
      : n < 0x100
        ? [0x81, n]
        : n < 0x10000
          ? [0x82, n >> 8, n & 0xff]
          : [0x83, n >> 16, (n >> 8) & 0xff, n & 0xff];
  return Buffer.concat([Uint8Array.of(tag, ...head), body]);
}

function derOid(text: string): Uint8Array {
  const nums = text.split('.').map(Number);
  const out = [nums[0] * 40 + nums[1]];
  for (const n of nums.slice(2)) {
    const chunk = [n & 0x7f];
    for (let rest = Math.floor(n / 128); rest > 0; rest = Math.floor(rest / 128))
      chunk.unshift((rest & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return der(0x06, Uint8Array.from(out));
}

function derInt(n: number): Uint8Array {
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  if (bytes.length === 0 || bytes[0] & 0x80) bytes.unshift(0);
  return der(0x02, Uint8Array.from(bytes));
}

const NULL = Uint8Array.of(0x05, 0x00);

// ---------- algorithms ----------

const OID = {
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

interface Hash {
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
const SHA256 = nodeHash('sha256', 32, 64);
// Our own SM3: the extension host's Electron uses BoringSSL, which has none.
const SM3: Hash = { name: 'sm3', outLen: 32, blockLen: 64, digest: sm3 };

/** MAC digests (DigestInfo algorithm). */
const DIGESTS: Record<string, Hash> = {
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
const MAX_ITERATIONS = 10_000_000;

function iterations(node: Node | undefined, what: string): number {
  const n = int(node, what);
  if (n < 1 || n > MAX_ITERATIONS) throw new KeyFileError('UNSUPPORTED', `unsupported ${what} ${n}`);
  return n;
}

function hmac(hash: Hash, key: Uint8Array, data: Uint8Array): Uint8Array {
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
function pkcs12Kdf(
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
function bmp(text: string): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    out[i * 2] = text.charCodeAt(i) >> 8;
    out[i * 2 + 1] = text.charCodeAt(i) & 0xff;
  }
  return out;
}

/** PKCS#12 KDF passwords are BMPStrings with a two-byte terminator (RFC 7292 B.1). */
function bmpPassword(password: string): Uint8Array {
  return Buffer.concat([bmp(password), new Uint8Array(2)]);
}

interface Secret {
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
function decrypt(alg: Node, data: Uint8Array, secret: Secret): Uint8Array {
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

// ---------- import ----------

/** Checks the MAC; returns the password encoding that matches it. */
function verifyMac(macData: Node, authSafe: Uint8Array, candidates: Secret[]): Secret {
  const [digestInfo, saltNode, iterNode] = seq(macData, 'MAC data', 2);
  const [algId, macNode] = seq(digestInfo, 'MAC digest info', 2);
  const algOid = oid(seq(algId, 'MAC algorithm', 1)[0], 'MAC algorithm');
  if (algOid === OID.pbmac1)
    throw new KeyFileError(
      'UNSUPPORTED',
      'unsupported MAC PBMAC1 (OpenSSL 3.4+ -pbmac1_pbkdf2); re-export without it',
    );
  const hash = DIGESTS[algOid];
  if (!hash) throw new KeyFileError('UNSUPPORTED', `unsupported MAC digest ${algOid}`);
  const expected = octets(macNode, 'MAC');
  const salt = octets(saltNode, 'MAC salt');
  const iter = iterNode ? iterations(iterNode, 'MAC iteration count') : 1;
  for (const secret of candidates) {
    const key = pkcs12Kdf(hash, secret.bmp, salt, 3, iter, hash.outLen);
    const mac = hmac(hash, key, authSafe);
    if (mac.length === expected.length && timingSafeEqual(mac, expected)) return secret;
  }
  throw new KeyFileError('WRONG_PASSWORD', 'wrong password for this .p12 file (its integrity check failed)');
}

interface Found {
  keys: Uint8Array[];
  skipped: string[];
}

function readSafeContents(bytes: Uint8Array, secret: Secret, found: Found, depth = 0): void {
  const bags = seq(parseBer(bytes), 'SafeContents');
  for (const bag of bags) readBag(bag, secret, found, depth);
}

function readBag(bag: Node, secret: Secret, found: Found, depth: number): void {
  const [idNode, valueNode] = seq(bag, 'SafeBag', 2);
  const id = oid(idNode, 'bag type');
  const value = explicit0(valueNode, 'bag value');
  if (id === OID.keyBag) found.keys.push(encodeNode(value));
  else if (id === OID.shroudedKeyBag) {
    const [alg, enc] = seq(value, 'EncryptedPrivateKeyInfo', 2);
    found.keys.push(decrypt(alg, octets(enc, 'encrypted key'), secret));
  } else if (id === OID.safeContentsBag && depth < 4) {
    for (const inner of seq(value, 'nested SafeContents')) readBag(inner, secret, found, depth + 1);
  }
  // Certificate, CRL and secret bags carry nothing we need: the public key follows from the private key.
}

/** Re-encodes a parsed element as DER (a plain keyBag's PrivateKeyInfo may arrive as BER). */
function encodeNode(node: Node): Uint8Array {
  if (node.content) return der(node.tag, node.content);
  return der(node.tag, ...node.children!.map(encodeNode));
}

function pkcs8ToAccount(pkcs8: Uint8Array, sm: boolean | undefined, macChecked: boolean): Account {
  const pem = `-----BEGIN PRIVATE KEY-----\n${Buffer.from(pkcs8).toString('base64')}\n-----END PRIVATE KEY-----\n`;
  let parsed;
  try {
    parsed = parsePrivateKeyPem(pem);
  } catch (e) {
    const msg = e instanceof PemError ? e.message : String(e);
    if (/unsupported (curve|key)/.test(msg)) throw new KeyFileError('WRONG_CURVE', msg);
    // Without a MAC, garbage after decryption is the usual sign of a wrong password.
    if (!macChecked)
      throw new KeyFileError('WRONG_PASSWORD', 'wrong password: the decrypted private key is not valid');
    throw corrupt(msg);
  }
  const isSm = parsed.curve === 'sm2p256v1';
  if (sm !== undefined && sm !== isSm)
    throw new KeyFileError(
      'WRONG_CURVE',
      `the .p12 holds a ${parsed.curve} key, but the chain needs ${sm ? 'an SM2 (sm2p256v1)' : 'a secp256k1'} key`,
    );
  const account = new Account(parsed.privateKey, cryptoSuite(isSm));
  if (parsed.publicKey && Buffer.compare(parsed.publicKey, account.publicKey) !== 0)
    throw corrupt('the embedded public key does not match the private key');
  return account;
}

/**
 * Reads the first private key of a password-protected PKCS#12 file. The key's curve decides the
 * suite (secp256k1 or SM2); pass `sm` to insist on one. Throws KeyFileError.
 */
export function importP12(data: Uint8Array, password: string, sm?: boolean): Account {
  if (!(data instanceof Uint8Array)) throw new TypeError('importP12: data must be a Uint8Array');
  if (Buffer.from(data.subarray(0, 11)).toString('latin1') === '-----BEGIN ')
    throw corrupt('this is a PEM file; import it as PEM');
  const pfx = seq(parseBer(data), 'PFX', 2);
  if (int(pfx[0], 'PFX version') !== 3)
    throw new KeyFileError('UNSUPPORTED', `unsupported PKCS#12 version ${int(pfx[0], 'version')}`);
  const [typeNode, contentNode] = seq(pfx[1], 'authSafe', 2);
  if (oid(typeNode, 'authSafe type') !== OID.data)
    throw new KeyFileError(
      'UNSUPPORTED',
      'unsupported PKCS#12 integrity mode: only password (MAC) protection is supported',
    );
  const authSafe = octets(explicit0(contentNode, 'authSafe'), 'authSafe');

  const utf8 = new Uint8Array(Buffer.from(password, 'utf8'));
  // An empty password is written as either two zero bytes or nothing, depending on the tool.
  const candidates: Secret[] = [{ bmp: bmpPassword(password), utf8 }];
  if (password === '') candidates.push({ bmp: new Uint8Array(0), utf8 });
  const secret = pfx[2] ? verifyMac(pfx[2], authSafe, candidates) : candidates[0];

  const found: Found = { keys: [], skipped: [] };
  for (const info of seq(parseBer(authSafe), 'AuthenticatedSafe')) {
    const [type, content] = seq(info, 'ContentInfo', 1);
    const kind = oid(type, 'content type');
    if (kind === OID.data) readSafeContents(octets(explicit0(content, 'data'), 'data'), secret, found);
    else if (kind === OID.encryptedData) {
      const [, eci] = seq(explicit0(content, 'EncryptedData'), 'EncryptedData', 2);
      const [, alg, enc] = seq(eci, 'EncryptedContentInfo', 3);
      try {
        readSafeContents(decrypt(alg, octets(enc, 'encrypted content', 0x80), secret), secret, found);
      } catch (e) {
        // Usually certificates under RC2-40 (OpenSSL 1.x, BouncyCastle): not needed for an account.
        if (!(e instanceof KeyFileError) || e.code !== 'UNSUPPORTED') throw e;
        found.skipped.push(e.message);
      }
    } else found.skipped.push(`content type ${kind}`);
    if (found.keys.length) break;
  }
  if (!found.keys.length)
    throw found.skipped.length
      ? new KeyFileError(
          'UNSUPPORTED',
          `no readable private key in the .p12 file (${found.skipped.join('; ')})`,
        )
      : corrupt('the file holds no private key');
  return pkcs8ToAccount(found.keys[0], sm, pfx[2] !== undefined);
}

// ---------- export ----------

export interface P12ExportOptions {
  /** PBKDF2 and MAC iterations; default 10000. */
  iterations?: number;
}

/**
 * A .p12 as OpenSSL 3 writes `pkcs12 -export -name key -nocerts`: one shrouded key bag under
 * PBES2 (PBKDF2-HMAC-SHA256, AES-256-CBC), HMAC-SHA256 MAC. Readable by OpenSSL 1.1+, TASSL, the
 * Java SDK and importP12.
 */
export function exportP12(account: Account, password: string, options: P12ExportOptions = {}): Uint8Array {
  const iter = options.iterations ?? 10000;
  if (!Number.isInteger(iter) || iter < 1 || iter > MAX_ITERATIONS)
    throw new RangeError(`invalid iteration count ${iter}`);
  const pkcs8 = Buffer.from(account.toPem().replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');

  const salt = randomBytes(16);
  const iv = randomBytes(16);
  const key = pbkdf2Sync(Buffer.from(password, 'utf8'), salt, iter, 32, 'sha256');
  const c = createCipheriv('aes-256-cbc', key, iv);
  const encrypted = Buffer.concat([c.update(pkcs8), c.final()]);
  const alg = der(
    0x30,
    derOid(OID.pbes2),
    der(
      0x30,
      der(
        0x30,
        derOid(OID.pbkdf2),
        der(0x30, der(0x04, salt), derInt(iter), der(0x30, derOid(OID.hmacWithSHA256), NULL)),
      ),
      der(0x30, derOid(OID.aes256cbc), der(0x04, iv)),
    ),
  );
  const friendlyName = der(0x30, derOid(OID.friendlyName), der(0x31, der(0x1e, bmp('key'))));
  const bag = der(
    0x30,
    derOid(OID.shroudedKeyBag),
    der(0xa0, der(0x30, alg, der(0x04, encrypted))),
    der(0x31, friendlyName),
  );
  const authSafe = der(0x30, der(0x30, derOid(OID.data), der(0xa0, der(0x04, der(0x30, bag)))));

  const macSalt = randomBytes(16);
  const macKey = pkcs12Kdf(SHA256, bmpPassword(password), macSalt, 3, iter, 32);
  const mac = hmac(SHA256, macKey, authSafe);
  const macData = der(
    0x30,
    der(0x30, der(0x30, derOid(OID.sha256), NULL), der(0x04, mac)),
    der(0x04, macSalt),
    derInt(iter),
  );
  return new Uint8Array(
    der(0x30, derInt(3), der(0x30, derOid(OID.data), der(0xa0, der(0x04, authSafe))), macData),
  );
}
