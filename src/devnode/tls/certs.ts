// Mutual-TLS material laid out as FISCO's build_chain.sh does for non-SM chains (RSA 2048, SHA-256):
//   <dir>/ca/ca.crt, ca.key          chain CA
//   <dir>/conf/ca.crt, ssl.crt, ssl.key   the node's server certificate
//   <dir>/sdk/ca.crt, sdk.crt, sdk.key    what an SDK needs to connect
// Generated in-process (@peculiar/x509 over node:crypto's WebCrypto) so --tls works where no openssl
// binary is installed (e.g. Windows). Keys are PKCS#8 PEM, as build_chain.sh leaves them after its
// `openssl pkcs8 -topk8`. Existing files are reused so a persistent node keeps its certificates.

import { createPrivateKey, webcrypto } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';

export interface TlsMaterial {
  /** Folder with ca.crt, sdk.crt, sdk.key for clients. */
  sdkDir: string;
  ca: Buffer;
  cert: Buffer;
  key: Buffer;
}

const DAYS = 36500;
const RSA: RsaHashedKeyGenParams = {
  name: 'RSASSA-PKCS1-v1_5',
  modulusLength: 2048,
  publicExponent: new Uint8Array([1, 0, 1]),
  hash: 'SHA-256',
};
const CA_NAME = 'CN=FISCO-BCOS, O=FISCO-BCOS, OU=chain';
const LEAF_NAME = 'CN=FISCO-BCOS, O=fisco-bcos, OU=agency';

// Node's webcrypto is the Web Crypto API, but its TypeScript types (node:crypto) are declared apart
// from the DOM's Crypto/SubtleCrypto that @peculiar/x509 names; the objects are the same at run time.
// eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
const subtle = webcrypto.subtle as unknown as SubtleCrypto;
// eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
x509.cryptoProvider.set(webcrypto as unknown as Crypto);

function validity(): { notBefore: Date; notAfter: Date } {
  // Back-dated a minute so a client whose clock is slightly behind still accepts a fresh certificate.
  const notBefore = new Date(Date.now() - 60_000);
  return { notBefore, notAfter: new Date(notBefore.getTime() + DAYS * 86_400_000) };
}

function serial(): string {
  // Positive (top bit clear) 64-bit serial, as openssl's -CAcreateserial makes.
  const bytes = webcrypto.getRandomValues(new Uint8Array(8));
  bytes[0] = (bytes[0] & 0x7f) | 0x01;
  return Buffer.from(bytes).toString('hex');
}

function pem(label: string, der: ArrayBuffer): string {
  const b64 = Buffer.from(der)
    .toString('base64')
    .replace(/.{1,64}/g, '$&\n');
  return `-----BEGIN ${label}-----\n${b64}-----END ${label}-----\n`;
}

async function exportKey(key: CryptoKey): Promise<string> {
  return pem('PRIVATE KEY', await subtle.exportKey('pkcs8', key));
}

/** Loads a private key PEM in any form openssl writes (PKCS#1 from older setups, or PKCS#8). */
async function importSigningKey(file: string): Promise<CryptoKey> {
  const der = createPrivateKey(readFileSync(file)).export({ type: 'pkcs8', format: 'der' });
  return subtle.importKey('pkcs8', der, RSA, false, ['sign']);
}

async function createCa(caDir: string): Promise<void> {
  const keys = await subtle.generateKey(RSA, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: CA_NAME,
    ...validity(),
    signingAlgorithm: RSA,
    keys,
    extensions: [
      new x509.BasicConstraintsExtension(true, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  writeFileSync(join(caDir, 'ca.key'), await exportKey(keys.privateKey), { mode: 0o600 });
  writeFileSync(join(caDir, 'ca.crt'), cert.toString('pem') + '\n');
}

/** A key `<name>.key` and a CA-signed certificate `<name>.crt` in `dir`. */
async function issue(caDir: string, dir: string, name: string): Promise<void> {
  const caCert = new x509.X509Certificate(readFileSync(join(caDir, 'ca.crt'), 'utf8'));
  const caKey = await importSigningKey(join(caDir, 'ca.key'));
  const keys = await subtle.generateKey(RSA, true, ['sign', 'verify']);
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: LEAF_NAME,
    issuer: caCert.subject,
    ...validity(),
    signingAlgorithm: RSA,
    publicKey: keys.publicKey,
    signingKey: caKey,
    extensions: [
      new x509.BasicConstraintsExtension(false),
      new x509.KeyUsagesExtension(
        x509.KeyUsageFlags.nonRepudiation |
          x509.KeyUsageFlags.digitalSignature |
          x509.KeyUsageFlags.keyEncipherment,
      ),
      // SANs let TLS clients that do verify host names connect to the usual local addresses.
      new x509.SubjectAlternativeNameExtension([
        { type: 'ip', value: '127.0.0.1' },
        { type: 'dns', value: 'localhost' },
      ]),
      await x509.AuthorityKeyIdentifierExtension.create(caCert),
    ],
  });
  writeFileSync(join(dir, `${name}.key`), await exportKey(keys.privateKey), { mode: 0o600 });
  writeFileSync(join(dir, `${name}.crt`), cert.toString('pem') + '\n');
}

/** Creates whatever is missing under `dir` and returns the server's material. */
export async function ensureTlsMaterial(dir: string): Promise<TlsMaterial> {
  const caDir = join(dir, 'ca');
  const confDir = join(dir, 'conf');
  const sdkDir = join(dir, 'sdk');
  for (const d of [caDir, confDir, sdkDir]) mkdirSync(d, { recursive: true });
  if (!existsSync(join(caDir, 'ca.crt')) || !existsSync(join(caDir, 'ca.key'))) {
    await createCa(caDir);
    // A new CA invalidates certificates issued by an old one.
    for (const f of [join(confDir, 'ssl.crt'), join(sdkDir, 'sdk.crt')]) rmSync(f, { force: true });
  }
  if (!existsSync(join(confDir, 'ssl.crt')) || !existsSync(join(confDir, 'ssl.key')))
    await issue(caDir, confDir, 'ssl');
  if (!existsSync(join(sdkDir, 'sdk.crt')) || !existsSync(join(sdkDir, 'sdk.key')))
    await issue(caDir, sdkDir, 'sdk');
  const ca = readFileSync(join(caDir, 'ca.crt'));
  writeFileSync(join(confDir, 'ca.crt'), ca);
  writeFileSync(join(sdkDir, 'ca.crt'), ca);
  return {
    sdkDir,
    ca,
    cert: readFileSync(join(confDir, 'ssl.crt')),
    key: readFileSync(join(confDir, 'ssl.key')),
  };
}
