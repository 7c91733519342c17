// Hashes, signatures and addresses: keccak/SM3 vectors, secp256k1 (native and pure paths agree),
// SM2 interop with sm-crypto-v2 (an independent implementation), known keys of §5.6.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sm2 as smCrypto, sm3 as smCryptoSm3 } from 'sm-crypto-v2';
import { cryptoSuite, ecdsaSuite, keccak256, sm3, smSuite } from '../../../src/protocol/crypto/suite';
import { createEcdsaSuite, nativeSecp256k1Available } from '../../../src/protocol/crypto/ecdsa';
import { sm2SignRaw, sm2Verify, sm2Za } from '../../../src/protocol/crypto/sm';
import { fromHex, toHex, utf8Encode } from '../../../src/protocol/hex';

const pure = createEcdsaSuite({ native: false });

test('keccak256 and SM3 standard vectors', () => {
  assert.equal(
    toHex(keccak256(new Uint8Array(0)), false),
    'c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470',
  );
  assert.equal(
    toHex(keccak256(utf8Encode('abc')), false),
    '4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45',
  );
  // GB/T 32905-2016 examples.
  assert.equal(
    toHex(sm3(utf8Encode('abc')), false),
    '66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0',
  );
  assert.equal(
    toHex(sm3(utf8Encode('abcd'.repeat(16))), false),
    'debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732',
  );
});

test('SM3 agrees with sm-crypto-v2 across padding boundaries', () => {
  for (const n of [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000]) {
    const data = Uint8Array.from({ length: n }, (_, i) => (i * 7 + 3) & 0xff);
    assert.equal(toHex(sm3(data), false), smCryptoSm3(data), `length ${n}`);
  }
});

test('cryptoSuite picks the suite', () => {
  assert.equal(cryptoSuite(false), ecdsaSuite);
  assert.equal(cryptoSuite(true), smSuite);
  assert.equal(ecdsaSuite.sm, false);
  assert.equal(smSuite.sm, true);
});

test('§10.1 key: public key and address', () => {
  const key = fromHex('145e247e170ba3afd6ae97e88f00dbc976c2345d511b0f6713355d19d8b80b58');
  const pub =
    'a8285522a27092117c76e3cf1614cb2be8aefd770ac98554a6509193e5d5fcc9e8d41ad24ede92d0bda17314be7bf8210e80e3e913a0d659e65ffa4356c23ea6';
  assert.equal(toHex(ecdsaSuite.publicKey(key), false), pub);
  assert.equal(toHex(pure.publicKey(key), false), pub);
  assert.equal(ecdsaSuite.address(fromHex(pub)), '0xfbb18d54e9ee57529cda8c7c52242efe879f064f');
});

test('§5.6 known keys → addresses', () => {
  const k1 = fromHex('b89d42f12290070f235fb8fb61dcf96e3b11516c5d4f6333f26e49bb955f8b62');
  assert.equal(ecdsaSuite.address(ecdsaSuite.publicKey(k1)), '0x83309d045a19c44dc3722d15a6abd472f95866ac');
  const sk = fromHex('389bb3e29db735b5dc4f114923f1ac5136891efda282a18dc0768e34305c861b');
  const spub = smSuite.publicKey(sk);
  assert.equal(
    toHex(spub, false),
    '4f7691a87eecb63d5efb276c9dc566015aeea9ed197ee84c542ae26c060238a79fd69042cbd7ec2dc2fc100c8ff4c7642a05aae7007a7914bc63150a9b563568',
  );
  assert.equal(smSuite.address(spub), '0x791a0073e6dfd9dc5e5061aebc43ab4f7aa4ae8b');
  // §10.2 signer public key.
  assert.equal(
    smSuite.address(
      fromHex(
        '4c5a43dcbecdb28436cf138f5b74f8f4809415be473fa31e923e27a0e0eaebabe002537bbf5f787e87df7fa9acf7b13391ccf85618009ccb7413376641b19133',
      ),
    ),
    '0x69a69e8cca296d8def216820cd76ded88a3f4215',
  );
});

test('secp256k1: native and pure paths produce identical low-S signatures and recover', () => {
  assert.equal(typeof nativeSecp256k1Available, 'boolean');
  const half = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0n;
  for (let i = 0; i < 20; i++) {
    const key = ecdsaSuite.randomPrivateKey();
    const hash = keccak256(Uint8Array.of(i));
    const a = ecdsaSuite.sign(hash, key);
    const b = pure.sign(hash, key);
    assert.deepEqual(a, b);
    assert.equal(a.length, 65);
    assert.ok(a[64] === 0 || a[64] === 1);
    assert.ok(BigInt(toHex(a.subarray(32, 64))) <= half, 'low S');
    const pub = ecdsaSuite.publicKey(key);
    assert.deepEqual(ecdsaSuite.recover(hash, a), pub);
    assert.deepEqual(pure.recover(hash, a), pub);
  }
});

test('secp256k1: bad signatures and inputs are rejected clearly', () => {
  const key = ecdsaSuite.randomPrivateKey();
  const hash = keccak256(Uint8Array.of(1));
  const sig = ecdsaSuite.sign(hash, key);
  for (const s of [ecdsaSuite, pure]) {
    const v27 = sig.slice();
    v27[64] = 27;
    assert.throws(() => s.recover(hash, v27), /invalid recovery id v=27/);
    assert.throws(() => s.recover(hash, sig.subarray(0, 64)), /65 bytes/);
    assert.throws(() => s.recover(hash.subarray(0, 31), sig), /32 bytes/);
    const zero = new Uint8Array(65);
    assert.throws(() => s.recover(hash, zero), /recovery failed/);
    assert.throws(() => s.sign(hash, new Uint8Array(31)), /private key must be 32 bytes/);
    // A different message recovers a different key (never the signer).
    const other = s.recover(keccak256(Uint8Array.of(2)), sig);
    assert.notDeepEqual(other, ecdsaSuite.publicKey(key));
  }
});

