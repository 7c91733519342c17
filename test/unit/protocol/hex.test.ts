import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  concatBytes,
  equalBytes,
  fromHex,
  int32BE,
  int64BE,
  isHex,
  readInt32BE,
  readInt64BE,
  strip0x,
  toHex,
  uint256Bytes,
  uintFromBytes,
  utf8Decode,
  utf8Encode,
} from '../../../src/protocol/hex';

test('toHex is lowercase, prefixed by default, for short and long inputs', () => {
  assert.equal(toHex(Uint8Array.of(0xab, 0x01, 0xff)), '0xab01ff');
  assert.equal(toHex(Uint8Array.of(0xab, 0x01, 0xff), false), 'ab01ff');
  assert.equal(toHex(new Uint8Array(0)), '0x');
  const long = Uint8Array.from({ length: 300 }, (_, i) => i & 0xff);
  assert.equal(toHex(long, false), Buffer.from(long).toString('hex'));
});

test('fromHex accepts with and without 0x, any case', () => {
  assert.deepEqual(fromHex('0xABcd'), Uint8Array.of(0xab, 0xcd));
  assert.deepEqual(fromHex('abcd'), Uint8Array.of(0xab, 0xcd));
  assert.deepEqual(fromHex('0X01'), Uint8Array.of(1));
  assert.deepEqual(fromHex(''), new Uint8Array(0));
  assert.deepEqual(fromHex('0x'), new Uint8Array(0));
});

test('fromHex rejects odd length and non-hex with clear errors', () => {
  assert.throws(() => fromHex('0xabc'), /odd number of hex digits/);
  assert.throws(() => fromHex('zz'), /invalid hex character/);
  assert.throws(() => fromHex('0x12 4'), /invalid hex character/);
  assert.throws(() => fromHex('0x0x12'), /invalid hex character/);
  assert.throws(() => fromHex(12 as unknown as string), /expected a string/);
});

test('strip0x / isHex', () => {
  assert.equal(strip0x('0x12'), '12');
  assert.equal(strip0x('12'), '12');
  assert.equal(strip0x('0X12'), '12');
  assert.equal(isHex('0x12'), true);
  assert.equal(isHex('123'), false);
  assert.equal(isHex('0xg0'), false);
});

test('concatBytes, equalBytes, utf8', () => {
  assert.deepEqual(
    concatBytes(Uint8Array.of(1), new Uint8Array(0), Uint8Array.of(2, 3)),
    Uint8Array.of(1, 2, 3),
  );
  assert.equal(equalBytes(Uint8Array.of(1, 2), Uint8Array.of(1, 2)), true);
  assert.equal(equalBytes(Uint8Array.of(1, 2), Uint8Array.of(1, 3)), false);
  assert.equal(equalBytes(Uint8Array.of(1), Uint8Array.of(1, 2)), false);
  assert.deepEqual(utf8Encode('é'), Uint8Array.of(0xc3, 0xa9));
  assert.equal(utf8Decode(utf8Encode('区块链')), '区块链');
});

test("int32BE / int64BE big-endian two's complement", () => {
  assert.equal(toHex(int32BE(1), false), '00000001');
  assert.equal(toHex(int32BE(-1), false), 'ffffffff');
  assert.equal(toHex(int32BE(0xffffffff), false), 'ffffffff');
  assert.equal(toHex(int64BE(522n), false), '000000000000020a');
  assert.equal(toHex(int64BE(26), false), '000000000000001a');
  assert.equal(toHex(int64BE(-2n), false), 'fffffffffffffffe');
  assert.equal(readInt32BE(int32BE(-5)), -5);
  assert.equal(readInt64BE(int64BE(1n << 40n)), 1n << 40n);
  assert.throws(() => int32BE(2 ** 32), RangeError);
  assert.throws(() => int32BE(1.5), RangeError);
  assert.throws(() => int64BE(2 ** 60), /safe integer/);
  assert.throws(() => int64BE(1n << 64n), RangeError);
});

