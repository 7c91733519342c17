// The suites load their curve code (native secp256k1 binding, @noble/curves set-up, SM2 tables)
// on the first key operation, not when suite.ts loads: the extension host imports the SDK at
// activation. This file imports nothing of the protocol statically, so the first test sees a
// fresh module cache (node --test runs each file in its own process).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type * as SuiteModule from '../../../src/protocol/crypto/suite';

const loaded = (pattern: RegExp): boolean => Object.keys(require.cache).some((k) => pattern.test(k));
const ECDSA = /[\\/]protocol[\\/]crypto[\\/]ecdsa\.ts$/;
const SM2 = /[\\/]protocol[\\/]crypto[\\/]sm\.ts$/;
const CURVES = /[\\/]@noble[\\/]curves[\\/]/;
const NATIVE = /[\\/]secp256k1[\\/]/;

const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

test('suite.ts loads no curve code; hash and sm need none; the first key operation loads it', () => {
  const { cryptoSuite, ecdsaSuite, smSuite } =
    require('../../../src/protocol/crypto/suite') as typeof SuiteModule;
  const notYet = () => [ECDSA, SM2, CURVES, NATIVE].filter(loaded).map(String);
  assert.deepEqual(notYet(), []);

  assert.equal(cryptoSuite(false), ecdsaSuite);
  assert.equal(cryptoSuite(true), smSuite);
  assert.equal(ecdsaSuite.sm, false);
  assert.equal(smSuite.sm, true);
  // keccak256("abc") and SM3("abc") (GB/T 32905-2016).
  const abc = new TextEncoder().encode('abc');
  assert.equal(hex(ecdsaSuite.hash(abc)), '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45');
  assert.equal(hex(smSuite.hash(abc)), '66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0');
  assert.deepEqual(notYet(), []);

  // Private key 1: the public key is the generator; its address is well known.
  const one = new Uint8Array(32);
  one[31] = 1;
  assert.equal(ecdsaSuite.address(ecdsaSuite.publicKey(one)), '0x7e5f4552091a69125d5dfcb7b8c2659029395bdf');
  assert.equal(loaded(ECDSA), true);
  assert.equal(loaded(SM2), false, 'the SM2 code still waits for its first use');

  const signature = ecdsaSuite.sign(ecdsaSuite.hash(abc), one);
  assert.deepEqual(ecdsaSuite.recover(ecdsaSuite.hash(abc), signature), ecdsaSuite.publicKey(one));

  const smKey = smSuite.randomPrivateKey();
  assert.equal(loaded(SM2), true);
  const smSig = smSuite.sign(smSuite.hash(abc), smKey);
  assert.deepEqual(smSuite.recover(smSuite.hash(abc), smSig), smSuite.publicKey(smKey));
});

test('a lazy suite gives the same bytes and errors as the suite it loads', async () => {
  const { ecdsaSuite, smSuite } = await import('../../../src/protocol/crypto/suite');
  const { createEcdsaSuite } = await import('../../../src/protocol/crypto/ecdsa');
  const { createSmSuite } = await import('../../../src/protocol/crypto/sm');
  const key = Uint8Array.from({ length: 32 }, (_, i) => i + 1);
  const msg = new Uint8Array(32).fill(7);
  const direct = createEcdsaSuite();
  assert.equal(hex(ecdsaSuite.sign(msg, key)), hex(direct.sign(msg, key)));
  assert.equal(hex(ecdsaSuite.publicKey(key)), hex(direct.publicKey(key)));
  assert.equal(hex(smSuite.publicKey(key)), hex(createSmSuite().publicKey(key)));
  assert.throws(() => ecdsaSuite.sign(msg, new Uint8Array(31)), /private key must be 32 bytes/);
  assert.throws(() => smSuite.recover(msg, new Uint8Array(10)), /SM2: signature must be 128 bytes/);
});
