import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  addressFromPublicKey,
  contractAddress,
  isAddress,
  normalizeAddress,
  normalizeAddressPadded,
  toChecksumAddress,
} from '../../../src/protocol/address';
import { ecdsaSuite, smSuite } from '../../../src/protocol/crypto/suite';
import { fromHex } from '../../../src/protocol/hex';
import { isPrecompiledRange } from '../../../src/protocol/builtin/addresses';
import { generateNonce } from '../../../src/protocol/nonce';
import { getAddress } from 'ethers';

test('§7 contract address: first 20 bytes of H("{block}_{index}_{seq}")', () => {
  assert.equal(contractAddress(2, 0, 0, smSuite), '0x82a3c3289a9f234a38aceed3016d1ff0e0f922b3');
  assert.equal(contractAddress(2, 0, 0, ecdsaSuite), '0x4721d1a77e0e76851d460073e64ea06d9c104194');
  assert.throws(() => contractAddress(-1, 0, 0, ecdsaSuite), /blockNumber must be a non-negative integer/);
  assert.throws(() => contractAddress(1, 0.5, 0, ecdsaSuite), /index/);
});

test('checksum: SM3 variant on SM chains (DOC vector), EIP-55 on keccak chains', () => {
  assert.equal(
    toChecksumAddress('0x82a3c3289a9f234a38aceed3016d1ff0e0f922b3', smSuite),
    '0x82A3c3289a9F234A38AcEED3016D1fF0E0F922B3',
  );
  assert.equal(
    toChecksumAddress('82A3C3289A9F234A38ACEED3016D1FF0E0F922B3', smSuite),
    '0x82A3c3289a9F234A38AcEED3016D1fF0E0F922B3',
  );
  for (const a of [
    '0xfbb18d54e9ee57529cda8c7c52242efe879f064f',
    '0x4721d1a77e0e76851d460073e64ea06d9c104194',
  ]) {
    assert.equal(toChecksumAddress(a, ecdsaSuite), getAddress(a));
  }
});

test('addressFromPublicKey uses the suite hash', () => {
  const pub = fromHex(
    '4f7691a87eecb63d5efb276c9dc566015aeea9ed197ee84c542ae26c060238a79fd69042cbd7ec2dc2fc100c8ff4c7642a05aae7007a7914bc63150a9b563568',
  );
  assert.equal(addressFromPublicKey(pub, smSuite), '0x791a0073e6dfd9dc5e5061aebc43ab4f7aa4ae8b');
  assert.throws(() => addressFromPublicKey(pub.subarray(1), ecdsaSuite), /64 bytes/);
});

test('isAddress / normalizeAddress', () => {
  assert.equal(isAddress('0x82A3c3289a9F234A38AcEED3016D1fF0E0F922B3'), true);
  assert.equal(isAddress('82a3c3289a9f234a38aceed3016d1ff0e0f922b3'), true);
  assert.equal(isAddress('0x82a3'), false);
  assert.equal(isAddress('0x' + 'g'.repeat(40)), false);
  assert.equal(isAddress(42), false);
  assert.equal(
    normalizeAddress('82A3C3289A9F234A38ACEED3016D1FF0E0F922B3'),
    '0x82a3c3289a9f234a38aceed3016d1ff0e0f922b3',
  );
  assert.throws(() => normalizeAddress('0x1234'), /invalid address "0x1234"/);
});

test('normalizeAddressPadded: short hex is a left-padded 20-byte word; non-hex and overlong refused', () => {
  assert.equal(normalizeAddressPadded('0x1000'), '0x' + '0'.repeat(36) + '1000');
  assert.equal(normalizeAddressPadded('0X00AB'), '0x' + '0'.repeat(36) + '00ab');
  assert.equal(
    normalizeAddressPadded('82A3C3289A9F234A38ACEED3016D1FF0E0F922B3'),
    '0x82a3c3289a9f234a38aceed3016d1ff0e0f922b3',
  );
  assert.equal(normalizeAddressPadded('0x'), '0x' + '0'.repeat(40));
  assert.throws(() => normalizeAddressPadded('0x' + '1'.repeat(41)), /invalid address/);
  assert.throws(() => normalizeAddressPadded('0xzz'), /invalid address "0xzz"/);
  // Normalized text comes back as it is; anything near it (case, prefix, length, one digit
  // out of range) takes the general path with the same answer as before.
  const canonical = '0x82a3c3289a9f234a38aceed3016d1ff0e0f922b3';
  assert.equal(normalizeAddressPadded(canonical), canonical);
  const reference = (t: string) => {
    const body = (t.startsWith('0x') || t.startsWith('0X') ? t.slice(2) : t).toLowerCase();
    return /^[0-9a-f]{0,40}$/.test(body) ? '0x' + body.padStart(40, '0') : 'invalid';
  };
  const near = [
    '0X' + canonical.slice(2),
    canonical.toUpperCase(),
    canonical + '0',
    canonical.slice(0, 41),
    'x0' + canonical.slice(2),
  ];
  for (let i = 2; i < 42; i++)
    for (const c of ['/', ':', '`', 'g', 'F', '\u0130'])
      near.push(canonical.slice(0, i) + c + canonical.slice(i + 1));
  for (const t of near) {
    let got: string;
    try {
      got = normalizeAddressPadded(t);
    } catch {
      got = 'invalid';
    }
    assert.equal(got, reference(t), t);
  }
});

test('generateNonce: decimal text of two u64, unique', () => {
  const seen = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const n = generateNonce();
    assert.match(n, /^[0-9]{2,40}$/);
    seen.add(n);
  }
  assert.equal(seen.size, 200);
});

test('isPrecompiledRange: below 0x20000, for any address text the node accepts', () => {
  // The same rule written with BigInt (as the node compares the address as a number).
  const byNumber = (a: string) => {
    const hex = a.toLowerCase().replace(/^0x/, '');
    return /^[0-9a-f]{1,40}$/.test(hex) && BigInt('0x' + hex) < 0x20000n;
  };
  const cases = ['0x1000', '0x0000000000000000000000000000000000001000', '0X10001', '1ffff', '0x1FFFF'];
  cases.push(
    '0x20000',
    '0x0000000000000000000000000000000000020000',
    '0x' + 'f'.repeat(40),
    '0x' + '0'.repeat(40),
  );
  cases.push(
    '0x',
    '',
    '0x12g4',
    '0x' + '0'.repeat(41),
    '0x0x12',
    '0x00000000000000000000000000000000001ffff0',
    '0',
  );
  for (const a of cases) assert.equal(isPrecompiledRange(a), byNumber(a), a);
  assert.equal(isPrecompiledRange('0x1000'), true);
  assert.equal(isPrecompiledRange('0x20000'), false);
});
