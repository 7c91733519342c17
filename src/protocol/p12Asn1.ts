// The ASN.1 a PKCS#12 file needs: a BER reader (BouncyCastle writes indefinite lengths and
// chunked OCTET STRINGs) with accessors that name what was malformed, and a DER writer.

import { KeyFileError } from './account';

// ---------- BER reading ----------

export interface Node {
  tag: number;
  /** Content of a primitive element. */
  content?: Uint8Array;
  /** Elements of a constructed one. */
  children?: Node[];
}

export const corrupt = (why: string) => new KeyFileError('CORRUPT', `not a valid PKCS#12 file: ${why}`);

export function parseBer(buf: Uint8Array): Node {
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

export function seq(node: Node | undefined, what: string, min = 0): Node[] {
  if (!node || (node.tag !== 0x30 && node.tag !== 0x31) || !node.children || node.children.length < min)
    throw corrupt(`malformed ${what}`);
  return node.children;
}

export function prim(node: Node | undefined, tag: number, what: string): Uint8Array {
  if (!node || node.tag !== tag || !node.content) throw corrupt(`malformed ${what}`);
  return node.content;
}

/** OCTET STRING (or an implicitly tagged one) value; BER may split it into constructed chunks. */
export function octets(node: Node | undefined, what: string, tag = 0x04): Uint8Array {
  if (!node || (node.tag & ~0x20) !== tag) throw corrupt(`malformed ${what}`);
  if (node.content) return node.content;
  return Buffer.concat(node.children!.map((c) => octets(c, what)));
}

export function oid(node: Node | undefined, what: string): string {
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

export function int(node: Node | undefined, what: string): number {
  const b = prim(node, 0x02, what);
  if (b.length === 0 || b.length > 6 || b[0] & 0x80) throw corrupt(`unsupported ${what}`);
  return b.reduce((n, x) => n * 256 + x, 0);
}

/** [0] EXPLICIT wrapper's single element. */
export function explicit0(node: Node | undefined, what: string): Node {
  if (!node || node.tag !== 0xa0 || node.children?.length !== 1) throw corrupt(`malformed ${what}`);
  return node.children[0];
}

// ---------- DER writing ----------

export function der(tag: number, ...content: Uint8Array[]): Uint8Array {
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

export function derOid(text: string): Uint8Array {
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

export function derInt(n: number): Uint8Array {
  const bytes: number[] = [];
  for (let v = n; v > 0; v = Math.floor(v / 256)) bytes.unshift(v & 0xff);
  if (bytes.length === 0 || bytes[0] & 0x80) bytes.unshift(0);
  return der(0x02, Uint8Array.from(bytes));
}

export const NULL = Uint8Array.of(0x05, 0x00);

/** Re-encodes a parsed element as DER (a plain keyBag's PrivateKeyInfo may arrive as BER). */
export function encodeNode(node: Node): Uint8Array {
  if (node.content) return der(node.tag, node.content);
  return der(node.tag, ...node.children!.map(encodeNode));
}
