// SM3 hash (GB/T 32905-2016). Written here rather than taken from sm-crypto-v2 because that
// library works on hex strings, and SM chains hash every transaction, receipt and header.

const IV = new Int32Array([
  0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600, 0xa96f30bc, 0x163138aa, 0xe38dee4d, 0xb0fb0e4e,
]);

// T_j rotated left by j (mod 32), precomputed for the 64 rounds.
const T_ROT = new Int32Array(64);
for (let j = 0; j < 64; j++) {
  const t = j < 16 ? 0x79cc4519 : 0x7a879d8a;
  const r = j % 32;
  T_ROT[j] = r === 0 ? t : (t << r) | (t >>> (32 - r));
}

const W = new Int32Array(68);

function rotl(x: number, n: number): number {
  return (x << n) | (x >>> (32 - n));
}

function compress(v: Int32Array, block: DataView, offset: number): void {
  for (let j = 0; j < 16; j++) W[j] = block.getInt32(offset + j * 4);
  for (let j = 16; j < 68; j++) {
    const x = W[j - 16] ^ W[j - 9] ^ rotl(W[j - 3], 15);
    W[j] = x ^ rotl(x, 15) ^ rotl(x, 23) ^ rotl(W[j - 13], 7) ^ W[j - 6];
  }
  let a = v[0],
    b = v[1],
    c = v[2],
    d = v[3],
    e = v[4],
    f = v[5],
    g = v[6],
    h = v[7];
  for (let j = 0; j < 64; j++) {
    const a12 = rotl(a, 12);
    const ss1 = rotl((a12 + e + T_ROT[j]) | 0, 7);
    const ss2 = ss1 ^ a12;
    const ff = j < 16 ? a ^ b ^ c : (a & b) | (a & c) | (b & c);
    const gg = j < 16 ? e ^ f ^ g : (e & f) | (~e & g);
    const tt1 = (ff + d + ss2 + (W[j] ^ W[j + 4])) | 0;
    const tt2 = (gg + h + ss1 + W[j]) | 0;
    d = c;
    c = rotl(b, 9);
    b = a;
    a = tt1;
    h = g;
    g = rotl(f, 19);
    f = e;
    e = tt2 ^ rotl(tt2, 9) ^ rotl(tt2, 17);
  }
  v[0] ^= a;
  v[1] ^= b;
  v[2] ^= c;
  v[3] ^= d;
  v[4] ^= e;
  v[5] ^= f;
  v[6] ^= g;
  v[7] ^= h;
}

/** SM3 digest (32 bytes) of `data`. */
export function sm3(data: Uint8Array): Uint8Array {
  const v = new Int32Array(IV);
  const len = data.length;
  const full = len - (len % 64);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let off = 0; off < full; off += 64) compress(v, view, off);
  // Padding: 0x80, zeros, then the bit length as a 64-bit big-endian integer.
  const restLen = len - full;
  const tailLen = restLen + 9 <= 64 ? 64 : 128;
  const tail = new Uint8Array(tailLen);
  tail.set(data.subarray(full));
  tail[restLen] = 0x80;
  const tailView = new DataView(tail.buffer);
  const bits = len * 8;
  tailView.setUint32(tailLen - 8, Math.floor(bits / 0x100000000));
  tailView.setUint32(tailLen - 4, bits >>> 0);
  for (let off = 0; off < tailLen; off += 64) compress(v, tailView, off);
  const out = new Uint8Array(32);
  const outView = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) outView.setInt32(i * 4, v[i]);
  return out;
}
