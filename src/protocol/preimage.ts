// Hash preimages (transaction, receipt and header hashes, Merkle nodes) written into one reused
// buffer and hashed in place: the same bytes as concatenating int32BE/int64BE/utf8Encode parts,
// without an array per part and a concatenated copy per hash (several per transaction).

import { int32BE, int64BE, utf8Encode } from './hex';
import type { CryptoSuite } from './crypto/suite';

/** Largest buffer kept between preimages. */
const KEEP_BYTES = 1 << 20;

export class PreimageWriter {
  private buf = new Uint8Array(1024);
  private pos = 0;

  reset(): this {
    this.pos = 0;
    // A large preimage (a deployment's init code) does not keep its buffer for ever.
    if (this.buf.length > KEEP_BYTES) this.buf = new Uint8Array(1024);
    return this;
  }

  private room(n: number): void {
    if (this.pos + n <= this.buf.length) return;
    let cap = this.buf.length * 2;
    while (cap < this.pos + n) cap *= 2;
    const next = new Uint8Array(cap);
    next.set(this.buf.subarray(0, this.pos));
    this.buf = next;
  }

  /** int32BE's bytes (its range checks too). */
  int32(value: number): this {
    if (!Number.isInteger(value) || value < -0x80000000 || value > 0xffffffff) int32BE(value); // throws
    this.room(4);
    const v = value >>> 0;
    const b = this.buf;
    b[this.pos] = v >>> 24;
    b[this.pos + 1] = v >>> 16;
    b[this.pos + 2] = v >>> 8;
    b[this.pos + 3] = v;
    this.pos += 4;
    return this;
  }

  /** int64BE's bytes. */
  int64(value: bigint | number): this {
    // Block limits and gas limits arrive as bigints; most fit a Number exactly.
    if (typeof value === 'bigint' && value >= 0n && value <= 0x1fffffffffffffn) value = Number(value);
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) {
      this.room(8);
      const hi = Math.floor(value / 0x100000000);
      const lo = value >>> 0;
      const b = this.buf;
      const at = this.pos;
      b[at] = hi >>> 24;
      b[at + 1] = hi >>> 16;
      b[at + 2] = hi >>> 8;
      b[at + 3] = hi;
      b[at + 4] = lo >>> 24;
      b[at + 5] = lo >>> 16;
      b[at + 6] = lo >>> 8;
      b[at + 7] = lo;
      this.pos += 8;
      return this;
    }
    return this.bytes(int64BE(value));
  }

  /** utf8Encode's bytes. */
  utf8(text: string): this {
    const n = text.length;
    this.room(n);
    const b = this.buf;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) return this.bytes(utf8Encode(text.slice(i)));
      b[this.pos++] = c;
    }
    return this;
  }

  bytes(data: Uint8Array): this {
    this.room(data.length);
    this.buf.set(data, this.pos);
    this.pos += data.length;
    return this;
  }

  /** The bytes written since reset(), valid until the next write. */
  view(): Uint8Array {
    return this.buf.subarray(0, this.pos);
  }

  /** A copy of the bytes written since reset(). */
  copy(): Uint8Array {
    return this.buf.slice(0, this.pos);
  }

  hash(suite: CryptoSuite): Uint8Array {
    return suite.hash(this.view());
  }
}

/** The process's preimage buffer: every use writes and hashes it synchronously. */
export const preimage = new PreimageWriter();
