// Minimal DER (X.690) reading and writing: enough for SM2 certificates, SM2 signatures
// (SEQUENCE of two INTEGERs) and SM2 ciphertexts (GM/T 0009: SEQUENCE{x, y, hash, ciphertext}).
// Strict: definite lengths only, no trailing bytes where a whole value is expected.

export class DerError extends Error {
  constructor(message: string) {
    super(`DER: ${message}`);
    this.name = 'DerError';
  }
}

export interface DerNode {
  tag: number;
  /** The whole TLV. */
  raw: Uint8Array;
  /** The contents octets. */
  value: Uint8Array;
}

/** Reads one TLV at `offset`; returns it and the offset after it. */
export function readTlv(buf: Uint8Array, offset = 0): { node: DerNode; next: number } {
  if (offset + 2 > buf.length) throw new DerError('truncated header');
  const tag = buf[offset];
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte tags are not supported');
  let len = buf[offset + 1];
  let pos = offset + 2;
  if (len & 0x80) {
    const n = len & 0x7f;
    if (n === 0 || n > 4) throw new DerError('indefinite or oversized length');
    if (pos + n > buf.length) throw new DerError('truncated length');
    len = 0;
    for (let i = 0; i < n; i++) len = len * 256 + buf[pos + i];
    pos += n;
  }
  const end = pos + len;
  if (end > buf.length) throw new DerError(`value of ${len} bytes overruns its buffer`);
  return { node: { tag, raw: buf.subarray(offset, end), value: buf.subarray(pos, end) }, next: end };
}

/** Exactly one TLV filling `buf`. */
export function parseDer(buf: Uint8Array): DerNode {
  const { node, next } = readTlv(buf, 0);
  if (next !== buf.length) throw new DerError('trailing bytes');
  return node;
}

/** Children of a constructed value. */
export function children(node: DerNode): DerNode[] {
  const out: DerNode[] = [];
  let pos = 0;
  while (pos < node.value.length) {
    const { node: child, next } = readTlv(node.value, pos);
    out.push(child);
    pos = next;
  }
  return out;
}

export function expectTag(node: DerNode | undefined, tag: number, what: string): DerNode {
  if (!node || node.tag !== tag)
    throw new DerError(
      `${what}: expected tag 0x${tag.toString(16)}, got ${node ? '0x' + node.tag.toString(16) : 'nothing'}`,
    );
  return node;
}

export function decodeOid(value: Uint8Array): string {
  if (value.length === 0) throw new DerError('empty OID');
  const parts: number[] = [Math.floor(value[0] / 40), value[0] % 40];
  let acc = 0;
  for (let i = 1; i < value.length; i++) {
    acc = acc * 128 + (value[i] & 0x7f);
    if (!(value[i] & 0x80)) {
      parts.push(acc);
      acc = 0;
    }
  }
  return parts.join('.');
}

/** Unsigned big-endian integer contents (leading zero stripped), as a bigint. */
export function decodeUnsigned(node: DerNode): bigint {
  expectTag(node, 0x02, 'INTEGER');
  if (node.value.length === 0) throw new DerError('empty INTEGER');
  if (node.value[0] & 0x80) throw new DerError('negative INTEGER');
  return BigInt('0x' + Buffer.from(node.value).toString('hex'));
}

// ---- writing ----

function lengthBytes(len: number): Uint8Array {
  if (len < 0x80) return Uint8Array.of(len);
  const bytes: number[] = [];
  for (let v = len; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  return Uint8Array.of(0x80 | bytes.length, ...bytes);
}

export function tlv(tag: number, ...contents: Uint8Array[]): Uint8Array {
  const body = Buffer.concat(contents);
  return Buffer.concat([Uint8Array.of(tag), lengthBytes(body.length), body]);
}

export const seq = (...items: Uint8Array[]): Uint8Array => tlv(0x30, ...items);
export const set = (...items: Uint8Array[]): Uint8Array => tlv(0x31, ...items);
export const octets = (b: Uint8Array): Uint8Array => tlv(0x04, b);
export const bitString = (b: Uint8Array): Uint8Array => tlv(0x03, Uint8Array.of(0), b);
export const utf8String = (s: string): Uint8Array => tlv(0x0c, Buffer.from(s, 'utf8'));
export const explicit = (n: number, inner: Uint8Array): Uint8Array => tlv(0xa0 | n, inner);
export const boolTrue = (): Uint8Array => tlv(0x01, Uint8Array.of(0xff));

export function integer(v: bigint | Uint8Array): Uint8Array {
  let bytes: Uint8Array;
  if (typeof v === 'bigint') {
    if (v < 0n) throw new DerError('negative integers are not written here');
    let hex = v.toString(16);
    if (hex.length % 2) hex = '0' + hex;
    bytes = Buffer.from(hex, 'hex');
  } else bytes = v;
  let start = 0;
  while (start < bytes.length - 1 && bytes[start] === 0) start++;
  bytes = bytes.subarray(start);
  if (bytes.length === 0) bytes = Uint8Array.of(0);
  if (bytes[0] & 0x80) bytes = Buffer.concat([Uint8Array.of(0), bytes]);
  return tlv(0x02, bytes);
}

export function oid(dotted: string): Uint8Array {
  const parts = dotted.split('.').map(Number);
  const out: number[] = [parts[0] * 40 + parts[1]];
  for (const p of parts.slice(2)) {
    const chunk: number[] = [p & 0x7f];
    for (let v = Math.floor(p / 128); v > 0; v = Math.floor(v / 128)) chunk.unshift((v & 0x7f) | 0x80);
    out.push(...chunk);
  }
  return tlv(0x06, Uint8Array.from(out));
}

/** UTCTime for years 1950–2049, GeneralizedTime otherwise (RFC 5280 §4.1.2.5). */
export function time(d: Date): Uint8Array {
  const p = (n: number) => String(n).padStart(2, '0');
  const y = d.getUTCFullYear();
  const rest = `${p(d.getUTCMonth() + 1)}${p(d.getUTCDate())}${p(d.getUTCHours())}${p(d.getUTCMinutes())}${p(d.getUTCSeconds())}Z`;
  if (y >= 1950 && y < 2050) return tlv(0x17, Buffer.from(`${p(y % 100)}${rest}`));
  return tlv(0x18, Buffer.from(`${y}${rest}`));
}

export function decodeTime(node: DerNode): Date {
  const s = Buffer.from(node.value).toString('latin1');
  const m =
    node.tag === 0x17
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(s)
      : node.tag === 0x18
        ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})Z$/.exec(s)
        : null;
  if (!m) throw new DerError(`unsupported time "${s}"`);
  let year = Number(m[1]);
  if (node.tag === 0x17) year += year < 50 ? 2000 : 1900;
  return new Date(Date.UTC(year, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])));
}
