// PKCS#12 account files: OpenSSL-made .p12 in the OpenSSL 3 (PBES2/AES) and OpenSSL 1.x/TASSL
// (3DES, SHA-1 MAC) forms the FISCO scripts produce, BER as BouncyCastle writes, our own export
// read back by OpenSSL, and the error cases.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateAccount, importPem, KeyFileError, type Account } from '../../../src/protocol/account';
import { exportP12, importP12 } from '../../../src/protocol/p12';

let dir = '';
const keys: Record<string, Account> = {};

function openssl(...args: string[]): string {
  return execFileSync('openssl', args, { cwd: dir, encoding: 'utf8', stdio: ['pipe', 'pipe', 'pipe'] });
}

/** `openssl pkcs12 -export -name key -nocerts`, as get_account.sh -p runs it, plus extra flags. */
/** `openssl pkcs12 -info` writes its report to stderr. */
function p12Info(file: string, password: string, ...extra: string[]): string {
  const r = spawnSync(
    'openssl',
    ['pkcs12', '-info', '-noout', '-in', file, '-passin', `pass:${password}`, ...extra],
    { cwd: dir, encoding: 'utf8' },
  );
  assert.equal(r.status, 0, r.stderr);
  return r.stdout + r.stderr;
}

function makeP12(key: string, password: string, ...extra: string[]): Uint8Array {
  const out = `${key}-${Math.random().toString(36).slice(2)}.p12`;
  openssl(
    'pkcs12',
    '-export',
    '-name',
    'key',
    '-nocerts',
    '-inkey',
    `${key}.pem`,
    '-out',
    out,
    '-passout',
    `pass:${password}`,
    ...extra,
  );
  return readFileSync(join(dir, out));
}

function hasLegacyProvider(): boolean {
  try {
    return /active/.test(openssl('list', '-providers', '-provider', 'legacy'));
  } catch {
    return false;
  }
}

function rejects(fn: () => unknown, code: string, re: RegExp): void {
  assert.throws(fn, (e: unknown) => e instanceof KeyFileError && e.code === code && re.test(e.message));
}

before(() => {
  dir = mkdtempSync(join(tmpdir(), 'p12-test-'));
  openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:secp256k1', '-out', 'k1.pem');
  openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:SM2', '-out', 'sm2.pem');
  openssl('genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-256', '-out', 'p256.pem');
  keys.k1 = importPem(readFileSync(join(dir, 'k1.pem'), 'utf8'));
  keys.sm2 = importPem(readFileSync(join(dir, 'sm2.pem'), 'utf8'));
});

after(() => rmSync(dir, { recursive: true, force: true }));

test('OpenSSL 3 default .p12 (PBES2 PBKDF2-SHA256 AES-256-CBC, SHA-256 MAC): secp256k1 and SM2', () => {
  const a = importP12(makeP12('k1', 'p@ss'), 'p@ss');
  assert.equal(a.sm, false);
  assert.equal(a.privateKeyHex, keys.k1.privateKeyHex);
  assert.equal(a.address, keys.k1.address);
  const s = importP12(makeP12('sm2', 'p@ss'), 'p@ss');
  assert.equal(s.sm, true);
  assert.equal(s.address, keys.sm2.address);
  assert.equal(importP12(makeP12('sm2', 'p@ss'), 'p@ss', true).address, keys.sm2.address);
});

test('OpenSSL 1.x / TASSL form: pbeWithSHA1And3-KeyTripleDES-CBC with the PKCS#12 KDF, SHA-1 MAC', () => {
  const legacyFlags = ['-keypbe', 'PBE-SHA1-3DES', '-certpbe', 'PBE-SHA1-3DES', '-macalg', 'sha1'];
  assert.equal(importP12(makeP12('k1', 'secret', ...legacyFlags), 'secret').address, keys.k1.address);
  assert.equal(importP12(makeP12('sm2', 'secret', ...legacyFlags), 'secret').address, keys.sm2.address);
  assert.equal(importP12(makeP12('k1', 'secret', '-legacy'), 'secret').address, keys.k1.address);
});

test('other variants: PBES2 with HMAC-SHA1 PRF and AES-128, SM4-CBC with SM3 MAC, non-ASCII and empty passwords, no MAC, plain key bag', () => {
  const sha1Prf = makeP12('k1', 'pw', '-keypbe', 'aes-128-cbc', '-macalg', 'sha1');
  assert.equal(importP12(sha1Prf, 'pw').address, keys.k1.address);
  assert.equal(
    importP12(makeP12('sm2', 'pw', '-keypbe', 'sm4-cbc', '-macalg', 'sm3'), 'pw').address,
    keys.sm2.address,
  );
  assert.equal(importP12(makeP12('k1', 'pässwörd密码'), 'pässwörd密码').address, keys.k1.address);
  assert.equal(importP12(makeP12('k1', ''), '').address, keys.k1.address);
  assert.equal(importP12(makeP12('k1', 'pw', '-legacy', '-nomac'), 'pw').address, keys.k1.address);
  assert.equal(importP12(makeP12('k1', 'pw', '-keypbe', 'NONE'), 'pw').address, keys.k1.address);
  // Without a MAC a wrong password shows up as a failed decryption.
  rejects(() => importP12(makeP12('k1', 'pw', '-nomac'), 'nope'), 'WRONG_PASSWORD', /wrong password/);
});

