import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bindAbi } from '../../../src/protocol/builtin/abi';
import { AUTH_MANAGER_ADDRESS, SYS_CONFIG_ADDRESS } from '../../../src/protocol/builtin/addresses';
import { execResultTopic } from '../../../src/protocol/builtin/committee';
import { GovernanceHarness, account, revertText } from './harness';

const A = account(1);
const B = account(2);
const C = account(3);
const OUTSIDER = account(9);
const WEEK = 604800n;

/** Admin mode (one governor, rates 0/0) adds B and C, then sets rates 50 / 60. */
async function threeGovernors(): Promise<GovernanceHarness> {
  const h = new GovernanceHarness();
  await h.propose('createUpdateGovernorProposal', [B, 1, WEEK], A);
  await h.propose('createUpdateGovernorProposal', [C, 1, WEEK], A);
  await h.propose('createSetRateProposal', [50, 60, WEEK], A);
  return h;
}

test('genesis: one governor of weight 1, rates 0/0, read through _committee()', async () => {
  const h = new GovernanceHarness();
  const [committee] = await h.call(h.addresses.manager, h.abi.manager, '_committee', []);
  assert.equal((committee as string).toLowerCase(), h.addresses.committee);
  assert.deepEqual(await h.committeeInfo(), {
    participatesRate: 0,
    winRate: 0,
    governors: [A],
    weights: [1],
  });
});

test('a non-governor cannot create, vote or revoke (status 16, "you must be governor")', async () => {
  const h = new GovernanceHarness();
  const before = h.store.snapshot();
  for (const [fn, args] of [
    ['createSetSysConfigProposal', ['tx_count_limit', '2000', WEEK]],
    ['voteProposal', [1n, true]],
    ['revokeProposal', [1n]],
  ] as const) {
    const result = await h.manager(fn, [...args], OUTSIDER);
    assert.equal(result.status, 16, fn);
    assert.equal(revertText(result), 'you must be governor');
  }
  assert.equal(h.store.snapshot(), before);
});

test('admin mode: the lone governor’s proposal passes and executes in the creating call', async () => {
  const h = new GovernanceHarness();
  const id = await h.propose('createSetSysConfigProposal', ['tx_count_limit', '2000', WEEK], A);
  assert.equal(id, 1n);
  const info = await h.proposal(id);
  assert.equal(info.status, 2);
  assert.equal(info.type, 41);
  assert.equal(info.deadline, BigInt(h.blockNumber) + WEEK);
  assert.equal(h.external.length, 1);
  assert.equal(h.external[0].to, SYS_CONFIG_ADDRESS);
  assert.equal(h.external[0].caller, h.addresses.manager);
  const target = bindAbi(['function setValueByKey(string,string) returns (int32)'], h.suite);
  assert.deepEqual(target.decodeCall(h.external[0].input)!.args.toArray(), ['tx_count_limit', '2000']);
  assert.equal(h.logs.length, 1);
  assert.deepEqual(h.logs[0].topics, [execResultTopic(h.suite)]);
});

test('three governors with rates 50/60: not enough votes, then passed and executed', async () => {
  const h = await threeGovernors();
  assert.deepEqual(await h.committeeInfo(), {
    participatesRate: 50,
    winRate: 60,
    governors: [A, B, C],
    weights: [1, 1, 1],
  });
  const id = await h.propose('createSetSysConfigProposal', ['tx_count_limit', '3000', WEEK], A);
  assert.equal((await h.proposal(id)).status, 1);
  assert.equal(h.external.length, 0);

  const again = await h.manager('voteProposal', [id, true], A);
  assert.equal(revertText(again), 'Already voted');

  const vote = await h.manager('voteProposal', [id, true], B);
  assert.equal(vote.status, 0);
  const info = await h.proposal(id);
  assert.equal(info.status, 2);
  assert.deepEqual(
    (info.agree as string[]).map((a) => a.toLowerCase()),
    [A, B],
  );
  assert.equal(h.external.length, 1);
  const closed = await h.manager('voteProposal', [id, true], C);
  assert.equal(revertText(closed), 'Proposal is not votable');
});

test('a proposal voted down fails and executes nothing', async () => {
  const h = await threeGovernors();
  const id = await h.propose('createModifyDeployAuthProposal', [OUTSIDER, true, WEEK], A);
  await h.manager('voteProposal', [id, false], B);
  assert.equal((await h.proposal(id)).status, 3);
  const [deployAllowed] = await h.call(AUTH_MANAGER_ADDRESS, h.abi.auth, 'hasDeployAuth', [OUTSIDER]);
  assert.equal(deployAllowed, true);
});

test('only the proposer revokes; a second open proposal of the same kind is refused until then', async () => {
  const h = await threeGovernors();
  const id = await h.propose('createSetSysConfigProposal', ['tx_count_limit', '4000', WEEK], A);
  await assert.rejects(
    h.propose('createSetSysConfigProposal', ['tx_gas_limit', '400000', WEEK], B),
    /Current proposal not end/,
  );

  const refused = await h.manager('revokeProposal', [id], B);
  assert.equal(refused.status, 16);
  assert.equal(revertText(refused), 'Only proposer can revoke');
  assert.equal((await h.proposal(id)).status, 1);

  const revoked = await h.manager('revokeProposal', [id], A);
  assert.equal(revoked.status, 0);
  assert.equal((await h.proposal(id)).status, 4);
  assert.equal(
    revertText(await h.manager('revokeProposal', [id], A)),
    'Only newly created proposal can be revoked',
  );
  assert.equal(await h.propose('createSetSysConfigProposal', ['tx_gas_limit', '400000', WEEK], B), id + 1n);
});

