// A non-governor's vote reaches the chain (no client-side check in the ChainApi) and comes back as
// the committee's own refusal, decoded from the receipt; the proposal's votes are unchanged.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { SdkChainApi } from '../../../src/extension/chain/sdkChainApi';
import type { Signer } from '../../../src/extension/chain/chainApi';

const signerOf = (node: Devnode, i: number): Signer => ({
  address: node.accounts[i].address.toLowerCase(),
  privateKey: node.accounts[i].privateKey,
  sm: false,
});

describe('voting as a non-governor', () => {
  let node: Devnode;
  let api: SdkChainApi;
  before(async () => {
    node = await startDevnode({ port: 0, accounts: 4, logLevel: 'silent' });
    api = new SdkChainApi({ name: 'test', url: node.url, group: node.groupId });
  });
  after(async () => {
    api?.close();
    await node?.stop();
  });

  it('is refused by the chain with its reason, and the vote is not counted', async () => {
    const [gov0, gov1, outsider, target] = [0, 1, 2, 3].map((i) => signerOf(node, i));
    // One governor: its proposals pass on its own vote. Then two governors at 51 %: 1 of 2 stays open.
    for (const request of [
      { kind: 'setRate', participatesRate: 51, winRate: 51 },
      { kind: 'updateGovernor', account: gov1.address, weight: 1 },
    ] as const) {
      const r = await api.createProposal(gov0, request);
      assert.equal(r.ok, true, r.message);
      assert.match(r.message, /passed and executed/);
    }
    const open = await api.createProposal(gov0, {
      kind: 'updateGovernor',
      account: target.address,
      weight: 1,
    });
    assert.equal(open.ok, true, open.message);
    assert.match(open.message, /open, waiting for votes/);
    const id = Number(open.value);
    const before = await api.proposal(id);
    assert.equal(before?.status, 1);

    const vote = await api.vote(outsider, id, true);
    assert.equal(vote.ok, false);
    assert.match(vote.message, /you must be governor/, vote.message);
    assert.ok(vote.receipt, 'the refusal comes from a receipt: the transaction reached the chain');
    assert.notEqual(vote.receipt.status, 0);
    assert.equal(vote.receipt.from.toLowerCase(), outsider.address);

    const after = await api.proposal(id);
    assert.equal(after?.status, 1, 'still open');
    assert.deepEqual(after?.agreeVoters, before?.agreeVoters);
    assert.deepEqual(after?.againstVoters, before?.againstVoters);
  });
});
