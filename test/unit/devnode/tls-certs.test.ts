// The devnode's TLS certificates are made in-process: no openssl binary, build_chain.sh's layout and forms.

import { strict as assert } from 'node:assert';
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { ensureTlsMaterial } from '../../../src/devnode/tls/certs';

describe('devnode TLS certificates', () => {
  let dir: string;
  const read = (...p: string[]) => readFileSync(join(dir, ...p), 'utf8');

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'devnode-certs-'));
    // With no PATH an attempt to run openssl would fail: generation must not need it.
    const path = process.env.PATH;
    process.env.PATH = '';
    try {
      await ensureTlsMaterial(dir);
    } finally {
      process.env.PATH = path;
    }
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('makes a self-signed RSA 2048 CA with basicConstraints CA:TRUE', () => {
    const ca = new X509Certificate(read('ca', 'ca.crt'));
    assert.equal(ca.ca, true);
    assert.ok(ca.verify(ca.publicKey));
    assert.equal(ca.publicKey.asymmetricKeyType, 'rsa');
    assert.equal(ca.publicKey.asymmetricKeyDetails?.modulusLength, 2048);
    assert.equal(read('sdk', 'ca.crt'), read('ca', 'ca.crt'));
    assert.equal(read('conf', 'ca.crt'), read('ca', 'ca.crt'));
  });

  it('signs the node and sdk certificates with the CA, SHA-256, keys as PKCS#8 PEM', () => {
    const ca = new X509Certificate(read('ca', 'ca.crt'));
    for (const [folder, name] of [
      ['conf', 'ssl'],
      ['sdk', 'sdk'],
    ] as const) {
      const cert = new X509Certificate(read(folder, `${name}.crt`));
      assert.equal(cert.ca, false);
      assert.ok(cert.checkIssued(ca));
      assert.ok(cert.verify(ca.publicKey));
      assert.ok(cert.checkIP('127.0.0.1'));
      assert.match(cert.subject, /OU=agency/);
      const keyPem = read(folder, `${name}.key`);
      assert.match(keyPem, /^-----BEGIN PRIVATE KEY-----\n/);
      assert.ok(cert.checkPrivateKey(createPrivateKey(keyPem)));
      assert.equal(cert.publicKey.asymmetricKeyDetails?.modulusLength, 2048);
    }
    // sha256WithRSAEncryption shows up in the certificate's DER as its OID.
    const der = new X509Certificate(read('sdk', 'sdk.crt')).raw;
    assert.ok(der.includes(Buffer.from('2a864886f70d01010b', 'hex')));
  });

  it('keeps existing files, and reissues leaves when the CA is replaced', async () => {
    const sdk = read('sdk', 'sdk.crt');
    await ensureTlsMaterial(dir);
    assert.equal(read('sdk', 'sdk.crt'), sdk);
    rmSync(join(dir, 'ca', 'ca.key'));
    await ensureTlsMaterial(dir);
    const ca = new X509Certificate(read('ca', 'ca.crt'));
    assert.notEqual(read('sdk', 'sdk.crt'), sdk);
    assert.ok(new X509Certificate(read('sdk', 'sdk.crt')).verify(ca.publicKey));
    assert.ok(new X509Certificate(read('conf', 'ssl.crt')).verify(ca.publicKey));
  });
});
