// Activation: the extension activates, registers every contributed command and its views, and
// keeps solc out of activation.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { EXTENSION_ID, api } from './helpers';

suite('Activation', () => {
  test('activates and returns its API', async () => {
    const a = await api();
    assert.ok(a.session && a.trees.groups && a.trees.bfs && a.trees.governance);
  });

  test('registers every contributed command', async () => {
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as { contributes: { commands: { command: string }[] } };
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = pkg.contributes.commands.map((c) => c.command).filter((c) => !registered.has(c));
    assert.deepEqual(missing, []);
  });

  test('contributes the three views in the FISCO BCOS container', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const view of ['fiscoBcos.groups', 'fiscoBcos.bfs', 'fiscoBcos.governance']) assert.ok(registered.has(`${view}.focus`), view);
    await vscode.commands.executeCommand('fiscoBcos.groups.focus');
  });

  test('does not load solc at activation', () => {
    const loaded = Object.keys(require.cache).filter((k) => /[\\/]solc[\\/]/.test(k));
    assert.deepEqual(loaded, []);
  });
});