test('utf8Encode gives the bytes TextEncoder gives, short ASCII copied or not', () => {
  const encoder = new TextEncoder();
  const texts = ['', 'a', 'chain0', '\x7f', '\x80', 'é', 'aé', 'a\ud800b', '\udc00', '😀', '中文'];
  // Around the length up to which ASCII is copied directly (64), with a non-ASCII last character.
  for (const n of [63, 64, 65])
    texts.push('x'.repeat(n), 'x'.repeat(n - 1) + 'é', 'x'.repeat(n - 1) + '\ud800');
  for (const t of texts) assert.deepEqual(utf8Encode(t), encoder.encode(t), JSON.stringify(t));
  // Each call gives a new array (callers may keep or change it).
  assert.notEqual(utf8Encode('ab'), utf8Encode('ab'));
});

test('utf8Decode keeps a leading BOM (hashed strings must round-trip)', () => {
  const bytes = Uint8Array.of(0xef, 0xbb, 0xbf, 0x61);
  assert.deepEqual(utf8Encode(utf8Decode(bytes)), bytes);
});

test('uint256Bytes and uintFromBytes agree with the hex text of the number, over the whole range', () => {
  const values = [
    0n,
    1n,
    0xffn,
    0x100n,
    2n ** 48n - 1n,
    2n ** 48n,
    2n ** 53n - 1n,
    2n ** 53n,
    2n ** 53n + 1n,
  ];
  values.push(2n ** 64n, 2n ** 128n + 5n, 2n ** 255n, 2n ** 256n - 1n, 0xdeadbeefn << 100n, 0xabcn << 200n);
  let seed = 7n;
  for (let i = 0; i < 200; i++) {
    seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 256n;
    values.push(seed >> BigInt(i % 256));
  }
  for (const v of values) {
    const text = v.toString(16).padStart(64, '0');
    assert.equal(toHex(uint256Bytes(v), false), text, v.toString(16));
    assert.equal(uintFromBytes(fromHex(text)), v, v.toString(16));
    // Shorter and longer inputs than a word (storage values are kept without leading zeros).
    const bare = fromHex(v.toString(16).padStart(v.toString(16).length + (v.toString(16).length % 2), '0'));
    assert.equal(uintFromBytes(bare), v);
    assert.equal(uintFromBytes(Uint8Array.of(0, 0, ...uint256Bytes(v))), v);
    // A range of a larger array reads only its own bytes (CALLDATALOAD reads the call data so).
    assert.equal(uintFromBytes(Uint8Array.of(0xff, ...uint256Bytes(v), 0xff), 1, 33), v);
    assert.equal(
      uintFromBytes(Uint8Array.of(0xff, 0, 0, 0, 0, 0, 0, 0, 0, ...uint256Bytes(v), 0xff), 1, 41),
      v,
    );
  }
  assert.equal(uintFromBytes(new Uint8Array(0)), 0n);
  assert.throws(() => uint256Bytes(2n ** 256n), RangeError);
  assert.throws(() => uint256Bytes(-1n), RangeError);
});

test('uintFromBytes reads every length and leading-zero run as the hex text of the bytes does', () => {
  // Seeded: the same inputs on every run. Lengths past a word take the text path, up to one the
  // 32-bit path, up to 6 significant bytes the Number path.
  let seed = 0xbeef;
  const next = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  for (let c = 0; c < 3000; c++) {
    const length = next(70);
    const zeros = next(3) === 0 ? next(length + 1) : 0;
    const bytes = Uint8Array.from({ length }, (_, i) => (i < zeros ? 0 : next(4) === 0 ? 0xff : next(256)));
    const hex = Buffer.from(bytes).toString('hex');
    assert.equal(uintFromBytes(bytes), hex === '' ? 0n : BigInt('0x' + hex), hex);
    // A view into a larger buffer reads only its own bytes.
    const outer = new Uint8Array(length + 8).fill(0xaa);
    outer.set(bytes, 4);
    assert.equal(uintFromBytes(outer.subarray(4, 4 + length)), hex === '' ? 0n : BigInt('0x' + hex), hex);
  }
});
