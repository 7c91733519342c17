// The TLCP PRF and key derivation (GM/T 0024 §6.5, TASSL TLS1_PRF_SM3): P_SM3 as TLS 1.2's P_hash
// with HMAC-SM3; master secret, key block and Finished computed as TLS does with that PRF.

import { createHash, createHmac } from 'node:crypto';

const hmac = (key: Uint8Array, ...data: Uint8Array[]): Buffer => {
  const h = createHmac('sm3', key);
  for (const d of data) h.update(d);
  return h.digest();
};

export function prf(secret: Uint8Array, label: string, seed: Uint8Array, length: number): Uint8Array {
  const labelSeed = Buffer.concat([Buffer.from(label, 'latin1'), seed]);
  const out = Buffer.alloc(length);
  let a: Uint8Array = labelSeed;
  for (let off = 0; off < length; off += 32) {
    a = hmac(secret, a);
    hmac(secret, a, labelSeed).copy(out, off, 0, Math.min(32, length - off));
  }
  return out;
}

export function masterSecret(
  preMaster: Uint8Array,
  clientRandom: Uint8Array,
  serverRandom: Uint8Array,
): Uint8Array {
  return prf(preMaster, 'master secret', Buffer.concat([clientRandom, serverRandom]), 48);
}

export const MAC_KEY_LENGTH = 32;
export const KEY_LENGTH = 16;
export const IV_LENGTH = 16;

export interface KeyBlock {
  clientMacKey: Uint8Array;
  serverMacKey: Uint8Array;
  clientKey: Uint8Array;
  serverKey: Uint8Array;
  /** Unused on the wire (records carry explicit IVs) but part of the block's layout. */
  clientIv: Uint8Array;
  serverIv: Uint8Array;
}

export function keyBlock(master: Uint8Array, clientRandom: Uint8Array, serverRandom: Uint8Array): KeyBlock {
  const total = 2 * (MAC_KEY_LENGTH + KEY_LENGTH + IV_LENGTH);
  const b = Buffer.from(prf(master, 'key expansion', Buffer.concat([serverRandom, clientRandom]), total));
  let off = 0;
  const take = (n: number) => b.subarray(off, (off += n));
  return {
    clientMacKey: take(MAC_KEY_LENGTH),
    serverMacKey: take(MAC_KEY_LENGTH),
    clientKey: take(KEY_LENGTH),
    serverKey: take(KEY_LENGTH),
    clientIv: take(IV_LENGTH),
    serverIv: take(IV_LENGTH),
  };
}

export function finishedVerifyData(
  master: Uint8Array,
  client: boolean,
  transcriptHash: Uint8Array,
): Uint8Array {
  return prf(master, client ? 'client finished' : 'server finished', transcriptHash, 12);
}

export function sm3Digest(...parts: Uint8Array[]): Buffer {
  const h = createHash('sm3');
  for (const p of parts) h.update(p);
  return h.digest();
}
