// EC private keys in PEM, as FISCO's tools write them: get_account.sh (`openssl genpkey` with a
// secp256k1 param file) and get_gm_account.sh (TASSL genpkey with sm2p256v1) both produce
// PKCS#8 "PRIVATE KEY" = { 0, {id-ecPublicKey, curve}, OCTET{ ECPrivateKey{1, d, [1] pub} } }.
// Import also accepts SEC1 "EC PRIVATE KEY" (`openssl ecparam -genkey`). A minimal DER
// reader/writer is enough for these fixed shapes.

const OID_EC_PUBLIC_KEY = '1.2.840.10045.2.1';
const OID_SECP256K1 = '1.3.132.0.10';
const OID_SM2P256V1 = '1.2.156.10197.1.301';

export type KeyCurve = 'secp256k1' | 'sm2p256v1';

const CURVE_OIDS: Record<KeyCurve, string> = { secp256k1: OID_SECP256K1, sm2p256v1: OID_SM2P256V1 };

const KNOWN_CURVE_NAMES: Record<string, string> = {
  '1.2.840.10045.3.1.7': 'prime256v1 (P-256)',
  '1.3.132.0.34': 'secp384r1',
  '1.3.132.0.35': 'secp521r1',
};

export class PemError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PemError';
  }
}

export interface ParsedEcKey {
  curve: KeyCurve;
  privateKey: Uint8Array; // 32 bytes
  /** 64 bytes X‖Y when the file embeds the public key. */
  publicKey?: Uint8Array;
}

// ---------- DER ----------

interface Der {
  tag: number;
  /** Content bytes. */
  value: Uint8Array;
}

class DerReader {
  private pos = 0;
  constructor(private readonly buf: Uint8Array) {}

  get done(): boolean {
    return this.pos >= this.buf.length;
  }

  read(): Der {
    if (this.pos + 2 > this.buf.length) throw new PemError('corrupt key: truncated DER');
    const tag = this.buf[this.pos++];
    let len = this.buf[this.pos++];
    if (len & 0x80) {
      const n = len & 0x7f;
      if (n === 0 || n > 3 || this.pos + n > this.buf.length)
        throw new PemError('corrupt key: bad DER length');
      len = 0;
      for (let i = 0; i < n; i++) len = len * 256 + this.buf[this.pos++];
    }
    if (this.pos + len > this.buf.length) throw new PemError('corrupt key: DER length exceeds data');
    const value = this.buf.subarray(this.pos, this.pos + len);
    this.pos += len;
    return { tag, value };
  }

  expect(tag: number, what: string): Uint8Array {
    const d = this.read();
    if (d.tag !== tag) throw new PemError(`corrupt key: expected ${what}`);
    return d.value;
  }
}

function derChildren(value: Uint8Array): Der[] {
  const r = new DerReader(value);
  const out: Der[] = [];
  while (!r.done) out.push(r.read());
  return out;
}

function decodeOid(bytes: Uint8Array): string {
  if (bytes.length === 0) throw new PemError('corrupt key: empty OID');
  const parts = [Math.floor(bytes[0] / 40), bytes[0] % 40];
  let v = 0;
  for (let i = 1; i < bytes.length; i++) {
    v = v * 128 + (bytes[i] & 0x7f);
    if (!(bytes[i] & 0x80)) {
      parts.push(v);
      v = 0;
    }
  }
  return parts.join('.');
}

function encodeOid(oid: string): Uint8Array {
  const nums = oid.split('.').map(Number);
  const out = [nums[0] * 40 + nums[1]];
  for (const n of nums.slice(2)) {
    const chunk = [n & 0x7f];
    let rest = Math.floor(n / 128);
    while (rest > 0) {
      chunk.unshift((rest & 0x7f) | 0x80);
      rest = Math.floor(rest / 128);
    }
    out.push(...chunk);
  }
  return Uint8Array.from(out);
}

