import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PreimageWriter } from '../../../src/protocol/preimage';
import { concatBytesList, int32BE, int64BE, utf8Encode } from '../../../src/protocol/hex';
import { ecdsaSuite, smSuite } from '../../../src/protocol/crypto/suite';

// A deterministic generator so a failure names its seed.
function rng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

const TEXTS = ['', 'a', 'chain0', '0x1234', 'héllo', '中文', '\u{1F600}x', 'ab\uD800cd', 'x'.repeat(300)];
const INT64S: (bigint | number)[] = [
  0,
  1,
  255,
  2 ** 32,
  2 ** 53 - 1,
  -1n,
  0n,
  2n ** 53n,
  2n ** 63n - 1n,
  -(2n ** 63n),
];
const INT32S = [0, 1, -1, 127, 0x7fffffff, -0x80000000, 0xffffffff];

test('PreimageWriter writes what concatenating int32BE / int64BE / utf8Encode parts gives', () => {
  for (let seed = 1; seed <= 300; seed++) {
    const r = rng(seed);
    const w = new PreimageWriter().reset();
    const parts: Uint8Array[] = [];
    const count = Math.floor(r() * 40);
    for (let i = 0; i < count; i++) {
      const kind = Math.floor(r() * 4);
      if (kind === 0) {
        const v = INT32S[Math.floor(r() * INT32S.length)];
        w.int32(v);
        parts.push(int32BE(v));
      } else if (kind === 1) {
        const v = INT64S[Math.floor(r() * INT64S.length)];
        w.int64(v);
        parts.push(int64BE(v));
      } else if (kind === 2) {
        const v = TEXTS[Math.floor(r() * TEXTS.length)];
        w.utf8(v);
        parts.push(utf8Encode(v));
      } else {
        // Up to 600 bytes, so the buffer grows past its first 1024 in some seeds.
        const b = Uint8Array.from({ length: Math.floor(r() * 600) }, () => Math.floor(r() * 256));
        w.bytes(b);
        parts.push(b);
      }
    }
    const expected = concatBytesList(parts);
    assert.deepEqual(w.copy(), expected, `seed ${seed}`);
    assert.deepEqual(w.hash(ecdsaSuite), ecdsaSuite.hash(expected), `seed ${seed}`);
    assert.deepEqual(w.hash(smSuite), smSuite.hash(expected), `seed ${seed}`);
  }
});

test('PreimageWriter keeps int32BE and int64BE range errors', () => {
  const w = new PreimageWriter();
  assert.throws(() => w.int32(2 ** 32), RangeError);
  assert.throws(() => w.int32(1.5), RangeError);
  assert.throws(() => w.int64(2n ** 64n), RangeError);
  assert.throws(() => w.int64(2 ** 60), RangeError);
});

test('reset starts a new preimage; view is the bytes since reset', () => {
  const w = new PreimageWriter();
  w.reset().utf8('abc');
  w.reset().int32(1);
  assert.deepEqual(w.view(), Uint8Array.of(0, 0, 0, 1));
});

test('a preimage larger than the kept buffer is written whole, and the next one after it too', () => {
  const w = new PreimageWriter();
  const big = Uint8Array.from({ length: (1 << 21) + 3 }, (_, i) => i & 0xff);
  assert.deepEqual(w.reset().int32(7).bytes(big).copy(), concatBytesList([int32BE(7), big]));
  assert.deepEqual(w.reset().utf8('abc').view(), utf8Encode('abc'));
});
