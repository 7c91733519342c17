// TARS encoder (rules of reference/protocol.md §2). Callers decide which optional fields to
// write (§2.8); every write* method writes unconditionally. Fields must be written in
// ascending tag order.

import { TarsType, TARS_MAX_STRING_LENGTH } from './types';

const INT1_MIN = -128;
const INT2_MIN = -32768;
const INT4_MIN = -2147483648;

export class TarsWriter {
  private buf: Uint8Array;
  private view: DataView;
  private pos = 0;

  constructor(initialCapacity = 256) {
    this.buf = new Uint8Array(initialCapacity);
    this.view = new DataView(this.buf.buffer);
  }

  /** A copy of the bytes written so far. */
  toBytes(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }

  /** The bytes written so far without a copy, valid until the next write or reset. */
  written(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }

  /** Starts over in the same buffer (a writer reused for many encodings). */
  reset(): this {
    this.pos = 0;
    return this;
  }

  get length(): number {
    return this.pos;
  }

  private ensure(extra: number): void {
    const need = this.pos + extra;
    if (need <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < need) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
    this.view = new DataView(next.buffer);
  }

  writeHead(tag: number, type: number): void {
    if (!Number.isInteger(tag) || tag < 0 || tag > 255)
      throw new RangeError(`TARS tag ${tag} out of range 0..255`);
    this.ensure(2);
    if (tag < 15) {
      this.buf[this.pos++] = (tag << 4) | type;
    } else {
      this.buf[this.pos++] = 0xf0 | type;
      this.buf[this.pos++] = tag;
    }
  }

  /** Any integer field (bool/byte/short/int/long): the smallest width that holds the value. */
  writeInt(tag: number, value: number | bigint): void {
    if (typeof value === 'bigint') {
      if (value >= -(1n << 31n) && value < 1n << 31n) return this.writeInt(tag, Number(value));
      if (value < -(1n << 63n) || value >= 1n << 63n) throw new RangeError(`TARS int ${value} exceeds int64`);
      this.writeHead(tag, TarsType.Int8);
      this.ensure(8);
      this.view.setBigInt64(this.pos, value);
      this.pos += 8;
      return;
    }
    if (!Number.isInteger(value)) throw new RangeError(`TARS int: ${value} is not an integer`);
    if (value === 0) {
      this.writeHead(tag, TarsType.Zero);
    } else if (value >= INT1_MIN && value <= 127) {
      this.writeHead(tag, TarsType.Int1);
      this.ensure(1);
      this.view.setInt8(this.pos, value);
      this.pos += 1;
    } else if (value >= INT2_MIN && value <= 32767) {
      this.writeHead(tag, TarsType.Int2);
      this.ensure(2);
      this.view.setInt16(this.pos, value);
      this.pos += 2;
    } else if (value >= INT4_MIN && value <= 2147483647) {
      this.writeHead(tag, TarsType.Int4);
      this.ensure(4);
      this.view.setInt32(this.pos, value);
      this.pos += 4;
    } else {
      if (!Number.isSafeInteger(value))
        throw new RangeError(`TARS int: ${value} is not a safe integer; pass a bigint`);
      this.writeInt(tag, BigInt(value));
    }
  }

  writeBool(tag: number, value: boolean): void {
    this.writeInt(tag, value ? 1 : 0);
  }

  /** string1 up to 255 UTF-8 bytes, string4 above. */
  writeString(tag: number, value: string): void {
    // ASCII fast path: one byte per char, no intermediate buffer.
    const len = value.length;
    let ascii = true;
    for (let i = 0; i < len; i++) {
      if (value.charCodeAt(i) > 0x7f) {
        ascii = false;
        break;
      }
    }
    if (!ascii) return this.writeStringBytes(tag, Buffer.from(value, 'utf8'));
    this.writeStringHead(tag, len);
    this.ensure(len);
    for (let i = 0; i < len; i++) this.buf[this.pos + i] = value.charCodeAt(i);
    this.pos += len;
  }

  /** A string field whose content is given as raw bytes. */
  writeStringBytes(tag: number, bytes: Uint8Array): void {
    this.writeStringHead(tag, bytes.length);
    this.writeRaw(bytes);
  }

  private writeStringHead(tag: number, len: number): void {
    if (len > TARS_MAX_STRING_LENGTH) throw new RangeError(`TARS string of ${len} bytes exceeds 100 MB`);
    if (len <= 255) {
      this.writeHead(tag, TarsType.String1);
      this.ensure(1);
      this.buf[this.pos++] = len;
    } else {
      this.writeHead(tag, TarsType.String4);
      this.ensure(4);
      this.view.setUint32(this.pos, len);
      this.pos += 4;
    }
  }

  /** vector<byte> as a SimpleList: head(tag, 13), 0x00, length as int at tag 0, raw bytes. */
  writeBytes(tag: number, bytes: Uint8Array): void {
    this.writeHead(tag, TarsType.SimpleList);
    this.writeHead(0, TarsType.Int1);
    this.writeInt(0, bytes.length);
    this.writeRaw(bytes);
  }

  /** Appends bytes with no head (used for payloads). */
  writeRaw(bytes: Uint8Array): void {
    this.ensure(bytes.length);
    this.buf.set(bytes, this.pos);
    this.pos += bytes.length;
  }

  /** A struct-typed field: head(tag, 10), the fields written by `body`, then 0x0B. */
  writeStruct(tag: number, body: (w: TarsWriter) => void): void {
    this.writeHead(tag, TarsType.StructBegin);
    body(this);
    this.writeHead(0, TarsType.StructEnd);
  }

  /** vector<T> (T ≠ byte): head(tag, 9), count at tag 0, each element written at tag 0 by `writeItem`. */
  writeList<T>(tag: number, items: readonly T[], writeItem: (w: TarsWriter, item: T) => void): void {
    this.writeHead(tag, TarsType.List);
    this.writeInt(0, items.length);
    for (const item of items) writeItem(this, item);
  }

  /** vector<vector<byte>>: a list of SimpleLists. */
  writeBytesList(tag: number, items: readonly Uint8Array[]): void {
    this.writeList(tag, items, (w, b) => w.writeBytes(0, b));
  }

  writeStringList(tag: number, items: readonly string[]): void {
    this.writeList(tag, items, (w, s) => w.writeString(0, s));
  }

  writeIntList(tag: number, items: readonly (number | bigint)[]): void {
    this.writeList(tag, items, (w, n) => w.writeInt(0, n));
  }

  /** vector<Struct>: a list whose elements are `0A … 0B`. */
  writeStructList<T>(tag: number, items: readonly T[], writeBody: (w: TarsWriter, item: T) => void): void {
    this.writeList(tag, items, (w, item) => w.writeStruct(0, (inner) => writeBody(inner, item)));
  }
}