function der(tag: number, ...content: Uint8Array[]): Uint8Array {
  const len = content.reduce((n, c) => n + c.length, 0);
  const head = len < 0x80 ? [tag, len] : len < 0x100 ? [tag, 0x81, len] : [tag, 0x82, len >> 8, len & 0xff];
  const out = new Uint8Array(head.length + len);
  out.set(head);
  let off = head.length;
  for (const c of content) {
    out.set(c, off);
    off += c.length;
  }
  return out;
}

// ---------- PEM ----------

interface PemBlock {
  label: string;
  headers: string;
  body: Uint8Array;
}

function pemBlocks(text: string): PemBlock[] {
  const re = /-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END \1-----/g;
  const out: PemBlock[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) {
    // RFC 1421 headers ("Proc-Type: 4,ENCRYPTED", "DEK-Info: …") are the lines with a colon.
    const lines = m[2].split(/\r?\n/);
    const headers = lines.filter((l) => l.includes(':')).join('\n');
    const b64 = lines
      .filter((l) => !l.includes(':'))
      .join('')
      .replace(/\s+/g, '');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64))
      throw new PemError(`corrupt PEM: invalid base64 in ${m[1]} block`);
    out.push({ label: m[1], headers, body: Uint8Array.from(Buffer.from(b64, 'base64')) });
  }
  return out;
}

