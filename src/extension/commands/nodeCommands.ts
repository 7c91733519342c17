// Consensus changes from the Groups tree: add sealer/observer, set weight, remove node. The SDK's
// ConsensusService checks the request and, when the committee governs, makes it a proposal.

import * as vscode from 'vscode';
import { isRecord } from '../../protocol/unknownValues';
import type { NodeItem } from '../views/groupsTree';
import type { Session } from '../session';
import { guarded, required } from '../errors';
import { transact } from './transact';
import type { ChainApi, Signer, WriteResult } from '../chain/chainApi';

const NODE_ID = /^[0-9a-fA-F]{128}$/;

/** A Governance-tree node entry (NodeItem), told apart by its node's id. */
function isNodeItem(arg: unknown): arg is Pick<NodeItem, 'node'> {
  return isRecord(arg) && isRecord(arg.node) && typeof arg.node.nodeId === 'string';
}

async function nodeIdOf(arg: unknown, title: string): Promise<string> {
  if (isNodeItem(arg)) return arg.node.nodeId;
  if (typeof arg === 'string' && NODE_ID.test(arg)) return arg;
  return required(
    await vscode.window.showInputBox({
      title,
      prompt: 'Node ID: 128 hex digits (the node public key)',
      validateInput: (v) => (NODE_ID.test(v.trim()) ? undefined : 'A node ID is 128 hex digits.'),
    }),
  ).trim();
}

async function weightOf(arg: unknown, title: string, current?: number): Promise<number> {
  if (typeof arg === 'number') return arg;
  const text = required(
    await vscode.window.showInputBox({
      title,
      value: String(current ?? 1),
      validateInput: (v) =>
        /^[1-9]\d{0,9}$/.test(v.trim()) ? undefined : 'Weight is a whole number of at least 1.',
    }),
  );
  return Number(text.trim());
}

/** Runs the change; the confirmation says when it will be a committee proposal. */
async function change(
  session: Session,
  what: string,
  run: (api: ChainApi, s: Signer) => Promise<WriteResult>,
): Promise<WriteResult> {
  const api = session.requireChain();
  const viaProposal = await api.authEnabled().catch(() => false);
  return transact(session, { what: viaProposal ? `Propose: ${what}` : what }, run);
}

export function registerNodeCommands(session: Session, refresh: () => void): vscode.Disposable[] {
  const FAILED: Record<string, string> = {
    'fiscoBcos.addSealer': 'Add sealer failed',
    'fiscoBcos.addObserver': 'Add observer failed',
    'fiscoBcos.setNodeWeight': 'Set consensus weight failed',
    'fiscoBcos.removeNode': 'Remove node failed',
  };
  const run = (command: string, fn: (...args: unknown[]) => Promise<unknown>) =>
    vscode.commands.registerCommand(
      command,
      guarded(FAILED[command], async (...args: unknown[]) => {
        try {
          return await fn(...args);
        } finally {
          refresh();
        }
      }),
    );
  return [
    vscode.commands.registerCommand('fiscoBcos.copyNodeId', async (item?: NodeItem) => {
      if (!item) return;
      await vscode.env.clipboard.writeText(item.node.nodeId);
      void vscode.window.showInformationMessage(`Copied node ID of ${item.node.name}.`);
    }),
    run('fiscoBcos.addSealer', async (arg, w) => {
      const nodeId = await nodeIdOf(arg, 'Add sealer');
      const weight = await weightOf(w, 'Consensus weight of the new sealer');
      return change(session, `Make ${nodeId.slice(0, 12)}… a sealer with weight ${weight}`, (a, s) =>
        a.addSealer(s, nodeId, weight),
      );
    }),
    run('fiscoBcos.addObserver', async (arg) => {
      const nodeId = await nodeIdOf(arg, 'Add observer');
      return change(session, `Make ${nodeId.slice(0, 12)}… an observer`, (a, s) => a.addObserver(s, nodeId));
    }),
    run('fiscoBcos.setNodeWeight', async (arg, w) => {
      const current = isNodeItem(arg) ? arg.node.weight : undefined;
      const nodeId = await nodeIdOf(arg, 'Set consensus weight');
      const weight = await weightOf(w, 'New consensus weight', current);
      return change(session, `Set the weight of ${nodeId.slice(0, 12)}… to ${weight}`, (a, s) =>
        a.setWeight(s, nodeId, weight),
      );
    }),
    run('fiscoBcos.removeNode', async (arg) => {
      const nodeId = await nodeIdOf(arg, 'Remove node from consensus');
      return change(session, `Remove ${nodeId.slice(0, 12)}… from the group's consensus`, (a, s) =>
        a.removeNode(s, nodeId),
      );
    }),
  ];
}
