// Accounts: a private key bound to a crypto suite, with its public key and address, plus
// import/export in the formats FISCO's tools use (hex, PKCS#8 PEM).

import { cryptoSuite, type CryptoSuite } from './crypto/suite';
import { fromHex, strip0x, toHex } from './hex';
import { parsePrivateKeyPem, privateKeyToPem, publicKeyToPem, PemError, type KeyCurve } from './pem';

const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const SM2_N = 0xfffffffeffffffffffffffffffffffff7203df6b21c6052b53bbf40939d54123n;

function checkKeyRange(privateKey: Uint8Array, sm: boolean): void {
  const d = BigInt('0x' + (toHex(privateKey, false) || '0'));
  // SM2 additionally excludes n-1 (1+d must be invertible).
  const max = sm ? SM2_N - 2n : SECP256K1_N - 1n;
  if (d < 1n || d > max) throw new Error(`invalid private key: out of range for ${sm ? 'SM2' : 'secp256k1'}`);
}

export class Account {
  readonly privateKey: Uint8Array;
  /** 64 bytes X‖Y. */
  readonly publicKey: Uint8Array;
  /** "0x" + 40 lowercase hex. */
  readonly address: string;

  constructor(
    privateKey: Uint8Array,
    readonly suite: CryptoSuite,
  ) {
    if (!(privateKey instanceof Uint8Array) || privateKey.length !== 32)
      throw new Error(`invalid private key: expected 32 bytes, got ${privateKey?.length}`);
    checkKeyRange(privateKey, suite.sm);
    this.privateKey = privateKey.slice();
    this.publicKey = suite.publicKey(this.privateKey);
    this.address = suite.address(this.publicKey);
  }

  get sm(): boolean {
    return this.suite.sm;
  }

  /** Private key as 64 lowercase hex digits, no "0x". */
  get privateKeyHex(): string {
    return toHex(this.privateKey, false);
  }

  /** Public key as 128 lowercase hex digits, no "0x" (the FISCO node-id form). */
  get publicKeyHex(): string {
    return toHex(this.publicKey, false);
  }

  /** Signs a 32-byte hash: 65 bytes r‖s‖v (secp256k1) or 128 bytes r‖s‖pub (SM2). */
  sign(hash: Uint8Array): Uint8Array {
    return this.suite.sign(hash, this.privateKey);
  }

  /** PKCS#8 PEM as get_account.sh / get_gm_account.sh write it. */
  toPem(): string {
    return exportPem(this);
  }
}

export function generateAccount(sm = false): Account {
  const suite = cryptoSuite(sm);
  return new Account(suite.randomPrivateKey(), suite);
}

/** From hex (with or without "0x", up to 64 digits; shorter keys are left-padded). */
export function importPrivateKey(hex: string, sm = false): Account {
  if (typeof hex !== 'string') throw new Error('invalid private key: expected a hex string');
  const body = strip0x(hex.trim());
  if (!/^[0-9a-fA-F]*$/.test(body))
    throw new Error('invalid private key: expected hex digits with optional 0x');
  if (body.length === 0 || body.length > 64)
    throw new Error(`invalid private key: expected up to 64 hex digits, got ${body.length}`);
  const bytes = fromHex(body.padStart(64, '0'));
  return new Account(bytes, cryptoSuite(sm));
}

/**
 * From a PEM private key (PKCS#8 "PRIVATE KEY" or SEC1 "EC PRIVATE KEY"). The curve in the file
 * decides the suite; pass `sm` to insist on one (a mismatch is an error).
 */
export function importPem(text: string, sm?: boolean): Account {
  const parsed = parsePrivateKeyPem(text);
  const isSm = parsed.curve === 'sm2p256v1';
  if (sm !== undefined && sm !== isSm)
    throw new PemError(
      `key curve ${parsed.curve} does not match the chain: expected ${sm ? 'an SM2 (sm2p256v1)' : 'a secp256k1'} key`,
    );
  const account = new Account(parsed.privateKey, cryptoSuite(isSm));
  if (parsed.publicKey && toHex(parsed.publicKey) !== toHex(account.publicKey))
    throw new PemError('corrupt key: the embedded public key does not match the private key');
  return account;
}

function curveOf(account: Account): KeyCurve {
  return account.sm ? 'sm2p256v1' : 'secp256k1';
}

export function exportPem(account: Account): string {
  return privateKeyToPem(curveOf(account), account.privateKey, account.publicKey);
}

/** The `0x<address>.public.pem` companion file. */
export function exportPublicKeyPem(account: Account): string {
  return publicKeyToPem(curveOf(account), account.publicKey);
}

export type KeyFileErrorCode = 'WRONG_PASSWORD' | 'CORRUPT' | 'UNSUPPORTED' | 'WRONG_CURVE';

/**
 * Failure to import an encrypted key file (.p12, JSON keystore). `code` lets a caller re-prompt
 * on WRONG_PASSWORD and report the rest.
 */
export class KeyFileError extends Error {
  constructor(
    readonly code: KeyFileErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'KeyFileError';
  }
}
