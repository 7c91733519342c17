// ConsensusPrecompiled (0x1003, /sys/consensus): ABI and node-type names (precompiled.md §3).

export { CONSENSUS_ADDRESS } from './addresses';

export const CONSENSUS_ABI: readonly string[] = [
  'function addSealer(string nodeID, uint256 weight) returns (int32)',
  'function addSealer(string nodeID, uint256 voteWeight, uint256 termWeight) returns (int32)',
  'function addObserver(string nodeID) returns (int32)',
  'function remove(string nodeID) returns (int32)',
  'function setWeight(string nodeID, uint256 weight) returns (int32)',
  'function setTermWeight(string nodeID, uint256 termWeight) returns (int32)',
];

export const CONSENSUS_SIG = {
  addSealer: 'addSealer(string,uint256)',
  addSealerTerm: 'addSealer(string,uint256,uint256)',
  addObserver: 'addObserver(string)',
  remove: 'remove(string)',
  setWeight: 'setWeight(string,uint256)',
  setTermWeight: 'setTermWeight(string,uint256)',
} as const;

export const NODE_TYPE_SEALER = 'consensus_sealer';
export const NODE_TYPE_OBSERVER = 'consensus_observer';
export const NODE_TYPE_CANDIDATE_SEALER = 'consensus_candidate_sealer';

/** Node ids are 128 hex chars (64-byte public key, no 0x). */
export const NODE_ID_LENGTH = 128;
/** An observer must be within this many blocks of the highest block to become a sealer (client-side check). */
export const SYNC_KEEP_UP_THRESHOLD = 10;

/** PrecompiledError text of setWeight on an observer. */
export const ERR_SET_WEIGHT_OBSERVER = 'Cannot set weight to observer.';
