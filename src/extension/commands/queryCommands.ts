// System config view/edit and the KV table browser.

import * as vscode from 'vscode';
import type { Session } from '../session';
import { guarded, required } from '../errors';
import { transact } from './transact';
import { TABLE_NAME } from '../messages/kvMessages';

export function registerQueryCommands(
  session: Session,
  context: vscode.ExtensionContext,
): vscode.Disposable[] {
  const setConfig = async (key: string, value: string) => {
    const api = session.requireChain();
    const viaProposal = await api.authEnabled().catch(() => false);
    // SystemConfigService checks the value and goes through a proposal when the committee governs.
    return transact(
      session,
      { what: viaProposal ? `Propose ${key} = ${value}` : `Set ${key} = ${value}` },
      (a, s) => a.setSystemConfig(s, key, value),
    );
  };

  return [
    vscode.commands.registerCommand(
      'fiscoBcos.showSystemConfig',
      guarded('System config failed', async (options?: { pick?: boolean }) => {
        const api = session.requireChain();
        const rows = await vscode.window.withProgress(
          { location: vscode.ProgressLocation.Window, title: 'Reading system config…' },
          () => api.systemConfigs(),
        );
        if (options?.pick === false) return rows;
        const picked = await vscode.window.showQuickPick(
          rows.map((r) => ({
            label: r.key,
            description: r.value,
            detail: `in force from block ${r.blockNumber} · select to change`,
            key: r.key,
            value: r.value,
          })),
          {
            title: `System config of ${session.connection?.name} (${session.connection?.group})`,
            placeHolder: 'Select a key to change its value',
          },
        );
        if (!picked) return rows;
        const value = required(
          await vscode.window.showInputBox({
            title: `New value of ${picked.key}`,
            value: picked.value ?? '',
            validateInput: (v) => (v.trim() ? undefined : 'Enter a value.'),
          }),
        );
        return setConfig(picked.key, value.trim());
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.setSystemConfig',
      guarded('Set system config failed', async (key?: string, value?: string) => {
        const api = session.requireChain();
        const k =
          key ??
          required(
            await vscode.window.showQuickPick(await api.systemConfigKeys(), { title: 'System config key' }),
          );
        const current = await api.systemConfig(k).catch(() => undefined);
        const v =
          value ??
          required(
            await vscode.window.showInputBox({
              title: `New value of ${k}`,
              value: current?.value ?? '',
              validateInput: (t) => (t.trim() ? undefined : 'Enter a value.'),
            }),
          ).trim();
        return setConfig(k, v);
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.createKvTable',
      guarded('Create table failed', async (name?: string, keyField?: string, valueFields?: string[]) => {
        const table =
          name ??
          required(
            await vscode.window.showInputBox({
              title: 'New KV table name',
              validateInput: (v) =>
                TABLE_NAME.test(v.trim()) ? undefined : 'Letters, digits and _$-@. (up to 50).',
            }),
          ).trim();
        const key =
          keyField ??
          required(await vscode.window.showInputBox({ title: 'Key field name', value: 'id' })).trim();
        const values =
          valueFields ??
          required(
            await vscode.window.showInputBox({
              title: 'Value field names (comma-separated)',
              value: 'value',
              validateInput: (v) =>
                v.split(',').every((f) => f.trim()) ? undefined : 'Enter field names separated by commas.',
            }),
          )
            .split(',')
            .map((f) => f.trim());
        return transact(session, { what: `Create table ${table}(${key}, ${values.join(', ')})` }, (api, s) =>
          api.kvCreate(s, table, key, values),
        );
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.browseKvTable',
      guarded('KV table failed', async (name?: string, keyArg?: string) => {
        const api = session.requireChain();
        // Without arguments: the KV table browser webview.
        if (name === undefined) {
          const { showKvPanel } = await import('../webviews/kvPanel');
          return showKvPanel(session, context.extensionUri);
        }
        if (keyArg === undefined) return api.kvDesc(name);
        return api.kvGet(name, keyArg);
      }),
    ),
  ];
}
