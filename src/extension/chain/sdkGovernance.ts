// ChainApi committee governance over the SDK's AuthManager: the committee, proposals, votes.

import { AuthManager } from '../../client/services/auth-manager';
import { ProposalExecutionError } from '../../client/services/auth-models';
import { authEnforced } from '../../client/services/governed-write';
import { describeError } from '../errorText';
import type { CommitteeInfo, ProposalInfo, ProposalRequest, Signer, WriteResult } from './chainApi';
import { failed, type SdkContext } from './sdkWriteResult';

export class SdkGovernance {
  constructor(private readonly ctx: SdkContext) {}

  private auth(signer?: Signer): AuthManager {
    return new AuthManager(this.ctx.client, this.ctx.maybeAccount(signer));
  }

  authEnabled(): Promise<boolean> {
    return authEnforced(this.ctx.client);
  }

  async committee(): Promise<CommitteeInfo> {
    const c = await this.auth().getCommitteeInfo();
    return {
      governors: c.governorList.map((g) => ({ address: g.governorAddress, weight: Number(g.weight) })),
      participatesRate: Number(c.participatesRate),
      winRate: Number(c.winRate),
    };
  }

  async proposalCount(): Promise<number> {
    return Number(await this.auth().proposalCount());
  }

  async proposal(id: number): Promise<ProposalInfo> {
    const p = await this.auth().getProposalInfo(id);
    return {
      id,
      proposer: p.proposer,
      proposalType: Number(p.proposalType),
      resourceId: p.resourceId,
      blockNumberInterval: Number(p.blockNumberInterval),
      status: Number(p.status),
      agreeVoters: [...p.agreeVoters],
      againstVoters: [...p.againstVoters],
    };
  }

  private propose(auth: AuthManager, r: ProposalRequest): Promise<bigint> {
    switch (r.kind) {
      case 'updateGovernor':
        return auth.updateGovernor(r.account, r.weight);
      case 'setRate':
        return auth.setRate(r.participatesRate, r.winRate);
      case 'setDeployAuthType':
        return auth.setDeployAuthType(r.authType);
      case 'modifyDeployAuth':
        return auth.modifyDeployAuth(r.account, r.open);
      case 'resetAdmin':
        return auth.resetAdmin(r.newAdmin, r.contract);
      case 'setConsensusWeight':
        return auth.createSetConsensusWeightProposal(r.nodeId, r.weight, r.addFlag);
      case 'addObserver':
        return auth.createSetConsensusWeightProposal(r.nodeId, 0, true);
      case 'removeNode':
        return auth.createRmNodeProposal(r.nodeId);
      case 'setSysConfig':
        return auth.createSetSysConfigProposal(r.key, r.value);
      case 'upgradeVoteComputer':
        return auth.createUpgradeVoteComputerProposal(r.address);
    }
  }

  async createProposal(signer: Signer, r: ProposalRequest): Promise<WriteResult> {
    const auth = this.auth(signer);
    try {
      const id = await this.propose(auth, r);
      // The proposal exists now; if reading it back fails, say why instead of hiding it.
      const info = await this.proposal(Number(id)).then(
        (p) => p,
        (err: unknown) => describeError(err),
      );
      const state =
        typeof info === 'string'
          ? `created (its state could not be read: ${info})`
          : info
            ? ([
                'not found',
                'open, waiting for votes',
                'passed and executed',
                'denied',
                'revoked',
                'outdated',
              ][info.status] ?? `status ${info.status}`)
            : 'created';
      return { ok: true, value: id, message: `Proposal #${id} created: ${state}` };
    } catch (err) {
      if (err instanceof ProposalExecutionError)
        return { ok: false, value: err.proposalId, receipt: err.receipt, message: err.message };
      return failed(err);
    }
  }

  async vote(signer: Signer, id: number, agree: boolean): Promise<WriteResult> {
    try {
      const r = await this.auth(signer).voteProposal(id, agree);
      const info = await this.proposal(id).then(
        (p) => p,
        (err: unknown) => describeError(err),
      );
      const state =
        typeof info === 'string'
          ? `unknown (it could not be read: ${info})`
          : info
            ? ['not found', 'still open', 'passed and executed', 'denied', 'revoked', 'outdated'][info.status]
            : undefined;
      return {
        ok: r.code === 0,
        receipt: r.receipt,
        message:
          r.code === 0
            ? `Vote proposal success${state ? `; the proposal is ${state}` : ''}.`
            : `Vote proposal failed, msg: ${r.msg}`,
      };
    } catch (err) {
      if (err instanceof ProposalExecutionError)
        return { ok: false, receipt: err.receipt, message: err.message };
      return failed(err);
    }
  }

  async revoke(signer: Signer, id: number): Promise<WriteResult> {
    try {
      const r = await this.auth(signer).revokeProposal(id);
      return {
        ok: r.code === 0,
        receipt: r.receipt,
        message: r.code === 0 ? 'Revoke proposal success.' : `Revoke proposal failed, msg: ${r.msg}`,
      };
    } catch (err) {
      return failed(err);
    }
  }
}
