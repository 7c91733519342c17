// What CommitteeManager.voteProposal does once a proposal passes (precompiled.md §6.3): committee
// changes directly, everything else through the built-in contracts with sender 0x10001. The
// return code is reported by `execResult(int256)`; a negative code does not revert.

import {
  AUTH_MANAGER_ADDRESS,
  COMMITTEE_MANAGER_ADDRESS,
  CONSENSUS_ADDRESS,
  SYS_CONFIG_ADDRESS,
} from '../../../protocol/builtin/addresses';
import { CommitteeMessages, ProposalType } from '../../../protocol/builtin/committee';
import type { PrecompiledContext } from '../types';
import { setVoteComputer } from './addresses';
import { revert } from './call-result';
import { setGovernorWeight, writeRates } from './committee-state';
import { callForCode } from './internal-call';
import type { StoredProposal } from './proposal-state';
import type { BufferedStore } from './state-store';

export async function executeProposal(
  ctx: PrecompiledContext,
  store: BufferedStore,
  proposal: StoredProposal,
  voter: string,
): Promise<bigint> {
  const { action } = proposal;
  const call = (to: string, fn: string, args: unknown[]) =>
    callForCode(ctx, store, { to, fn, args, from: COMMITTEE_MANAGER_ADDRESS });
  switch (proposal.proposalType) {
    case ProposalType.UpdateGovernor:
      if (action.weight === 0 && action.addressArray[0] === voter) revert(CommitteeMessages.RemoveYourself);
      setGovernorWeight(store, action.addressArray[0], action.weight, ctx.origin);
      return 0n;
    case ProposalType.SetRate:
      writeRates(store, { participatesRate: action.uint8Array[0], winRate: action.uint8Array[1] });
      return 0n;
    case ProposalType.UpgradeVoteComputer:
      setVoteComputer(store, action.addressArray[0]);
      return 0n;
    case ProposalType.SetDeployAuthType:
      return call(AUTH_MANAGER_ADDRESS, 'setDeployAuthType', [action.uint8Array[0]]);
    case ProposalType.ModifyDeployAuth:
      return call(AUTH_MANAGER_ADDRESS, action.flag ? 'openDeployAuth' : 'closeDeployAuth', [
        action.addressArray[0],
      ]);
    case ProposalType.ResetAdmin:
      return call(AUTH_MANAGER_ADDRESS, 'resetAdmin', [proposal.resourceId, action.addressArray[0]]);
    case ProposalType.SetSysConfig:
      return call(SYS_CONFIG_ADDRESS, 'setValueByKey', [action.strArray[0], action.strArray[1]]);
    case ProposalType.SetNodeWeight:
      if (!action.flag) return call(CONSENSUS_ADDRESS, 'setWeight', [action.strArray[0], action.weight]);
      if (action.weight === 0) return call(CONSENSUS_ADDRESS, 'addObserver', [action.strArray[0]]);
      return call(CONSENSUS_ADDRESS, 'addSealer', [action.strArray[0], action.weight]);
    case ProposalType.RemoveNode:
      return call(CONSENSUS_ADDRESS, 'remove', [action.strArray[0]]);
    default:
      revert(CommitteeMessages.VoteTypeError);
  }
}
