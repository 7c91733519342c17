// Ethereum JSON keystore v3: keystores written by ethers (scrypt and PBKDF2), our export, errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encryptKeystoreJsonSync, Wallet } from 'ethers';
import { pbkdf2Sync, createCipheriv, randomBytes } from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { generateAccount, importPrivateKey, KeyFileError } from '../../../src/protocol/account';
import { exportKeystore, importKeystore } from '../../../src/protocol/keystore';

const KEY = '145e247e170ba3afd6ae97e88f00dbc976c2345d511b0f6713355d19d8b80b58';
const ADDRESS = '0xfbb18d54e9ee57529cda8c7c52242efe879f064f';
const FAST = { scrypt: { N: 1 << 10 } };

function scryptKeystore(password: string): string {
  return encryptKeystoreJsonSync({ address: ADDRESS, privateKey: '0x' + KEY }, password, FAST);
}

/** A PBKDF2 keystore as geth writes with --lightkdf-style parameters (ethers only writes scrypt). */
function pbkdf2Keystore(password: string): string {
  const salt = randomBytes(32);
  const iv = randomBytes(16);
  const dk = pbkdf2Sync(password, salt, 4096, 32, 'sha256');
  const c = createCipheriv('aes-128-ctr', dk.subarray(0, 16), iv);
  const ciphertext = Buffer.concat([c.update(Buffer.from(KEY, 'hex')), c.final()]);
  const mac = Buffer.from(keccak_256(Buffer.concat([dk.subarray(16, 32), ciphertext])));
  return JSON.stringify({
    version: 3,
    id: '3198bc9c-6672-5ab3-d995-4942343ae5b6',
    address: ADDRESS.slice(2),
    crypto: {
      cipher: 'aes-128-ctr',
      cipherparams: { iv: iv.toString('hex') },
      ciphertext: ciphertext.toString('hex'),
      kdf: 'pbkdf2',
      kdfparams: { c: 4096, dklen: 32, prf: 'hmac-sha256', salt: salt.toString('hex') },
      mac: mac.toString('hex'),
    },
  });
}

async function rejects(p: Promise<unknown>, code: string, re: RegExp): Promise<void> {
  await assert.rejects(p, (e: unknown) => e instanceof KeyFileError && e.code === code && re.test(e.message));
}

test('imports scrypt and PBKDF2 keystores made by ethers / geth layout', async () => {
  const a = await importKeystore(scryptKeystore('hunter2'), 'hunter2');
  assert.equal(a.sm, false);
  assert.equal(a.privateKeyHex, KEY);
  assert.equal(a.address, ADDRESS);
  const b = await importKeystore(pbkdf2Keystore('hunter2'), 'hunter2');
  assert.equal(b.address, ADDRESS);
  // ethers' Wallet.encrypt output (scrypt, x-ethers metadata) too.
  const wallet = Wallet.createRandom();
  const json = encryptKeystoreJsonSync(
    { address: wallet.address, privateKey: wallet.privateKey, mnemonic: wallet.mnemonic! },
    'pw',
    FAST,
  );
  assert.equal((await importKeystore(json, 'pw')).address, wallet.address.toLowerCase());
});

test('reports progress and exports a keystore ethers and importKeystore read back', async () => {
  const account = generateAccount(false);
  const json = await exportKeystore(account, 'pw');
  assert.equal(JSON.parse(json).version, 3);
  const seen: number[] = [];
  const back = await importKeystore(json, 'pw', { progress: (f) => void seen.push(f) });
  assert.equal(back.privateKeyHex, account.privateKeyHex);
  assert.ok(seen.length > 1);
  assert.equal(seen.at(-1), 1);
  assert.equal((await Wallet.fromEncryptedJson(json, 'pw')).privateKey, '0x' + account.privateKeyHex);
  await rejects(exportKeystore(generateAccount(true), 'pw'), 'WRONG_CURVE', /SM2/);
});

test('wrong password, SM chain, corrupt and unsupported keystores', async () => {
  const json = scryptKeystore('right');
  await rejects(importKeystore(json, 'wrong'), 'WRONG_PASSWORD', /wrong password/);
  await rejects(importKeystore(pbkdf2Keystore('right'), 'wrong'), 'WRONG_PASSWORD', /wrong password/);
  await rejects(importKeystore(json, 'right', { sm: true }), 'WRONG_CURVE', /SM2/);

  await rejects(importKeystore('{"version":3', 'x'), 'CORRUPT', /not valid JSON/);
  await rejects(importKeystore('[]', 'x'), 'CORRUPT', /JSON object/);
  await rejects(importKeystore('{"version":3,"address":"00"}', 'x'), 'CORRUPT', /ciphertext/);
  const pbkdf2Json = pbkdf2Keystore('right');
  const data = JSON.parse(pbkdf2Json);
  await rejects(importKeystore(JSON.stringify({ ...data, version: 1 }), 'right'), 'UNSUPPORTED', /version 1/);
  await rejects(
    importKeystore(JSON.stringify({ ...data, crypto: { ...data.crypto, cipher: 'aes-256-gcm' } }), 'right'),
    'UNSUPPORTED',
    /cipher aes-256-gcm/,
  );
  await rejects(
    importKeystore(JSON.stringify({ ...data, crypto: { ...data.crypto, kdf: 'argon2' } }), 'right'),
    'UNSUPPORTED',
    /unsupported keystore/,
  );
  const other = importPrivateKey('01'.repeat(32)).address.slice(2);
  await rejects(
    importKeystore(JSON.stringify({ ...data, address: other }), 'right'),
    'CORRUPT',
    /address does not match/,
  );
});
