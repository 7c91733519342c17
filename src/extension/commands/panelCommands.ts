// Commands that open webviews: Show Block, Show Transaction, Call Contract, Edit Permissions.
// The webview modules load only when one of these runs.

import * as vscode from 'vscode';
import { isAddress } from '../../protocol/address';
import type { Session } from '../session';
import type { AbiRegistry } from '../abiRegistry';
import type { GovernanceTree } from '../views/governanceTree';
import { guarded, required } from '../errors';

const BLOCK_ID = /^(\d+|0x[0-9a-fA-F]{64})$/;
const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

export function registerPanelCommands(
  session: Session,
  context: vscode.ExtensionContext,
  registry: AbiRegistry,
  governance: GovernanceTree,
): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(
      'fiscoBcos.showBlock',
      guarded('Show block failed', async (id?: number | string) => {
        const api = session.requireChain();
        const text =
          id !== undefined
            ? String(id)
            : required(
                await vscode.window.showInputBox({
                  title: 'Show block',
                  prompt: 'Block number or block hash',
                  value: String(await api.blockNumber().catch(() => 0)),
                  validateInput: (v) =>
                    BLOCK_ID.test(v.trim())
                      ? undefined
                      : 'Enter a block number or a 0x block hash (64 hex digits).',
                }),
              ).trim();
        if (!BLOCK_ID.test(text)) throw new Error(`"${text}" is not a block number or hash.`);
        const { showBlockPanel } = await import('../webviews/blockPanel');
        return showBlockPanel(session, registry, context.extensionUri, { kind: 'block', id: text });
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.showTransaction',
      guarded('Show transaction failed', async (hash?: string) => {
        session.requireChain();
        const text =
          hash ??
          required(
            await vscode.window.showInputBox({
              title: 'Show transaction',
              prompt: 'Transaction hash (0x + 64 hex digits)',
              validateInput: (v) =>
                TX_HASH.test(v.trim()) ? undefined : 'Enter a 0x transaction hash of 64 hex digits.',
            }),
          ).trim();
        if (!TX_HASH.test(text)) throw new Error(`"${text}" is not a transaction hash.`);
        const { showBlockPanel } = await import('../webviews/blockPanel');
        return showBlockPanel(session, registry, context.extensionUri, { kind: 'transaction', id: text });
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.callContract',
      guarded(
        'Call contract failed',
        async (target?: { address: string; abi?: string; name?: string; path?: string }) => {
          const api = session.requireChain();
          let address = target?.address;
          let abi = target?.abi;
          let name = target?.name;
          if (!address) {
            const known = registry
              .all()
              .filter((c) => c.connection === session.connection?.name)
              .reverse();
            const picked = required(
              await vscode.window.showQuickPick(
                [
                  ...known.map((c) => ({ label: c.name, description: c.address, c })),
                  { label: '$(edit) Enter an address…', c: undefined },
                ],
                { title: 'Contract to call' },
              ),
            );
            if (picked.c) ({ address, abi, name } = picked.c);
            else
              address = required(
                await vscode.window.showInputBox({
                  title: 'Contract address',
                  validateInput: (v) => (isAddress(v.trim()) ? undefined : 'Enter a 0x address.'),
                }),
              ).trim();
          }
          abi = abi || registry.find(address)?.abi || (await api.abiOf(address).catch(() => ''));
          if (!abi || abi === '[]')
            throw new Error(
              `No ABI for ${address}: the chain has none stored and it was not deployed from this workspace. Link it in BFS with an ABI first.`,
            );
          const { showCallPanel } = await import('../webviews/callPanel');
          return showCallPanel(session, registry, context, {
            address,
            abi,
            name: name ?? registry.find(address)?.name,
            path: target?.path,
          });
        },
      ),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.editPermissions',
      guarded('Permissions failed', async (target?: { address?: string; abi?: string; name?: string }) => {
        const api = session.requireChain();
        const t = { ...(target ?? {}) };
        if (t.address && !t.abi)
          t.abi = registry.find(t.address)?.abi || (await api.abiOf(t.address).catch(() => ''));
        const { showPermissionPanel } = await import('../webviews/permissionPanel');
        return showPermissionPanel(session, context, governance, t);
      }),
    ),
  ];
}
