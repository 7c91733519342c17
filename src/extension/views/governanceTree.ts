// Governance view: the committee (governors, weights, rates, whether the active account governs),
// the deploy policy, and proposals grouped by status with type, target, votes and deadline.

import * as vscode from 'vscode';
import type { CommitteeInfo, ProposalInfo } from '../chain/chainApi';
import {
  describeDeadline,
  describeTally,
  effectiveStatus,
  groupByStatus,
  hasVoted,
  isGovernor,
  proposalLabel,
  proposalTypeLabel,
  recentProposalIds,
  statusLabel,
  tally,
} from '../models/governanceModel';
import type { Session } from '../session';
import { DetailItem, ErrorItem, RefreshableTree, shortHex } from './treeItems';

const DEPLOY_AUTH = ['everyone may deploy (no policy)', 'white list', 'black list'];

export class SectionItem extends vscode.TreeItem {
  constructor(
    readonly section: 'committee' | 'proposals',
    label: string,
    description?: string,
  ) {
    super(label, vscode.TreeItemCollapsibleState.Expanded);
    this.id = `gov:${section}`;
    this.description = description;
    this.iconPath = new vscode.ThemeIcon(section === 'committee' ? 'organization' : 'checklist');
    this.contextValue = `section.${section}`;
  }
}

export class StatusGroupItem extends vscode.TreeItem {
  constructor(
    readonly status: number,
    readonly proposals: ProposalInfo[],
  ) {
    super(
      statusLabel(status),
      status === 1 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
    );
    this.id = `gov:status:${status}`;
    this.description = `${proposals.length}`;
    this.contextValue = 'proposalStatus';
  }
}

export class ProposalItem extends vscode.TreeItem {
  constructor(
    readonly proposal: ProposalInfo,
    readonly committee: CommitteeInfo,
    readonly height: number | undefined,
    account: string | undefined,
  ) {
    super(proposalLabel(proposal), vscode.TreeItemCollapsibleState.Collapsed);
    const status = effectiveStatus(proposal, height);
    const t = tally(proposal, committee);
    this.id = `gov:proposal:${proposal.id}`;
    this.description = `${statusLabel(status)} · ${t.agreeWeight}/${t.totalWeight} agree${hasVoted(proposal, account) ? ' · you voted' : ''}`;
    this.iconPath = new vscode.ThemeIcon(
      status === 1 ? 'circle-large-outline' : status === 2 ? 'pass' : status === 4 ? 'circle-slash' : 'error',
    );
    this.contextValue = status === 1 ? 'proposal.open' : 'proposal.closed';
    this.tooltip = `${proposalLabel(proposal)}\n${statusLabel(status)}\n${describeTally(t)}\n${describeDeadline(proposal, height)}`;
  }
}

type Item = SectionItem | StatusGroupItem | ProposalItem | DetailItem | ErrorItem;

export class GovernanceTree extends RefreshableTree<Item> {
  private cache:
    { committee: CommitteeInfo; proposals: ProposalInfo[]; height?: number; deployAuth?: number } | undefined;

  constructor(private readonly session: Session) {
    super();
  }

  override refresh(item?: Item): void {
    if (!item) this.cache = undefined;
    super.refresh(item);
  }

  /** Committee and the most recent proposals (also used by the vote/revoke commands). */
  async load(): Promise<{
    committee: CommitteeInfo;
    proposals: ProposalInfo[];
    height?: number;
    deployAuth?: number;
  }> {
    if (this.cache) return this.cache;
    const api = this.session.requireChain();
    const [committee, count, height, deployAuth] = await Promise.all([
      api.committee(),
      api.proposalCount(),
      api.blockNumber().catch(() => undefined),
      api.deployAuthType().catch(() => undefined),
    ]);
    const proposals = (
      await Promise.all(recentProposalIds(count).map((id) => api.proposal(id).catch(() => undefined)))
    ).filter((p): p is ProposalInfo => !!p && p.status !== 0);
    this.cache = { committee, proposals, height, deployAuth };
    return this.cache;
  }

  protected async children(element?: Item): Promise<Item[]> {
    if (!this.session.chain()) return [];
    const account = this.session.account()?.address;
    let data;
    try {
      data = await this.load();
    } catch (err) {
      return element ? [] : [new ErrorItem('Cannot read the committee', err)];
    }
    const { committee, proposals, height } = data;
    if (!element) {
      const governor = isGovernor(committee, account);
      const open = proposals.filter((p) => effectiveStatus(p, height) === 1).length;
      return [
        new SectionItem(
          'committee',
          'Committee',
          `${committee.governors.length} governor${committee.governors.length === 1 ? '' : 's'}${account ? (governor ? ' · you are a governor' : ' · you are not a governor') : ''}`,
        ),
        new SectionItem('proposals', 'Proposals', `${open} open of ${proposals.length}`),
      ];
    }
    if (element instanceof SectionItem && element.section === 'committee') {
      const me = account ? (isGovernor(committee, account) ? 'yes' : 'no') : 'no active account';
      return [
        new DetailItem('Participation Rate', `${committee.participatesRate}%`, 'graph'),
        new DetailItem('Win Rate', `${committee.winRate}%`, 'graph'),
        new DetailItem(
          'Active Account Is Governor',
          me,
          isGovernor(committee, account) ? 'pass' : 'circle-slash',
          account,
        ),
        new DetailItem(
          'Deploy Policy',
          data.deployAuth === undefined
            ? 'unknown'
            : (DEPLOY_AUTH[data.deployAuth] ?? String(data.deployAuth)),
          'shield',
        ),
        ...committee.governors.map((g) => {
          const item = new DetailItem(
            shortHex(g.address),
            `weight ${g.weight}${account && g.address.toLowerCase() === account.toLowerCase() ? ' · you' : ''}`,
            'person',
            g.address,
          );
          item.contextValue = 'governor';
          return item;
        }),
      ];
    }
    if (element instanceof SectionItem && element.section === 'proposals') {
      if (!proposals.length) return [new DetailItem('No proposals yet', undefined, 'info')];
      return [...groupByStatus(proposals, height)].map(([status, list]) => new StatusGroupItem(status, list));
    }
    if (element instanceof StatusGroupItem)
      return element.proposals.map((p) => new ProposalItem(p, committee, height, account));
    if (element instanceof ProposalItem) {
      const p = element.proposal;
      const t = tally(p, committee);
      return [
        new DetailItem('Type', `${proposalTypeLabel(p.proposalType)} (${p.proposalType})`, 'symbol-enum'),
        new DetailItem('Target', p.resourceId, 'target'),
        new DetailItem('Proposer', p.proposer, 'person'),
        new DetailItem('Votes', describeTally(t), 'graph'),
        new DetailItem('Deadline', describeDeadline(p, height), 'clock'),
        new DetailItem(
          'Agree',
          p.agreeVoters.map((a) => shortHex(a)).join(', ') || 'none',
          'thumbsup',
          p.agreeVoters.join('\n'),
        ),
        new DetailItem(
          'Against',
          p.againstVoters.map((a) => shortHex(a)).join(', ') || 'none',
          'thumbsdown',
          p.againstVoters.join('\n'),
        ),
      ];
    }
    return [];
  }
}
