// Vote, create and revoke committee proposals from the palette and the Governance tree.

import * as vscode from 'vscode';
import { isAddress } from 'ethers';
import type { ProposalInfo, ProposalRequest } from '../chain/chainApi';
import {
  describeDeadline,
  describeTally,
  effectiveStatus,
  hasVoted,
  proposalLabel,
  tally,
} from '../models/governanceModel';
import type { GovernanceTree } from '../views/governanceTree';
import { isRecord } from '../../protocol/unknownValues';
import type { Session } from '../session';
import { guarded, required } from '../errors';
import { transact } from './transact';
import { ensureGovernor, pickAccountAddress } from './governorAccounts';
import type { CommitteeInfo } from '../chain/chainApi';

const addressInput = async (title: string, prompt = 'Account address (0x…)') =>
  required(
    await vscode.window.showInputBox({
      title,
      prompt,
      validateInput: (v) => (isAddress(v.trim()) ? undefined : 'Enter a 0x address of 40 hex digits.'),
    }),
  ).trim();

const numberInput = async (title: string, min: number, max: number, value = '') =>
  Number(
    required(
      await vscode.window.showInputBox({
        title,
        value,
        validateInput: (v) =>
          /^\d+$/.test(v.trim()) && Number(v) >= min && Number(v) <= max
            ? undefined
            : `Enter a whole number from ${min} to ${max}.`,
      }),
    ).trim(),
  );

/** Asks for the fields of one proposal type, with the console's ranges and current values. */
async function promptProposal(
  session: Session,
  committee: CommitteeInfo,
): Promise<{ request: ProposalRequest; what: string }> {
  const type = required(
    await vscode.window.showQuickPick(
      [
        {
          label: 'Update Governor',
          description: 'add, re-weight or remove (weight 0) a governor',
          k: 'updateGovernor',
        },
        { label: 'Set Rate', description: 'participation and win thresholds', k: 'setRate' },
        { label: 'Set Deploy Auth Type', description: 'white list or black list', k: 'setDeployAuthType' },
        { label: 'Open Deploy Auth', description: 'allow an account to deploy', k: 'openDeployAuth' },
        { label: 'Close Deploy Auth', description: 'forbid an account to deploy', k: 'closeDeployAuth' },
        { label: 'Reset Admin', description: 'change a contract admin', k: 'resetAdmin' },
        { label: 'Add Sealer', k: 'addSealer' },
        { label: 'Add Observer', k: 'addObserver' },
        { label: 'Set Consensus Weight', k: 'setWeight' },
        { label: 'Remove Node', k: 'removeNode' },
        { label: 'Set System Config', k: 'setSysConfig' },
        { label: 'Upgrade Vote Computer', k: 'upgradeVoteComputer' },
      ],
      { title: 'Create proposal', placeHolder: 'Proposal type' },
    ),
  );
  const nodeId = async () =>
    required(
      await vscode.window.showInputBox({
        title: 'Node ID',
        validateInput: (v) =>
          /^[0-9a-fA-F]{128}$/.test(v.trim()) ? undefined : 'A node ID is 128 hex digits.',
      }),
    ).trim();
  switch (type.k) {
    case 'updateGovernor': {
      const account = await pickAccountAddress(session, 'Governor account', committee);
      const current = committee.governors.find((g) => g.address.toLowerCase() === account.toLowerCase());
      const weight = await numberInput(
        `Weight of ${account} (0 removes the governor)`,
        0,
        10000,
        String(current?.weight ?? 1),
      );
      return {
        request: { kind: 'updateGovernor', account, weight },
        what: `Propose governor ${account} with weight ${weight}`,
      };
    }
    case 'setRate': {
      const participatesRate = await numberInput(
        `Participation rate (%), now ${committee.participatesRate}`,
        0,
        100,
        String(committee.participatesRate),
      );
      const winRate = await numberInput(
        `Win rate (%), now ${committee.winRate}`,
        0,
        100,
        String(committee.winRate),
      );
      return {
        request: { kind: 'setRate', participatesRate, winRate },
        what: `Propose rates ${participatesRate}% / ${winRate}%`,
      };
    }
    case 'setDeployAuthType': {
      const t = required(
        await vscode.window.showQuickPick(
          [
            { label: 'white_list', v: 1 as const },
            { label: 'black_list', v: 2 as const },
          ],
          { title: 'Deploy auth type' },
        ),
      );
      return {
        request: { kind: 'setDeployAuthType', authType: t.v },
        what: `Propose deploy policy ${t.label}`,
      };
    }
    case 'openDeployAuth':
    case 'closeDeployAuth': {
      const account = await pickAccountAddress(session, type.label, committee);
      const open = type.k === 'openDeployAuth';
      return {
        request: { kind: 'modifyDeployAuth', account, open },
        what: `Propose to ${open ? 'open' : 'close'} deploy auth of ${account}`,
      };
    }
    case 'resetAdmin': {
      const contract = await addressInput('Contract', 'Contract address (0x…)');
      const newAdmin = await pickAccountAddress(session, 'New admin', committee);
      return {
        request: { kind: 'resetAdmin', contract, newAdmin },
        what: `Propose ${newAdmin} as admin of ${contract}`,
      };
    }
    case 'addSealer':
    case 'setWeight': {
      const id = await nodeId();
      const weight = await numberInput('Consensus weight', 1, 2 ** 31, '1');
      return {
        request: { kind: 'setConsensusWeight', nodeId: id, weight, addFlag: type.k === 'addSealer' },
        what: `Propose ${type.label.toLowerCase()} ${id.slice(0, 12)}… weight ${weight}`,
      };
    }
    case 'addObserver':
      return { request: { kind: 'addObserver', nodeId: await nodeId() }, what: 'Propose a new observer' };
    case 'removeNode':
      return { request: { kind: 'removeNode', nodeId: await nodeId() }, what: 'Propose removing a node' };
    case 'setSysConfig': {
      const keys = await session.requireChain().systemConfigKeys();
      const key = required(await vscode.window.showQuickPick(keys, { title: 'System config key' }));
      const value = required(
        await vscode.window.showInputBox({
          title: `New value of ${key}`,
          validateInput: (v) => (v.trim() ? undefined : 'Enter a value.'),
        }),
      ).trim();
      return { request: { kind: 'setSysConfig', key, value }, what: `Propose ${key} = ${value}` };
    }
    default: {
      const address = await addressInput('New vote computer contract', 'Contract address (0x…)');
      return { request: { kind: 'upgradeVoteComputer', address }, what: `Propose vote computer ${address}` };
    }
  }
}

