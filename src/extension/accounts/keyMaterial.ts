// Turning user input into a private key and address (hex keys and PEM files, secp256k1 and
// SM2) and back to PEM, through the protocol Account. No vscode import; unit-tested.

import { Account, exportPem, generateAccount, importPem, importPrivateKey } from '../../protocol/account';
import { fromHex } from '../../protocol/hex';
import { cryptoSuite } from '../../protocol/crypto/suite';

export interface KeyInfo {
  address: string;
  /** 0x + 64 hex. */
  privateKey: string;
  sm: boolean;
}

function info(a: Account): KeyInfo {
  return { address: a.address, privateKey: `0x${a.privateKeyHex}`, sm: a.sm };
}

export function keyFromHex(text: string, sm: boolean): KeyInfo {
  const bare = text.trim().replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]{64}$/.test(bare))
    throw new Error('A private key is 64 hex digits (optionally 0x-prefixed).');
  return info(importPrivateKey(bare, sm));
}

/** Reads a PEM private key; the curve in the PEM decides secp256k1 vs SM2. */
export function keyFromPem(pem: string): KeyInfo {
  return info(importPem(pem));
}

export function keyToPem(key: KeyInfo): string {
  return exportPem(new Account(fromHex(key.privateKey), cryptoSuite(key.sm)));
}

export function generateKey(sm: boolean): KeyInfo {
  return info(generateAccount(sm));
}

/** Reads key text of either form. */
export function keyFromText(text: string, sm: boolean): KeyInfo {
  return /-----BEGIN/.test(text) ? keyFromPem(text) : keyFromHex(text, sm);
}
