// VoteComputer's rule (precompiled.md §6.3), in uint32 arithmetic as the deployed contract does it:
// not enough participation → 1; agree share ≥ winRate → 2 (passed); otherwise → 3 (failed).

import type { TableStore } from '../types';
import { readRates, totalWeight, weightsOf } from './committee-state';

const u32 = (value: number) => value >>> 0;
const mul = (a: number, b: number) => u32(Math.imul(a, b));

export function voteResultCalc(
  agreeVotes: number,
  doneVotes: number,
  allVotes: number,
  participatesRate: number,
  winRate: number,
): number {
  if (mul(doneVotes, 100) < mul(allVotes, participatesRate)) return 1;
  return mul(agreeVotes, 100) >= mul(winRate, doneVotes) ? 2 : 3;
}

export function determineVoteResult(
  store: TableStore,
  agreeVoters: readonly string[],
  againstVoters: readonly string[],
): number {
  const agreeVotes = weightsOf(store, agreeVoters);
  const doneVotes = u32(agreeVotes + weightsOf(store, againstVoters));
  const { participatesRate, winRate } = readRates(store);
  return voteResultCalc(agreeVotes, doneVotes, totalWeight(store), participatesRate, winRate);
}
