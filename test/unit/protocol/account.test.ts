// Accounts and PEM files: the go-sdk CI PEMs (written by FISCO's account scripts) byte for byte,
// OpenSSL-generated keys in both PKCS#8 and SEC1 form, and error cases.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import {
  Account,
  exportPem,
  exportPublicKeyPem,
  generateAccount,
  importPem,
  importPrivateKey,
} from '../../../src/protocol/account';
import { ecdsaSuite, smSuite, keccak256 } from '../../../src/protocol/crypto/suite';
import { fromHex } from '../../../src/protocol/hex';

// FISCO-BCOS/go-sdk .ci/0x83309d045a19c44dc3722d15a6abd472f95866ac.pem
const GO_PEM = `-----BEGIN PRIVATE KEY-----
MIGEAgEAMBAGByqGSM49AgEGBSuBBAAKBG0wawIBAQQguJ1C8SKQBw8jX7j7Ydz5
bjsRUWxdT2Mz8m5Ju5Vfi2KhRANCAAQf+Lvzi2JmjS3R4rkA9+O4aVk/db7Hc7H+
uzWl00qEH2Esk9fGeiCLuuQKGX3+TspTTvWA99FFi67RXgF+Sj15
-----END PRIVATE KEY-----
`;
// FISCO-BCOS/go-sdk .ci/sm2p256v1_0x791a0073e6dfd9dc5e5061aebc43ab4f7aa4ae8b.pem
const GO_SM_PEM = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqBHM9VAYItBG0wawIBAQQgOJuz4p23NbXcTxFJ
I/GsUTaJHv2igqGNwHaONDBchhuhRANCAARPdpGofuy2PV77J2ydxWYBWu6p7Rl+
6ExUKuJsBgI4p5/WkELL1+wtwvwQDI/0x2QqBarnAHp5FLxjFQqbVjVo
-----END PRIVATE KEY-----
`;

function openssl(args: string[], input?: string): string {
  return execFileSync('openssl', args, { input, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
}

/** The private scalar as `openssl pkey -text` prints it. */
function opensslPrivateHex(pem: string): string {
  const text = openssl(['pkey', '-text', '-noout'], pem);
  const m = /priv:\s*([\s\S]*?)\s*pub:/.exec(text);
  assert.ok(m, text);
  return m[1].replace(/[\s:]/g, '').padStart(64, '0').slice(-64);
}

test('go-sdk PEM files import to the known keys and export byte for byte', () => {
  const a = importPem(GO_PEM);
  assert.equal(a.sm, false);
  assert.equal(a.privateKeyHex, 'b89d42f12290070f235fb8fb61dcf96e3b11516c5d4f6333f26e49bb955f8b62');
  assert.equal(a.address, '0x83309d045a19c44dc3722d15a6abd472f95866ac');
  assert.equal(exportPem(a), GO_PEM);
  const s = importPem(GO_SM_PEM);
  assert.equal(s.sm, true);
  assert.equal(s.privateKeyHex, '389bb3e29db735b5dc4f114923f1ac5136891efda282a18dc0768e34305c861b');
  assert.equal(s.address, '0x791a0073e6dfd9dc5e5061aebc43ab4f7aa4ae8b');
  assert.equal(s.toPem(), GO_SM_PEM);
  assert.equal(importPem(GO_SM_PEM, true).address, s.address);
});

test('OpenSSL keys: genpkey PKCS#8 and ecparam SEC1 (with EC PARAMETERS block), secp256k1 and SM2', () => {
  const cases: [string[], boolean][] = [
    [['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:secp256k1'], false],
    [['ecparam', '-name', 'secp256k1', '-genkey'], false],
    [['genpkey', '-algorithm', 'SM2'], true],
    [['ecparam', '-name', 'SM2', '-genkey', '-noout'], true],
  ];
  for (const [args, sm] of cases) {
    const pem = openssl(args);
    const account = importPem(pem);
    assert.equal(account.sm, sm, args.join(' '));
    assert.equal(account.privateKeyHex, opensslPrivateHex(pem), args.join(' '));
    // Our export is readable by OpenSSL and holds the same key.
    const exported = exportPem(account);
    assert.equal(opensslPrivateHex(exported), account.privateKeyHex);
    const pubText = openssl(['pkey', '-pubin', '-text', '-noout'], exportPublicKeyPem(account));
    const pub = /pub:\s*([\s\S]*?)\s*(ASN1 OID|$)/.exec(pubText)![1].replace(/[\s:]/g, '');
    assert.equal(pub, '04' + account.publicKeyHex);
  }
});

test('Account: generate, import hex, sign with the suite', () => {
  for (const sm of [false, true]) {
    const a = generateAccount(sm);
    assert.equal(a.privateKey.length, 32);
    assert.equal(a.publicKey.length, 64);
    assert.match(a.address, /^0x[0-9a-f]{40}$/);
    const b = importPrivateKey('0x' + a.privateKeyHex, sm);
    assert.equal(b.address, a.address);
    const hash = keccak256(Uint8Array.of(1));
    const sig = a.sign(hash);
    const suite = sm ? smSuite : ecdsaSuite;
    assert.equal(suite.address(suite.recover(hash, sig)), a.address);
  }
  assert.equal(
    importPrivateKey('145e247e170ba3afd6ae97e88f00dbc976c2345d511b0f6713355d19d8b80b58').address,
    '0xfbb18d54e9ee57529cda8c7c52242efe879f064f',
  );
  // Short hex is left-padded.
  assert.equal(importPrivateKey('0x1').privateKeyHex, '0'.repeat(63) + '1');
  const key = fromHex('145e247e170ba3afd6ae97e88f00dbc976c2345d511b0f6713355d19d8b80b58');
  const acct = new Account(key, ecdsaSuite);
  key.fill(0); // the account keeps its own copy
  assert.equal(acct.address, '0xfbb18d54e9ee57529cda8c7c52242efe879f064f');
});

test('bad private keys give clear errors', () => {
  assert.throws(() => importPrivateKey('xyz'), /expected hex digits/);
  assert.throws(() => importPrivateKey(''), /up to 64 hex digits/);
  assert.throws(() => importPrivateKey('11'.repeat(33)), /up to 64 hex digits/);
  assert.throws(() => importPrivateKey('0'.repeat(64)), /out of range for secp256k1/);
  assert.throws(() => importPrivateKey('ff'.repeat(32)), /out of range/);
  assert.throws(
    () => importPrivateKey('fffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54122', true),
    /out of range for SM2/,
  );
  assert.throws(() => new Account(new Uint8Array(31), ecdsaSuite), /expected 32 bytes/);
});

test('bad PEM files give clear errors', () => {
  assert.throws(() => importPem('hello'), /not a PEM file/);
  assert.throws(() => importPem(GO_PEM, true), /does not match the chain: expected an SM2/);
  assert.throws(() => importPem(GO_SM_PEM, false), /expected a secp256k1 key/);
  const p256 = openssl(['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:prime256v1']);
  assert.throws(() => importPem(p256), /unsupported curve prime256v1/);
  const ed = openssl(['genpkey', '-algorithm', 'ED25519']);
  assert.throws(() => importPem(ed), /unsupported key type/);
  const pub = exportPublicKeyPem(importPem(GO_PEM));
  assert.throws(() => importPem(pub), /no private key in PEM \(found: PUBLIC KEY\)/);
  const corrupt = GO_PEM.replace('MIGEAgEAMBAG', 'MIGEAgEAMBAA');
  assert.throws(() => importPem(corrupt), /corrupt key/);
  const truncated = GO_PEM.replace('uzWl00qEH2Esk9fGeiCLuuQKGX3+TspTTvWA99FFi67RXgF+Sj15\n', '');
  assert.throws(() => importPem(truncated), /corrupt key/);
  assert.throws(
    () => importPem('-----BEGIN PRIVATE KEY-----\n@@@\n-----END PRIVATE KEY-----\n'),
    /invalid base64/,
  );
  assert.throws(
    () => importPem('-----BEGIN ENCRYPTED PRIVATE KEY-----\nAAAA\n-----END ENCRYPTED PRIVATE KEY-----\n'),
    /encrypted private keys are not supported/,
  );
  // An embedded public key that does not belong to the private key.
  const other = importPem(GO_SM_PEM);
  const der = Buffer.from(GO_PEM.split('\n').slice(1, -2).join(''), 'base64');
  der.set(Buffer.from('04' + other.publicKeyHex, 'hex'), der.length - 65);
  const bad = `-----BEGIN PRIVATE KEY-----\n${der.toString('base64')}\n-----END PRIVATE KEY-----\n`;
  assert.throws(() => importPem(bad), /embedded public key does not match/);
});

test('PEM with CRLF line endings imports; legacy encrypted PEM is refused clearly', () => {
  assert.equal(
    importPem(GO_PEM.replace(/\n/g, '\r\n')).address,
    '0x83309d045a19c44dc3722d15a6abd472f95866ac',
  );
  const legacy = openssl(
    ['ec', '-aes256', '-passout', 'pass:secret'],
    openssl(['ecparam', '-name', 'secp256k1', '-genkey', '-noout']),
  );
  assert.match(legacy, /Proc-Type: 4,ENCRYPTED/);
  assert.throws(() => importPem(legacy.replace(/\n/g, '\r\n')), /encrypted private keys are not supported/);
  const pkcs8Encrypted = openssl(['pkcs8', '-topk8', '-passout', 'pass:secret'], GO_PEM);
  assert.throws(() => importPem(pkcs8Encrypted), /encrypted private keys are not supported/);
});
