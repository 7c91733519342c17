// PKCS#12 (.p12 / .pfx) account files (RFC 7292), as FISCO's get_account.sh -p and
// get_gm_account.sh -p write them (`openssl pkcs12 -export -name key -nocerts`, password-based
// privacy and integrity) and as the Java SDK's P12KeyStore (BouncyCastle) reads and writes them.
// What is in the wild:
//   OpenSSL 3:        PBES2 (PBKDF2-HMAC-SHA256, AES-256-CBC) shrouded key bag, HMAC-SHA256 MAC
//   OpenSSL 1.x/TASSL, BouncyCastle: pbeWithSHAAnd3-KeyTripleDES-CBC (PKCS#12 KDF), HMAC-SHA1 MAC,
//                     certificates (if any) under RC2-40, which Node cannot decrypt and we skip
// BouncyCastle writes BER (indefinite lengths, chunked OCTET STRINGs), so the reader takes BER.

import { createCipheriv, pbkdf2Sync, randomBytes, timingSafeEqual } from 'node:crypto';
import { Account, KeyFileError } from './account';
import { cryptoSuite } from './crypto/suite';
import { parsePrivateKeyPem, PemError } from './pem';
import {
  NULL,
  corrupt,
  der,
  derInt,
  derOid,
  encodeNode,
  explicit0,
  int,
  octets,
  oid,
  parseBer,
  seq,
  type Node,
} from './p12Asn1';
import {
  DIGESTS,
  MAX_ITERATIONS,
  OID,
  SHA256,
  bmp,
  bmpPassword,
  decrypt,
  hmac,
  iterations,
  pkcs12Kdf,
  type Secret,
} from './p12Crypto';

// ---------- import ----------

/** Checks the MAC; returns the password encoding that matches it. */
function verifyMac(macData: Node, authSafe: Uint8Array, candidates: Secret[]): Secret {
  const [digestInfo, saltNode, iterNode] = seq(macData, 'MAC data', 2);
  const [algId, macNode] = seq(digestInfo, 'MAC digest info', 2);
  const algOid = oid(seq(algId, 'MAC algorithm', 1)[0], 'MAC algorithm');
  if (algOid === OID.pbmac1)
    throw new KeyFileError(
      'UNSUPPORTED',
      'unsupported MAC PBMAC1 (OpenSSL 3.4+ -pbmac1_pbkdf2); re-export without it',
    );
  const hash = DIGESTS[algOid];
  if (!hash) throw new KeyFileError('UNSUPPORTED', `unsupported MAC digest ${algOid}`);
  const expected = octets(macNode, 'MAC');
  const salt = octets(saltNode, 'MAC salt');
  const iter = iterNode ? iterations(iterNode, 'MAC iteration count') : 1;
  for (const secret of candidates) {
    const key = pkcs12Kdf(hash, secret.bmp, salt, 3, iter, hash.outLen);
    const mac = hmac(hash, key, authSafe);
    if (mac.length === expected.length && timingSafeEqual(mac, expected)) return secret;
  }
  throw new KeyFileError('WRONG_PASSWORD', 'wrong password for this .p12 file (its integrity check failed)');
}

interface Found {
  keys: Uint8Array[];
  skipped: string[];
}

function readSafeContents(bytes: Uint8Array, secret: Secret, found: Found, depth = 0): void {
  const bags = seq(parseBer(bytes), 'SafeContents');
  for (const bag of bags) readBag(bag, secret, found, depth);
}

function readBag(bag: Node, secret: Secret, found: Found, depth: number): void {
  const [idNode, valueNode] = seq(bag, 'SafeBag', 2);
  const id = oid(idNode, 'bag type');
  const value = explicit0(valueNode, 'bag value');
  if (id === OID.keyBag) found.keys.push(encodeNode(value));
  else if (id === OID.shroudedKeyBag) {
    const [alg, enc] = seq(value, 'EncryptedPrivateKeyInfo', 2);
    found.keys.push(decrypt(alg, octets(enc, 'encrypted key'), secret));
  } else if (id === OID.safeContentsBag && depth < 4) {
    for (const inner of seq(value, 'nested SafeContents')) readBag(inner, secret, found, depth + 1);
  }
  // Certificate, CRL and secret bags carry nothing we need: the public key follows from the private key.
}

function pkcs8ToAccount(pkcs8: Uint8Array, sm: boolean | undefined, macChecked: boolean): Account {
  const pem = `-----BEGIN PRIVATE KEY-----\n${Buffer.from(pkcs8).toString('base64')}\n-----END PRIVATE KEY-----\n`;
  let parsed;
  try {
    parsed = parsePrivateKeyPem(pem);
  } catch (e) {
    const msg = e instanceof PemError ? e.message : String(e);
    if (/unsupported (curve|key)/.test(msg)) throw new KeyFileError('WRONG_CURVE', msg);
    // Without a MAC, garbage after decryption is the usual sign of a wrong password.
    if (!macChecked)
      throw new KeyFileError('WRONG_PASSWORD', 'wrong password: the decrypted private key is not valid');
    throw corrupt(msg);
  }
  const isSm = parsed.curve === 'sm2p256v1';
  if (sm !== undefined && sm !== isSm)
    throw new KeyFileError(
      'WRONG_CURVE',
      `the .p12 holds a ${parsed.curve} key, but the chain needs ${sm ? 'an SM2 (sm2p256v1)' : 'a secp256k1'} key`,
    );
  const account = new Account(parsed.privateKey, cryptoSuite(isSm));
  if (parsed.publicKey && Buffer.compare(parsed.publicKey, account.publicKey) !== 0)
    throw corrupt('the embedded public key does not match the private key');
  return account;
}