test('a proposal past its deadline becomes outdated when refreshed', async () => {
  const h = await threeGovernors();
  const id = await h.propose('createSetSysConfigProposal', ['tx_count_limit', '5000', 2n], A);
  h.blockNumber += 2;
  assert.equal((await h.proposal(id)).status, 1, 'still open at the deadline block');
  h.blockNumber += 1;
  const refresh = await h.send(
    h.addresses.proposalManager,
    h.abi.proposals,
    'refreshProposalStatus',
    [id],
    OUTSIDER,
  );
  assert.equal(refresh.status, 0);
  assert.equal((await h.proposal(id)).status, 5);
  assert.equal(revertText(await h.manager('voteProposal', [id, true], B)), 'Proposal is not votable');
});

test('creating over an expired proposal of the same kind marks it outdated', async () => {
  const h = await threeGovernors();
  const first = await h.propose('createSetSysConfigProposal', ['tx_count_limit', '5000', 1n], A);
  h.blockNumber += 2;
  const second = await h.propose('createSetSysConfigProposal', ['tx_count_limit', '6000', WEEK], B);
  assert.equal((await h.proposal(first)).status, 5);
  assert.equal((await h.proposal(second)).status, 1);
  const [count] = await h.call(h.addresses.proposalManager, h.abi.proposals, '_proposalCount', []);
  assert.equal(count, second);
});

test('removing a governor: the vote that would remove the voter itself is refused', async () => {
  const h = await threeGovernors();
  const id = await h.propose('createUpdateGovernorProposal', [B, 0, WEEK], A);
  assert.equal((await h.proposal(id)).status, 1);
  const refused = await h.manager('voteProposal', [id, true], B);
  assert.equal(refused.status, 16);
  assert.equal(revertText(refused), 'You can not remove yourself!');
  assert.equal((await h.proposal(id)).status, 1, 'the refused vote changed nothing');
  await h.manager('voteProposal', [id, true], C);
  assert.equal((await h.proposal(id)).status, 2);
  assert.deepEqual(await h.committeeInfo(), {
    participatesRate: 50,
    winRate: 60,
    governors: [A, C],
    weights: [1, 1],
  });
});

test('committee contract checks revert with the contract texts', async () => {
  const h = new GovernanceHarness();
  await assert.rejects(
    h.propose('createSetRateProposal', [101, 0, WEEK], A),
    /invalid range of participatesRate/,
  );
  await assert.rejects(h.propose('createSetRateProposal', [0, 101, WEEK], A), /invalid range of winRate/);
  await assert.rejects(h.propose('createSetSysConfigProposal', ['k', 'v', WEEK], A), /invalid key length\./);
  await assert.rejects(h.propose('createRmNodeProposal', ['x', WEEK], A), /invalid node\./);
  await assert.rejects(
    h.propose('createSetDeployAuthTypeProposal', [0, WEEK], A),
    /the current deploy auth type is the same/,
  );
  await assert.rejects(
    h.propose('createResetAdminProposal', [A, '0x' + '0'.repeat(40), WEEK], A),
    /contract address not exists\./,
  );
  const ownerOnly = await h.send(h.addresses.committee, h.abi.committee, 'setRate', [1, 1], OUTSIDER);
  assert.equal(revertText(ownerOnly), 'Only owner!');
  const [count] = await h.call(h.addresses.proposalManager, h.abi.proposals, '_proposalCount', []);
  assert.equal(count, 0n);
});

test('a failing executed call reverts the whole vote; a negative return code does not', async () => {
  const h = new GovernanceHarness();
  h.externalCode = -51100n;
  const id = await h.propose('createRmNodeProposal', ['ab'.repeat(64), WEEK], A);
  assert.equal((await h.proposal(id)).status, 2);
  const data = h.logs.at(-1)!.data;
  assert.equal(BigInt.asIntN(256, BigInt('0x' + Buffer.from(data).toString('hex'))), -51100n);
});

test('getProposalInfoList clamps the range and checks it', async () => {
  const h = new GovernanceHarness();
  await h.propose('createSetSysConfigProposal', ['tx_count_limit', '2000', WEEK], A);
  await h.propose('createSetSysConfigProposal', ['tx_count_limit', '3000', WEEK], A);
  const [list] = await h.call(h.addresses.proposalManager, h.abi.proposals, 'getProposalInfoList', [0n, 10n]);
  assert.equal((list as unknown[]).length, 2);
  await assert.rejects(
    h.call(h.addresses.proposalManager, h.abi.proposals, 'getProposalInfoList', [3n, 5n]),
    /'from' is greater than 'proposalCount'/,
  );
  await assert.rejects(
    h.call(h.addresses.proposalManager, h.abi.proposals, 'getProposalInfoList', [2n, 1n]),
    /'from' is greater than 'to'/,
  );
});
