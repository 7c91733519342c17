// Block/transaction view formatting: the nonce decoded from hex to its text, the block version as
// a release with its raw number, signatures in lowercase hex.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  blockVersionText,
  blockView,
  nonceText,
  transactionView,
} from '../../../src/extension/models/blockView';
import type { BlockJson, TransactionJson } from '../../../src/extension/chain/chainApi';

const hexOf = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`;

describe('block view formatting', () => {
  it('shows the nonce as text with its hex', () => {
    const nonce = '1234567890123456789012345';
    assert.equal(nonceText(hexOf(nonce)), `${nonce} (${hexOf(nonce)})`);
    assert.equal(nonceText(hexOf(nonce).toUpperCase().replace('0X', '0x')), `${nonce} (${hexOf(nonce)})`);
    for (const raw of ['0x0001ff', '12345', '', 'not hex', '0x']) assert.equal(nonceText(raw), raw, raw);
  });

  it('shows the block version as 3.x.y with the raw number', () => {
    assert.equal(blockVersionText(0x03100400), '3.16.4 (51381248 = 0x03100400)');
    assert.equal(blockVersionText(0x03070000), '3.7.0 (50790400 = 0x03070000)');
    assert.equal(blockVersionText(0), '0');
    assert.equal(blockVersionText(1), '1');
  });

  it('uses both in the views and lowercases signatures', () => {
    const nonce = '42';
    const tx = {
      hash: `0x${'a'.repeat(64)}`,
      from: `0x${'1'.repeat(40)}`,
      to: '',
      nonce: hexOf(nonce),
      blockLimit: 500,
      chainID: 'chain0',
      groupID: 'group0',
      importTime: 0,
      version: 0,
      input: '0x',
      abi: '',
      signature: '0x',
    } as unknown as TransactionJson;
    const view = transactionView(tx, 0, undefined, () => undefined);
    assert.equal(view.fields.find((f) => f.label === 'Nonce')?.value, `42 (${hexOf(nonce)})`);
    const block = {
      number: 3,
      hash: `0x${'b'.repeat(64)}`,
      timestamp: 0,
      parentInfo: [],
      gasUsed: '0',
      transactions: [],
      stateRoot: '',
      txsRoot: '',
      receiptsRoot: '',
      consensusWeights: [1],
      version: 0x03100400,
      sealer: 0,
      sealerList: ['0xabc'],
      signatureList: [{ sealerIndex: 0, signature: '0xABCDEF' }],
    } as unknown as BlockJson;
    const b = blockView(block, new Map(), () => undefined, 3);
    assert.equal(b.fields.find((f) => f.label === 'Version')?.value, '3.16.4 (51381248 = 0x03100400)');
    assert.equal(b.signatures[0].signature, '0xabcdef');
  });
});
