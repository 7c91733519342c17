// Add, edit, remove and select connections, with validation at every prompt and a connectivity
// check after saving.

import * as vscode from 'vscode';
import { isRecord } from '../../protocol/unknownValues';
import * as fs from 'node:fs';
import {
  type ConnectionConfig,
  describeConnection,
  isSmTlsFolder,
  missingTlsFiles,
  normaliseUrl,
  validateGroup,
  validateName,
  validateUrl,
} from '../connections/connectionModel';
import type { Session } from '../session';
import { describeError, guarded, required } from '../errors';

async function askTlsDir(current?: string): Promise<string | undefined | null> {
  const choice = required(
    await vscode.window.showQuickPick(
      [
        { label: 'Plain HTTP', description: 'node config [rpc] disable_ssl=true', value: 'none' },
        {
          label: 'TLS certificates…',
          description:
            "pick the node's sdk/ folder (ca.crt, sdk.crt, sdk.key or SM: sm_ca.crt, sm_sdk.*, sm_ensdk.*)",
          value: 'pick',
        },
        ...(current ? [{ label: `Keep ${current}`, value: 'keep' }] : []),
      ],
      { title: 'Connection security', placeHolder: 'How does the node RPC accept connections?' },
    ),
  );
  if (choice.value === 'none') return null;
  if (choice.value === 'keep') return current;
  const picked = required(
    await vscode.window.showOpenDialog({
      canSelectFolders: true,
      canSelectFiles: false,
      openLabel: 'Use Certificate Folder',
      title: 'Folder holding ca.crt, sdk.crt, sdk.key (or sm_ca.crt, sm_sdk.*, sm_ensdk.* for SM TLS)',
    }),
  )[0];
  const dir = picked.fsPath;
  const names = fs.readdirSync(dir);
  const missing = missingTlsFiles(names);
  if (missing.length)
    throw new Error(
      isSmTlsFolder(names)
        ? `The SM certificate folder ${dir} lacks ${missing.join(', ')}. SM TLS needs the CA, the signing pair and the encryption pair: use the node's sdk/ folder from build_chain.sh -s.`
        : `The folder ${dir} lacks ${missing.join(', ')}. Use the node's sdk/ folder.`,
    );
  return dir;
}

async function promptConnection(session: Session, existing?: ConnectionConfig): Promise<ConnectionConfig> {
  const others = session.connections.list().filter((c) => c.name !== existing?.name);
  const name = required(
    await vscode.window.showInputBox({
      title: 'Connection name',
      value: existing?.name ?? '',
      prompt: 'A display name, e.g. "Test chain"',
      validateInput: (v) => validateName(v, others),
    }),
  ).trim();
  const url = normaliseUrl(
    required(
      await vscode.window.showInputBox({
        title: 'Node RPC URL',
        value: existing?.url ?? 'http://127.0.0.1:20200',
        prompt: 'http://host:port of the node RPC (port 20200 by default)',
        validateInput: validateUrl,
      }),
    ),
  );
  const group = required(
    await vscode.window.showInputBox({
      title: 'Group',
      value: existing?.group ?? 'group0',
      validateInput: validateGroup,
    }),
  ).trim();
  const tls = await askTlsDir(existing?.tlsCertDir);
  const kinds = [
    { label: 'secp256k1 / Keccak-256', description: 'standard chains', sm: false },
    { label: 'SM2 / SM3 (guomi)', description: 'chains built with -s', sm: true },
  ];
  // An SM certificate folder means an SM chain: offer that first.
  if (tls && isSmTlsFolder(fs.readdirSync(tls))) kinds.reverse();
  const crypto = required(await vscode.window.showQuickPick(kinds, { title: 'Chain crypto type' }));
  return {
    name,
    url: tls && url.startsWith('http:') ? url.replace(/^http:/, 'https:') : url,
    group,
    ...(tls ? { tlsCertDir: tls } : {}),
    ...(crypto.sm ? { sm: true } : {}),
  };
}

