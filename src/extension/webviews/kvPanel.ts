// KV table browser: open a table (its key and value fields), look rows up by key, set values and
// create tables; writes are confirmed and their outcome shown.

import * as vscode from 'vscode';
import type { Session } from '../session';
import { type HostToKv, type KvToHost, parseKvToHost } from '../messages/kvMessages';
import { CancelledError, describeError } from '../errors';
import { confirmTransaction } from '../commands/transact';
import type { WriteResult } from '../chain/chainApi';
import { PanelHost } from './panelHost';

let current: PanelHost<KvToHost, HostToKv> | undefined;

export function showKvPanel(session: Session, extensionUri: vscode.Uri): PanelHost<KvToHost, HostToKv> {
  if (current && !current.isDisposed) {
    current.panel.reveal();
    return current;
  }
  const write = async (host: PanelHost<KvToHost, unknown>, what: string, send: () => Promise<WriteResult>) => {
    try {
      const signer = await session.requireSigner();
      await confirmTransaction(session, signer, what);
      const r = await vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `${what}…` }, send);
      await host.post({ type: 'outcome', ok: r.ok, message: `${what}: ${r.message}`, transactionHash: r.receipt?.transactionHash } satisfies HostToKv);
      return r.ok;
    } catch (err) {
      await host.post({ type: 'outcome', ok: false, message: err instanceof CancelledError ? 'Cancelled: nothing was sent.' : describeError(err) } satisfies HostToKv);
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
      const api = session.requireChain();
      switch (m.type) {
        case 'ready':
          await host.post({ type: 'init', connection: session.connection?.name ?? '', account: session.account()?.address } satisfies HostToKv);
          return;
        case 'open': {
          const d = await api.kvDesc(m.table);
          await host.post({ type: 'table', table: m.table, keyField: d.keyField, valueFields: d.valueFields } satisfies HostToKv);
          return;
        }
        case 'get': {
          const value = await api.kvGet(m.table, m.key);
          await host.post({ type: 'row', table: m.table, key: m.key, found: value !== undefined, value: value ?? '' } satisfies HostToKv);
          return;
        }
        case 'set':
          await write(host, `Set ${m.table}[${m.key}] = ${m.value}`, async () => api.kvSet(await session.requireSigner(), m.table, m.key, m.value));
          return;
        case 'create': {
          const ok = await write(host, `Create table ${m.table}(${m.keyField}, ${m.valueFields.join(', ')})`, async () => api.kvCreate(await session.requireSigner(), m.table, m.keyField, m.valueFields));
          if (ok) {
            const d = await api.kvDesc(m.table);
            await host.post({ type: 'table', table: m.table, keyField: d.keyField, valueFields: d.valueFields } satisfies HostToKv);
          }
          return;
        }
        case 'openTransaction':
          await vscode.commands.executeCommand('fiscoBcos.showTransaction', m.hash);
      }
    },
  });
  return current;
}
