// The ProposalManager's state and rules (precompiled.md §6.3): sequential ids from 1, one open
// proposal per (type, resourceId), absolute deadline = creation block + interval, expiry applied
// only by a refresh, votes once per address, revoke by the proposer of a still-open proposal.

import { CommitteeMessages, ProposalStatus } from '../../../protocol/builtin/committee';
import type { TableStore } from '../types';
import { revert } from './call-result';
import { COMMITTEE_TABLE, readJson, writeJson } from './state-store';

/** What CommitteeManager stores per proposal to execute it once passed. */
export interface ProposalAction {
  uint8Array: number[];
  strArray: string[];
  weight: number;
  addressArray: string[];
  flag: boolean;
}

export interface StoredProposal {
  resourceId: string;
  proposer: string;
  proposalType: number;
  /** Absolute deadline block (uint256, decimal text). */
  deadline: string;
  status: number;
  agreeVoters: string[];
  againstVoters: string[];
  action: ProposalAction;
}

const UINT256_MOD = 1n << 256n;
const COUNT_KEY = 'proposal_count';
const proposalKey = (id: bigint) => `proposal/${id}`;
const indexKey = (type: number, resourceId: string) => `proposal_index/${type}/${resourceId}`;

export function proposalCount(store: TableStore): bigint {
  return BigInt(store.get(COMMITTEE_TABLE, COUNT_KEY) ?? '0');
}

export function readProposal(store: TableStore, id: bigint): StoredProposal | undefined {
  return readJson<StoredProposal>(store, COMMITTEE_TABLE, proposalKey(id));
}

export function writeProposal(store: TableStore, id: bigint, proposal: StoredProposal): void {
  writeJson(store, COMMITTEE_TABLE, proposalKey(id), proposal);
}

export function proposalIdFor(store: TableStore, type: number, resourceId: string): bigint {
  return BigInt(store.get(COMMITTEE_TABLE, indexKey(type, resourceId)) ?? '0');
}

function existing(store: TableStore, id: bigint): StoredProposal {
  const proposal = readProposal(store, id);
  if (!proposal || proposal.status === ProposalStatus.NotExist) revert(CommitteeMessages.ProposalNotExist);
  return proposal;
}

/** refreshProposalStatus: an open proposal past its deadline becomes outdated. */
export function refreshProposal(store: TableStore, id: bigint, blockNumber: number): number {
  const proposal = existing(store, id);
  if (proposal.status === ProposalStatus.NotEnoughVotes && BigInt(blockNumber) > BigInt(proposal.deadline)) {
    proposal.status = ProposalStatus.Outdated;
    writeProposal(store, id, proposal);
  }
  return proposal.status;
}

export function createProposal(
  store: TableStore,
  request: {
    proposer: string;
    proposalType: number;
    resourceId: string;
    interval: bigint;
    blockNumber: number;
    action: ProposalAction;
  },
): bigint {
  const previousId = proposalIdFor(store, request.proposalType, request.resourceId);
  const previous = readProposal(store, previousId);
  if (previous?.status === ProposalStatus.NotEnoughVotes) {
    if (refreshProposal(store, previousId, request.blockNumber) === ProposalStatus.NotEnoughVotes) {
      revert(CommitteeMessages.ProposalNotEnd);
    }
  }
  const id = proposalCount(store) + 1n;
  store.set(COMMITTEE_TABLE, COUNT_KEY, id.toString());
  writeProposal(store, id, {
    resourceId: request.resourceId,
    proposer: request.proposer,
    proposalType: request.proposalType,
    deadline: ((BigInt(request.blockNumber) + request.interval) % UINT256_MOD).toString(),
    status: ProposalStatus.NotEnoughVotes,
    agreeVoters: [],
    againstVoters: [],
    action: request.action,
  });
  store.set(COMMITTEE_TABLE, indexKey(request.proposalType, request.resourceId), id.toString());
  return id;
}

/** Records a vote (no deadline check, as the deployed contract); the caller computes the status. */
export function recordVote(store: TableStore, id: bigint, agree: boolean, voter: string): StoredProposal {
  const proposal = existing(store, id);
  if (proposal.status !== ProposalStatus.NotEnoughVotes) revert(CommitteeMessages.ProposalNotVotable);
  if (proposal.agreeVoters.includes(voter) || proposal.againstVoters.includes(voter)) {
    revert(CommitteeMessages.AlreadyVoted);
  }
  (agree ? proposal.agreeVoters : proposal.againstVoters).push(voter);
  writeProposal(store, id, proposal);
  return proposal;
}

export function setProposalStatus(store: TableStore, id: bigint, status: number): void {
  const proposal = existing(store, id);
  proposal.status = status;
  writeProposal(store, id, proposal);
}

export function revokeProposal(store: TableStore, id: bigint, voter: string, blockNumber: number): void {
  if (refreshProposal(store, id, blockNumber) !== ProposalStatus.NotEnoughVotes) {
    revert(CommitteeMessages.OnlyNewlyCreatedRevocable);
  }
  const proposal = existing(store, id);
  if (proposal.proposer !== voter) revert(CommitteeMessages.OnlyProposerRevokes);
  proposal.status = ProposalStatus.Revoked;
  writeProposal(store, id, proposal);
}
