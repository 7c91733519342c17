// The EVM's KECCAK256 on non-SM chains runs js-sha3 (src/devnode/evm/keccak.ts): it must equal
// @noble/hashes' Keccak-256 (the protocol's hash) for every input length, across the 136-byte
// rate boundaries, and for views into larger buffers.

import * as assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { keccak256 } from '../../../src/devnode/evm/keccak';
import { toHex } from '../../../src/protocol/hex';

describe('EVM Keccak-256 (js-sha3)', () => {
  it('equals @noble/hashes for lengths 0..400 and for views into larger buffers', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 0xff;
    for (let n = 0; n <= 400; n++) {
      const data = Uint8Array.from({ length: n }, next);
      assert.equal(toHex(keccak256(data)), toHex(keccak_256(data)), `length ${n}`);
    }
    const big = Uint8Array.from({ length: 300 }, next);
    const view = big.subarray(17, 17 + 64);
    assert.equal(toHex(keccak256(view)), toHex(keccak_256(view)));
    assert.equal(
      toHex(keccak256(new Uint8Array(0))),
      '0xc5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
    );
  });
});
