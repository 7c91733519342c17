import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bindAbi } from '../../../src/protocol/builtin/abi';
import { VOTE_COMPUTER_ABI } from '../../../src/protocol/builtin/committee';
import { readGovernors } from '../../../src/devnode/builtin/governance';
import { GovernanceHarness, account, revertText } from './harness';

const A = account(1);
const B = account(2);
const COMPUTER = '0x' + 'cc'.repeat(20);
const WEEK = 604800n;

/** An EVM vote computer stand-in: passes only unanimous proposals; reports `committee` as its committee. */
function unanimousComputer(h: GovernanceHarness, committee: string, calls: string[]) {
  const abi = bindAbi(VOTE_COMPUTER_ABI, h.suite);
  return (input: Uint8Array, caller: string) => {
    const call = abi.decodeCall(input)!;
    calls.push(`${call.fragment.name} from ${caller}`);
    if (call.fragment.name === '_committee')
      return { status: 0, output: abi.encodeResult('_committee', [committee]) };
    const [agree] = call.args.toArray(true) as [string[]];
    const result = agree.length === readGovernors(h.store).length ? 2 : 1;
    return { status: 0, output: abi.encodeResult('determineVoteResult', [result]) };
  };
}

test('an upgraded vote computer decides later proposals', async () => {
  const h = new GovernanceHarness();
  const calls: string[] = [];
  h.fakes.set(COMPUTER, unanimousComputer(h, h.addresses.committee, calls));
  const id = await h.propose('createUpgradeVoteComputerProposal', [COMPUTER, WEEK], A);
  assert.equal((await h.proposal(id)).status, 2);
  const [current] = await h.call(h.addresses.proposalManager, h.abi.proposals, '_voteComputer', []);
  assert.equal(current, COMPUTER);

  await h.propose('createUpdateGovernorProposal', [B, 5, WEEK], A); // unanimous: A is the only governor
  const next = await h.propose('createSetSysConfigProposal', ['tx_count_limit', '2000', WEEK], A);
  assert.equal((await h.proposal(next)).status, 1, 'rates are 0/0, but the new computer wants unanimity');
  await h.manager('voteProposal', [next, true], B);
  assert.equal((await h.proposal(next)).status, 2);
  assert.ok(calls.includes(`determineVoteResult from ${h.addresses.proposalManager}`));
});

test('a vote computer of another committee, or one that does not pass unanimity, is refused', async () => {
  const h = new GovernanceHarness();
  h.fakes.set(COMPUTER, unanimousComputer(h, account(7), []));
  await assert.rejects(
    h.propose('createUpgradeVoteComputerProposal', [COMPUTER, WEEK], A),
    /new vote computer committee address mismatch/,
  );
  const abi = bindAbi(VOTE_COMPUTER_ABI, h.suite);
  h.fakes.set(COMPUTER, (input) =>
    abi.decodeCall(input)!.fragment.name === '_committee'
      ? { status: 0, output: abi.encodeResult('_committee', [h.addresses.committee]) }
      : { status: 0, output: abi.encodeResult('determineVoteResult', [3]) },
  );
  await assert.rejects(
    h.propose('createUpgradeVoteComputerProposal', [COMPUTER, WEEK], A),
    /new vote computer imperfection/,
  );
  const noCode = await h.manager('createUpgradeVoteComputerProposal', [account(8), WEEK], A);
  assert.equal(noCode.status, 16);
  assert.equal(noCode.output.length, 0, 'calling an address without code reverts without a reason');
  const [count] = await h.call(h.addresses.proposalManager, h.abi.proposals, '_proposalCount', []);
  assert.equal(count, 0n);
});

test('the genesis vote computer exposes the tally rule', async () => {
  const h = new GovernanceHarness();
  const abi = bindAbi(VOTE_COMPUTER_ABI, h.suite);
  const calc = (args: number[]) => h.call(h.addresses.voteComputer, abi, 'voteResultCalc', args);
  assert.deepEqual(await calc([1, 1, 3, 50, 60]), [1n]);
  assert.deepEqual(await calc([2, 2, 3, 50, 60]), [2n]);
  assert.deepEqual(await calc([1, 2, 3, 50, 60]), [3n]);
  assert.deepEqual(await h.call(h.addresses.voteComputer, abi, '_committee', []), [h.addresses.committee]);
  assert.deepEqual(await h.call(h.addresses.voteComputer, abi, 'determineVoteResult', [[A], []]), [2n]);
});

test('writes in a static call and unknown selectors revert without changing state', async () => {
  const h = new GovernanceHarness();
  const before = h.store.snapshot();
  const staticCreate = await h.send(
    h.addresses.manager,
    h.abi.manager,
    'createSetSysConfigProposal',
    ['tx_count_limit', '1', WEEK],
    A,
    true,
  );
  assert.equal(staticCreate.status, 16);
  const unknown = await h.precompiles
    .get(h.addresses.manager)!
    .execute(h.context(A), Uint8Array.from([1, 2, 3, 4]));
  assert.equal(unknown.status, 16);
  const authUnknown = await h.precompiles
    .get('0x' + '0'.repeat(36) + '1005')!
    .execute(h.context(A), Uint8Array.from([1, 2, 3, 4]));
  assert.equal(authUnknown.status, 15);
  assert.equal(revertText(authUnknown), 'AuthManagerPrecompiled call undefined function!');
  assert.equal(h.store.snapshot(), before);
});

test('the helper contracts of the other hash flavour answer like addresses without code', async () => {
  const h = new GovernanceHarness();
  const sm = h.precompiles.get('0x1777d121a516f6bb1b93dce3ee89b8eee83160eb')!;
  const result = await sm.execute(h.context(A, true), h.abi.committee.encodeCall('getCommitteeInfo', []));
  assert.deepEqual(result, { status: 0, output: new Uint8Array() });
});
