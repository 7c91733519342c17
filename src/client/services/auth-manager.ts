// AuthManager: the committee (0x10001 with its Committee and ProposalManager) and contract auth
// (0x1005) from the SDK side, as the Java SDK's AuthManager offers them. Every operation has a
// Promise form and an `…Async(…, callback)` form. Governor-only creators resolve with the new
// proposal id; admin-only writes with a RetCode; failed receipts reject with RevertError carrying
// the decoded reason (e.g. "you must be governor", "Call permission denied.").

import { AUTH_MANAGER_ADDRESS, COMMITTEE_MANAGER_ADDRESS } from '../../protocol/builtin/addresses';
import type { CommitteeInfo, ProposalInfo } from '../../protocol/builtin/committee';
import { retCodeOf } from '../../protocol/builtin/retcode';
import { runMethodAsync, type AsyncArgs } from '../callback';
import * as arg from './auth-args';
import { AUTH, MANAGER } from './auth-calls';
import type { AuthRetCode, MethodAuth } from './auth-models';
import { checkConsensusWeight, checkSysConfigValue } from './auth-proposal-checks';
import { AuthReads } from './auth-reads';

export * from './auth-models';
export type { AuthManagerOptions } from './auth-calls';

/** Reads (AuthReads) need no account; the writes below are signed by the constructor's `account`. */
export class AuthManager extends AuthReads {
  // ---- governor-only proposals -------------------------------------------------------------------

  /** Weight 0 removes the governor; a new account with weight > 0 joins. */
  async updateGovernor(account: string, weight: bigint | number): Promise<bigint> {
    const op = 'updateGovernor';
    return this.propose('createUpdateGovernorProposal', [arg.address(op, account), arg.weight(op, weight)]);
  }

  /** Rates are percentages 0..100; participatesRate 0 means any vote decides. */
  async setRate(participatesRate: bigint | number, winRate: bigint | number): Promise<bigint> {
    return this.propose('createSetRateProposal', [
      arg.rate('setRate', 'participatesRate', participatesRate),
      arg.rate('setRate', 'winRate', winRate),
    ]);
  }

  /** 1 white list, 2 black list. */
  async setDeployAuthType(deployAuthType: number): Promise<bigint> {
    return this.propose('createSetDeployAuthTypeProposal', [
      arg.listType('setDeployAuthType', deployAuthType),
    ]);
  }

  async modifyDeployAuth(account: string, openFlag: boolean): Promise<bigint> {
    const op = 'modifyDeployAuth';
    return this.propose('createModifyDeployAuthProposal', [
      arg.address(op, account),
      arg.flag(op, 'openFlag', openFlag),
    ]);
  }

  async resetAdmin(newAdmin: string, contractAddr: string): Promise<bigint> {
    const op = 'resetAdmin';
    return this.propose('createResetAdminProposal', [
      arg.address(op, newAdmin),
      arg.address(op, contractAddr),
    ]);
  }

  async createSetSysConfigProposal(key: string, value: string): Promise<bigint> {
    const op = 'createSetSysConfigProposal';
    const k = arg.text(op, 'key', key);
    const val = arg.text(op, 'value', value);
    checkSysConfigValue(k, val);
    return this.propose(op, [k, val]);
  }

  /** addFlag with weight > 0: add a sealer; addFlag with weight 0: add an observer; else set the weight. */
  async createSetConsensusWeightProposal(
    node: string,
    weight: bigint | number,
    addFlag: boolean,
  ): Promise<bigint> {
    const op = 'createSetConsensusWeightProposal';
    const id = arg.nodeId(op, node);
    const w = typeof weight === 'bigint' ? (weight < 0n ? 0 : weight) : Math.max(0, weight);
    const checked = arg.weight(op, w);
    await checkConsensusWeight(this.client, id, checked, arg.flag(op, 'addFlag', addFlag));
    return this.propose(op, [id, checked, addFlag]);
  }

  async createRmNodeProposal(node: string): Promise<bigint> {
    return this.propose('createRmNodeProposal', [arg.nodeId('createRmNodeProposal', node)]);
  }

  async createUpgradeVoteComputerProposal(address: string): Promise<bigint> {
    return this.propose('createUpgradeVoteComputerProposal', [
      arg.address('createUpgradeVoteComputerProposal', address),
    ]);
  }