/** Checks the node answers, under a progress notification; warns (does not throw) when not. */
export async function checkConnection(session: Session, c: ConnectionConfig): Promise<boolean> {
  return vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Connecting to ${c.name}…` },
    async () => {
      try {
        const api = session.chainFor(c);
        const [n, summary] = await Promise.all([
          api.blockNumber(),
          api.groupSummary().catch(() => undefined),
        ]);
        // The node knows its crypto type: fix a wrong guess instead of failing at the first signature.
        const sm = summary?.nodes[0]?.sm;
        if (sm !== undefined && sm !== !!c.sm) {
          const { sm: _guess, ...rest } = c;
          await session.connections.upsert(sm ? { ...rest, sm: true } : rest, c.name);
          void vscode.window.showInformationMessage(
            `${c.name} is ${sm ? 'an SM (SM2/SM3)' : 'a secp256k1'} chain; the connection was updated.`,
          );
        }
        void vscode.window.showInformationMessage(`Connected to ${c.name}: block ${n}.`);
        return true;
      } catch (err) {
        void vscode.window.showWarningMessage(
          `Saved ${c.name}, but the node did not answer: ${describeError(err)}`,
        );
        return false;
      }
    },
  );
}

/** A Groups-tree connection node: it carries the ConnectionConfig it shows. */
function isConnectionNode(arg: unknown): arg is { connection: ConnectionConfig } {
  return (
    isRecord(arg) &&
    isRecord(arg.connection) &&
    typeof arg.connection.name === 'string' &&
    typeof arg.connection.url === 'string'
  );
}

export function registerConnectionCommands(session: Session): vscode.Disposable[] {
  const pickConnection = async (title: string, arg?: unknown): Promise<ConnectionConfig> => {
    const fromTree = isConnectionNode(arg) ? arg.connection : undefined;
    if (fromTree) return fromTree;
    if (typeof arg === 'string') {
      const byName = session.connections.get(arg);
      if (byName) return byName;
    }
    const list = session.connections.list();
    if (!list.length) throw new Error('There are no connections yet. Add one, or start the local node.');
    const picked = required(
      await vscode.window.showQuickPick(
        list.map((c) => ({
          label: c.name,
          description: describeConnection(c),
          detail: c.name === session.connection?.name ? 'active' : undefined,
          c,
        })),
        { title },
      ),
    );
    return picked.c;
  };

  return [
    vscode.commands.registerCommand(
      'fiscoBcos.addConnection',
      guarded('Add connection failed', async (preset?: Partial<ConnectionConfig>) => {
        // A complete preset (tests, other extensions) skips the prompts but is still validated.
        let c: ConnectionConfig;
        if (preset && preset.name && preset.url) {
          const err =
            validateName(preset.name, session.connections.list()) ??
            validateUrl(preset.url) ??
            validateGroup(preset.group ?? 'group0') ??
            (preset.peers ?? []).map(validateUrl).find((e) => e !== undefined);
          if (err) throw new Error(err);
          c = {
            name: preset.name,
            url: normaliseUrl(preset.url),
            group: preset.group ?? 'group0',
            ...(preset.tlsCertDir ? { tlsCertDir: preset.tlsCertDir } : {}),
            ...(preset.sm ? { sm: true } : {}),
            ...(preset.peers?.length ? { peers: preset.peers.map(normaliseUrl) } : {}),
          };
        } else c = await promptConnection(session);
        await session.connections.upsert(c);
        if (!session.connections.activeName() || session.connections.list().length === 1)
          await session.connections.setActive(c.name);
        if (!preset) await checkConnection(session, c);
        return c;
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.editConnection',
      guarded('Edit connection failed', async (arg?: unknown) => {
        const existing = await pickConnection('Edit which connection?', arg);
        const updated = await promptConnection(session, existing);
        await session.connections.upsert(
          { ...updated, ...(existing.local ? { local: true } : {}) },
          existing.name,
        );
        await checkConnection(session, updated);
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.removeConnection',
      guarded('Remove connection failed', async (arg?: unknown) => {
        const c = await pickConnection('Remove which connection?', arg);
        const ok = await vscode.window.showWarningMessage(
          `Remove the connection "${c.name}"? Accounts are kept.`,
          { modal: true },
          'Remove',
        );
        if (ok !== 'Remove') return;
        await session.connections.remove(c.name);
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.selectConnection',
      guarded('Select connection failed', async (arg?: unknown) => {
        const c = await pickConnection('Select the active FISCO BCOS connection', arg);
        await session.connections.setActive(c.name);
        return c.name;
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.selectGroup',
      guarded('Select group failed', async () => {
        const api = session.requireChain();
        const c = session.connection!;
        const groups = await api.groupList();
        const group = required(
          await vscode.window.showQuickPick(
            groups.map((g) => ({ label: g, description: g === c.group ? 'current' : undefined })),
            { title: `Group of ${c.name}` },
          ),
        );
        await session.connections.upsert({ ...c, group: group.label }, c.name);
      }),
    ),
  ];
}
