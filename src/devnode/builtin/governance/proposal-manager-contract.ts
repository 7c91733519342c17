// The ProposalManager contract: proposal reads, the public refreshProposalStatus, and the
// owner-only create/vote/revoke that only CommitteeManager (native here) may drive.

import { CommitteeMessages, PROPOSAL_MANAGER_ABI } from '../../../protocol/builtin/committee';
import { bindAbi } from '../../../protocol/builtin/abi';
import type { Precompiled } from '../types';
import { currentVoteComputer, type CommitteeAddresses } from './addresses';
import { revert } from './call-result';
import { onlyOwner, ownedHandlers } from './owned';
import {
  proposalCount,
  proposalIdFor,
  readProposal,
  refreshProposal,
  type StoredProposal,
} from './proposal-state';
import { runSolidity, type SolidityContract } from './solidity-call';
import { ZERO_ADDRESS } from './state-store';
import { normalizeAddress } from '../../../protocol/address';
import { toBigInt } from '../../../protocol/unknownValues';

/** The 7-field ProposalInfo tuple; unknown ids read as all zeros, as Solidity storage does. */
function proposalTuple(proposal: StoredProposal | undefined): unknown[] {
  if (!proposal) return [ZERO_ADDRESS, ZERO_ADDRESS, 0, 0n, 0, [], []];
  return [
    proposal.resourceId,
    proposal.proposer,
    proposal.proposalType,
    BigInt(proposal.deadline),
    proposal.status,
    proposal.agreeVoters,
    proposal.againstVoters,
  ];
}

export function createProposalManagerContract(addresses: CommitteeAddresses): Precompiled {
  const contract: SolidityContract = {
    abi: (ctx) => bindAbi(PROPOSAL_MANAGER_ABI, ctx.suite),
    views: new Set([
      'getProposalInfo(uint256)',
      'getProposalInfoList(uint256,uint256)',
      'getProposalStatus(uint256)',
      'getIdByTypeAndResourceId(uint8,address)',
      '_proposalIndex(uint8,address)',
      '_proposalCount()',
      '_proposals(uint256)',
      '_voteComputer()',
      '_owner()',
      'auth(address)',
    ]),
    handlers: {
      ...ownedHandlers(addresses.proposalManager),
      'getProposalInfo(uint256)': ({ store, args: [id] }) => proposalTuple(readProposal(store, toBigInt(id))),
      'getProposalInfoList(uint256,uint256)': ({ store, args }) => {
        let [from, to] = args.map((v) => toBigInt(v));
        const count = proposalCount(store);
        if (from > count) revert(CommitteeMessages.FromAfterCount);
        if (from > to) revert(CommitteeMessages.FromAfterTo);
        if (to > count) to = count;
        if (from < 1n) from = 1n;
        const list: unknown[] = [];
        for (let id = from; id <= to; id++) list.push(proposalTuple(readProposal(store, id)));
        return [list];
      },
      'getProposalStatus(uint256)': ({ store, args: [id] }) => [
        readProposal(store, toBigInt(id))?.status ?? 0,
      ],
      'refreshProposalStatus(uint256)': ({ ctx, store, args: [id] }) => [
        refreshProposal(store, toBigInt(id), ctx.blockNumber),
      ],
      'getIdByTypeAndResourceId(uint8,address)': ({ store, args: [type, resource] }) => [
        proposalIdFor(store, Number(type), normalizeAddress(String(resource))),
      ],
      '_proposalIndex(uint8,address)': ({ store, args: [type, resource] }) => [
        proposalIdFor(store, Number(type), normalizeAddress(String(resource))),
      ],
      '_proposalCount()': ({ store }) => [proposalCount(store)],
      '_proposals(uint256)': ({ store, args: [id] }) =>
        proposalTuple(readProposal(store, toBigInt(id))).slice(0, 5),
      '_voteComputer()': ({ store }) => [currentVoteComputer(store, addresses)],
      'create(address,uint8,address,uint256)': onlyOwner,
      'vote(uint256,bool,address)': onlyOwner,
      'revoke(uint256,address)': onlyOwner,
      'setVoteComputer(address)': onlyOwner,
    },
  };
  return {
    address: addresses.proposalManager,
    name: 'ProposalManager',
    abi: PROPOSAL_MANAGER_ABI,
    execute: (ctx, input) => runSolidity(contract, ctx, input),
  };
}
