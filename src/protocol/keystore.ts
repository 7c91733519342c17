// Ethereum JSON keystore v3 (the "UTC--…" files of geth, MetaMask exports, ethers, web3): a
// secp256k1 key under scrypt or PBKDF2-HMAC-SHA256 and AES-128-CTR. FISCO's non-SM accounts use
// the same key and address, so these import directly; SM chains need SM2 keys, which no keystore
// v3 holds. ethers does the decryption; we map its errors to KeyFileError codes.

import { decryptKeystoreJson, encryptKeystoreJson } from 'ethers';
import { Account, importPrivateKey, KeyFileError } from './account';
import { errorMessage, isRecord } from './unknownValues';

export interface KeystoreOptions {
  /** The chain's suite: true makes the import fail with WRONG_CURVE (keystores hold secp256k1 keys). */
  sm?: boolean;
  /** Called with 0…1 while the KDF runs (scrypt can take seconds); for a progress bar. */
  progress?: (fraction: number) => void;
}

function parseKeystore(json: string): Record<string, unknown> {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    throw new KeyFileError('CORRUPT', 'not a JSON keystore: the file is not valid JSON');
  }
  if (!isRecord(data)) throw new KeyFileError('CORRUPT', 'not a JSON keystore: expected a JSON object');
  const obj = data;
  const crypto = obj.crypto ?? obj.Crypto;
  if (!isRecord(crypto) || typeof crypto.ciphertext !== 'string')
    throw new KeyFileError('CORRUPT', 'not a JSON keystore: no crypto.ciphertext');
  if (Number(obj.version) !== 3)
    throw new KeyFileError(
      'UNSUPPORTED',
      `unsupported keystore version ${String(obj.version)} (only version 3)`,
    );
  if (crypto.cipher !== 'aes-128-ctr')
    throw new KeyFileError(
      'UNSUPPORTED',
      `unsupported keystore cipher ${String(crypto.cipher)} (only aes-128-ctr)`,
    );
  return obj;
}

/** Decrypts an Ethereum JSON keystore v3 into a secp256k1 account. Throws KeyFileError. */
export async function importKeystore(
  json: string,
  password: string,
  options: KeystoreOptions = {},
): Promise<Account> {
  if (typeof json !== 'string') throw new TypeError('importKeystore: json must be a string');
  parseKeystore(json);
  if (options.sm)
    throw new KeyFileError(
      'WRONG_CURVE',
      'JSON keystores hold secp256k1 keys, but the chain uses SM2; import an SM2 key (PEM or .p12) instead',
    );
  let privateKey: string;
  try {
    ({ privateKey } = await decryptKeystoreJson(json, password, options.progress));
  } catch (e) {
    const msg =
      e instanceof Error ? ((e as Error & { shortMessage?: string }).shortMessage ?? e.message) : String(e);
    if (/incorrect password/.test(msg))
      throw new KeyFileError('WRONG_PASSWORD', 'wrong password for this keystore');
    if (/address\/privateKey mismatch/.test(msg))
      throw new KeyFileError('CORRUPT', 'corrupt keystore: its address does not match the decrypted key');
    if (/unsupported|invalid kdf/.test(msg))
      throw new KeyFileError('UNSUPPORTED', `unsupported keystore: ${msg}`);
    throw new KeyFileError('CORRUPT', `corrupt keystore: ${msg}`);
  }
  try {
    return importPrivateKey(privateKey, false);
  } catch (e) {
    throw new KeyFileError('CORRUPT', `corrupt keystore: ${errorMessage(e)}`);
  }
}

/**
 * Encrypts a secp256k1 account as a JSON keystore v3 (scrypt N=2^17, as geth and ethers write).
 * SM2 accounts have no keystore form: use exportP12 or PEM.
 */
export async function exportKeystore(
  account: Account,
  password: string,
  progress?: (fraction: number) => void,
): Promise<string> {
  if (account.sm)
    throw new KeyFileError(
      'WRONG_CURVE',
      'JSON keystores hold secp256k1 keys; export SM2 accounts as PEM or .p12',
    );
  return encryptKeystoreJson(
    { address: account.address, privateKey: '0x' + account.privateKeyHex },
    password,
    {
      progressCallback: progress,
    },
  );
}