  /**
   * Votes; when the vote passes the proposal, the RetCode is its execution result (0 Success, or
   * the precompiled code, e.g. -51100); otherwise 0 Success.
   */
  async voteProposal(proposalId: bigint | number, agree: boolean): Promise<AuthRetCode> {
    const op = 'voteProposal';
    const { receipt } = await this.send(COMMITTEE_MANAGER_ADDRESS, MANAGER(), op, [
      arg.proposalId(op, proposalId),
      arg.flag(op, 'agree', agree),
    ]);
    return { ...retCodeOf((await this.execResult(receipt)) ?? 0, receipt.message), receipt };
  }

  /** Only the proposer may revoke, and only while the proposal is still open. */
  async revokeProposal(proposalId: bigint | number): Promise<AuthRetCode> {
    const op = 'revokeProposal';
    const { receipt } = await this.send(COMMITTEE_MANAGER_ADDRESS, MANAGER(), op, [
      arg.proposalId(op, proposalId),
    ]);
    return { ...retCodeOf(0), receipt };
  }

  // ---- contract-admin writes ---------------------------------------------------------------------

  /** authType: 1 white list, 2 black list, 0 no ACL for the method. */
  async setMethodAuthType(
    contractAddr: string,
    func: Uint8Array | string,
    authType: number, // 0 none, 1 white list, 2 black list
  ): Promise<AuthRetCode> {
    const op = 'setMethodAuthType';
    const args = [arg.address(op, contractAddr), await this.func(op, func), arg.methodAuthType(op, authType)];
    return this.retCode(AUTH_MANAGER_ADDRESS, AUTH(), op, args);
  }

  /** White list: open admits the account, close removes it. Black list: close blocks, open unblocks. */
  async setMethodAuth(
    contractAddr: string,
    func: Uint8Array | string,
    account: string,
    isOpen: boolean,
  ): Promise<AuthRetCode> {
    const op = 'setMethodAuth';
    const args = [arg.address(op, contractAddr), await this.func(op, func), arg.address(op, account)];
    return this.retCode(
      AUTH_MANAGER_ADDRESS,
      AUTH(),
      arg.flag(op, 'isOpen', isOpen) ? 'openMethodAuth' : 'closeMethodAuth',
      args,
    );
  }

  /** `true` freezes, `false` unfreezes; a number sets the status 0 normal, 1 frozen, 2 abolished. */
  async setContractStatus(contractAddr: string, status: boolean | number): Promise<AuthRetCode> {
    const op = 'setContractStatus';
    const contract = arg.address(op, contractAddr);
    if (typeof status === 'boolean')
      return this.retCode(AUTH_MANAGER_ADDRESS, AUTH(), 'setContractStatus(address,bool)', [
        contract,
        status,
      ]);
    return this.retCode(AUTH_MANAGER_ADDRESS, AUTH(), 'setContractStatus(address,uint8)', [
      contract,
      arg.ranged(op, 'status', status, 0, 2),
    ]);
  }

  // ---- callback forms ----------------------------------------------------------------------------

