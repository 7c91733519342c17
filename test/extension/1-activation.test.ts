// Activation: the extension activates, registers every contributed command and its views, and
// keeps solc out of activation.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { EXTENSION_ID, api } from './helpers';

/** Where the real-host activation measure goes for `npm run bench` (bench/extension.bench.ts). */
export const ACTIVATION_REPORT = path.join('test-output', 'extension-host-activation.json');

suite('Activation', () => {
  test('activates and returns its API', async () => {
    const a = await api();
    assert.ok(a.session && a.trees.groups && a.trees.bfs && a.trees.governance);
  });

  test('registers every contributed command', async () => {
    const pkg = vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON as {
      contributes: { commands: { command: string }[] };
    };
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = pkg.contributes.commands.map((c) => c.command).filter((c) => !registered.has(c));
    assert.deepEqual(missing, []);
  });

  test('contributes the three views in the FISCO BCOS container', async () => {
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const view of ['fiscoBcos.groups', 'fiscoBcos.bfs', 'fiscoBcos.governance'])
      assert.ok(registered.has(`${view}.focus`), view);
    await vscode.commands.executeCommand('fiscoBcos.groups.focus');
  });

  test('activates cheaply in the real host and records the measure for the bench', async () => {
    const a = await api();
    const ext = vscode.extensions.getExtension(EXTENSION_ID)!;
    // Module load in this host: evaluate a fresh copy of the bundle with the real vscode module.
    const bundle = require.resolve(path.join(ext.extensionPath, 'dist', 'extension.js'));
    const cached = require.cache[bundle];
    delete require.cache[bundle];
    const started = performance.now();
    require(bundle);
    const moduleLoadMs = performance.now() - started;
    if (cached) require.cache[bundle] = cached;
    assert.ok(a.activationMs >= 0 && a.activationMs < 2000, `activate() took ${a.activationMs} ms`);
    const report = {
      measuredAt: new Date().toISOString(),
      vscodeVersion: vscode.version,
      activateMs: a.activationMs,
      moduleLoadMs,
    };
    const file = path.join(ext.extensionPath, ACTIVATION_REPORT);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  });

  test('starts no local node and opens no webview at activation', async () => {
    const a = await api();
    assert.equal(a.devnode.state, 'stopped');
    const webviews = vscode.window.tabGroups.all
      .flatMap((g) => g.tabs)
      .filter((t) => t.input instanceof vscode.TabInputWebview);
    assert.deepEqual(
      webviews.map((t) => t.label),
      [],
    );
  });

  test('does not load solc at activation', () => {
    const loaded = Object.keys(require.cache).filter((k) => /[\\/]solc[\\/]/.test(k));
    assert.deepEqual(loaded, []);
  });
});
