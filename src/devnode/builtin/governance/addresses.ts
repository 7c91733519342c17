// Where the committee's helper contracts live on a devnode (see GENESIS_COMMITTEE_ADDRESSES).

import { COMMITTEE_MANAGER_ADDRESS } from '../../../protocol/builtin/addresses';
import { GENESIS_COMMITTEE_ADDRESSES } from '../../../protocol/builtin/committee';
import type { TableStore } from '../types';
import { COMMITTEE_TABLE } from './state-store';

export interface CommitteeAddresses {
  sm: boolean;
  manager: string;
  committee: string;
  proposalManager: string;
  /** The genesis (native) VoteComputer. */
  voteComputer: string;
}

export function committeeAddresses(sm: boolean): CommitteeAddresses {
  const set = sm ? GENESIS_COMMITTEE_ADDRESSES.sm3 : GENESIS_COMMITTEE_ADDRESSES.keccak;
  return { sm, manager: COMMITTEE_MANAGER_ADDRESS, ...set };
}

const VOTE_COMPUTER_KEY = 'vote_computer';

/** The VoteComputer in use: the genesis one until an upgrade proposal (type 13) passes. */
export function currentVoteComputer(store: TableStore, addresses: CommitteeAddresses): string {
  return store.get(COMMITTEE_TABLE, VOTE_COMPUTER_KEY) ?? addresses.voteComputer;
}

export function setVoteComputer(store: TableStore, address: string): void {
  store.set(COMMITTEE_TABLE, VOTE_COMPUTER_KEY, address);
}
