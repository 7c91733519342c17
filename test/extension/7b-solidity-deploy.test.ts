// Deploy from a .sol file, beyond 7-solidity: it takes the language server's compilation instead
// of running solc again (and compiles when the server has none for the buffer), and a contract
// linking a library uses one already deployed, picked in the real quick pick from the deployment
// records and BFS.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Interface } from 'ethers';
import type { FiscoBcosApi } from '../../src/extension/extension';
import { connectTestChain, sleep, waitFor } from './helpers';

const BOX = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Box {
    uint256 public value;
    function set(uint256 v) public { value = v; }
}
`;

const SHIFT = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

library Shift {
    function by(uint256 x, uint8 n) external pure returns (uint256) { return x << n; }
}

contract Shifter {
    function run(uint256 x) external pure returns (uint256) { return Shift.by(x, 2) + 1; }
}
`;

const statsOf = async (a: FiscoBcosApi) => {
  const s = await a.solidity.stats();
  if (!s) throw new Error('the Solidity language server is not running');
  return s;
};

/** Waits until the server has made more than `after` solc runs and has none scheduled or running. */
async function settled(a: FiscoBcosApi, after: number): Promise<{ compiles: number; reused: number }> {
  return waitFor(async () => {
    const s = await statsOf(a);
    return s.compiles > after && !s.busy ? s : undefined;
  }, 'the language server to compile and be idle');
}

suite('Solidity deploy: the server compilation and deployed libraries', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fisco-sol-deploy-'));

  test('Deploy reuses the language server compilation, and compiles when the server has none', async () => {
    const { api: a } = await connectTestChain();
    const uri = vscode.Uri.file(path.join(dir, 'Box.sol'));
    fs.writeFileSync(uri.fsPath, BOX);
    const initial = await statsOf(a);
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri));
    // Opened: the server compiles it once, with bytecode.
    const before = await settled(a, initial.compiles);
    const deployed = await vscode.commands.executeCommand<{ address: string } | undefined>(
      'fiscoBcos.deployContract',
      { uri: uri.toString(), contract: 'Box', args: [], linkPath: '', confirmed: true },
    );
    assert.match(deployed?.address ?? '', /^0x[0-9a-f]{40}$/);
    const after = await statsOf(a);
    assert.equal(after.compiles, before.compiles, 'Deploy ran no solc');
    assert.equal(after.reused, before.reused + 1, 'Deploy took the server compilation');

    // An unsaved edit: the server analyses it (no bytecode), so Compile runs solc once for it.
    await editor.edit((e) => e.insert(new vscode.Position(editor.document.lineCount, 0), '// edited\n'));
    const analysed = await settled(a, after.compiles);
    const names = await vscode.commands.executeCommand<string[]>('fiscoBcos.compile', {
      uri: uri.toString(),
    });
    assert.deepEqual(names, ['Box']);
    const compiled = await statsOf(a);
    assert.equal(compiled.compiles, analysed.compiles + 1);
    assert.equal(compiled.reused, analysed.reused);
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  test('links a library already deployed, picked from BFS beside the deployment records', async () => {
    const { api: a } = await connectTestChain();
    const uri = vscode.Uri.file(path.join(dir, 'Shifter.sol'));
    fs.writeFileSync(uri.fsPath, SHIFT);
    const doc = await vscode.workspace.openTextDocument(uri);
    await a.compiler.compile(doc);
    const lib = a.compiler.contractsWithImports(doc).find((c) => c.name === 'Shift');
    assert.ok(lib, 'the library is compiled');
    const abi = JSON.stringify(lib.abi);

    // One Shift deployed through the extension (recorded) ...
    const recorded = await vscode.commands.executeCommand<{ address: string } | undefined>(
      'fiscoBcos.deployContract',
      { uri: uri.toString(), contract: 'Shift', args: [], linkPath: '', confirmed: true },
    );
    assert.match(recorded?.address ?? '', /^0x[0-9a-f]{40}$/);
    // ... and one deployed elsewhere, known only by its BFS link.
    const api = a.session.requireChain();
    const receipt = await api.deploy(await a.session.requireSigner(), lib.bytecode, abi);
    const inBfs = receipt.contractAddress.toLowerCase();
    assert.equal(a.registry.find(inBfs), undefined);
    const linkPath = `/apps/Shift/${Date.now()}`;
    await vscode.commands.executeCommand('fiscoBcos.linkContract', {
      path: linkPath,
      address: inBfs,
      abi,
      confirmed: true,
    });

    // Deploy Shifter without naming the library: the picker offers both; take the BFS one with the
    // keyboard, as a user would (a key press before the picker has drawn is retried).
    const title = /^Shifter links library Shift/;
    const result = await waitFor(
      async () => {
        a.testHooks.clear();
        let done: { result: unknown } | undefined;
        void vscode.commands
          .executeCommand('fiscoBcos.deployContract', {
            uri: uri.toString(),
            contract: 'Shifter',
            args: [],
            linkPath: '',
            confirmed: true,
          })
          .then(
            (r) => (done = { result: r }),
            () => (done = { result: undefined }),
          );
        const prompt = await waitFor(
          () => a.testHooks.prompts.find((p) => title.test(p.title ?? '')) ?? (done && 'ended'),
          'the library picker',
          60_000,
        );
        if (prompt === 'ended') throw new Error(`Deploy ended without asking: ${JSON.stringify(done)}`);
        const rows = prompt.items ?? [];
        const bfsRow = rows.findIndex((r) => r.includes(inBfs));
        assert.ok(bfsRow > 0, `the BFS link is offered: ${JSON.stringify(rows)}`);
        assert.ok(rows[bfsRow].includes(linkPath), rows[bfsRow]);
        const recordRow = rows.find((r) => r.includes(recorded!.address));
        assert.ok(recordRow?.includes('deployment records'), `the recorded one too: ${JSON.stringify(rows)}`);
        assert.match(rows[0], /Deploy a new Shift/);
        // The picker draws its rows a moment after showQuickPick was called; a key press that lands
        // earlier is lost, and the attempt below is then retried.
        await sleep(300);
        for (let i = 0; i < bfsRow; i++)
          await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
        await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        const ended = await waitFor(() => done, 'Deploy to end', 20_000).catch(() => undefined);
        if (!ended) {
          await waitFor(async () => {
            await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
            await sleep(100);
            return done;
          }, 'the abandoned attempt to end');
          return undefined;
        }
        const address = (ended.result as { address?: string } | undefined)?.address;
        // A wrong row (a key press lost) linked another library: try again.
        const code = address ? (await api.code(address)).toLowerCase() : '';
        return code.includes(inBfs.slice(2)) ? { address, code } : undefined;
      },
      'Deploy linked to the BFS library',
      150_000,
    );

    // The deployed code calls the library at the BFS address (not the recorded one), and calls work.
    assert.ok(!result.code.includes(recorded!.address.slice(2)), 'not the recorded one');
    const data = new Interface(['function run(uint256) pure returns (uint256)']).encodeFunctionData(
      'run',
      [5],
    );
    const out = await api.call(result.address!, data);
    assert.equal(BigInt(out.output), 21n);
  });
});
