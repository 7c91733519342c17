// Merkle roots and proofs as FISCO BCOS builds them for txsRoot/receiptsRoot and the JSON
// `txProof`/`txReceiptProof` (reference/protocol.md §4.4): width 2, parent = H(left ‖ right),
// an unpaired trailing node is hashed alone, a single leaf is its own root.

import type { CryptoSuite } from './crypto/suite';
import { concatBytes, equalBytes, fromHex, toHex } from './hex';
import { preimage } from './preimage';

const WIDTH = 2;

/** Parent level: each group of up to WIDTH nodes hashed concatenated. */
function nextLevel(level: Uint8Array[], suite: CryptoSuite): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < level.length; i += WIDTH) {
    const w = preimage.reset();
    for (let j = i; j < i + WIDTH && j < level.length; j++) w.bytes(level[j]);
    out.push(w.hash(suite));
  }
  return out;
}

/**
 * The root over `leaves` (in block order). No leaves → an empty array, which is what the node
 * stores (its JSON renders 32 zero bytes for it).
 */
export function merkleRoot(leaves: readonly Uint8Array[], suite: CryptoSuite): Uint8Array {
  if (leaves.length === 0) return new Uint8Array(0);
  let level = leaves.slice();
  while (level.length > 1) level = nextLevel(level, suite);
  return level[0];
}

function countHex(n: number): string {
  return n.toString(16).padStart(8, '0');
}

/**
 * The JSON proof of leaf `index`: lowercase hex without "0x". One leaf → `[leaf]`; otherwise,
 * from the bottom level up, a count (8 hex digits) followed by that many hashes — the group
 * containing the current node. The root itself is not listed.
 */
export function merkleProof(leaves: readonly Uint8Array[], index: number, suite: CryptoSuite): string[] {
  if (!Number.isInteger(index) || index < 0 || index >= leaves.length)
    throw new RangeError(`merkleProof: index ${index} out of range (0..${leaves.length - 1})`);
  if (leaves.length === 1) return [toHex(leaves[0], false)];
  const proof: string[] = [];
  let level = leaves.slice();
  let i = index;
  while (level.length > 1) {
    const start = i - (i % WIDTH);
    const group = level.slice(start, start + WIDTH);
    proof.push(countHex(group.length), ...group.map((h) => toHex(h, false)));
    level = nextLevel(level, suite);
    i = Math.floor(i / WIDTH);
  }
  return proof;
}

/** Checks a JSON proof (as produced by merkleProof or a real node) of `leaf` against `root`. */
export function verifyMerkleProof(
  leaf: Uint8Array,
  proof: readonly string[],
  root: Uint8Array,
  suite: CryptoSuite,
): boolean {
  if (proof.length === 0) throw new Error('verifyMerkleProof: empty proof');
  let current = leaf;
  if (proof.length > 1) {
    let pos = 0;
    while (pos < proof.length) {
      const countText = proof[pos++];
      if (!/^[0-9a-fA-F]{8}$/.test(countText)) return false;
      const count = parseInt(countText, 16);
      if (count === 0 || pos + count > proof.length) return false;
      const group = proof.slice(pos, pos + count).map((h) => fromHex(h));
      pos += count;
      if (!group.some((h) => equalBytes(h, current))) return false;
      current = suite.hash(concatBytes(...group));
    }
  } else if (!equalBytes(fromHex(proof[0]), leaf)) {
    return false;
  }
  return equalBytes(current, root);
}