test(
  'a .p12 with its certificate under RC2-40 (OpenSSL 1.x default) still yields the key',
  { skip: !hasLegacyProvider() },
  () => {
    openssl('req', '-x509', '-key', 'k1.pem', '-subj', '/CN=localhost', '-days', '1', '-out', 'k1.crt');
    openssl(
      'pkcs12',
      '-export',
      '-name',
      'key',
      '-inkey',
      'k1.pem',
      '-in',
      'k1.crt',
      '-out',
      'cert.p12',
      '-passout',
      'pass:pw',
      '-legacy',
    );
    assert.match(p12Info('cert.p12', 'pw', '-legacy'), /RC2/);
    assert.equal(importP12(readFileSync(join(dir, 'cert.p12')), 'pw').address, keys.k1.address);
  },
);

/** Re-encodes DER as BouncyCastle's BER: indefinite lengths, OCTET STRINGs in 16-byte chunks. */
function toBer(buf: Uint8Array): Uint8Array {
  const out: number[] = [];
  let pos = 0;
  const walk = (end: number) => {
    while (pos < end) {
      const tag = buf[pos++];
      let len = buf[pos++];
      if (len & 0x80) {
        const n = len & 0x7f;
        len = 0;
        for (let i = 0; i < n; i++) len = len * 256 + buf[pos++];
      }
      if (tag & 0x20) {
        out.push(tag, 0x80);
        walk(pos + len);
        out.push(0, 0);
      } else if (tag === 0x04 && len > 16) {
        out.push(0x24, 0x80);
        for (let i = 0; i < len; i += 16) {
          const chunk = buf.subarray(pos + i, pos + Math.min(len, i + 16));
          out.push(0x04, chunk.length, ...chunk);
        }
        out.push(0, 0);
        pos += len;
      } else {
        const head = len < 0x80 ? [len] : [0x82, len >> 8, len & 0xff];
        out.push(tag, ...head, ...buf.subarray(pos, pos + len));
        pos += len;
      }
    }
  };
  walk(buf.length);
  return Uint8Array.from(out);
}

test('BER encoding (indefinite lengths, constructed OCTET STRINGs) as BouncyCastle writes', () => {
  const ber = toBer(makeP12('sm2', 'pw', '-legacy'));
  assert.equal(ber[1], 0x80);
  assert.equal(importP12(ber, 'pw').address, keys.sm2.address);
});

test('exportP12 round trips and OpenSSL reads it back with the same key', () => {
  for (const account of [keys.k1, keys.sm2, generateAccount(false), generateAccount(true)]) {
    const p12 = exportP12(account, 'round-trip', { iterations: 2048 });
    const back = importP12(p12, 'round-trip');
    assert.equal(back.sm, account.sm);
    assert.equal(back.privateKeyHex, account.privateKeyHex);
    writeFileSync(join(dir, 'ours.p12'), p12);
    const info = p12Info('ours.p12', 'round-trip');
    assert.match(info, /MAC: sha256/);
    assert.match(info, /PBES2, PBKDF2, AES-256-CBC, Iteration 2048, PRF hmacWithSHA256/);
    const pem = openssl('pkcs12', '-in', 'ours.p12', '-passin', 'pass:round-trip', '-nodes', '-nocerts');
    assert.equal(importPem(pem).privateKeyHex, account.privateKeyHex);
  }
  assert.equal(importP12(exportP12(keys.k1, ''), '').address, keys.k1.address);
});

test('wrong password, wrong curve, corrupt files', () => {
  const p12 = makeP12('k1', 'right');
  rejects(() => importP12(p12, 'wrong'), 'WRONG_PASSWORD', /wrong password/);
  rejects(() => importP12(makeP12('k1', 'right', '-legacy'), 'wrong'), 'WRONG_PASSWORD', /wrong password/);
  rejects(() => importP12(exportP12(keys.sm2, 'right'), 'wrong'), 'WRONG_PASSWORD', /wrong password/);

  rejects(() => importP12(p12, 'right', true), 'WRONG_CURVE', /secp256k1 key.*SM2/);
  rejects(
    () => importP12(makeP12('sm2', 'right'), 'right', false),
    'WRONG_CURVE',
    /sm2p256v1 key.*secp256k1/,
  );
  rejects(() => importP12(makeP12('p256', 'right'), 'right'), 'WRONG_CURVE', /unsupported curve prime256v1/);

  rejects(() => importP12(p12.subarray(0, p12.length - 40), 'right'), 'CORRUPT', /not a valid PKCS#12 file/);
  rejects(() => importP12(new Uint8Array(64).fill(7), 'right'), 'CORRUPT', /not a valid PKCS#12 file/);
  rejects(() => importP12(new Uint8Array(0), 'right'), 'CORRUPT', /truncated/);
  rejects(() => importP12(readFileSync(join(dir, 'k1.pem')), 'right'), 'CORRUPT', /PEM file/);
  // A certificate-only .p12 has no key to import.
  openssl('req', '-x509', '-key', 'k1.pem', '-subj', '/CN=localhost', '-days', '1', '-out', 'only.crt');
  openssl(
    'pkcs12',
    '-export',
    '-nokeys',
    '-in',
    'only.crt',
    '-out',
    'certonly.p12',
    '-passout',
    'pass:pw',
    '-certpbe',
    'NONE',
  );
  rejects(() => importP12(readFileSync(join(dir, 'certonly.p12')), 'pw'), 'CORRUPT', /no private key/);
});
