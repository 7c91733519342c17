// Governor checks before anything is asked (voting and proposing need a governor account), with
// an offer to switch to a governor account the extension holds; and a picker of known accounts
// for prompts that need an address.

import * as vscode from 'vscode';
import { isAddress } from '../../protocol/address';
import type { CommitteeInfo } from '../chain/chainApi';
import type { AccountMeta } from '../accounts/accountStore';
import { isGovernor } from '../models/governanceModel';
import type { GovernanceTree } from '../views/governanceTree';
import type { Session } from '../session';
import { UserFacingError } from '../session';
import { CancelledError, required } from '../errors';

/** Accounts the extension holds for the active connection's key type. */
export function heldAccounts(session: Session): AccountMeta[] {
  return session.accounts.listFor(!!session.connection?.sm);
}

/**
 * Makes sure the active account governs before the user is asked anything. When it does not, and
 * the extension holds governor accounts, offers to switch to one (modal); otherwise explains what
 * to do. Resolves with the committee read for the check.
 */
export async function ensureGovernor(
  session: Session,
  tree: GovernanceTree,
  action: string,
): Promise<CommitteeInfo> {
  // Fresh: the committee may have changed since the tree was drawn.
  tree.refresh();
  const { committee } = await tree.load();
  const me = session.account();
  if (isGovernor(committee, me?.address)) return committee;
  const governors = heldAccounts(session).filter((a) => isGovernor(committee, a.address));
  const who = me ? `${me.label} (${me.address})` : 'There is no active account and it';
  if (!governors.length)
    throw new UserFacingError(
      `${who} is not a governor, so it cannot ${action}. The governors are ${committee.governors
        .map((g) => g.address)
        .join(', ')}; import one of their keys to continue.`,
      ['Import Account'],
    );
  const choices = governors.slice(0, 3).map((g) => `Use ${g.label}`);
  const answer = await vscode.window.showWarningMessage(
    `${who} is not a governor, so it cannot ${action}.`,
    {
      modal: true,
      detail: `Switch the active account to a governor this extension holds: ${governors
        .map((g) => `${g.label} (${g.address})`)
        .join(', ')}.`,
    },
    ...choices,
  );
  const chosen = governors[choices.indexOf(answer ?? '')];
  if (!chosen) throw new CancelledError();
  await session.accounts.setActive(session.connection!.name, chosen.address);
  return committee;
}

/**
 * An account address: picked from the accounts the extension holds (governors marked when the
 * committee is known), or typed.
 */
export async function pickAccountAddress(
  session: Session,
  title: string,
  committee?: CommitteeInfo,
): Promise<string> {
  const held = heldAccounts(session);
  const items: (vscode.QuickPickItem & { address?: string })[] = [
    ...held.map((a) => ({
      label: a.label,
      description: `${a.address}${committee && isGovernor(committee, a.address) ? ' · governor' : ''}`,
      address: a.address,
    })),
    { label: '$(edit) Enter an address…' },
  ];
  const picked = held.length
    ? required(
        await vscode.window.showQuickPick(items, { title, placeHolder: 'A known account or any address' }),
      )
    : items[items.length - 1];
  if (picked.address) return picked.address;
  return required(
    await vscode.window.showInputBox({
      title,
      prompt: 'Account address (0x…)',
      validateInput: (v) => (isAddress(v.trim()) ? undefined : 'Enter a 0x address of 40 hex digits.'),
    }),
  ).trim();
}
