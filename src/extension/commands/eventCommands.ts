// Events view and console.sol: open the events view; copy the extension's console.sol into the
// workspace (as hardhat/console.sol, so existing `import "hardhat/console.sol";` lines compile
// unchanged, or next to the contracts).

import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { AbiRegistry } from '../abiRegistry';
import { guarded, required } from '../errors';
import type { Session } from '../session';

export function registerEventCommands(
  session: Session,
  context: vscode.ExtensionContext,
  registry: AbiRegistry,
): vscode.Disposable[] {
  return [
    vscode.commands.registerCommand(
      'fiscoBcos.showEvents',
      guarded('Events view failed', async () => {
        session.requireChain();
        const { showEventsPanel } = await import('../webviews/eventsPanel');
        return showEventsPanel(session, registry, context.extensionUri);
      }),
    ),
    vscode.commands.registerCommand(
      'fiscoBcos.addConsoleSol',
      guarded('Adding console.sol failed', async () => {
        const folder = vscode.workspace.workspaceFolders?.[0];
        if (!folder || folder.uri.scheme !== 'file')
          throw new Error('Open a folder first: console.sol is written into it.');
        const choice = required(
          await vscode.window.showQuickPick(
            [
              {
                label: 'hardhat/console.sol',
                description: 'import "hardhat/console.sol"; works as in Hardhat',
              },
              { label: 'contracts/console.sol', description: 'import "./console.sol"; from contracts/' },
            ],
            { title: 'Where should console.sol go?' },
          ),
        );
        const target = path.join(folder.uri.fsPath, ...choice.label.split('/'));
        if (fs.existsSync(target)) {
          const ok = await vscode.window.showWarningMessage(
            `${choice.label} exists. Replace it with the extension's console.sol?`,
            { modal: true },
            'Replace',
          );
          if (ok !== 'Replace') return;
        }
        const source = vscode.Uri.joinPath(context.extensionUri, 'media', 'solidity', 'console.sol').fsPath;
        fs.mkdirSync(path.dirname(target), { recursive: true });
        fs.copyFileSync(source, target);
        const doc = await vscode.workspace.openTextDocument(target);
        await vscode.window.showTextDocument(doc, { preview: true });
        void vscode.window.showInformationMessage(
          `Added ${choice.label}. console.log output shows in the local node's log and on the transaction page; on a real chain the calls do nothing.`,
        );
      }),
    ),
  ];
}
