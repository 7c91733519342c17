// AuthManager against the devnode, on a keccak chain and an SM chain with the same SDK code:
// admin mode, method and deploy ACLs, contract status, and a full proposal lifecycle with three
// governors and non-zero rates.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { Client, RevertError, deployContract, sendContractTransaction } from '../../src/client';
import { AuthManager, ProposalExecutionError } from '../../src/client/services/auth-manager';
import { importPrivateKey, type Account } from '../../src/protocol/account';
import { startDevnode, type Devnode } from '../../src/devnode';
import { COMMITTEE_MANAGER_ADDRESS } from '../../src/protocol/builtin/addresses';
import { COMMITTEE_MANAGER_ABI } from '../../src/protocol/builtin/committee';

// Init code returning the one-byte runtime STOP: every call to it succeeds.
const STOP_CONTRACT = '0x6001600c60003960016000f300';
const TARGET_ABI = ['function set(uint256)'];

for (const sm of [false, true]) {
  describe(`governance over JSON-RPC (${sm ? 'SM' : 'keccak'} chain)`, () => {
    let node: Devnode;
    let client: Client;
    let accounts: Account[];
    let am: (i: number, interval?: number) => AuthManager;
    const addr = (i: number) => accounts[i].address;
    const deployAs = (i: number) => deployContract(client, accounts[i], { abi: [], bytecode: STOP_CONTRACT });
    const setAs = (i: number, to: string) =>
      sendContractTransaction(client, accounts[i], { to, abi: TARGET_ABI, method: 'set', args: [1] });
    const rejectsWith = (promise: Promise<unknown>, status: number, reason: string | undefined) =>
      assert.rejects(promise, (e: unknown) => {
        assert.ok(e instanceof RevertError, String(e));
        assert.equal(e.status, status);
        assert.equal(e.reason, reason);
        return true;
      });

    before(async () => {
      node = await startDevnode({ port: 0, sm, accounts: 6, nodes: 4, logLevel: 'silent' });
      client = new Client({ group: node.groupId, url: node.url });
      accounts = node.accounts.map((a) => importPrivateKey(a.privateKey, sm));
      am = (i, interval) =>
        new AuthManager(client, accounts[i], interval === undefined ? {} : { blockNumberInterval: interval });
    });
    after(async () => {
      client.close();
      await node.stop();
    });

    test('genesis committee: account 0 alone with weight 1, rates 0/0', async () => {
      assert.deepEqual(await am(0).getCommitteeInfo(), {
        governorList: [{ governorAddress: addr(0), weight: 1 }],
        participatesRate: 0,
        winRate: 0,
      });
      assert.equal(await am(0).proposalCount(), 0n);
      assert.equal(await am(0).getDeployAuthType(), 0);
    });

    test('a governor-only call signed by a non-governor is refused with "you must be governor"', async () => {
      await rejectsWith(am(1).updateGovernor(addr(1), 1), 16, 'you must be governor');
      await rejectsWith(am(1).voteProposal(1, true), 16, 'you must be governor');
      assert.equal(await am(0).proposalCount(), 0n);
      await assert.rejects(am(0).setRate(101, 0), /setRate: participatesRate must be in 0\.\.100/);
      await assert.rejects(new AuthManager(client).updateGovernor(addr(1), 1), /no account to sign with/);
    });

    test('method black list blocks one account (status 18), white list admits only the listed', async () => {
      const { address: contract } = await deployAs(0);
      const manager = am(0);
      assert.equal(await manager.getAdmin(contract), addr(0));
      assert.deepEqual(
        await am(1)
          .setMethodAuthType(contract, 'set(uint256)', 2)
          .then((r) => [r.code, r.msg]),
        [-50000, 'Permission denied'],
      );

      assert.equal((await manager.setMethodAuthType(contract, 'set(uint256)', 2)).code, 0);
      assert.equal((await manager.setMethodAuth(contract, 'set(uint256)', addr(2), false)).code, 0);
      await rejectsWith(setAs(2, contract), 18, 'Call permission denied.');
      assert.equal((await setAs(3, contract)).receipt.status, 0);
      assert.equal(await manager.checkMethodAuth(contract, 'set(uint256)', addr(2)), false);
      assert.deepEqual(await manager.getMethodAuth(contract, 'set(uint256)'), {
        authType: 2,
        accessList: [],
        blockList: [addr(2).slice(2)],
      });

      assert.equal((await manager.setMethodAuthType(contract, 'set(uint256)', 1)).code, 0);
      assert.equal((await manager.setMethodAuth(contract, 'set(uint256)', addr(3), true)).code, 0);
      assert.equal((await setAs(3, contract)).receipt.status, 0);
      await rejectsWith(setAs(2, contract), 18, 'Call permission denied.');

      assert.equal((await manager.setContractStatus(contract, true)).code, 0);
      assert.equal(await manager.contractAvailable(contract), false);
      await assert.rejects(setAs(3, contract), (e: unknown) => e instanceof RevertError && e.status === 21);
      await new Promise<void>((resolve, reject) =>
        manager.setContractStatusAsync(contract, false, (error, result) =>
          error ? reject(error) : (assert.equal(result!.code, 0), resolve()),
        ),
      );
      assert.equal((await setAs(3, contract)).receipt.status, 0);
    });

    test('a deploy white list blocks deployment until the account is opened', async () => {
      const manager = am(0);
      const typeId = await manager.setDeployAuthType(1);
      assert.equal((await manager.getProposalInfo(typeId)).status, 2);
      assert.equal(await manager.getDeployAuthType(), 1);
      await rejectsWith(deployAs(4), 18, 'Create permission denied.');
      assert.equal(await manager.checkDeployAuth(addr(4)), false);
      await manager.modifyDeployAuth(addr(4), true);
      assert.equal(await manager.checkDeployAuth(addr(4)), true);
      const { address } = await deployAs(4);
      assert.equal(await manager.getAdmin(address), addr(4));
      const resetId = await manager.resetAdmin(addr(5), address);
      assert.equal((await manager.getProposalInfo(resetId)).proposalType, 31);
      assert.equal(await manager.getAdmin(address), addr(5));
    });

    test('admin mode: a proposal whose execution fails rejects with the precompiled code', async () => {
      const missing = 'ab'.repeat(64);
      await assert.rejects(am(0).createRmNodeProposal(missing), (e: unknown) => {
        assert.ok(e instanceof ProposalExecutionError, String(e));
        assert.equal(e.code, -51103);
        assert.equal(
          e.message,
          `Exec proposal finished with error occurs, proposalId: ${e.proposalId}, exec error msg: The node is not exist`,
        );
        return true;
      });
      const last = await am(0).proposalCount();
      assert.equal((await am(0).getProposalInfo(last)).status, 2, 'the proposal is finished even so');
    });

    test('admin mode: a sys-config proposal SystemConfig refuses reverts the whole transaction with its message', async () => {
      // The SDK checks the value first (as java-sdk does), so the proposal goes out as a plain
      // transaction to reach the node's own check.
      const before = await am(0).proposalCount();
      const gasLimit = (await client.getSystemConfigByKey('tx_gas_limit')).value;
      // CommitteeManager.sol voteProposal/_executeProposal: `retCode = _systemConfigPrecompiled
      // .setValueByKey(...)` is a high-level call, so the callee's failure re-throws; the
      // callee's failure is SystemConfigPrecompiled::checkValueValid's defaultCmp for
      // tx_gas_limit (TX_GAS_LIMIT_MIN = 100000, bcos-executor precompiled/common/Common.h),
      // whose message TransactionExecutive::callPrecompiled writes as the output
      // (writeErrInfoToOutput) for the caller's re-throw: the top frame ends in REVERT (16).
      await rejectsWith(
        sendContractTransaction(client, accounts[0], {
          to: COMMITTEE_MANAGER_ADDRESS,
          abi: [...COMMITTEE_MANAGER_ABI],
          method: 'createSetSysConfigProposal',
          args: ['tx_gas_limit', '1', 600],
        }),
        16,
        'Invalid value 1 ,the value for tx_gas_limit must be no less than 100000',
      );
      // Nothing of it stays: no proposal, the old value.
      assert.equal(await am(0).proposalCount(), before);
      assert.equal((await client.getSystemConfigByKey('tx_gas_limit')).value, gasLimit);
    });

    test('proposal lifecycle with three governors and rates 50/60', async () => {
      const [a, b, c] = [am(0), am(1), am(2)];
      await a.updateGovernor(addr(1), 1);
      await a.updateGovernor(addr(2), 1);
      await a.setRate(50, 60);
      const info = await a.getCommitteeInfo();
      assert.deepEqual(
        info.governorList.map((g) => g.governorAddress),
        [addr(0), addr(1), addr(2)],
      );
      assert.deepEqual([info.participatesRate, info.winRate], [50, 60]);

      // Not enough votes, then passed and executed.
      const configId = await a.createSetSysConfigProposal('tx_count_limit', '2000');
      const open = await a.getProposalInfo(configId);
      assert.deepEqual(
        [open.status, open.proposalType, open.proposer, open.agreeVoters],
        [1, 41, addr(0), [addr(0)]],
      );
      assert.equal((await b.voteProposal(configId, true)).code, 0);
      assert.equal((await a.getProposalInfo(configId)).status, 2);
      assert.equal((await client.getSystemConfigByKey('tx_count_limit')).value, '2000');

      // Failed.
      const deployId = await a.modifyDeployAuth(addr(5), true);
      await c.voteProposal(deployId, false);
      const failed = await a.getProposalInfo(deployId);
      assert.deepEqual([failed.status, failed.againstVoters], [3, [addr(2)]]);
      assert.equal(await a.checkDeployAuth(addr(5)), false);

      // Revoked by its proposer only.
      const typeId = await b.setDeployAuthType(2);
      await rejectsWith(a.revokeProposal(typeId), 16, 'Only proposer can revoke');
      assert.equal((await a.getProposalInfo(typeId)).status, 1);
      assert.equal((await b.revokeProposal(typeId)).code, 0);
      assert.equal((await a.getProposalInfo(typeId)).status, 4);
      await rejectsWith(c.voteProposal(typeId, true), 16, 'Proposal is not votable');

      // Outdated: open past its deadline, then refreshed by a new proposal of the same kind.
      const shortId = await am(0, 1).createSetSysConfigProposal('tx_count_limit', '3000');
      await rejectsWith(am(3).revokeProposal(shortId), 16, 'you must be governor');
      await rejectsWith(am(3).revokeProposal(shortId), 16, 'you must be governor');
      const nextId = await c.createSetSysConfigProposal('tx_count_limit', '4000');
      assert.equal((await a.getProposalInfo(shortId)).status, 5);
      assert.equal((await a.getProposalInfo(nextId)).status, 1);

      const list = await a.getProposalInfoList(configId, nextId);
      assert.deepEqual(
        list.map((p) => p.status),
        [2, 3, 4, 5, 1],
      );
      assert.equal(await a.proposalCount(), nextId);
    });

    test('the vote that passes a failing proposal reports the precompiled code', async () => {
      const [a, b] = [am(0), am(1)];
      const id = await a.createRmNodeProposal('cd'.repeat(64));
      assert.equal((await a.getProposalInfo(id)).status, 1);
      const vote = await b.voteProposal(id, true);
      assert.deepEqual([vote.code, vote.msg], [-51103, 'The node is not exist']);
      assert.equal((await a.getProposalInfo(id)).status, 2);
    });
  });
}
