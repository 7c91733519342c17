// The fast Keccak-256 (protocol/crypto/keccak.ts) against published vectors and @noble/hashes'
// keccak_256 on every length around the 136-byte block boundaries.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { keccak256 } from '../../../src/protocol/crypto/keccak';
import { toHex, utf8Encode } from '../../../src/protocol/hex';

test('keccak256 gives the published Keccak-256 vectors', () => {
  // Keccak-256 (original padding), as Ethereum uses it: the empty string and "abc".
  assert.equal(
    toHex(keccak256(new Uint8Array(0))),
    '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
  );
  assert.equal(
    toHex(keccak256(utf8Encode('abc'))),
    '0x4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
  );
});

test('keccak256 matches @noble/hashes on every length from 0 to 700 bytes', () => {
  let seed = 1;
  const next = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 24;
  for (let n = 0; n <= 700; n++) {
    const data = Uint8Array.from({ length: n }, next);
    assert.equal(toHex(keccak256(data)), toHex(keccak_256(data)), `length ${n}`);
  }
});

test('keccak256 reads only its input view and returns a fresh array each time', () => {
  const backing = Uint8Array.from({ length: 300 }, (_, i) => i);
  const view = backing.subarray(7, 207);
  const a = keccak256(view);
  assert.equal(toHex(a), toHex(keccak_256(backing.slice(7, 207))));
  const b = keccak256(view);
  assert.notEqual(a, b);
  assert.deepEqual(a, b);
});