  getCommitteeAddressAsync(...args: AsyncArgs<Parameters<AuthManager['getCommitteeAddress']>, string>): void {
    runMethodAsync<AuthManager>(this, 'getCommitteeAddress', args);
  }
  getProposalManagerAddressAsync(
    ...args: AsyncArgs<Parameters<AuthManager['getProposalManagerAddress']>, string>
  ): void {
    runMethodAsync<AuthManager>(this, 'getProposalManagerAddress', args);
  }
  getCommitteeInfoAsync(
    ...args: AsyncArgs<Parameters<AuthManager['getCommitteeInfo']>, CommitteeInfo>
  ): void {
    runMethodAsync<AuthManager>(this, 'getCommitteeInfo', args);
  }
  isGovernorAsync(...args: AsyncArgs<Parameters<AuthManager['isGovernor']>, boolean>): void {
    runMethodAsync<AuthManager>(this, 'isGovernor', args);
  }
  getProposalInfoAsync(...args: AsyncArgs<Parameters<AuthManager['getProposalInfo']>, ProposalInfo>): void {
    runMethodAsync<AuthManager>(this, 'getProposalInfo', args);
  }
  getProposalInfoListAsync(
    ...args: AsyncArgs<Parameters<AuthManager['getProposalInfoList']>, ProposalInfo[]>
  ): void {
    runMethodAsync<AuthManager>(this, 'getProposalInfoList', args);
  }
  proposalCountAsync(...args: AsyncArgs<Parameters<AuthManager['proposalCount']>, bigint>): void {
    runMethodAsync<AuthManager>(this, 'proposalCount', args);
  }
  getDeployAuthTypeAsync(...args: AsyncArgs<Parameters<AuthManager['getDeployAuthType']>, number>): void {
    runMethodAsync<AuthManager>(this, 'getDeployAuthType', args);
  }
  checkDeployAuthAsync(...args: AsyncArgs<Parameters<AuthManager['checkDeployAuth']>, boolean>): void {
    runMethodAsync<AuthManager>(this, 'checkDeployAuth', args);
  }
  checkMethodAuthAsync(...args: AsyncArgs<Parameters<AuthManager['checkMethodAuth']>, boolean>): void {
    runMethodAsync<AuthManager>(this, 'checkMethodAuth', args);
  }
  getMethodAuthAsync(...args: AsyncArgs<Parameters<AuthManager['getMethodAuth']>, MethodAuth>): void {
    runMethodAsync<AuthManager>(this, 'getMethodAuth', args);
  }
  getAdminAsync(...args: AsyncArgs<Parameters<AuthManager['getAdmin']>, string>): void {
    runMethodAsync<AuthManager>(this, 'getAdmin', args);
  }
  contractAvailableAsync(...args: AsyncArgs<Parameters<AuthManager['contractAvailable']>, boolean>): void {
    runMethodAsync<AuthManager>(this, 'contractAvailable', args);
  }
  updateGovernorAsync(...args: AsyncArgs<Parameters<AuthManager['updateGovernor']>, bigint>): void {
    runMethodAsync<AuthManager>(this, 'updateGovernor', args);
  }
  setRateAsync(...args: AsyncArgs<Parameters<AuthManager['setRate']>, bigint>): void {
    runMethodAsync<AuthManager>(this, 'setRate', args);
  }
  setDeployAuthTypeAsync(...args: AsyncArgs<Parameters<AuthManager['setDeployAuthType']>, bigint>): void {
    runMethodAsync<AuthManager>(this, 'setDeployAuthType', args);
  }
  modifyDeployAuthAsync(...args: AsyncArgs<Parameters<AuthManager['modifyDeployAuth']>, bigint>): void {
    runMethodAsync<AuthManager>(this, 'modifyDeployAuth', args);
  }
  resetAdminAsync(...args: AsyncArgs<Parameters<AuthManager['resetAdmin']>, bigint>): void {
    runMethodAsync<AuthManager>(this, 'resetAdmin', args);
  }
  createSetSysConfigProposalAsync(
    ...args: AsyncArgs<Parameters<AuthManager['createSetSysConfigProposal']>, bigint>
  ): void {
    runMethodAsync<AuthManager>(this, 'createSetSysConfigProposal', args);
  }
  createSetConsensusWeightProposalAsync(
    ...args: AsyncArgs<Parameters<AuthManager['createSetConsensusWeightProposal']>, bigint>
  ): void {
    runMethodAsync<AuthManager>(this, 'createSetConsensusWeightProposal', args);
  }
  createRmNodeProposalAsync(
    ...args: AsyncArgs<Parameters<AuthManager['createRmNodeProposal']>, bigint>
  ): void {
    runMethodAsync<AuthManager>(this, 'createRmNodeProposal', args);
  }
  createUpgradeVoteComputerProposalAsync(
    ...args: AsyncArgs<Parameters<AuthManager['createUpgradeVoteComputerProposal']>, bigint>
  ): void {
    runMethodAsync<AuthManager>(this, 'createUpgradeVoteComputerProposal', args);
  }
  voteProposalAsync(...args: AsyncArgs<Parameters<AuthManager['voteProposal']>, AuthRetCode>): void {
    runMethodAsync<AuthManager>(this, 'voteProposal', args);
  }
  revokeProposalAsync(...args: AsyncArgs<Parameters<AuthManager['revokeProposal']>, AuthRetCode>): void {
    runMethodAsync<AuthManager>(this, 'revokeProposal', args);
  }
  setMethodAuthTypeAsync(
    ...args: AsyncArgs<Parameters<AuthManager['setMethodAuthType']>, AuthRetCode>
  ): void {
    runMethodAsync<AuthManager>(this, 'setMethodAuthType', args);
  }
  setMethodAuthAsync(...args: AsyncArgs<Parameters<AuthManager['setMethodAuth']>, AuthRetCode>): void {
    runMethodAsync<AuthManager>(this, 'setMethodAuth', args);
  }
  setContractStatusAsync(
    ...args: AsyncArgs<Parameters<AuthManager['setContractStatus']>, AuthRetCode>
  ): void {
    runMethodAsync<AuthManager>(this, 'setContractStatus', args);
  }
}
