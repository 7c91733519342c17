// TLCP handshake messages (GM/T 0024 §6.4.5) as TASSL writes and reads them: no signature
// algorithm fields (version 0x0101 uses the TLS 1.1 layouts), certificate lists holding the
// signing certificate first and the encryption certificate last.

export const HandshakeType = {
  helloRequest: 0,
  clientHello: 1,
  serverHello: 2,
  certificate: 11,
  serverKeyExchange: 12,
  certificateRequest: 13,
  serverHelloDone: 14,
  certificateVerify: 15,
  clientKeyExchange: 16,
  finished: 20,
} as const;

export const AlertDescription = {
  closeNotify: 0,
  unexpectedMessage: 10,
  badRecordMac: 20,
  recordOverflow: 22,
  handshakeFailure: 40,
  badCertificate: 42,
  unsupportedCertificate: 43,
  certificateExpired: 45,
  certificateUnknown: 46,
  illegalParameter: 47,
  unknownCa: 48,
  decodeError: 50,
  decryptError: 51,
  protocolVersion: 70,
  internalError: 80,
  noRenegotiation: 100,
} as const;

export const ALERT_NAMES: Record<number, string> = Object.fromEntries(
  Object.entries(AlertDescription).map(([k, v]) => [v, k.replace(/[A-Z]/g, (c) => '_' + c.toLowerCase())]),
);

/** Cipher suites FISCO nodes offer (bcos-boostssl ContextBuilder::buildSslContext; TASSL ssl/s3_lib.c). */
export const CipherSuite = { ECDHE_SM4_SM3: 0xe011, ECC_SM4_SM3: 0xe013 } as const;
export type CipherSuiteId = (typeof CipherSuite)[keyof typeof CipherSuite];
export const SUITE_NAMES: Record<number, string> = { 0xe011: 'ECDHE-SM4-SM3', 0xe013: 'ECC-SM4-SM3' };

/** Named-curve id TASSL puts in ServerKeyExchange for SM2 (ssl/t1_lib.c, 249). */
export const SM2_CURVE_ID = 249;
export const MAX_HANDSHAKE_MESSAGE = 1 << 16;

export class TlcpError extends Error {
  constructor(
    message: string,
    /** The alert sent (or received) for this failure. */
    readonly alert: number,
    /** True when the peer sent the alert. */
    readonly remote = false,
  ) {
    super(message);
    this.name = 'TlcpError';
  }
  get code(): string {
    return `ERR_TLCP_${(ALERT_NAMES[this.alert] ?? String(this.alert)).toUpperCase()}`;
  }
}

const decodeErr = (what: string) => new TlcpError(`malformed ${what}`, AlertDescription.decodeError);

/** Bounds-checked reader over one message body. */
export class Reader {
  private pos = 0;
  constructor(
    private readonly buf: Uint8Array,
    private readonly what: string,
  ) {}
  u8(): number {
    if (this.pos + 1 > this.buf.length) throw decodeErr(this.what);
    return this.buf[this.pos++];
  }
  u16(): number {
    return (this.u8() << 8) | this.u8();
  }
  u24(): number {
    return (this.u8() << 16) | (this.u8() << 8) | this.u8();
  }
  bytes(n: number): Uint8Array {
    if (this.pos + n > this.buf.length) throw decodeErr(this.what);
    return this.buf.subarray(this.pos, (this.pos += n));
  }
  vec8(): Uint8Array {
    return this.bytes(this.u8());
  }
  vec16(): Uint8Array {
    return this.bytes(this.u16());
  }
  vec24(): Uint8Array {
    return this.bytes(this.u24());
  }
  get remaining(): number {
    return this.buf.length - this.pos;
  }
  end(): void {
    if (this.pos !== this.buf.length) throw decodeErr(this.what);
  }
}

export function u16(n: number): Buffer {
  const b = Buffer.alloc(2);
  b.writeUInt16BE(n);
  return b;
}
export function u24(n: number): Buffer {
  return Buffer.from([(n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]);
}
export const vec8 = (b: Uint8Array): Buffer => Buffer.concat([Uint8Array.of(b.length), b]);
export const vec16 = (b: Uint8Array): Buffer => Buffer.concat([u16(b.length), b]);
export const vec24 = (b: Uint8Array): Buffer => Buffer.concat([u24(b.length), b]);

export function handshakeMessage(type: number, body: Uint8Array): Buffer {
  return Buffer.concat([Uint8Array.of(type), u24(body.length), body]);
}

/** Certificate message body: a 24-bit list of 24-bit-prefixed DER certificates. */
export function certificateBody(certs: Uint8Array[]): Buffer {
  return vec24(Buffer.concat(certs.map((c) => vec24(c))));
}

export function parseCertificateList(body: Uint8Array): Uint8Array[] {
  const r = new Reader(body, 'Certificate');
  const list = new Reader(r.vec24(), 'Certificate');
  r.end();
  const out: Uint8Array[] = [];
  while (list.remaining > 0) out.push(list.vec24());
  if (out.length > 10) throw new TlcpError('certificate list too long', AlertDescription.decodeError);
  return out;
}

export interface Hello {
  version: number;
  random: Uint8Array;
  sessionId: Uint8Array;
  suites: number[];
  compressions: Uint8Array;
}

export function parseClientHello(body: Uint8Array): Hello {
  const r = new Reader(body, 'ClientHello');
  const version = r.u16();
  const random = r.bytes(32);
  const sessionId = r.vec8();
  const suiteBytes = new Reader(r.vec16(), 'ClientHello');
  const suites: number[] = [];
  while (suiteBytes.remaining > 0) suites.push(suiteBytes.u16());
  const compressions = r.vec8();
  if (r.remaining > 0) r.vec16(); // extensions: none are acted on
  r.end();
  if (sessionId.length > 32) throw decodeErr('ClientHello');
  return { version, random, sessionId, suites, compressions };
}

export function clientHelloBody(random: Uint8Array, suites: number[]): Buffer {
  return Buffer.concat([
    u16(0x0101),
    random,
    vec8(new Uint8Array(0)),
    vec16(Buffer.concat(suites.map(u16))),
    vec8(Uint8Array.of(0)),
  ]);
}

export interface ServerHello {
  version: number;
  random: Uint8Array;
  sessionId: Uint8Array;
  suite: number;
  compression: number;
}

export function parseServerHello(body: Uint8Array): ServerHello {
  const r = new Reader(body, 'ServerHello');
  const version = r.u16();
  const random = r.bytes(32);
  const sessionId = r.vec8();
  const suite = r.u16();
  const compression = r.u8();
  if (r.remaining > 0) r.vec16();
  r.end();
  return { version, random, sessionId, suite, compression };
}

export function serverHelloBody(random: Uint8Array, sessionId: Uint8Array, suite: number): Buffer {
  return Buffer.concat([u16(0x0101), random, vec8(sessionId), u16(suite), Uint8Array.of(0)]);
}

/** Random with a 4-byte time prefix, as the TLS family writes it. */
export function helloRandom(random: Uint8Array): Buffer {
  const b = Buffer.from(random.subarray(0, 32));
  b.writeUInt32BE(Math.floor(Date.now() / 1000) >>> 0, 0);
  return b;
}

/** The message of anything thrown. */
export function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
