// TARS decoder with the node's lenient lookup (reference/protocol.md §2.9): fields are read in
// ascending tag order; while looking for tag t, smaller tags are skipped by type, and a larger
// tag or struct end means "absent" (the default is used). Type mismatches, truncation and
// oversize lengths throw TarsDecodeError.

import { TarsType, TarsDecodeError, tarsTypeName, TARS_MAX_STRING_LENGTH } from './types';

/** Which integer widths a field accepts: an `int` field rejects int8 (§2.3). */
export type IntWidth = 8 | 16 | 32 | 64;

// ignoreBOM keeps a leading U+FEFF: strings must round-trip to the same bytes (they are hashed).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

export class TarsReader {
  private readonly buf: Uint8Array;
  private readonly view: DataView;
  private pos: number;

  constructor(bytes: Uint8Array, offset = 0) {
    this.buf = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    this.pos = offset;
  }

  get offset(): number {
    return this.pos;
  }

  get remaining(): number {
    return this.buf.length - this.pos;
  }

  private need(n: number, what: string): void {
    if (n < 0 || this.pos + n > this.buf.length)
      throw new TarsDecodeError(
        `TARS: truncated ${what} at offset ${this.pos}: need ${n} bytes, ${this.buf.length - this.pos} left`,
      );
  }

  /** Reads a head without consuming it: [tag, type, headLength]. */
  private peekHead(): [number, number, number] {
    this.need(1, 'field head');
    const b = this.buf[this.pos];
    const type = b & 0x0f;
    const tag = b >> 4;
    if (tag !== 15) return [tag, type, 1];
    this.need(2, 'field head');
    return [this.buf[this.pos + 1], type, 2];
  }

  private readHead(): [number, number] {
    const [tag, type, len] = this.peekHead();
    this.pos += len;
    return [tag, type];
  }

  /**
   * Moves to field `tag` and consumes its head; returns its type, or -1 if the field is absent
   * (end of buffer, struct end, or a larger tag — none of which are consumed).
   */
  seek(tag: number): number {
    while (this.pos < this.buf.length) {
      const [t, type, len] = this.peekHead();
      if (type === TarsType.StructEnd || t > tag) return -1;
      if (t === tag) {
        this.pos += len;
        return type;
      }
      this.pos += len;
      this.skipValue(type);
    }
    return -1;
  }

  private locate(tag: number, required: boolean): number {
    const type = this.seek(tag);
    if (type < 0 && required) throw new TarsDecodeError(`TARS: required field tag ${tag} not found`);
    return type;
  }

  private mismatch(tag: number, expected: string, type: number): never {
    throw new TarsDecodeError(`TARS: field tag ${tag}: expected ${expected}, found ${tarsTypeName(type)}`);
  }

  /** Reads an integer payload of the given wire type (the head is already consumed). */
  private intPayload(tag: number, type: number, width: IntWidth): bigint | number {
    switch (type) {
      case TarsType.Zero:
        return 0;
      case TarsType.Int1:
        this.need(1, 'int1');
        return this.view.getInt8(this.pos++);
      case TarsType.Int2:
        if (width < 16) break;
        this.need(2, 'int2');
        this.pos += 2;
        return this.view.getInt16(this.pos - 2);
      case TarsType.Int4:
        if (width < 32) break;
        this.need(4, 'int4');
        this.pos += 4;
        return this.view.getInt32(this.pos - 4);
      case TarsType.Int8:
        if (width < 64) break;
        this.need(8, 'int8');
        this.pos += 8;
        return this.view.getBigInt64(this.pos - 8);
    }
    return this.mismatch(tag, `an integer of at most ${width} bits`, type);
  }

