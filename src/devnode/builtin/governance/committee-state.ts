// The Committee contract's state: governors (insertion order; removal swaps the last one into the
// gap, as LibAddressSet does), their weights, participatesRate and winRate.

import { CommitteeMessages } from '../../../protocol/builtin/committee';
import type { TableStore } from '../types';
import { revert } from './call-result';
import { COMMITTEE_TABLE, ZERO_ADDRESS, readJson, writeJson } from './state-store';

export interface Governor {
  address: string; // 0x + 40 lowercase hex
  weight: number;
}

export interface Rates {
  participatesRate: number;
  winRate: number;
}

const GOVERNORS_KEY = 'governors';
const RATES_KEY = 'rates';

export function readGovernors(store: TableStore): Governor[] {
  return readJson<Governor[]>(store, COMMITTEE_TABLE, GOVERNORS_KEY) ?? [];
}

export function writeGovernors(store: TableStore, governors: Governor[]): void {
  writeJson(store, COMMITTEE_TABLE, GOVERNORS_KEY, governors);
}

export function readRates(store: TableStore): Rates {
  return readJson<Rates>(store, COMMITTEE_TABLE, RATES_KEY) ?? { participatesRate: 0, winRate: 0 };
}

export function writeRates(store: TableStore, rates: Rates): void {
  writeJson(store, COMMITTEE_TABLE, RATES_KEY, rates);
}

/** Has the committee been written at genesis? */
export function committeeExists(store: TableStore): boolean {
  return store.get(COMMITTEE_TABLE, GOVERNORS_KEY) !== undefined;
}

export function isGovernor(store: TableStore, address: string): boolean {
  const account = address.toLowerCase();
  return readGovernors(store).some((g) => g.address === account);
}

export function weightOf(store: TableStore, address: string): number {
  const account = address.toLowerCase();
  return readGovernors(store).find((g) => g.address === account)?.weight ?? 0;
}

/** Σ weights of `voters` (non-governors count 0), wrapping at uint32 like the contract. */
export function weightsOf(store: TableStore, voters: readonly string[]): number {
  const governors = readGovernors(store);
  let total = 0;
  for (const voter of voters) total += governors.find((g) => g.address === voter.toLowerCase())?.weight ?? 0;
  return total >>> 0;
}

export function totalWeight(store: TableStore): number {
  return readGovernors(store).reduce((sum, g) => sum + g.weight, 0) >>> 0;
}

/**
 * Committee.setWeight: weight 0 removes (never tx.origin), an existing governor gets the new
 * weight, a new address is appended.
 */
export function setGovernorWeight(store: TableStore, account: string, weight: number, origin: string): void {
  const governors = readGovernors(store);
  const index = governors.findIndex((g) => g.address === account);
  if (weight === 0) {
    if (account === origin) revert(CommitteeMessages.RemoveYourself);
    if (index < 0) revert(CommitteeMessages.GovernorNotExist);
    const last = governors.pop()!;
    if (index < governors.length) governors[index] = last;
  } else if (index >= 0) {
    governors[index] = { address: account, weight };
  } else {
    if (account === ZERO_ADDRESS) revert(CommitteeMessages.GovernorZero);
    governors.push({ address: account, weight });
  }
  writeGovernors(store, governors);
}
