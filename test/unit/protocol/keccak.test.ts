// The fast Keccak-256 (protocol/crypto/keccak.ts) against published vectors and @noble/hashes'
// keccak_256 on every length around the 136-byte block boundaries.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { KECCAK_WASM, keccak256, newWasmPermutation, permuteJs } from '../../../src/protocol/crypto/keccak';
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

test('the WebAssembly and the JavaScript permutations agree (Node runs the first)', () => {
  assert.equal(KECCAK_WASM, true);
  const wasm = newWasmPermutation()!;
  let seed = 3;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) | 0);
  for (let n = 0; n < 200; n++) {
    const js = Int32Array.from({ length: 50 }, next);
    // Zeros and ones in whole lanes too (the sponge's state starts at zero).
    if (n === 0) js.fill(0);
    if (n === 1) js.fill(-1);
    wasm.state.set(js);
    wasm.permute();
    permuteJs(js);
    assert.deepEqual(Array.from(wasm.state), Array.from(js), `state ${n}`);
  }
});

test('a host that refuses to compile WebAssembly gets no permutation, not an exception', (t) => {
  // A strict content security policy makes WebAssembly.Module throw (keccakWasm.ts falls back).
  t.mock.method(WebAssembly, 'Module', function refuse() {
    throw new WebAssembly.CompileError('WebAssembly.Module(): Wasm code generation disallowed');
  });
  assert.equal(newWasmPermutation(), undefined);
});
