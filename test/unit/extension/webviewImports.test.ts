// docs/ARCHITECTURE.md: webviews reach the host's code only through src/extension/messages/, and
// those modules never import vscode. This keeps the rule true as files change.

import * as assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const root = join(__dirname, '..', '..', '..');
const importsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;]*?from\s+'([^']+)'/gms)].map((m) => m[1]);
const tsFiles = (dir: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => join(dir, f));

describe('webview import rule', () => {
  it('webview/ imports only its own files, @vscode-elements and src/extension/messages/', () => {
    const bad: string[] = [];
    for (const file of tsFiles(join(root, 'webview')))
      for (const spec of importsOf(file))
        if (
          !spec.startsWith('./') &&
          !spec.startsWith('../lib/') &&
          !spec.startsWith('@vscode-elements/') &&
          !/^(\.\.\/)+src\/extension\/messages\//.test(spec)
        )
          bad.push(`${file.slice(root.length + 1)}: ${spec}`);
    assert.deepEqual(bad, []);
  });

  it('src/extension/messages/ does not import vscode', () => {
    for (const file of tsFiles(join(root, 'src', 'extension', 'messages')))
      assert.ok(!importsOf(file).includes('vscode'), `${file} imports vscode`);
  });
});
