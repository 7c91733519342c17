// Byte/hex/text helpers shared by every wire format. Hex output is always lowercase.

const HEX_CHARS = '0123456789abcdef';
const BYTE_TO_HEX: string[] = Array.from({ length: 256 }, (_, i) => HEX_CHARS[i >> 4] + HEX_CHARS[i & 15]);

/** Small inputs are copied here: taking a small array's own .buffer moves it off the V8 heap. */
const SCRATCH_SIZE = 64;
const scratch = typeof Buffer === 'function' ? Buffer.allocUnsafeSlow(SCRATCH_SIZE) : undefined;

/** Lowercase hex of `bytes`, with a "0x" prefix unless `prefix` is false. */
export function toHex(bytes: Uint8Array, prefix = true): string {
  // Node's Buffer hex encoder is native: 2-3x a JS loop for hashes and addresses, and it makes
  // one flat string instead of one cons string per byte.
  let body: string;
  if (bytes.length > SCRATCH_SIZE)
    body = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
  else if (scratch !== undefined) {
    scratch.set(bytes);
    body = scratch.toString('hex', 0, bytes.length);
  } else body = bytesToHexLoop(bytes);
  return prefix ? '0x' + body : body;
}

function bytesToHexLoop(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i++) out += BYTE_TO_HEX[bytes[i]];
  return out;
}

/** Removes one leading "0x" or "0X" if present. */
export function strip0x(text: string): string {
  return text.length >= 2 && text[0] === '0' && (text[1] === 'x' || text[1] === 'X') ? text.slice(2) : text;
}

const HEX_RE = /^[0-9a-fA-F]*$/;

/** Value of each ASCII hex digit, -1 for any other character code below 128. */
const DIGIT = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  DIGIT[HEX_CHARS.charCodeAt(i)] = i;
  DIGIT[HEX_CHARS.toUpperCase().charCodeAt(i)] = i;
}
/** Up to this many digits are decoded here: Buffer's decoder costs more for a call's input. */
const SHORT_HEX = 512;

/**
 * The bytes of the even number of hex digits in `text` from `start` on (either case), or
 * undefined when one is not a hex digit. Short text only (see SHORT_HEX): the loop decodes into
 * an array on the V8 heap, where Buffer.from's copy out of its pool costs about 0.5 µs more.
 */
export function shortHexBytes(text: string, start: number): Uint8Array | undefined {
  const out = new Uint8Array((text.length - start) >> 1);
  for (let i = start, j = 0; i < text.length; i += 2, j++) {
    const a = text.charCodeAt(i);
    const b = text.charCodeAt(i + 1);
    const hi = a < 128 ? DIGIT[a] : -1;
    const lo = b < 128 ? DIGIT[b] : -1;
    if ((hi | lo) < 0) return undefined;
    out[j] = (hi << 4) | lo;
  }
  return out;
}

/** Whether `text` is short enough for shortHexBytes. */
export function isShortHex(text: string): boolean {
  return text.length <= SHORT_HEX;
}

/** Parses hex with or without "0x"; rejects odd length and non-hex characters. "" and "0x" give empty bytes. */
export function fromHex(text: string): Uint8Array {
  if (typeof text !== 'string') throw new TypeError(`fromHex: expected a string, got ${typeof text}`);
  const body = strip0x(text);
  if (body.length % 2 !== 0)
    throw new Error(`fromHex: odd number of hex digits (${body.length}) in "${preview(text)}"`);
  if (!HEX_RE.test(body)) throw new Error(`fromHex: invalid hex character in "${preview(text)}"`);
  // Copy out of Node's shared Buffer pool so callers own a standalone ArrayBuffer.
  return new Uint8Array(Buffer.from(body, 'hex'));
}

function preview(text: string): string {
  return text.length > 80 ? text.slice(0, 77) + '...' : text;
}

/** True for an even-length hex string, with or without "0x". */
export function isHex(text: string): boolean {
  if (typeof text !== 'string') return false;
  const body = strip0x(text);
  return body.length % 2 === 0 && HEX_RE.test(body);
}

export function concatBytes(...parts: Uint8Array[]): Uint8Array {
  return concatBytesList(parts);
}

/** concatBytes for a list of any length (spreading a long list into arguments overflows the stack). */
export function concatBytesList(parts: readonly Uint8Array[]): Uint8Array {
  let total = 0;
  for (const p of parts) total += p.length;
  const out = new Uint8Array(total);
  let off = 0;
  for (const p of parts) {
    out.set(p, off);
    off += p.length;
  }
  return out;
}

const encoder = new TextEncoder();
// ignoreBOM keeps a leading U+FEFF: strings must round-trip to the same bytes (they are hashed).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

