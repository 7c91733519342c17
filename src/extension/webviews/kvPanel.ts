// Table browser: open a table (its key and value fields), KV get/set, CRUD select/count with
// conditions, insert/update/remove, and table creation. Writes are confirmed, run under progress
// and their outcome shown in the panel.

import * as vscode from 'vscode';
import type { Session } from '../session';
import { type HostToKv, type KvToHost, parseKvToHost } from '../messages/kvMessages';
import { answerRead, isTableRead, planWrite, writeOutcome, type TableWrite } from '../models/tableBrowser';
import { CancelledError, describeError } from '../errors';
import { confirmTransaction } from '../commands/transact';
import { PanelHost } from './panelHost';
import { followSession, type Follow } from './followSession';

let current: PanelHost<KvToHost, HostToKv> | undefined;

export function showKvPanel(session: Session, extensionUri: vscode.Uri): PanelHost<KvToHost, HostToKv> {
  if (current && !current.isDisposed) {
    current.panel.reveal();
    return current;
  }
  const post = (host: PanelHost<KvToHost, unknown>, m: HostToKv) => host.post(m);

  const write = async (host: PanelHost<KvToHost, unknown>, m: TableWrite) => {
    const { what, send } = planWrite(m);
    try {
      const api = session.requireChain();
      const signer = await session.requireSigner();
      await confirmTransaction(session, signer, what);
      const r = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `${what}…` },
        () => send(api, signer),
      );
      await post(host, {
        type: 'outcome',
        ok: r.ok,
        message: writeOutcome(m, what, r),
        ...(r.receipt?.transactionHash ? { transactionHash: r.receipt.transactionHash } : {}),
      });
      return r.ok;
    } catch (err) {
      await post(host, {
        type: 'outcome',
        ok: false,
        message:
          err instanceof CancelledError
            ? 'Cancelled: nothing was sent.'
            : `${what} failed: ${describeError(err)}`,
      });
      return false;
    }
  };

  current = new PanelHost<KvToHost, HostToKv>({
    viewType: 'fiscoBcos.kvTable',
    title: 'FISCO BCOS KV Tables',
    script: 'kv',
    extensionUri,
    parse: parseKvToHost,
    onMessage: async (m, host) => {
      if (m.type === 'ready') {
        await post(host, {
          type: 'init',
          connection: session.connection?.name ?? '',
          ...(session.account() ? { account: session.account()!.address } : {}),
        });
        await follow.push();
        return;
      }
      if (m.type === 'openTransaction') {
        await vscode.commands.executeCommand('fiscoBcos.showTransaction', m.hash);
        return;
      }
      if (isTableRead(m)) {
        const api = session.requireChain();
        await post(
          host,
          await vscode.window.withProgress(
            { location: vscode.ProgressLocation.Window, title: `Reading ${m.table}…` },
            () => answerRead(api, m),
          ),
        );
        return;
      }
      const ok = await write(host, m);
      // A new table opens right away; changed rows are re-read when a select is showing.
      if (ok && m.type === 'create')
        await post(host, await answerRead(session.requireChain(), { type: 'open', table: m.table }));
    },
  });
  // The subject (an open table) is re-read by the page itself when the chain changes.
  const follow: Follow = followSession(current, session, undefined, () => undefined);
  return current;
}