/**
 * Reads the first private key of a password-protected PKCS#12 file. The key's curve decides the
 * suite (secp256k1 or SM2); pass `sm` to insist on one. Throws KeyFileError.
 */
export function importP12(data: Uint8Array, password: string, sm?: boolean): Account {
  if (!(data instanceof Uint8Array)) throw new TypeError('importP12: data must be a Uint8Array');
  if (Buffer.from(data.subarray(0, 11)).toString('latin1') === '-----BEGIN ')
    throw corrupt('this is a PEM file; import it as PEM');
  const pfx = seq(parseBer(data), 'PFX', 2);
  if (int(pfx[0], 'PFX version') !== 3)
    throw new KeyFileError('UNSUPPORTED', `unsupported PKCS#12 version ${int(pfx[0], 'version')}`);
  const [typeNode, contentNode] = seq(pfx[1], 'authSafe', 2);
  if (oid(typeNode, 'authSafe type') !== OID.data)
    throw new KeyFileError(
      'UNSUPPORTED',
      'unsupported PKCS#12 integrity mode: only password (MAC) protection is supported',
    );
  const authSafe = octets(explicit0(contentNode, 'authSafe'), 'authSafe');

  const utf8 = new Uint8Array(Buffer.from(password, 'utf8'));
  // An empty password is written as either two zero bytes or nothing, depending on the tool.
  const candidates: Secret[] = [{ bmp: bmpPassword(password), utf8 }];
  if (password === '') candidates.push({ bmp: new Uint8Array(0), utf8 });
  const secret = pfx[2] ? verifyMac(pfx[2], authSafe, candidates) : candidates[0];

  const found: Found = { keys: [], skipped: [] };
  for (const info of seq(parseBer(authSafe), 'AuthenticatedSafe')) {
    const [type, content] = seq(info, 'ContentInfo', 1);
    const kind = oid(type, 'content type');
    if (kind === OID.data) readSafeContents(octets(explicit0(content, 'data'), 'data'), secret, found);
    else if (kind === OID.encryptedData) {
      const [, eci] = seq(explicit0(content, 'EncryptedData'), 'EncryptedData', 2);
      const [, alg, enc] = seq(eci, 'EncryptedContentInfo', 3);
      try {
        readSafeContents(decrypt(alg, octets(enc, 'encrypted content', 0x80), secret), secret, found);
      } catch (e) {
        // Usually certificates under RC2-40 (OpenSSL 1.x, BouncyCastle): not needed for an account.
        if (!(e instanceof KeyFileError) || e.code !== 'UNSUPPORTED') throw e;
        found.skipped.push(e.message);
      }
    } else found.skipped.push(`content type ${kind}`);
    if (found.keys.length) break;
  }
  if (!found.keys.length)
    throw found.skipped.length
      ? new KeyFileError(
          'UNSUPPORTED',
          `no readable private key in the .p12 file (${found.skipped.join('; ')})`,
        )
      : corrupt('the file holds no private key');
  return pkcs8ToAccount(found.keys[0], sm, pfx[2] !== undefined);
}

// ---------- export ----------

export interface P12ExportOptions {
  /** PBKDF2 and MAC iterations; default 10000. */
  iterations?: number;
}

/**
 * A .p12 as OpenSSL 3 writes `pkcs12 -export -name key -nocerts`: one shrouded key bag under
 * PBES2 (PBKDF2-HMAC-SHA256, AES-256-CBC), HMAC-SHA256 MAC. Readable by OpenSSL 1.1+, TASSL, the
 * Java SDK and importP12.
 */
export function exportP12(account: Account, password: string, options: P12ExportOptions = {}): Uint8Array {
  const iter = options.iterations ?? 10000;
  if (!Number.isInteger(iter) || iter < 1 || iter > MAX_ITERATIONS)
    throw new RangeError(`invalid iteration count ${iter}`);
  const pkcs8 = Buffer.from(account.toPem().replace(/-----[A-Z ]+-----|\s/g, ''), 'base64');

  const salt = randomBytes(16);
  const iv = randomBytes(16);
  const key = pbkdf2Sync(Buffer.from(password, 'utf8'), salt, iter, 32, 'sha256');
  const c = createCipheriv('aes-256-cbc', key, iv);
  const encrypted = Buffer.concat([c.update(pkcs8), c.final()]);
  const alg = der(
    0x30,
    derOid(OID.pbes2),
    der(
      0x30,
      der(
        0x30,
        derOid(OID.pbkdf2),
        der(0x30, der(0x04, salt), derInt(iter), der(0x30, derOid(OID.hmacWithSHA256), NULL)),
      ),
      der(0x30, derOid(OID.aes256cbc), der(0x04, iv)),
    ),
  );
  const friendlyName = der(0x30, derOid(OID.friendlyName), der(0x31, der(0x1e, bmp('key'))));
  const bag = der(
    0x30,
    derOid(OID.shroudedKeyBag),
    der(0xa0, der(0x30, alg, der(0x04, encrypted))),
    der(0x31, friendlyName),
  );
  const authSafe = der(0x30, der(0x30, derOid(OID.data), der(0xa0, der(0x04, der(0x30, bag)))));

  const macSalt = randomBytes(16);
  const macKey = pkcs12Kdf(SHA256, bmpPassword(password), macSalt, 3, iter, 32);
  const mac = hmac(SHA256, macKey, authSafe);
  const macData = der(
    0x30,
    der(0x30, der(0x30, derOid(OID.sha256), NULL), der(0x04, mac)),
    der(0x04, macSalt),
    derInt(iter),
  );
  return new Uint8Array(
    der(0x30, derInt(3), der(0x30, derOid(OID.data), der(0xa0, der(0x04, authSafe))), macData),
  );
}
