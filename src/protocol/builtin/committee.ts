// The governance committee of FISCO BCOS 3.x (precompiled.md §6.2–6.3): CommitteeManager at 0x10001,
// with Committee, ProposalManager and VoteComputer deployed by its constructor. ABIs as the
// deployed contracts (bcos-auth) declare them; selectors are computed with the chain's hash.

import { COMMITTEE_MANAGER_ADDRESS } from './addresses';

export { COMMITTEE_MANAGER_ADDRESS };

export const COMMITTEE_MANAGER_ABI: readonly string[] = [
  'function createUpdateGovernorProposal(address account, uint32 weight, uint256 blockNumberInterval) returns (uint256 currentproposalId)',
  'function createSetRateProposal(uint8 participatesRate, uint8 winRate, uint256 blockNumberInterval) returns (uint256 currentproposalId)',
  'function createUpgradeVoteComputerProposal(address newAddr, uint256 blockNumberInterval) returns (uint256 currentproposalId)',
  'function createSetDeployAuthTypeProposal(uint8 deployAuthType, uint256 blockNumberInterval) returns (uint256 currentproposalId)',
  'function createModifyDeployAuthProposal(address account, bool openFlag, uint256 blockNumberInterval) returns (uint256 currentproposalId)',
  'function createResetAdminProposal(address newAdmin, address contractAddr, uint256 blockNumberInterval) returns (uint256 currentproposalId)',
  'function createSetSysConfigProposal(string key, string value, uint256 blockNumberInterval) returns (uint256 currentproposalId)',
  'function createSetConsensusWeightProposal(string node, uint32 weight, bool addFlag, uint256 blockNumberInterval) returns (uint256 currentproposalId)',
  'function createRmNodeProposal(string node, uint256 blockNumberInterval) returns (uint256 currentproposalId)',
  'function voteProposal(uint256 proposalId, bool agree)',
  'function revokeProposal(uint256 proposalId)',
  'function isGovernor(address account) view returns (bool)',
  'function getProposalType(uint256 proposalId) view returns (uint8)',
  'function _committee() view returns (address)',
  'function _proposalMgr() view returns (address)',
  'event execResult(int256)',
];

export const COMMITTEE_ABI: readonly string[] = [
  'function getCommitteeInfo() view returns (uint8 participatesRate, uint8 winRate, address[] governors, uint32[] weights)',
  'function isGovernor(address governor) view returns (bool)',
  'function getWeight(address governor) view returns (uint32)',
  'function getWeights() view returns (uint32)',
  'function getWeights(address[] votes) view returns (uint32)',
  'function _participatesRate() view returns (uint8)',
  'function _winRate() view returns (uint8)',
  'function setWeight(address governor, uint32 weight)',
  'function setRate(uint8 participatesRate, uint8 winRate)',
  'function _owner() view returns (address)',
  'function auth(address src) view returns (bool)',
  'function setOwner(address owner)',
];

const PROPOSAL_TUPLE =
  'tuple(address resourceId, address proposer, uint8 proposalType, uint256 blockNumberInterval, uint8 status, address[] agreeVoters, address[] againstVoters)';

export const PROPOSAL_MANAGER_ABI: readonly string[] = [
  'function getProposalInfo(uint256 proposalId) view returns (address resourceId, address proposer, uint8 proposalType, uint256 blockNumberInterval, uint8 status, address[] agreeVoters, address[] againstVoters)',
  `function getProposalInfoList(uint256 from, uint256 to) view returns (${PROPOSAL_TUPLE}[])`,
  'function getProposalStatus(uint256 proposalId) view returns (uint8)',
  'function refreshProposalStatus(uint256 proposalId) returns (uint8)',
  'function getIdByTypeAndResourceId(uint8 proposalType, address resourceId) view returns (uint256)',
  'function _proposalCount() view returns (uint256)',
  'function _proposals(uint256) view returns (address resourceId, address proposer, uint8 proposalType, uint256 blockNumberInterval, uint8 status)',
  'function _proposalIndex(uint8, address) view returns (uint256)',
  'function _voteComputer() view returns (address)',
  'function create(address proposer, uint8 proposalType, address resourceId, uint256 blockNumberInterval) returns (uint256)',
  'function vote(uint256 proposalId, bool agree, address voterAddress) returns (uint8)',
  'function revoke(uint256 proposalId, address voterAddress)',
  'function setVoteComputer(address addr)',
  'function _owner() view returns (address)',
  'function auth(address src) view returns (bool)',
  'function setOwner(address owner)',
];

export const VOTE_COMPUTER_ABI: readonly string[] = [
  'function determineVoteResult(address[] agreeVoters, address[] againstVoters) view returns (uint8)',
  'function voteResultCalc(uint32 agreeVotes, uint32 doneVotes, uint32 allVotes, uint8 participatesRate, uint8 winRate) pure returns (uint8)',
  'function _committee() view returns (address)',
  'function _owner() view returns (address)',
  'function auth(address src) view returns (bool)',
  'function setOwner(address owner)',
];