  /** An int/short/byte/bool field (or a `long` that must be a safe JS integer). */
  readNumber(tag: number, required = false, defaultValue = 0, width: IntWidth = 32): number {
    const type = this.locate(tag, required);
    if (type < 0) return defaultValue;
    const v = this.intPayload(tag, type, width);
    if (typeof v === 'number') return v;
    if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER))
      throw new TarsDecodeError(`TARS: field tag ${tag}: ${v} exceeds the safe integer range`);
    return Number(v);
  }

  /** A `long` field as bigint. */
  readBigInt(tag: number, required = false, defaultValue = 0n): bigint {
    const type = this.locate(tag, required);
    if (type < 0) return defaultValue;
    const v = this.intPayload(tag, type, 64);
    return typeof v === 'bigint' ? v : BigInt(v);
  }

  readBool(tag: number, required = false, defaultValue = false): boolean {
    const type = this.locate(tag, required);
    if (type < 0) return defaultValue;
    return this.intPayload(tag, type, 8) !== 0;
  }

  /** Raw bytes of a string field (string1 or string4). */
  readStringBytes(tag: number, required = false): Uint8Array | undefined {
    const type = this.locate(tag, required);
    if (type < 0) return undefined;
    let len: number;
    if (type === TarsType.String1) {
      this.need(1, 'string1 length');
      len = this.buf[this.pos++];
    } else if (type === TarsType.String4) {
      this.need(4, 'string4 length');
      len = this.view.getUint32(this.pos);
      this.pos += 4;
      if (len > TARS_MAX_STRING_LENGTH)
        throw new TarsDecodeError(`TARS: field tag ${tag}: string of ${len} bytes exceeds 100 MB`);
    } else {
      return this.mismatch(tag, 'a string', type);
    }
    this.need(len, `string of ${len} bytes (tag ${tag})`);
    this.pos += len;
    return this.buf.subarray(this.pos - len, this.pos);
  }

  readString(tag: number, required = false, defaultValue = ''): string {
    const bytes = this.readStringBytes(tag, required);
    if (bytes === undefined) return defaultValue;
    return asciiOrUtf8(bytes);
  }

  /** vector<byte>: a SimpleList, or (leniently) a generic list of int1/zero elements. Absent → empty. */
  readBytes(tag: number, required = false): Uint8Array {
    const type = this.locate(tag, required);
    if (type < 0) return new Uint8Array(0);
    if (type === TarsType.SimpleList) {
      const [, innerType] = this.readHead();
      if (innerType !== TarsType.Int1) this.mismatch(tag, 'a byte SimpleList (inner type int1)', innerType);
      const len = this.readNumber(0, true);
      if (len < 0) throw new TarsDecodeError(`TARS: field tag ${tag}: negative byte length ${len}`);
      if (len > TARS_MAX_STRING_LENGTH)
        throw new TarsDecodeError(`TARS: field tag ${tag}: ${len} bytes exceeds 100 MB`);
      this.need(len, `byte vector of ${len} bytes (tag ${tag})`);
      this.pos += len;
      return this.buf.slice(this.pos - len, this.pos);
    }
    if (type === TarsType.List) {
      const n = this.listSize(tag);
      const out = new Uint8Array(n);
      for (let i = 0; i < n; i++) out[i] = this.readNumber(0, true, 0, 8) & 0xff;
      return out;
    }
    return this.mismatch(tag, 'a byte vector', type);
  }

  private listSize(tag: number): number {
    const n = this.readNumber(0, true);
    if (n < 0) throw new TarsDecodeError(`TARS: field tag ${tag}: negative list size ${n}`);
    // Every element takes at least one byte: a larger count cannot be satisfied.
    if (n > this.remaining)
      throw new TarsDecodeError(`TARS: field tag ${tag}: list of ${n} elements exceeds the buffer`);
    return n;
  }

  /** vector<T>: each element is read at tag 0 by `readItem`. Absent → []. */
  readList<T>(tag: number, readItem: (r: TarsReader) => T, required = false): T[] {
    const type = this.locate(tag, required);
    if (type < 0) return [];
    if (type !== TarsType.List) return this.mismatch(tag, 'a list', type);
    const n = this.listSize(tag);
    const out = new Array<T>(n);
    for (let i = 0; i < n; i++) out[i] = readItem(this);
    return out;
  }

  readBytesList(tag: number, required = false): Uint8Array[] {
    return this.readList(tag, (r) => r.readBytes(0, true), required);
  }

  readStringList(tag: number, required = false): string[] {
    return this.readList(tag, (r) => r.readString(0, true), required);
  }

  readNumberList(tag: number, required = false, width: IntWidth = 64): number[] {
    return this.readList(tag, (r) => r.readNumber(0, true, 0, width), required);
  }

  /** A struct-typed field: `readBody` reads its fields; the rest up to struct end is skipped. */
  readStruct<T>(tag: number, readBody: (r: TarsReader) => T, required: true): T;
  readStruct<T>(tag: number, readBody: (r: TarsReader) => T, required?: boolean): T | undefined;
  readStruct<T>(tag: number, readBody: (r: TarsReader) => T, required = false): T | undefined {
    const type = this.locate(tag, required);
    if (type < 0) return undefined;
    if (type !== TarsType.StructBegin) return this.mismatch(tag, 'a struct', type);
    const value = readBody(this);
    this.skipToStructEnd();
    return value;
  }

  /** vector<Struct>. */
  readStructList<T>(tag: number, readBody: (r: TarsReader) => T, required = false): T[] {
    return this.readList(tag, (r) => r.readStruct(0, readBody, true), required);
  }

  /** Skips fields up to and including the next struct end at this nesting level. */
  skipToStructEnd(): void {
    for (;;) {
      const [, type] = this.readHead();
      if (type === TarsType.StructEnd) return;
      this.skipValue(type);
    }
  }

  /** Skips a value whose head has been consumed. */
  skipValue(type: number): void {
    switch (type) {
      case TarsType.Int1:
        return this.skip(1);
      case TarsType.Int2:
        return this.skip(2);
      case TarsType.Int4:
      case TarsType.Float:
        return this.skip(4);
      case TarsType.Int8:
      case TarsType.Double:
        return this.skip(8);
      case TarsType.String1: {
        this.need(1, 'string1 length');
        return this.skip(this.buf[this.pos++]);
      }
      case TarsType.String4: {
        this.need(4, 'string4 length');
        const len = this.view.getUint32(this.pos);
        this.pos += 4;
        return this.skip(len);
      }
      case TarsType.Map: {
        const n = this.listSize(0);
        for (let i = 0; i < n * 2; i++) this.skipField();
        return;
      }
      case TarsType.List: {
        const n = this.listSize(0);
        for (let i = 0; i < n; i++) this.skipField();
        return;
      }
      case TarsType.StructBegin:
        return this.skipToStructEnd();
      case TarsType.StructEnd:
      case TarsType.Zero:
        return;
      case TarsType.SimpleList: {
        this.readHead();
        const len = this.readNumber(0, true);
        if (len < 0) throw new TarsDecodeError(`TARS: negative SimpleList length ${len}`);
        return this.skip(len);
      }
      default:
        throw new TarsDecodeError(`TARS: unknown type id ${type} at offset ${this.pos - 1}`);
    }
  }

  private skipField(): void {
    const [, type] = this.readHead();
    this.skipValue(type);
  }

  private skip(n: number): void {
    this.need(n, 'field payload');
    this.pos += n;
  }
}

/** Decodes UTF-8; plain ASCII (nearly every field on the wire) takes a cheaper path. */
function asciiOrUtf8(bytes: Uint8Array): string {
  if (bytes.length < 64) {
    let s = '';
    for (let i = 0; i < bytes.length; i++) {
      const c = bytes[i];
      if (c > 0x7f) return decoder.decode(bytes);
      s += String.fromCharCode(c);
    }
    return s;
  }
  return decoder.decode(bytes);
}
