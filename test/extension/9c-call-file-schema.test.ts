// contributes.jsonValidation: VS Code's own JSON language service checks *.call.json files against
// the extension's schema, so mistakes show in the Problems panel as they are typed.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { waitFor } from './helpers';

suite('Call file schema', () => {
  test('an unknown field and a bad address are flagged by the JSON language service', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fisco-schema-')), 'Counter.get.call.json');
    fs.writeFileSync(file, '{\n  "address": "0x12",\n  "method": "get",\n  "extra": 1\n}\n');
    const uri = vscode.Uri.file(file);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.window.showTextDocument(doc);
    assert.equal(doc.languageId, 'json');
    const messages = await waitFor(() => {
      const list = vscode.languages.getDiagnostics(uri).map((d) => d.message);
      return list.some((m) => /extra/.test(m)) && list.some((m) => /pattern/i.test(m)) && list;
    }, 'schema diagnostics for the call file');
    assert.ok(
      messages.some((m) => /Property extra is not allowed/.test(m)),
      JSON.stringify(messages),
    );
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });
});
