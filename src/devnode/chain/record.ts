// What the block log keeps per committed block: the raw transactions (re-executed on start,
// execution being deterministic) and the facts that cannot be recomputed (timestamp, sealer,
// arrival times, recovered senders, signatures — SM2 signatures are randomized).

import { fromHex, toHex, utf8Decode, utf8Encode } from '../../protocol/hex';
import { parseOwnJson } from '../ownJson';

export interface BlockRecord {
  number: number;
  timestamp: number;
  sealer: number;
  hash: Uint8Array;
  signatures: { sealerIndex: number; signature: Uint8Array }[];
  txs: { raw: Uint8Array; importTime: number; sender: string }[];
}

type Wire = {
  n: number;
  ts: number;
  s: number;
  h: string;
  sig: [number, string][];
  txs: [string, number, string][];
};

export function encodeRecord(r: BlockRecord): Uint8Array {
  const w: Wire = {
    n: r.number,
    ts: r.timestamp,
    s: r.sealer,
    h: toHex(r.hash, false),
    sig: r.signatures.map((s) => [s.sealerIndex, toHex(s.signature, false)]),
    txs: r.txs.map((t) => [toHex(t.raw, false), t.importTime, t.sender]),
  };
  return utf8Encode(JSON.stringify(w));
}

export function decodeRecord(bytes: Uint8Array): BlockRecord {
  const w = parseOwnJson<Wire>(utf8Decode(bytes));
  if (typeof w.n !== 'number' || !Array.isArray(w.txs) || !Array.isArray(w.sig))
    throw new Error('malformed block record');
  return {
    number: w.n,
    timestamp: w.ts,
    sealer: w.s,
    hash: fromHex(w.h),
    signatures: w.sig.map(([sealerIndex, sig]) => ({ sealerIndex, signature: fromHex(sig) })),
    txs: w.txs.map(([raw, importTime, sender]) => ({ raw: fromHex(raw), importTime, sender })),
  };
}