test('SM2: our signatures verify with sm-crypto-v2 and vice versa (user id 1234567812345678)', () => {
  const key = smSuite.randomPrivateKey();
  const keyHex = toHex(key, false);
  const pub = smSuite.publicKey(key);
  assert.equal(smCrypto.getPublicKeyFromPrivateKey(keyHex), '04' + toHex(pub, false));
  for (let i = 0; i < 5; i++) {
    const hash = sm3(Uint8Array.of(i));
    const sig = smSuite.sign(hash, key);
    assert.equal(sig.length, 128);
    assert.deepEqual(sig.subarray(64), pub);
    assert.ok(
      smCrypto.doVerifySignature(hash, toHex(sig.subarray(0, 64), false), '04' + toHex(pub, false), {
        hash: true,
      }),
    );
    assert.deepEqual(smSuite.recover(hash, sig), pub);
    const theirs = smCrypto.doSignature(hash, keyHex, { hash: true });
    assert.deepEqual(smSuite.recover(hash, fromHex(theirs + toHex(pub, false))), pub);
  }
  // Z_A matches sm-crypto-v2's.
  assert.equal(
    toHex(sm2Za(pub), false),
    toHex(smCrypto.getZ('04' + toHex(pub, false), '1234567812345678'), false),
  );
});

test('SM2: signatures are randomized; tampering fails; wrong key fails', () => {
  const key = smSuite.randomPrivateKey();
  const hash = sm3(utf8Encode('x'));
  const a = smSuite.sign(hash, key);
  const b = smSuite.sign(hash, key);
  assert.notDeepEqual(a.subarray(0, 64), b.subarray(0, 64));
  const tampered = a.slice();
  tampered[10] ^= 1;
  assert.throws(() => smSuite.recover(hash, tampered), /SM2: invalid signature/);
  const otherKey = smSuite.publicKey(smSuite.randomPrivateKey());
  const swapped = new Uint8Array(128);
  swapped.set(a.subarray(0, 64));
  swapped.set(otherKey, 64);
  assert.throws(() => smSuite.recover(hash, swapped), /invalid signature/);
  assert.throws(() => smSuite.recover(hash, a.subarray(0, 64)), /128 bytes/);
  const offCurve = a.slice();
  offCurve[127] ^= 1;
  assert.throws(() => smSuite.recover(hash, offCurve), /invalid signature/);
  const { rs, publicKey } = sm2SignRaw(hash, key);
  assert.equal(sm2Verify(hash, rs, publicKey), true);
  assert.equal(sm2Verify(hash, new Uint8Array(64), publicKey), false);
  assert.throws(() => smSuite.sign(hash, new Uint8Array(32)), /out of range/);
});

test('SM2: hot keys (precomputed tables) keep verifying correctly and rejecting forgeries', () => {
  const key = smSuite.randomPrivateKey();
  const pub = smSuite.publicKey(key);
  for (let i = 0; i < 10; i++) {
    const hash = sm3(Uint8Array.of(i, 1));
    const sig = smSuite.sign(hash, key);
    assert.deepEqual(smSuite.recover(hash, sig), pub, `round ${i}`);
    const bad = sig.slice();
    bad[40] ^= 0x80;
    assert.throws(() => smSuite.recover(hash, bad), /invalid signature/);
    assert.ok(
      smCrypto.doVerifySignature(hash, toHex(sig.subarray(0, 64), false), '04' + toHex(pub, false), {
        hash: true,
      }),
    );
  }
});

test('fixed-base comb agrees with @noble/curves on both curves, incl. edge scalars', async () => {
  const { FixedBaseMultiplier } = await import('../../../src/protocol/crypto/fixed-base');
  const { secp256k1 } = await import('@noble/curves/secp256k1.js');
  const { SM2Point } = await import('../../../src/protocol/crypto/sm');
  for (const Point of [secp256k1.Point, SM2Point]) {
    const n = Point.CURVE().n;
    const fb = new FixedBaseMultiplier(Point.BASE, Point.ZERO, n);
    const scalars = [1n, 2n, 255n, 256n, 0x100000000n, n - 1n, n >> 1n, 0xff00ff00n << 128n];
    for (let i = 0; i < 5; i++) scalars.push(BigInt(toHex(keccak256(Uint8Array.of(i)))) % n);
    for (const k of scalars) {
      const expected = Point.BASE.multiply(k);
      assert.ok(fb.multiply(k).equals(expected), `multiply ${k}`);
      assert.ok(fb.multiplyUnsafe(k).equals(expected), `multiplyUnsafe ${k}`);
    }
    assert.throws(() => fb.multiply(0n), /out of range/);
    assert.throws(() => fb.multiply(n), /out of range/);
  }
});

test('secp256k1: out-of-range private keys are rejected on both paths', () => {
  const n = fromHex('fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141');
  for (const s of [ecdsaSuite, pure]) {
    for (const bad of [new Uint8Array(32), n]) {
      assert.throws(() => s.sign(new Uint8Array(32), bad), /private key out of range/);
      assert.throws(() => s.publicKey(bad), /private key out of range/);
    }
  }
});
