// TLCP record protection for the SM4-SM3 suites (GM/T 0024 §6.3.3): MAC-then-encrypt with
// HMAC-SM3 over seq‖type‖version‖length‖content, TLS CBC padding, SM4-CBC with an explicit
// per-record IV (TASSL runs 0x0101 with TLS 1.1's record layer, ssl/methods.c).

import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const TLCP_VERSION = 0x0101;
export const ContentType = { changeCipherSpec: 20, alert: 21, handshake: 22, applicationData: 23 } as const;
/** Largest plaintext fragment (2^14) and ciphertext expansion allowed (GM/T 0024 §6.3.3). */
export const MAX_PLAINTEXT = 16384;
export const MAX_CIPHERTEXT = MAX_PLAINTEXT + 2048;

const BLOCK = 16;
const MAC_LEN = 32;

export class BadRecordMac extends Error {
  constructor() {
    super('record MAC or padding check failed');
    this.name = 'BadRecordMac';
  }
}

function header(seq: bigint, type: number, length: number): Buffer {
  const h = Buffer.alloc(13);
  h.writeBigUInt64BE(seq, 0);
  h[8] = type;
  h.writeUInt16BE(TLCP_VERSION, 9);
  h.writeUInt16BE(length, 11);
  return h;
}

/** One direction's keys and sequence number. */
export class RecordProtection {
  private seq = 0n;
  constructor(
    private readonly macKey: Uint8Array,
    private readonly encKey: Uint8Array,
    /** Test hook: fixed IVs for known-answer tests. */
    private readonly ivSource: () => Uint8Array = () => randomBytes(BLOCK),
  ) {}

  private mac(type: number, content: Uint8Array): Buffer {
    return createHmac('sm3', this.macKey)
      .update(header(this.seq, type, content.length))
      .update(content)
      .digest();
  }

  /** The protected fragment (IV ‖ SM4-CBC(content ‖ MAC ‖ padding)) for one record. */
  seal(type: number, content: Uint8Array): Uint8Array {
    if (content.length > MAX_PLAINTEXT) throw new RangeError('record content too large');
    const mac = this.mac(type, content);
    const padLen = BLOCK - 1 - ((content.length + MAC_LEN) % BLOCK);
    const padding = Buffer.alloc(padLen + 1, padLen);
    const iv = this.ivSource();
    const cipher = createCipheriv('sm4-cbc', this.encKey, iv).setAutoPadding(false);
    const body = Buffer.concat([cipher.update(Buffer.concat([content, mac, padding])), cipher.final()]);
    this.seq++;
    return Buffer.concat([iv, body]);
  }

  /** Decrypts and checks one fragment; throws BadRecordMac on any failure, without saying which. */
  open(type: number, fragment: Uint8Array): Uint8Array {
    if (fragment.length > MAX_CIPHERTEXT || fragment.length < BLOCK + 48 || fragment.length % BLOCK !== 0)
      throw new BadRecordMac();
    const decipher = createDecipheriv('sm4-cbc', this.encKey, fragment.subarray(0, BLOCK)).setAutoPadding(
      false,
    );
    const plain = Buffer.concat([decipher.update(fragment.subarray(BLOCK)), decipher.final()]);
    // Padding checked without early exit; on bad padding the MAC is still computed (over a
    // zero-padding reading) so both failures cost about the same (the Lucky13 countermeasure
    // of checking everything, not a full constant-time implementation).
    const padLen = plain[plain.length - 1];
    let bad = padLen + 1 + MAC_LEN > plain.length ? 1 : 0;
    const checkLen = bad ? 0 : padLen;
    for (let i = 0; i < 256 && i < plain.length; i++) {
      const inPad = i <= checkLen ? 1 : 0;
      bad |= inPad & (plain[plain.length - 1 - i] !== padLen ? 1 : 0);
    }
    const contentLen = plain.length - MAC_LEN - 1 - (bad ? 0 : padLen);
    const content = plain.subarray(0, contentLen);
    const expected = this.mac(type, content);
    const got = plain.subarray(contentLen, contentLen + MAC_LEN);
    const macOk = timingSafeEqual(expected, got);
    if (bad || !macOk) throw new BadRecordMac();
    this.seq++;
    return Buffer.from(content);
  }
}

export interface RawRecord {
  type: number;
  version: number;
  fragment: Uint8Array;
}

export class RecordFormatError extends Error {
  constructor(
    message: string,
    readonly alert: number,
  ) {
    super(message);
    this.name = 'RecordFormatError';
  }
}

/** Splits a byte stream into records; bounded by MAX_CIPHERTEXT per record. */
export class RecordReader {
  private chunks: Buffer[] = [];
  private size = 0;

  push(data: Uint8Array): void {
    this.chunks.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
    this.size += data.length;
  }

  next(): RawRecord | undefined {
    if (this.size < 5) return undefined;
    if (this.chunks.length > 1) this.chunks = [Buffer.concat(this.chunks)];
    const buf = this.chunks[0];
    const type = buf[0];
    const version = buf.readUInt16BE(1);
    const length = buf.readUInt16BE(3);
    if (type < 20 || type > 23) throw new RecordFormatError(`unknown record type ${type}`, 10);
    if (version >> 8 !== 1 && version >> 8 !== 3)
      throw new RecordFormatError(`record version 0x${version.toString(16)} is not TLCP`, 70);
    if (length > MAX_CIPHERTEXT) throw new RecordFormatError(`record of ${length} bytes is too large`, 22);
    if (this.size < 5 + length) return undefined;
    const fragment = Buffer.from(buf.subarray(5, 5 + length));
    const rest = buf.subarray(5 + length);
    this.chunks = rest.length ? [rest] : [];
    this.size = rest.length;
    return { type, version, fragment };
  }
}

export function encodeRecord(type: number, fragment: Uint8Array): Buffer {
  const h = Buffer.alloc(5);
  h[0] = type;
  h.writeUInt16BE(TLCP_VERSION, 1);
  h.writeUInt16BE(fragment.length, 3);
  return Buffer.concat([h, fragment]);
}
