// AuthManager: the committee (0x10001 with its Committee and ProposalManager) and contract auth
// (0x1005) from the SDK side, as the Java SDK's AuthManager offers them. Every operation has a
// Promise form and an `…Async(…, callback)` form. Governor-only creators resolve with the new
// proposal id; admin-only writes with a RetCode; failed receipts reject with RevertError carrying
// the decoded reason (e.g. "you must be governor", "Call permission denied.").

import { Interface, type Result } from 'ethers';
import type { Account } from '../../protocol/account';
import { AUTH_MANAGER_ADDRESS, COMMITTEE_MANAGER_ADDRESS } from '../../protocol/builtin/addresses';
import { CONTRACT_AUTH_ABI } from '../../protocol/builtin/auth';
import {
  COMMITTEE_ABI,
  COMMITTEE_MANAGER_ABI,
  DEFAULT_BLOCK_NUMBER_INTERVAL,
  PROPOSAL_MANAGER_ABI,
  execResultTopic,
  type CommitteeInfo,
  type ProposalInfo,
} from '../../protocol/builtin/committee';
import { retCodeOf } from '../../protocol/builtin/retcode';
import { toHex } from '../../protocol/hex';
import type { SendTransactionReceiptJson } from '../../protocol/rpc/types';
import { runMethodAsync, type AsyncArgs } from '../callback';
import type { Client } from '../client';
import { callContract, getChainInfo, sendContractTransaction } from '../transactions';
import * as arg from './auth-args';
import {
  ProposalExecutionError,
  committeeInfoFrom,
  proposalInfoFrom,
  type AuthRetCode,
  type MethodAuth,
} from './auth-models';
import { checkConsensusWeight, checkSysConfigValue } from './auth-proposal-checks';
import { asArray, asBigInt, asStrings, toBigInt } from '../../protocol/unknownValues';

export * from './auth-models';

/** Parsed on first use, not when the SDK loads (the extension host imports it at activation). */
function lazyInterface(abi: readonly string[]): () => Interface {
  let iface: Interface | undefined;
  return () => (iface ??= new Interface(abi));
}

const MANAGER = lazyInterface(COMMITTEE_MANAGER_ABI);
const COMMITTEE = lazyInterface(COMMITTEE_ABI);
const PROPOSALS = lazyInterface(PROPOSAL_MANAGER_ABI);
const AUTH = lazyInterface(CONTRACT_AUTH_ABI);

export interface AuthManagerOptions {
  /** Blocks a proposal stays open (default 604800, about a week, as the Java SDK). */
  blockNumberInterval?: bigint | number;
}

export class AuthManager {
  readonly blockNumberInterval: bigint;
  private helpers?: Promise<{ committee: string; proposalManager: string }>;

  /** `account` signs the writes; reads need none. */
  constructor(
    readonly client: Client,
    readonly account?: Account,
    options: AuthManagerOptions = {},
  ) {
    this.blockNumberInterval = arg.uint256(
      'AuthManager',
      'blockNumberInterval',
      options.blockNumberInterval ?? DEFAULT_BLOCK_NUMBER_INTERVAL,
    );
  }

  // ---- plumbing --------------------------------------------------------------------------------

  private async view(to: string, abi: Interface, method: string, args: unknown[] = []): Promise<Result> {
    return callContract(this.client, { to, abi, method, args });
  }

  private async send(to: string, abi: Interface, method: string, args: unknown[]) {
    if (!this.account)
      throw new Error(`AuthManager.${method}: no account to sign with (pass one to the constructor)`);
    return sendContractTransaction(this.client, this.account, { to, abi, method, args });
  }

  /** Committee and ProposalManager addresses, read once from 0x10001. */
  private addresses(): Promise<{ committee: string; proposalManager: string }> {
    if (!this.helpers) {
      const lookup = (async () => {
        const [[committee], [proposalManager]] = await Promise.all([
          this.view(COMMITTEE_MANAGER_ADDRESS, MANAGER(), '_committee'),
          this.view(COMMITTEE_MANAGER_ADDRESS, MANAGER(), '_proposalMgr'),
        ]);
        return {
          committee: String(committee).toLowerCase(),
          proposalManager: String(proposalManager).toLowerCase(),
        };
      })();
      lookup.catch(() => {
        if (this.helpers === lookup) this.helpers = undefined;
      });
      this.helpers = lookup;
    }
    return this.helpers;
  }

  /** Sends a create* to 0x10001; resolves with the proposal id once any execution succeeded. */
  private async propose(method: string, args: unknown[]): Promise<bigint> {
    const { receipt, result } = await this.send(COMMITTEE_MANAGER_ADDRESS, MANAGER(), method, [
      ...args,
      this.blockNumberInterval,
    ]);
    const proposalId = toBigInt(result[0]);
    await this.checkExecution(receipt, proposalId);
    return proposalId;
  }

  /** The `execResult(int256)` code of a proposal executed by this transaction, if one was. */
  private async execResult(receipt: SendTransactionReceiptJson): Promise<number | undefined> {
    const { suite } = await getChainInfo(this.client);
    const topic = toHex(execResultTopic(suite));
    const manager = COMMITTEE_MANAGER_ADDRESS.slice(2);
    const log = receipt.logEntries.find(
      (l) => l.address.toLowerCase().replace(/^0x/, '') === manager && l.topics[0]?.toLowerCase() === topic,
    );
    return log === undefined ? undefined : Number(BigInt.asIntN(256, BigInt(log.data)));
  }

