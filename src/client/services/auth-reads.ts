// AuthManager's reads: the committee and its proposals (0x10001 and the contracts it names) and
// contract auth (0x1005). They need no account.

import type { CommitteeInfo, ProposalInfo } from '../../protocol/builtin/committee';
import { AUTH_MANAGER_ADDRESS, COMMITTEE_MANAGER_ADDRESS } from '../../protocol/builtin/addresses';
import { asArray, asBigInt, asStrings } from '../../protocol/unknownValues';
import * as arg from './auth-args';
import { AUTH, AuthCalls, COMMITTEE, MANAGER, PROPOSALS } from './auth-calls';
import { committeeInfoFrom, proposalInfoFrom, type MethodAuth } from './auth-models';

export abstract class AuthReads extends AuthCalls {
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
}
