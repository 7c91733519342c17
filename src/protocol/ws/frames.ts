// Minimal RFC 6455 framing for the SDKs' binary WebSocket channel (no extensions), shared by the
// devnode's server (unmasked frames, masked ones required) and the SDK's client (masked frames).

import { createHash, randomBytes } from 'node:crypto';

export const OP_CONTINUATION = 0x0;
export const OP_TEXT = 0x1;
export const OP_BINARY = 0x2;
export const OP_CLOSE = 0x8;
export const OP_PING = 0x9;
export const OP_PONG = 0xa;

const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** The Sec-WebSocket-Accept value for a client's Sec-WebSocket-Key. */
export function acceptKey(key: string): string {
  return createHash('sha1')
    .update(key + WS_GUID)
    .digest('base64');
}

export function encodeFrame(opcode: number, payload: Uint8Array, mask = false): Buffer {
  const len = payload.length;
  const lenBytes = len < 126 ? 0 : len < 65536 ? 2 : 8;
  const head = Buffer.alloc(2 + lenBytes + (mask ? 4 : 0));
  head[0] = 0x80 | opcode;
  head[1] = (mask ? 0x80 : 0) | (lenBytes === 0 ? len : lenBytes === 2 ? 126 : 127);
  if (lenBytes === 2) head.writeUInt16BE(len, 2);
  else if (lenBytes === 8) head.writeBigUInt64BE(BigInt(len), 2);
  if (!mask) return Buffer.concat([head, payload]);
  const key = randomBytes(4);
  key.copy(head, 2 + lenBytes);
  const body = Buffer.from(payload);
  for (let i = 0; i < body.length; i++) body[i] ^= key[i & 3];
  return Buffer.concat([head, body]);
}

export interface WsMessageEvent {
  opcode: number;
  data: Buffer;
}

export class WsProtocolError extends Error {}

/**
 * Incremental frame reader. `push` returns complete messages (fragments joined, control frames
 * passed through) and throws WsProtocolError on a frame the peer must not send.
 */
export class FrameReader {
  private buf: Buffer = Buffer.alloc(0);
  private fragments: Buffer[] = [];
  private fragmentOpcode = 0;
  private fragmentSize = 0;

  constructor(
    private readonly maxMessage: number,
    /** Servers require masked client frames. */
    private readonly requireMask: boolean,
  ) {}

  push(chunk: Buffer): WsMessageEvent[] {
    this.buf = this.buf.length ? Buffer.concat([this.buf, chunk]) : chunk;
    const out: WsMessageEvent[] = [];
    for (;;) {
      const frame = this.readFrame();
      if (!frame) return out;
      const { fin, opcode, payload } = frame;
      if (opcode >= 0x8) {
        if (!fin || payload.length > 125) throw new WsProtocolError('invalid control frame');
        out.push({ opcode, data: payload });
        continue;
      }
      if (opcode === OP_CONTINUATION) {
        if (this.fragments.length === 0) throw new WsProtocolError('continuation without a first frame');
      } else {
        if (opcode !== OP_TEXT && opcode !== OP_BINARY) throw new WsProtocolError(`unknown opcode ${opcode}`);
        if (this.fragments.length) throw new WsProtocolError('new message inside a fragmented one');
        this.fragmentOpcode = opcode;
      }
      this.fragmentSize += payload.length;
      if (this.fragmentSize > this.maxMessage) throw new WsProtocolError('message too large');
      this.fragments.push(payload);
      if (fin) {
        out.push({ opcode: this.fragmentOpcode, data: Buffer.concat(this.fragments) });
        this.fragments = [];
        this.fragmentSize = 0;
      }
    }
  }

  private readFrame(): { fin: boolean; opcode: number; payload: Buffer } | undefined {
    const b = this.buf;
    if (b.length < 2) return undefined;
    const fin = (b[0] & 0x80) !== 0;
    if (b[0] & 0x70) throw new WsProtocolError('reserved bits set (no extension was negotiated)');
    const opcode = b[0] & 0x0f;
    const masked = (b[1] & 0x80) !== 0;
    if (this.requireMask && !masked) throw new WsProtocolError('client frames must be masked');
    let len = b[1] & 0x7f;
    let off = 2;
    if (len === 126) {
      if (b.length < 4) return undefined;
      len = b.readUInt16BE(2);
      off = 4;
    } else if (len === 127) {
      if (b.length < 10) return undefined;
      const big = b.readBigUInt64BE(2);
      if (big > BigInt(this.maxMessage)) throw new WsProtocolError('message too large');
      len = Number(big);
      off = 10;
    }
    if (len > this.maxMessage) throw new WsProtocolError('message too large');
    const maskOff = off;
    if (masked) off += 4;
    if (b.length < off + len) return undefined;
    const payload = Buffer.from(b.subarray(off, off + len));
    if (masked) for (let i = 0; i < payload.length; i++) payload[i] ^= b[maskOff + (i & 3)];
    this.buf = b.subarray(off + len);
    return { fin, opcode, payload };
  }
}
