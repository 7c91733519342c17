// Account import/export: hex and PEM, secp256k1 and SM2, with clear errors.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  generateKey,
  keyFromHex,
  keyFromPem,
  keyFromText,
  keyToPem,
} from '../../../src/extension/accounts/keyMaterial';

describe('key material', () => {
  for (const sm of [false, true]) {
    it(`round-trips a ${sm ? 'SM2' : 'secp256k1'} key through PEM`, () => {
      const key = generateKey(sm);
      assert.match(key.address, /^0x[0-9a-f]{40}$/);
      const pem = keyToPem(key);
      assert.match(pem, /-----BEGIN PRIVATE KEY-----/);
      assert.deepEqual(keyFromPem(pem), key);
      assert.deepEqual(keyFromText(pem, !sm), key, 'the PEM curve wins over the chain hint');
      assert.deepEqual(keyFromHex(key.privateKey.slice(2), sm), key);
    });
  }

  it('derives different addresses for the same key on the two curves', () => {
    const hex = `0x${'2'.repeat(64)}`;
    assert.notEqual(keyFromHex(hex, false).address, keyFromHex(hex, true).address);
  });

  it('rejects malformed keys with a message', () => {
    assert.throws(() => keyFromHex('0x1234', false), /64 hex digits/);
    assert.throws(() => keyFromHex('0'.repeat(64), false), /range/);
    assert.throws(() => keyFromPem('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----'));
  });
});
