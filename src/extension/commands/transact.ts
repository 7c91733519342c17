// Every transaction goes through here: a confirmation naming what is sent, from which account,
// to which chain (a transaction cannot be undone), progress while it is sealed, and the outcome.

import * as vscode from 'vscode';
import type { ChainApi, Signer, WriteResult } from '../chain/chainApi';
import type { Session } from '../session';
import { CancelledError } from '../errors';
import { skipsConfirmation } from '../testHooks';
import { debugActions, runDebugAction } from '../debug/debugActions';

export interface TransactOptions {
  /** What the transaction does, e.g. "Create directory /apps/demo". */
  what: string;
  /** Skip the modal: honoured only in ExtensionMode.Test (the extension-host suite), ignored in production. */
  confirmed?: boolean;
}

/** Asks for confirmation; throws CancelledError when the user declines. */
export async function confirmTransaction(
  session: Session,
  signer: Signer,
  what: string,
  confirmed?: boolean,
): Promise<void> {
  if (skipsConfirmation(confirmed)) return;
  const c = session.connection;
  const account = session.account();
  const detail = `From ${account?.label ?? ''} ${signer.address}\nOn ${c?.name} (${c?.url}, ${c?.group})\n\nA transaction cannot be undone.`;
  const ok = await vscode.window.showWarningMessage(`${what}?`, { modal: true, detail }, 'Send Transaction');
  if (ok !== 'Send Transaction') throw new CancelledError();
}

const written = new Set<() => void>();

/** Calls `listener` after each transaction sent through `transact` succeeds (chain state, config too, may differ). */
export function onDidTransact(listener: () => void): vscode.Disposable {
  written.add(listener);
  return { dispose: () => written.delete(listener) };
}

/** Confirms, runs `send` under progress, and reports the result; returns it for callers. */
export async function transact(
  session: Session,
  options: TransactOptions,
  send: (api: ChainApi, signer: Signer) => Promise<WriteResult>,
): Promise<WriteResult> {
  const api = session.requireChain();
  const signer = await session.requireSigner();
  await confirmTransaction(session, signer, options.what, options.confirmed);
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `${options.what}…` },
    () => send(api, signer),
  );
  if (result.ok) for (const listener of [...written]) listener();
  const tx = result.receipt?.transactionHash;
  const text = `${options.what}: ${result.message}`;
  const actions = tx ? ['Show Transaction'] : [];
  // Not awaited: the command resolves once the chain answered, not when the toast is dismissed.
  void (
    result.ok
      ? vscode.window.showInformationMessage(text, ...actions)
      : debugActions(api, tx).then((debug) => vscode.window.showErrorMessage(text, ...actions, ...debug))
  ).then((action) => {
    if (runDebugAction(action, tx)) return;
    if (action === 'Show Transaction') void vscode.commands.executeCommand('fiscoBcos.showTransaction', tx);
  });
  return result;
}
