// BFS context actions: load more, new directory, link a contract here, copy path/address,
// open ABI, call the contract, show permissions.

import * as vscode from 'vscode';
import { isAddress } from 'ethers';
import { BfsItem, type BfsTree, type LoadMoreItem } from '../views/bfsTree';
import {
  joinPath,
  linkDirProblem,
  validateChildName,
  validateLinkChild,
  validateLinkPath,
} from '../models/bfsModel';
import type { Session } from '../session';
import { guarded, required } from '../errors';
import { transact } from './transact';

/**
 * Address and ABI of a BFS entry. A directory listing does not carry a link's target, so the link
 * itself is listed (which returns [address, abi]); contracts fall back to the chain's getABI.
 */
export async function resolveEntry(
  session: Session,
  item: BfsItem,
): Promise<{ address: string; abi: string }> {
  const api = session.requireChain();
  let address = item.address;
  let abi = item.entry.abi ?? '';
  if (item.entry.type === 'link' && (!address || !abi)) {
    const self = (await api.bfsList(item.path, 0, 1)).entries[0];
    address = self?.address ?? address ?? (await api.bfsReadlink(item.path));
    abi = self?.abi ?? abi;
  }
  if (!address) throw new Error(`${item.path} is not a contract.`);
  if (!abi || abi === '[]') abi = (await api.abiOf(address).catch(() => '')) || abi;
  return { address: address.startsWith('0x') ? address : `0x${address}`, abi };
}

export async function abiOfEntry(session: Session, item: BfsItem): Promise<string> {
  const { address, abi } = await resolveEntry(session, item);
  if (!abi)
    throw new Error(`There is no ABI for ${address}. Link it with an ABI, or deploy it from this workspace.`);
  return abi;
}

export async function linkContract(
  session: Session,
  path: string,
  address: string,
  abi: string,
  confirmed = false,
) {
  const pathError = validateLinkPath(path);
  if (pathError) throw new Error(pathError);
  if (!isAddress(address)) throw new Error(`${String(address)} is not an address.`);
  return transact(session, { what: `Link ${path} → ${address}`, confirmed }, (api, signer) =>
    api.bfsLink(signer, path, address, abi),
  );
}

/** Panel title of a BFS entry: a link under /apps/<name>/<version> reads "<name>/<version>". */
function entryTitle(item: BfsItem): string {
  return item.entry.type === 'link'
    ? item.path.split('/').filter(Boolean).slice(1).join('/') || item.entry.name
    : item.entry.name;
}

export function registerBfsCommands(session: Session, tree: BfsTree): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(
      'fiscoBcos.bfs.loadMore',
      guarded('Load more failed', async (item?: LoadMoreItem) => {
        if (item) await tree.loadMore(item.parentPath);
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.bfs.mkdir',
      guarded('New directory failed', async (item?: BfsItem | string, name?: string) => {
        const parent = typeof item === 'string' ? item : item instanceof BfsItem ? item.path : '/apps';
        const dirName =
          name ??
          required(
            await vscode.window.showInputBox({
              title: `New directory in ${parent}`,
              prompt: 'Directory name',
              validateInput: (v) => validateChildName(parent, v.trim()),
            }),
          ).trim();
        const err = validateChildName(parent, dirName);
        if (err) throw new Error(err);
        const path = joinPath(parent, dirName);
        const r = await transact(session, { what: `Create directory ${path}` }, (api, signer) =>
          api.bfsMkdir(signer, path),
        );
        tree.refreshPath(parent);
        return r;
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.bfs.linkHere',
      guarded('Link failed', async (item?: BfsItem) => {
        const parent = item instanceof BfsItem ? item.path : '/apps';
        // Say so before asking anything: the chain stores links only under /apps.
        const dirProblem = linkDirProblem(parent);
        if (dirProblem) throw new Error(dirProblem);
        const address = required(
          await vscode.window.showInputBox({
            title: `Link a contract in ${parent}`,
            prompt: 'Contract address (0x…)',
            validateInput: (v) => (isAddress(v.trim()) ? undefined : 'Enter a 0x address of 40 hex digits.'),
          }),
        ).trim();
        const name = required(
          await vscode.window.showInputBox({
            title: 'Link name',
            prompt: `Created as ${parent}/<name>`,
            validateInput: (v) => validateLinkChild(parent, v.trim()),
          }),
        ).trim();
        const nameError = validateLinkChild(parent, name);
        if (nameError) throw new Error(nameError);
        const abi = await session
          .requireChain()
          .abiOf(address)
          .catch(() => '');
        if (!abi) {
          const go = await vscode.window.showWarningMessage(
            `The chain has no ABI for ${address}. Link without an ABI? Calls through this link will need an ABI from the workspace.`,
            'Link Anyway',
          );
          if (go !== 'Link Anyway') return;
        }
        const r = await linkContract(session, joinPath(parent, name), address, abi || '[]');
        tree.refreshPath(parent);
        return r;
      }),
    ),
    vscode.commands.registerCommand('fiscoBcos.bfs.copyPath', async (item?: BfsItem) => {
      if (!item) return;
      await vscode.env.clipboard.writeText(item.path);
      void vscode.window.showInformationMessage(`Copied ${item.path}`);
    }),
    vscode.commands.registerCommand(
      'fiscoBcos.bfs.copyAddress',
      guarded('Copy address failed', async (item?: BfsItem) => {
        if (!item) return;
        const { address } = await resolveEntry(session, item);
        await vscode.env.clipboard.writeText(address);
        void vscode.window.showInformationMessage(`Copied ${address}`);
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.bfs.openAbi',
      guarded('Open ABI failed', async (item?: BfsItem) => {
        if (!item) return;
        const abi = await abiOfEntry(session, item);
        let content = abi;
        try {
          content = JSON.stringify(JSON.parse(abi), null, 2);
        } catch {
          // show the stored text as is
        }
        const doc = await vscode.workspace.openTextDocument({ language: 'json', content });
        await vscode.window.showTextDocument(doc, { preview: true });
        return doc;
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.bfs.call',
      guarded('Open contract failed', async (item?: BfsItem) => {
        if (!item) return;
        const { address, abi } = await resolveEntry(session, item);
        return vscode.commands.executeCommand('fiscoBcos.callContract', {
          address,
          abi,
          name: entryTitle(item),
          path: item.path,
        });
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.bfs.permissions',
      guarded('Open permissions failed', async (item?: BfsItem) => {
        if (!item) return;
        const { address, abi } = await resolveEntry(session, item);
        return vscode.commands.executeCommand('fiscoBcos.editPermissions', {
          address,
          abi,
          name: entryTitle(item),
        });
      }),
    ),
  ];
}
