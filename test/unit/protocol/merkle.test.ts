import { test } from 'node:test';
import assert from 'node:assert/strict';
import { merkleProof, merkleRoot, verifyMerkleProof } from '../../../src/protocol/merkle';
import { ecdsaSuite, smSuite } from '../../../src/protocol/crypto/suite';
import { concatBytes, fromHex, toHex } from '../../../src/protocol/hex';

const leaves = (n: number) => Array.from({ length: n }, (_, i) => ecdsaSuite.hash(Uint8Array.of(i)));
const H = (...parts: Uint8Array[]) => ecdsaSuite.hash(concatBytes(...parts));

test('single leaf: root is the leaf, proof is [leaf] (DOC block 2 receipt)', () => {
  const leaf = fromHex('f18d1984c7745a826e4b8d608b823534f1e44b273f75972e16cf2ac3ff313e14');
  assert.deepEqual(merkleRoot([leaf], smSuite), leaf);
  assert.deepEqual(merkleProof([leaf], 0, smSuite), [
    'f18d1984c7745a826e4b8d608b823534f1e44b273f75972e16cf2ac3ff313e14',
  ]);
  assert.equal(verifyMerkleProof(leaf, [toHex(leaf, false)], leaf, smSuite), true);
  assert.equal(verifyMerkleProof(leaf, [toHex(new Uint8Array(32), false)], leaf, smSuite), false);
});

test('empty: stored root is empty', () => {
  assert.deepEqual(merkleRoot([], ecdsaSuite), new Uint8Array(0));
});

test('width 2, unpaired trailing node hashed alone', () => {
  const l = leaves(3);
  assert.deepEqual(merkleRoot(l.slice(0, 2), ecdsaSuite), H(l[0], l[1]));
  assert.deepEqual(merkleRoot(l, ecdsaSuite), H(H(l[0], l[1]), H(l[2])));
  const five = leaves(5);
  assert.deepEqual(
    merkleRoot(five, ecdsaSuite),
    H(H(H(five[0], five[1]), H(five[2], five[3])), H(H(five[4]))),
  );
});

test('proof format: 8-hex counts, sibling groups bottom-up, root excluded', () => {
  const l = leaves(3);
  const hex = (b: Uint8Array) => toHex(b, false);
  assert.deepEqual(merkleProof(l, 2, ecdsaSuite), [
    '00000001',
    hex(l[2]),
    '00000002',
    hex(H(l[0], l[1])),
    hex(H(l[2])),
  ]);
  assert.deepEqual(merkleProof(l, 1, ecdsaSuite), [
    '00000002',
    hex(l[0]),
    hex(l[1]),
    '00000002',
    hex(H(l[0], l[1])),
    hex(H(l[2])),
  ]);
});

test('every leaf of trees of 2..17 leaves verifies; a foreign leaf or wrong root fails', () => {
  const foreign = ecdsaSuite.hash(Uint8Array.of(0xff, 0xff));
  for (let n = 2; n <= 17; n++) {
    const l = leaves(n);
    const root = merkleRoot(l, smSuite);
    for (let i = 0; i < n; i++) {
      const proof = merkleProof(l, i, smSuite);
      assert.equal(verifyMerkleProof(l[i], proof, root, smSuite), true, `n=${n} i=${i}`);
      // The node's verifier accepts any member of the bottom group (its sibling too), not outsiders.
      assert.equal(verifyMerkleProof(foreign, proof, root, smSuite), false);
    }
    assert.equal(verifyMerkleProof(l[0], merkleProof(l, 0, smSuite), l[0], smSuite), false);
  }
});

test('bad proofs and indexes', () => {
  const l = leaves(4);
  const root = merkleRoot(l, ecdsaSuite);
  assert.throws(() => merkleProof(l, 4, ecdsaSuite), /out of range/);
  assert.throws(() => verifyMerkleProof(l[0], [], root, ecdsaSuite), /empty proof/);
  assert.equal(verifyMerkleProof(l[0], ['00000009', toHex(l[0], false)], root, ecdsaSuite), false);
  assert.equal(verifyMerkleProof(l[0], ['xyz', toHex(l[0], false)], root, ecdsaSuite), false);
});