export function utf8Encode(text: string): Uint8Array {
  // Short ASCII text (names, nonces, addresses, decimal numbers, hashed for every transaction
  // and receipt) is copied directly: TextEncoder's call costs more than the copy.
  if (text.length <= 64) {
    const out = new Uint8Array(text.length);
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) return encoder.encode(text);
      out[i] = c;
    }
    return out;
  }
  return encoder.encode(text);
}

export function utf8Decode(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}

/** 4-byte big-endian two's complement; accepts -2^31..2^32-1 (hashes cast int to uint32). */
export function int32BE(value: number): Uint8Array {
  if (!Number.isInteger(value) || value < -0x80000000 || value > 0xffffffff)
    throw new RangeError(`int32BE: ${value} is not a 32-bit integer`);
  // Byte by byte: a DataView over a small array's .buffer moves it off the V8 heap (~0.4 µs).
  const out = new Uint8Array(4);
  putUint32BE(out, 0, value >>> 0);
  return out;
}

function putUint32BE(out: Uint8Array, at: number, v: number): void {
  out[at] = v >>> 24;
  out[at + 1] = v >>> 16;
  out[at + 2] = v >>> 8;
  out[at + 3] = v;
}

function nibble(c: number): number {
  return c <= 0x39 ? c - 0x30 : c - 0x57; // '0'-'9', 'a'-'f' (bigint.toString(16) is lowercase)
}

/** The 32 big-endian bytes of 0 <= `v` < 2^256 (an EVM word, a curve scalar or coordinate). */
export function uint256Bytes(v: bigint): Uint8Array {
  // 32 bytes live on the V8 heap (a Buffer would come from, and exhaust, Node's shared pool).
  const out = new Uint8Array(32);
  if (v < 0n) throw new RangeError(`uint256Bytes: ${v} is negative`);
  if (v <= 0x1fffffffffffffn) {
    // Offsets, lengths, counters: a Number holds them, no text needed.
    let n = Number(v);
    for (let i = 31; n > 0; i--) {
      out[i] = n % 256;
      n = Math.floor(n / 256);
    }
    return out;
  }
  const text = v.toString(16);
  if (text.length > 64) throw new RangeError(`uint256Bytes: ${v} does not fit in 256 bits`);
  let j = text.length;
  for (let i = 31; j > 0; i--, j -= 2) {
    out[i] =
      j === 1
        ? nibble(text.charCodeAt(0))
        : (nibble(text.charCodeAt(j - 2)) << 4) | nibble(text.charCodeAt(j - 1));
  }
  return out;
}

/**
 * The unsigned big-endian integer in `bytes` (any length; empty is 0), or in its bytes from
 * `start` to `end` (no view needed: a view of a small array moves its bytes off the V8 heap).
 */
export function uintFromBytes(bytes: Uint8Array, start = 0, end = bytes.length): bigint {
  const n = end;
  let i = start;
  while (i < n && bytes[i] === 0) i++;
  if (n - i <= 6) {
    // Up to 48 bits: exact as a Number.
    let v = 0;
    for (; i < n; i++) v = v * 256 + bytes[i];
    return BigInt(v);
  }
  if (n - i <= 32) {
    // A word (hashes, slots, storage values): 32 bits at a time, about 2x the hex text below,
    // which builds one cons cell per byte before BigInt parses it.
    let head = 0;
    const lead = (n - i) % 4;
    for (let end = i + lead; i < end; i++) head = head * 256 + bytes[i];
    let r = BigInt(head);
    for (; i < n; i += 4) {
      const w = ((bytes[i] << 24) | (bytes[i + 1] << 16) | (bytes[i + 2] << 8) | bytes[i + 3]) >>> 0;
      r = (r << 32n) | BigInt(w);
    }
    return r;
  }
  let text = '0x';
  for (; i < n; i++) text += BYTE_TO_HEX[bytes[i]];
  return BigInt(text);
}

/** 8-byte big-endian two's complement of a signed 64-bit value (number must be a safe integer). */
export function int64BE(value: bigint | number): Uint8Array {
  const out = new Uint8Array(8);
  // Block numbers, timestamps, indexes: no BigInt needed.
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) {
    putUint32BE(out, 0, Math.floor(value / 0x100000000));
    putUint32BE(out, 4, value >>> 0);
    return out;
  }
  const v = typeof value === 'bigint' ? value : toSafeBigInt(value, 'int64BE');
  if (v < -(1n << 63n) || v >= 1n << 64n) throw new RangeError(`int64BE: ${v} is out of 64-bit range`);
  const u = BigInt.asUintN(64, v);
  putUint32BE(out, 0, Number(u >> 32n));
  putUint32BE(out, 4, Number(u & 0xffffffffn));
  return out;
}

function toSafeBigInt(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what}: ${value} is not a safe integer`);
  return BigInt(value);
}

export function readInt32BE(bytes: Uint8Array, offset = 0): number {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getInt32(offset);
}

export function readInt64BE(bytes: Uint8Array, offset = 0): bigint {
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getBigInt64(offset);
}

export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
