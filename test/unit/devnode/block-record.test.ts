// The block record (B/<number>) must keep its exact bytes: data directories written by earlier
// versions are read back with decodeCompact. The digests below are of records written by the
// encoder before it was made single-pass (compactBlock + encodeCompact, commit 013f2b2).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { decodeCompact, encodeBlockRecord } from '../../../src/devnode/chain/blockCodec';
import { decodeReceiptData } from '../../../src/protocol/receipt';
import { fixtureBlock } from './block-record-fixture';

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

const EXPECTED = [
  {
    keepSignatures: false,
    length: 1121,
    sha256: '42e61bd63f054540f689dc4dc6a9401c33bd0b8cf58efaf1a9aae3a88ec50f62',
  },
  {
    keepSignatures: true,
    length: 1267,
    sha256: '270e7ed3b7001953a43be488955d6a0ac528d30c52576b8db4def14a010c3363',
  },
];

for (const e of EXPECTED) {
  test(`a block record keeps its bytes (signatures ${e.keepSignatures ? 'kept' : 'derived'})`, () => {
    const { block, raws } = fixtureBlock();
    const { record, compact } = encodeBlockRecord(block, raws, e.keepSignatures);
    assert.equal(record.length, e.length);
    assert.equal(sha256(record), e.sha256);
    // The compact form handed to the cache is what decoding the record gives.
    const decoded = decodeCompact(record);
    assert.deepEqual(decoded.bytes, compact.bytes);
    assert.deepEqual(decoded.offsets, compact.offsets);
    assert.deepEqual(decoded.importTimes, compact.importTimes);
    assert.deepEqual(decoded.header, block.header);
    assert.deepEqual(decoded.signatures, e.keepSignatures ? block.signatureList : undefined);
    for (let i = 0; i < raws.length; i++) {
      assert.deepEqual(compact.bytes.subarray(compact.offsets[i], compact.offsets[i + 1]), raws[i]);
      const receipt = compact.bytes.subarray(compact.offsets[2 + i], compact.offsets[3 + i]);
      assert.deepEqual(decodeReceiptData(receipt), block.receipts[i].data);
    }
  });
}

test('records encoded one after another do not share bytes (the TARS writer is reused)', () => {
  const { block, raws } = fixtureBlock();
  const first = encodeBlockRecord(block, raws, false);
  const copy = first.record.slice();
  block.receipts[0].data.gasUsed = '99999';
  encodeBlockRecord(block, raws, false);
  assert.deepEqual(first.record, copy);
});

test('a block larger than the kept writer is encoded whole, and the next block after it too', () => {
  const { block, raws } = fixtureBlock();
  const big = fixtureBlock();
  big.block.receipts[0].data.output = Uint8Array.from({ length: (1 << 21) + 5 }, (_, i) => i & 0xff);
  const { record } = encodeBlockRecord(big.block, big.raws, false);
  const c = decodeCompact(record);
  assert.deepEqual(
    decodeReceiptData(c.bytes.subarray(c.offsets[2], c.offsets[3])),
    big.block.receipts[0].data,
  );
  const after = encodeBlockRecord(block, raws, false).record;
  assert.equal(sha256(after), EXPECTED[0].sha256);
});
