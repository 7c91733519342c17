// Governance view model: proposal types and statuses as the console names them, tallies against
// the committee's thresholds, grouping for the tree. Pure (precompiled.md §6.2–6.3).

import type { CommitteeInfo, ProposalInfo } from '../chain/chainApi';

export const PROPOSAL_TYPES: Record<number, string> = {
  11: 'Update Governor',
  12: 'Set Rate',
  13: 'Upgrade Vote Computer',
  21: 'Set Deploy Auth Type',
  22: 'Modify Deploy Auth',
  31: 'Reset Admin',
  41: 'Set System Config',
  51: 'Set Consensus Weight',
  52: 'Remove Node',
};

export enum ProposalStatus {
  NotExist = 0,
  Open = 1,
  Passed = 2,
  Denied = 3,
  Revoked = 4,
  Outdated = 5,
}

export const STATUS_LABELS: Record<number, string> = {
  0: 'Not Found',
  1: 'Open',
  2: 'Passed',
  3: 'Denied',
  4: 'Revoked',
  5: 'Outdated',
};

/** Order of the status groups in the tree: what needs action first. */
export const STATUS_ORDER = [1, 2, 3, 4, 5];

export function proposalTypeLabel(type: number): string {
  return PROPOSAL_TYPES[type] ?? `Type ${type}`;
}

export function statusLabel(status: number): string {
  return STATUS_LABELS[status] ?? `Status ${status}`;
}

const norm = (a: string) => a.toLowerCase().replace(/^0x/, '');

export function isGovernor(committee: CommitteeInfo, account: string | undefined): boolean {
  if (!account) return false;
  return committee.governors.some((g) => norm(g.address) === norm(account));
}

export interface Tally {
  agreeWeight: number;
  againstWeight: number;
  totalWeight: number;
  /** Percent of total weight that voted. */
  participation: number;
  /** Percent of voted weight that agreed. */
  approval: number;
  /** Participation needed (committee participatesRate). */
  participatesRate: number;
  /** Approval needed (committee winRate). */
  winRate: number;
}

/** Tallies a proposal with the committee's current weights, as VoteComputer does. */
export function tally(p: ProposalInfo, committee: CommitteeInfo): Tally {
  const weightOf = (a: string) => committee.governors.find((g) => norm(g.address) === norm(a))?.weight ?? 0;
  const agreeWeight = p.agreeVoters.reduce((s, a) => s + weightOf(a), 0);
  const againstWeight = p.againstVoters.reduce((s, a) => s + weightOf(a), 0);
  const totalWeight = committee.governors.reduce((s, g) => s + g.weight, 0);
  const done = agreeWeight + againstWeight;
  return {
    agreeWeight,
    againstWeight,
    totalWeight,
    participation: totalWeight ? Math.round((done * 100) / totalWeight) : 0,
    approval: done ? Math.round((agreeWeight * 100) / done) : 0,
    participatesRate: committee.participatesRate,
    winRate: committee.winRate,
  };
}

/** "agree 2 / against 0 of 3 · participation 67% (needs 50%) · approval 100% (needs 50%)" */
export function describeTally(t: Tally): string {
  return `agree ${t.agreeWeight} / against ${t.againstWeight} of ${t.totalWeight} · participation ${t.participation}% (needs ${t.participatesRate}%) · approval ${t.approval}% (needs ${t.winRate}%)`;
}

/** Deadline text relative to the current block. */
export function describeDeadline(p: ProposalInfo, currentBlock: number | undefined): string {
  if (currentBlock === undefined) return `deadline block ${p.blockNumberInterval}`;
  const left = p.blockNumberInterval - currentBlock;
  return left >= 0
    ? `ends at block ${p.blockNumberInterval} (${left} blocks left)`
    : `expired at block ${p.blockNumberInterval}`;
}

/** Whether the account already voted on this proposal. */
export function hasVoted(p: ProposalInfo, account: string | undefined): boolean {
  if (!account) return false;
  return [...p.agreeVoters, ...p.againstVoters].some((a) => norm(a) === norm(account));
}

/** An open proposal past its deadline is effectively outdated (the chain refreshes lazily). */
export function effectiveStatus(p: ProposalInfo, currentBlock: number | undefined): number {
  if (
    p.status === Number(ProposalStatus.Open) &&
    currentBlock !== undefined &&
    currentBlock > p.blockNumberInterval
  )
    return ProposalStatus.Outdated;
  return p.status;
}

export function groupByStatus(
  proposals: readonly ProposalInfo[],
  currentBlock?: number,
): Map<number, ProposalInfo[]> {
  const groups = new Map<number, ProposalInfo[]>();
  for (const s of STATUS_ORDER) groups.set(s, []);
  for (const p of proposals) {
    const s = effectiveStatus(p, currentBlock);
    if (!groups.has(s)) groups.set(s, []);
    groups.get(s)!.push(p);
  }
  for (const list of groups.values()) list.sort((a, b) => b.id - a.id);
  for (const [s, list] of groups) if (!list.length) groups.delete(s);
  return groups;
}

/** Label for a proposal in pickers and the tree. */
export function proposalLabel(p: ProposalInfo): string {
  return `#${p.id} ${proposalTypeLabel(p.proposalType)}`;
}

/** Ids of the most recent `max` proposals (ids run from 1 to count). */
export function recentProposalIds(count: number, max = 50): number[] {
  const ids: number[] = [];
  for (let id = count; id >= 1 && ids.length < max; id--) ids.push(id);
  return ids;
}