/** Proposal types as CommitteeManager numbers them (the SDK's ProposalType names in comments). */
export const ProposalType = {
  UpdateGovernor: 11, // setWeight
  SetRate: 12, // setRate
  UpgradeVoteComputer: 13, // upgradeVoteCalc
  SetDeployAuthType: 21, // setDeployAuthType
  ModifyDeployAuth: 22, // modifyDeployAuth
  ResetAdmin: 31, // resetAdmin
  SetSysConfig: 41, // setConfig
  SetNodeWeight: 51, // setNodeWeight
  RemoveNode: 52, // removeNode
} as const;
export type ProposalTypeValue = (typeof ProposalType)[keyof typeof ProposalType];

const PROPOSAL_TYPE_NAMES: Record<number, string> = {
  11: 'setWeight',
  12: 'setRate',
  13: 'upgradeVoteCalc',
  21: 'setDeployAuthType',
  22: 'modifyDeployAuth',
  31: 'resetAdmin',
  41: 'setConfig',
  51: 'setNodeWeight',
  52: 'removeNode',
  61: 'setAccountStatus',
};

/** The SDK's name of a proposal type ("unknown" for anything else). */
export function proposalTypeName(type: number): string {
  return PROPOSAL_TYPE_NAMES[type] ?? 'unknown';
}

export const ProposalStatus = {
  NotExist: 0,
  NotEnoughVotes: 1, // created, still votable
  Finished: 2, // passed and executed
  Failed: 3, // denied
  Revoked: 4,
  Outdated: 5,
} as const;
export type ProposalStatusValue = (typeof ProposalStatus)[keyof typeof ProposalStatus];

const PROPOSAL_STATUS_NAMES = ['notExist', 'notEnoughVotes', 'finished', 'failed', 'revoke', 'outdated'];

/** The SDK's name of a proposal status ("unknown" for anything else). */
export function proposalStatusName(status: number): string {
  return PROPOSAL_STATUS_NAMES[status] ?? 'unknown';
}

/** Java SDK default `blockNumberInterval`: about a week of blocks. */
export const DEFAULT_BLOCK_NUMBER_INTERVAL = 3600n * 24n * 7n;

/** Revert texts of the committee contracts (Error(string) payloads, status 16). */
export const CommitteeMessages = {
  NotGovernor: 'you must be governor',
  OnlyOwner: 'Only owner!',
  InvalidParticipatesRate: 'invalid range of participatesRate',
  InvalidWinRate: 'invalid range of winRate',
  VoteComputerMismatch: 'new vote computer committee address mismatch',
  VoteComputerImperfect: 'new vote computer imperfection',
  SameDeployAuthType: 'the current deploy auth type is the same as you want to set',
  ContractNotExists: 'contract address not exists.',
  AlreadyAdmin: 'the account has been the admin of concurrt contract.',
  InvalidKeyLength: 'invalid key length.',
  InvalidNode: 'invalid node.',
  ProposalNotEnd: 'Current proposal not end',
  ProposalNotExist: 'Proposal not exist',
  ProposalNotVotable: 'Proposal is not votable',
  AlreadyVoted: 'Already voted',
  OnlyNewlyCreatedRevocable: 'Only newly created proposal can be revoked',
  OnlyProposerRevokes: 'Only proposer can revoke',
  RemoveYourself: 'You can not remove yourself!',
  GovernorNotExist: "LibAddressSet: value doesn't exist.",
  GovernorZero: "LibAddressSet: value can't be 0x0",
  VoteTypeError: 'vote type error.',
  FromAfterCount: "'from' is greater than 'proposalCount'",
  FromAfterTo: "'from' is greater than 'to'",
} as const;

/**
 * Addresses of Committee, ProposalManager and VoteComputer on a devnode: FISCO's CREATE rule
 * hash("<block>_<context>_<seq>") for the genesis auth transaction, as the node's docs show them
 * ("0_0_1", "0_0_2", "0_0_3"). Real chains may differ: clients always read `_committee()` and
 * `_proposalMgr()` from 0x10001.
 */
export const GENESIS_COMMITTEE_ADDRESSES = {
  keccak: {
    committee: '0xcbc22a496c810dde3fa53c72f575ed024789b2cc',
    proposalManager: '0xa0974646d4462913a36c986ea260567cf471db1f',
    voteComputer: '0x239ea34fd63195b374a9798a1e70b1f16b4eff93',
  },
  sm3: {
    committee: '0x1777d121a516f6bb1b93dce3ee89b8eee83160eb',
    proposalManager: '0x9bc8a92881e8262a3debfff2101e207a1e542079',
    voteComputer: '0x383515bf694fc0c614762c730063bd4431703446',
  },
} as const;

export interface GovernorInfo {
  governorAddress: string;
  weight: number;
}

/** As the Java SDK models it (`po.CommitteeInfo`). */
export interface CommitteeInfo {
  governorList: GovernorInfo[];
  participatesRate: number;
  winRate: number;
}

/** As the Java SDK models it (`po.ProposalInfo`); blockNumberInterval is the absolute deadline block. */
export interface ProposalInfo {
  resourceId: string;
  proposer: string;
  proposalType: number;
  blockNumberInterval: bigint;
  status: number;
  agreeVoters: string[];
  againstVoters: string[];
}

/** topic0 of `execResult(int256)`, emitted by 0x10001 when a passed proposal executes. */
export function execResultTopic(hasher: { hash(data: Uint8Array): Uint8Array }): Uint8Array {
  return hasher.hash(new TextEncoder().encode('execResult(int256)'));
}
