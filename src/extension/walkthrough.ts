// The Get Started walkthrough (contributes.walkthroughs) opens once, the first time the extension
// runs in a profile. VS Code also opens it after a Marketplace install; this covers a .vsix or a
// profile where that did not happen. Never in the extension-host suite (Test mode).

import * as vscode from 'vscode';

export const WALKTHROUGH_ID = 'fiscoBcos.getStarted';
const SHOWN_KEY = 'fiscoBcos.walkthroughShown';
/** publisher.name from package.json (a stand-in context in unit tests has no `extension`). */
const EXTENSION_ID = 'fisco-bcos-tools.fisco-bcos-vscode';

export function openWalkthroughOnFirstRun(context: vscode.ExtensionContext, testMode: boolean): void {
  if (testMode || context.globalState.get<boolean>(SHOWN_KEY)) return;
  void context.globalState.update(SHOWN_KEY, true);
  const extension = context.extension as vscode.Extension<unknown> | undefined;
  const id = `${extension?.id ?? EXTENSION_ID}#${WALKTHROUGH_ID}`;
  // Asynchronous and best effort: activation does not wait for the editor to open.
  void Promise.resolve(vscode.commands.executeCommand('workbench.action.openWalkthrough', id, false)).catch(
    (err: unknown) => console.warn(`[FISCO BCOS] could not open the walkthrough: ${String(err)}`),
  );
}