  private async checkExecution(receipt: SendTransactionReceiptJson, proposalId: bigint): Promise<void> {
    const code = await this.execResult(receipt);
    if (code !== undefined && code !== 0) {
      throw new ProposalExecutionError(proposalId, code, retCodeOf(code, receipt.message).msg, receipt);
    }
  }

  private async retCode(to: string, abi: Interface, method: string, args: unknown[]): Promise<AuthRetCode> {
    const { receipt, result } = await this.send(to, abi, method, args);
    return { ...retCodeOf(Number(asBigInt(result[0])), receipt.message), receipt };
  }

  private async func(op: string, func: unknown): Promise<string> {
    const { suite } = await getChainInfo(this.client);
    return arg.methodSelector(op, func, suite);
  }

  // ---- committee reads ---------------------------------------------------------------------------

  async getCommitteeAddress(): Promise<string> {
    return (await this.addresses()).committee;
  }

  async getProposalManagerAddress(): Promise<string> {
    return (await this.addresses()).proposalManager;
  }

  async getCommitteeInfo(): Promise<CommitteeInfo> {
    const { committee } = await this.addresses();
    return committeeInfoFrom((await this.view(committee, COMMITTEE(), 'getCommitteeInfo')).toArray(true));
  }

  async isGovernor(account: string): Promise<boolean> {
    const [yes] = await this.view(COMMITTEE_MANAGER_ADDRESS, MANAGER(), 'isGovernor', [
      arg.address('isGovernor', account),
    ]);
    return Boolean(yes);
  }

  /** An unknown id reads as an all-zero proposal (status 0). */
  async getProposalInfo(proposalId: bigint | number): Promise<ProposalInfo> {
    const id = arg.proposalId('getProposalInfo', proposalId);
    const { proposalManager } = await this.addresses();
    return proposalInfoFrom(
      (await this.view(proposalManager, PROPOSALS(), 'getProposalInfo', [id])).toArray(true),
    );
  }

  /** Proposals `from`..`to` inclusive (the contract clamps `to` to the count and `from` to 1). */
  async getProposalInfoList(from: bigint | number, to: bigint | number): Promise<ProposalInfo[]> {
    const start = arg.proposalId('getProposalInfoList', from);
    const end = arg.proposalId('getProposalInfoList', to);
    const { proposalManager } = await this.addresses();
    const [list] = asArray(
      (await this.view(proposalManager, PROPOSALS(), 'getProposalInfoList', [start, end])).toArray(true),
    );
    return asArray(list).map((p) => proposalInfoFrom(asArray(p)));
  }

  /** Number of proposals ever created (= the latest id). */
  async proposalCount(): Promise<bigint> {
    const { proposalManager } = await this.addresses();
    return asBigInt((await this.view(proposalManager, PROPOSALS(), '_proposalCount'))[0]);
  }

  /**
   * The newest proposal with its id, as the console's getLatestProposal shows it; undefined when
   * none was ever created.
   */
  async getLatestProposal(): Promise<{ id: bigint; info: ProposalInfo } | undefined> {
    const id = await this.proposalCount();
    if (id === 0n) return undefined;
    return { id, info: await this.getProposalInfo(id) };
  }

  // ---- contract auth reads -----------------------------------------------------------------------

  /** 0 none (anyone deploys), 1 white list, 2 black list. */
  async getDeployAuthType(): Promise<number> {
    return Number(asBigInt((await this.view(AUTH_MANAGER_ADDRESS, AUTH(), 'deployType'))[0]));
  }

  async checkDeployAuth(account: string): Promise<boolean> {
    return Boolean(
      (
        await this.view(AUTH_MANAGER_ADDRESS, AUTH(), 'hasDeployAuth', [
          arg.address('checkDeployAuth', account),
        ])
      )[0],
    );
  }

  /** `func`: 4 bytes, "0x" + 8 hex, or a signature such as "set(uint256)". */
  async checkMethodAuth(contractAddr: string, func: Uint8Array | string, account: string): Promise<boolean> {
    const op = 'checkMethodAuth';
    const args = [arg.address(op, contractAddr), await this.func(op, func), arg.address(op, account)];
    return Boolean((await this.view(AUTH_MANAGER_ADDRESS, AUTH(), op, args))[0]);
  }

  async getMethodAuth(contractAddr: string, func: Uint8Array | string): Promise<MethodAuth> {
    const op = 'getMethodAuth';
    const args = [arg.address(op, contractAddr), await this.func(op, func)];
    const [authType, accessList, blockList] = asArray(
      (await this.view(AUTH_MANAGER_ADDRESS, AUTH(), op, args)).toArray(true),
    );
    return {
      authType: Number(asBigInt(authType)),
      accessList: asStrings(accessList),
      blockList: asStrings(blockList),
    };
  }

  /** The contract's admin; the zero address for a contract without an ACL record. */
  async getAdmin(contractAddr: string): Promise<string> {
    const [admin] = await this.view(AUTH_MANAGER_ADDRESS, AUTH(), 'getAdmin', [
      arg.address('getAdmin', contractAddr),
    ]);
    return String(admin).toLowerCase();
  }

  /** True when the contract's status is normal (neither frozen nor abolished). */
  async contractAvailable(contractAddr: string): Promise<boolean> {
    return Boolean(
      (
        await this.view(AUTH_MANAGER_ADDRESS, AUTH(), 'contractAvailable', [
          arg.address('contractAvailable', contractAddr),
        ])
      )[0],
    );
  }

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