export function registerGovernanceCommands(session: Session, tree: GovernanceTree): vscode.Disposable[] {
  const openProposals = async (): Promise<ProposalInfo[]> => {
    tree.refresh();
    const { proposals, height } = await tree.load();
    return proposals.filter((p) => effectiveStatus(p, height) === 1);
  };

  const vote = async (id: number, agree: boolean, checked = false) => {
    if (!checked) await ensureGovernor(session, tree, 'vote');
    const r = await transact(
      session,
      { what: `Vote ${agree ? 'for' : 'against'} proposal #${id}` },
      (api, s) => api.vote(s, id, agree),
    );
    tree.refresh();
    return r;
  };

  const proposalId = (arg: unknown): number | undefined =>
    typeof arg === 'number'
      ? arg
      : isRecord(arg) && isRecord(arg.proposal) && typeof arg.proposal.id === 'number' // a ProposalItem
        ? arg.proposal.id
        : undefined;

  return [
    vscode.commands.registerCommand('fiscoBcos.refreshGovernance', () => tree.refresh()),
    vscode.commands.registerCommand(
      'fiscoBcos.voteProposal',
      guarded('Vote failed', async (arg?: unknown, agreeArg?: boolean) => {
        // Who votes is settled before any question about what to vote on.
        await ensureGovernor(session, tree, 'vote');
        let id = proposalId(arg);
        if (id === undefined) {
          const open = await openProposals();
          if (!open.length) {
            void vscode.window.showInformationMessage('There are no open proposals to vote on.');
            return;
          }
          const { committee, height } = await tree.load();
          const me = session.account()?.address;
          const picked = required(
            await vscode.window.showQuickPick(
              open.map((p) => ({
                label: proposalLabel(p),
                description: `${p.resourceId}${hasVoted(p, me) ? ' · you voted' : ''}`,
                detail: `${describeTally(tally(p, committee))} · ${describeDeadline(p, height)}`,
                p,
              })),
              { title: 'Vote on proposal', placeHolder: 'Open proposals' },
            ),
          );
          id = picked.p.id;
        }
        const agree =
          agreeArg ??
          required(
            await vscode.window.showQuickPick(
              [
                { label: '$(thumbsup) For', agree: true },
                { label: '$(thumbsdown) Against', agree: false },
              ],
              { title: `Vote on proposal #${id}` },
            ),
          ).agree;
        return vote(id, agree, true);
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.voteFor',
      guarded('Vote failed', (arg?: unknown) => vote(proposalId(arg)!, true)),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.voteAgainst',
      guarded('Vote failed', (arg?: unknown) => vote(proposalId(arg)!, false)),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.createProposal',
      guarded('Create proposal failed', async (preset?: ProposalRequest) => {
        const committee = await ensureGovernor(session, tree, 'create proposals');
        const { request, what } = preset
          ? { request: preset, what: `Create ${preset.kind} proposal` }
          : await promptProposal(session, committee);
        const r = await transact(session, { what }, (api, s) => api.createProposal(s, request));
        tree.refresh();
        return r;
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.revokeProposal',
      guarded('Revoke failed', async (arg?: unknown) => {
        let id = proposalId(arg);
        if (id === undefined) {
          const me = session.account()?.address?.toLowerCase();
          const mine = (await openProposals()).filter((p) => p.proposer.toLowerCase() === me);
          if (!mine.length) {
            void vscode.window.showInformationMessage(
              'The active account has no open proposals to revoke (only the proposer can revoke).',
            );
            return;
          }
          id = required(
            await vscode.window.showQuickPick(
              mine.map((p) => ({ label: proposalLabel(p), description: p.resourceId, p })),
              { title: 'Revoke proposal' },
            ),
          ).p.id;
        }
        const r = await transact(session, { what: `Revoke proposal #${id}` }, (api, s) => api.revoke(s, id));
        tree.refresh();
        return r;
      }),
    ),
  ];
}