function toPem(label: string, body: Uint8Array): string {
  const b64 = Buffer.from(body).toString('base64');
  const lines = b64.match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

function curveFromOid(oid: string): KeyCurve {
  if (oid === OID_SECP256K1) return 'secp256k1';
  if (oid === OID_SM2P256V1) return 'sm2p256v1';
  const name = KNOWN_CURVE_NAMES[oid];
  throw new PemError(
    `unsupported curve ${name ?? oid}: FISCO BCOS accounts use secp256k1 (non-SM) or sm2p256v1 (SM)`,
  );
}

function privateScalar(bytes: Uint8Array): Uint8Array {
  // Strip DER-style leading zeros, then left-pad to 32 bytes.
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  const d = bytes.subarray(start);
  if (d.length > 32) throw new PemError('corrupt key: private key longer than 32 bytes');
  const out = new Uint8Array(32);
  out.set(d, 32 - d.length);
  return out;
}

function publicFromBitString(bits: Uint8Array): Uint8Array {
  // BIT STRING: unused-bits byte 0, then an uncompressed point 04‖X‖Y.
  if (bits.length !== 66 || bits[0] !== 0 || bits[1] !== 4)
    throw new PemError('corrupt key: embedded public key is not an uncompressed 64-byte point');
  return bits.slice(2);
}

/** ECPrivateKey (SEC1): { 1, OCTET d, [0] curve OID?, [1] BIT STRING pub? }. */
function parseEcPrivateKey(body: Uint8Array, outerCurve?: KeyCurve): ParsedEcKey {
  const seq = new DerReader(body).expect(0x30, 'an ECPrivateKey sequence');
  const items = derChildren(seq);
  if (items.length < 2 || items[0].tag !== 0x02 || items[1].tag !== 0x04)
    throw new PemError('corrupt key: malformed ECPrivateKey');
  if (items[0].value.length !== 1 || items[0].value[0] !== 1)
    throw new PemError('corrupt key: ECPrivateKey version must be 1');
  let curve = outerCurve;
  let publicKey: Uint8Array | undefined;
  for (const item of items.slice(2)) {
    if (item.tag === 0xa0) {
      const param = new DerReader(item.value).read();
      if (param.tag !== 0x06)
        throw new PemError('unsupported key: explicit curve parameters (use a named curve)');
      const inner = curveFromOid(decodeOid(param.value));
      if (curve && inner !== curve) throw new PemError('corrupt key: curve parameters disagree');
      curve = inner;
    } else if (item.tag === 0xa1) {
      publicKey = publicFromBitString(new DerReader(item.value).expect(0x03, 'a BIT STRING public key'));
    }
  }
  if (!curve) throw new PemError('unsupported key: the EC private key does not name its curve');
  return { curve, privateKey: privateScalar(items[1].value), publicKey };
}

/** PKCS#8 PrivateKeyInfo with an EC key. */
function parsePkcs8(body: Uint8Array): ParsedEcKey {
  const seq = new DerReader(body).expect(0x30, 'a PKCS#8 sequence');
  const items = derChildren(seq);
  if (items.length < 3 || items[0].tag !== 0x02 || items[1].tag !== 0x30 || items[2].tag !== 0x04)
    throw new PemError('corrupt key: malformed PKCS#8 PrivateKeyInfo');
  const alg = derChildren(items[1].value);
  if (alg.length < 1 || alg[0].tag !== 0x06)
    throw new PemError('corrupt key: malformed algorithm identifier');
  const algOid = decodeOid(alg[0].value);
  let curve: KeyCurve;
  if (algOid === OID_EC_PUBLIC_KEY) {
    if (alg.length < 2 || alg[1].tag !== 0x06)
      throw new PemError('unsupported key: explicit curve parameters (use a named curve)');
    curve = curveFromOid(decodeOid(alg[1].value));
  } else if (algOid === OID_SM2P256V1) {
    curve = 'sm2p256v1'; // some SM2 tools put the curve OID as the algorithm
  } else {
    throw new PemError(`unsupported key type (algorithm ${algOid}): expected an EC private key`);
  }
  return parseEcPrivateKey(items[2].value, curve);
}

/** Parses the first private key in a PEM file (PKCS#8 or SEC1). */
export function parsePrivateKeyPem(text: string): ParsedEcKey {
  if (typeof text !== 'string') throw new PemError('PEM text must be a string');
  const blocks = pemBlocks(text);
  if (blocks.length === 0) throw new PemError('not a PEM file: no "-----BEGIN ...-----" block found');
  for (const b of blocks) {
    if (b.label === 'ENCRYPTED PRIVATE KEY' || /ENCRYPTED/.test(b.headers))
      throw new PemError(
        'encrypted private keys are not supported: decrypt it first (openssl pkey -in key.pem -out plain.pem)',
      );
    if (b.label === 'PRIVATE KEY') return parsePkcs8(b.body);
    if (b.label === 'EC PRIVATE KEY') return parseEcPrivateKey(b.body);
  }
  const labels = blocks.map((b) => b.label).join(', ');
  throw new PemError(`no private key in PEM (found: ${labels}); expected "PRIVATE KEY" or "EC PRIVATE KEY"`);
}

/** PKCS#8 "PRIVATE KEY" PEM, byte-compatible with `openssl genpkey` / TASSL output. */
export function privateKeyToPem(curve: KeyCurve, privateKey: Uint8Array, publicKey: Uint8Array): string {
  if (privateKey.length !== 32) throw new PemError('private key must be 32 bytes');
  if (publicKey.length !== 64) throw new PemError('public key must be 64 bytes');
  const ecPrivateKey = der(
    0x30,
    der(0x02, Uint8Array.of(1)),
    der(0x04, privateKey),
    der(0xa1, der(0x03, Uint8Array.of(0, 4), publicKey)),
  );
  const info = der(
    0x30,
    der(0x02, Uint8Array.of(0)),
    der(0x30, der(0x06, encodeOid(OID_EC_PUBLIC_KEY)), der(0x06, encodeOid(CURVE_OIDS[curve]))),
    der(0x04, ecPrivateKey),
  );
  return toPem('PRIVATE KEY', info);
}

/** SubjectPublicKeyInfo "PUBLIC KEY" PEM (the `.public.pem` the scripts write next to the key). */
export function publicKeyToPem(curve: KeyCurve, publicKey: Uint8Array): string {
  if (publicKey.length !== 64) throw new PemError('public key must be 64 bytes');
  const spki = der(
    0x30,
    der(0x30, der(0x06, encodeOid(OID_EC_PUBLIC_KEY)), der(0x06, encodeOid(CURVE_OIDS[curve]))),
    der(0x03, Uint8Array.of(0, 4), publicKey),
  );
  return toPem('PUBLIC KEY', spki);
}
