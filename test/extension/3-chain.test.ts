// BFS, deploy/link/call, blocks and transactions, system config, KV tables and governance, each
// through its command against the test chain.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { threadId } from 'node:worker_threads';
import * as vscode from 'vscode';
import { assertDismissed, connectTestChain, runRecorded, treeLabels } from './helpers';

const COUNTER = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Counter {
    uint256 public value;
    event Changed(uint256 value);

    constructor(uint256 start) {
        value = start;
    }

    function set(uint256 v) public {
        value = v;
        emit Changed(v);
    }
}
`;

suite('Chain features', () => {
  let deployed: { address: string; transactionHash: string; linkPath?: string };
  const stamp = Date.now().toString(36);

  test('BFS tree lists the root and creates a directory', async () => {
    const { api: a } = await connectTestChain();
    const root = (await treeLabels(a.trees.bfs, 1)).join('\n');
    assert.match(root, /apps/);
    assert.match(root, /sys/);
    await vscode.commands.executeCommand('fiscoBcos.bfs.mkdir', '/apps', `dir${stamp}`);
    a.trees.bfs.refresh();
    const apps = (await treeLabels(a.trees.bfs, 2)).join('\n');
    assert.match(apps, new RegExp(`dir${stamp}`));
  });

  test('compiles and deploys from a .sol file, then links into BFS', async () => {
    const { api: a } = await connectTestChain();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fisco-ext-')), 'Counter.sol');
    fs.writeFileSync(file, COUNTER);
    const uri = vscode.Uri.file(file);
    const names = await vscode.commands.executeCommand<string[]>('fiscoBcos.compile', uri);
    assert.deepEqual(names, ['Counter']);
    const lenses = await vscode.commands.executeCommand<vscode.CodeLens[]>(
      'vscode.executeCodeLensProvider',
      uri,
    );
    assert.ok(
      lenses.some((l) => l.command?.title.includes('Deploy Counter')),
      'Deploy CodeLens',
    );
    deployed = await vscode.commands.executeCommand<typeof deployed>('fiscoBcos.deployContract', {
      uri: uri.toString(),
      contract: 'Counter',
      args: ['7'],
      linkPath: `/apps/Counter${stamp}/1.0`,
      confirmed: true,
    });
    assert.match(deployed.address, /^0x[0-9a-f]{40}$/);
    assert.ok(a.registry.find(deployed.address));
    a.trees.bfs.refresh();
    const children = await a.trees.bfs.getChildren();
    const apps = children.find((c) => c.label === 'apps')!;
    const appChildren = await a.trees.bfs.getChildren(apps);
    assert.ok(appChildren.some((c) => c.label === `Counter${stamp}`));
  });

  test('reports solc errors in the Problems panel', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fisco-ext-')), 'Broken.sol');
    fs.writeFileSync(
      file,
      'pragma solidity ^0.8.0;\ncontract Broken { function f() public { undefinedThing(); } }\n',
    );
    const uri = vscode.Uri.file(file);
    await vscode.commands.executeCommand('fiscoBcos.compile', uri);
    const diags = vscode.languages.getDiagnostics(uri);
    assert.ok(
      diags.some((d) => d.severity === vscode.DiagnosticSeverity.Error && d.range.start.line === 1),
      JSON.stringify(diags),
    );
  });

  test('compiles in the language server process, or with the server off in the solc worker thread; solc never loads on the host thread', async () => {
    const { api: a } = await connectTestChain();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fisco-ext-'));
    const source = (name: string) =>
      `// SPDX-License-Identifier: MIT\npragma solidity ^0.8.0;\ncontract ${name} { function f() public pure returns (uint256) { return 1; } }\n`;
    fs.writeFileSync(path.join(dir, 'Other.sol'), source('Other'));
    fs.writeFileSync(path.join(dir, 'Worker.sol'), source('Worker'));
    const compiled = await runRecorded('fiscoBcos.compile', vscode.Uri.file(path.join(dir, 'Other.sol')));
    assert.deepEqual(compiled.result, ['Other']);
    assert.deepEqual(compiled.errors, []);
    assert.ok(a.solidity.running, 'the language server compiled');
    // the earlier compiles of this suite (Counter, Broken) went through the server as well
    assert.equal(a.compiler.workerInfo.started, 0);
    const settings = vscode.workspace.getConfiguration('fiscoBcos.solidity');
    await settings.update('languageServer', 'off', vscode.ConfigurationTarget.Global);
    try {
      const viaWorker = await runRecorded('fiscoBcos.compile', vscode.Uri.file(path.join(dir, 'Worker.sol')));
      assert.deepEqual(viaWorker.result, ['Worker']);
      assert.equal(a.solidity.running, false);
      const { threadId: workerThread, started } = a.compiler.workerInfo;
      assert.ok(
        workerThread !== undefined && workerThread !== threadId,
        `compiled on thread ${workerThread}, host thread ${threadId}`,
      );
      assert.equal(a.compiler.lastCompileThreadId, workerThread);
      assert.equal(started, 1);
    } finally {
      await settings.update('languageServer', undefined, vscode.ConfigurationTarget.Global);
    }
    assert.deepEqual(
      Object.keys(require.cache).filter((k) => /[\\/]solc[\\/]/.test(k)),
      [],
    );
  });

  test('links an existing contract and opens its ABI', async () => {
    await connectTestChain();
    await vscode.commands.executeCommand('fiscoBcos.linkContract', {
      path: `/apps/Linked${stamp}`,
      address: deployed.address,
      confirmed: true,
    });
    const { api: a } = await connectTestChain();
    a.trees.bfs.refresh();
    const apps = (await a.trees.bfs.getChildren()).find((c) => c.label === 'apps')!;
    const link = (await a.trees.bfs.getChildren(apps)).find((c) => c.label === `Linked${stamp}`);
    assert.ok(link, 'link listed');
    const doc = await vscode.commands.executeCommand<vscode.TextDocument>('fiscoBcos.bfs.openAbi', link);
    assert.match(doc.getText(), /"name": "set"/);
    const copied = await runRecorded('fiscoBcos.bfs.copyPath', link);
    assert.equal(await vscode.env.clipboard.readText(), `/apps/Linked${stamp}`);
    assert.deepEqual(copied.infos, [`Copied /apps/Linked${stamp}`]);
  });

  test('outside Test mode, confirmed: true and autoConfirm do not skip the confirmation', async () => {
    const { api: a } = await connectTestChain();
    assert.equal(a.testHooks.autoConfirm, true);
    const linkPath = `/apps/Prod${stamp}`;
    const asked: string[] = [];
    // The user dismisses the modal.
    a.testHooks.answerModal = (m) => void asked.push(m.message);
    try {
      a.testHooks.clear();
      const linked = await a.testHooks.asProduction(() =>
        vscode.commands.executeCommand('fiscoBcos.linkContract', {
          path: linkPath,
          address: deployed.address,
          confirmed: true,
        }),
      );
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fisco-ext-')), 'Counter.sol');
      fs.writeFileSync(file, COUNTER);
      const deployedAgain = await a.testHooks.asProduction(() =>
        vscode.commands.executeCommand('fiscoBcos.deployContract', {
          uri: vscode.Uri.file(file).toString(),
          contract: 'Counter',
          args: ['1'],
          linkPath: '',
          confirmed: true,
        }),
      );
      assert.equal(linked, undefined);
      assert.equal(deployedAgain, undefined);
    } finally {
      a.testHooks.answerModal = undefined;
    }
    assert.deepEqual(asked, [
      `Link ${linkPath} → ${deployed.address}?`,
      `Deploy Counter("1") to ${a.session.connection!.name}?`,
    ]);
    assert.ok(
      a.testHooks.messages
        .filter((m) => m.severity === 'warning')
        .every((m) => m.modal && /^From .+ 0x[0-9a-f]{40}\nOn /.test(m.detail ?? '')),
    );
    assert.deepEqual(a.testHooks.shown('error'), []);
    a.trees.bfs.refresh();
    const apps = (await a.trees.bfs.getChildren()).find((c) => c.label === 'apps')!;
    assert.ok(
      !(await a.trees.bfs.getChildren(apps)).some((c) => c.label === `Prod${stamp}`),
      'nothing was linked',
    );
    // back in Test mode the same call goes through without a modal
    a.testHooks.clear();
    const r = await vscode.commands.executeCommand<{ ok: boolean }>('fiscoBcos.linkContract', {
      path: linkPath,
      address: deployed.address,
      confirmed: true,
    });
    assert.equal(r.ok, true);
    assert.equal(a.testHooks.messages.filter((m) => m.modal).length, 0);
  });

  test('opens the call form, block and transaction panels', async () => {
    await connectTestChain();
    const call = await vscode.commands.executeCommand<{ panel: vscode.WebviewPanel }>(
      'fiscoBcos.callContract',
      {
        address: deployed.address,
      },
    );
    assert.match(call.panel.title, /Call Counter/);
    const tx = await vscode.commands.executeCommand<{ panel: vscode.WebviewPanel }>(
      'fiscoBcos.showTransaction',
      deployed.transactionHash,
    );
    assert.equal(tx.panel.viewType, 'fiscoBcos.blockDetail');
    const block = await vscode.commands.executeCommand<{
      panel: vscode.WebviewPanel;
    }>('fiscoBcos.showBlock', 1);
    assert.ok(block.panel.visible);
    const perms = await vscode.commands.executeCommand<{ panel: vscode.WebviewPanel }>(
      'fiscoBcos.editPermissions',
      {
        address: deployed.address,
        name: 'Counter',
      },
    );
    assert.match(perms.panel.title, /Permissions: Counter/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await assertDismissed('fiscoBcos.showBlock', /^Show block/);
    await assertDismissed('fiscoBcos.showTransaction', /^Show transaction/);
  });

  test('reads system config and KV tables', async () => {
    await connectTestChain();
    const rows = await vscode.commands.executeCommand<
      {
        key: string;
        value?: string;
      }[]
    >('fiscoBcos.showSystemConfig', { pick: false });
    assert.ok(rows.some((r) => r.key === 'tx_count_limit' && /^\d+$/.test(r.value ?? '')));
    const table = `t${stamp}`;
    await vscode.commands.executeCommand('fiscoBcos.createKvTable', table, 'id', ['v']);
    assert.equal(
      await vscode.commands.executeCommand('fiscoBcos.browseKvTable', table, 'missing'),
      undefined,
    );
    assert.deepEqual(await vscode.commands.executeCommand('fiscoBcos.browseKvTable', table), {
      keyField: 'id',
      valueFields: ['v'],
    });
    const browser = await vscode.commands.executeCommand<{
      panel: vscode.WebviewPanel;
    }>('fiscoBcos.browseKvTable');
    assert.equal(browser.panel.viewType, 'fiscoBcos.kvTable');
    browser.panel.dispose();
  });

  test('governance tree shows the committee; proposals are created, listed and voted', async () => {
    const { api: a } = await connectTestChain();
    const text = (await treeLabels(a.trees.governance, 2)).join('\n');
    assert.match(text, /Committee — \d+ governors? · you are a governor/);
    assert.match(text, /Participation Rate — \d+%/);
    await vscode.commands.executeCommand('fiscoBcos.createProposal', {
      kind: 'setRate',
      participatesRate: 0,
      winRate: 0,
    });
    a.trees.governance.refresh();
    const after = (await treeLabels(a.trees.governance, 3)).join('\n');
    assert.match(after, /Passed/);
    assert.match(after, /#\d+ Set Rate/);
    // nothing open to vote on or revoke in single-governor mode: both say so instead of failing
    const vote = await runRecorded('fiscoBcos.voteProposal');
    assert.deepEqual(
      [vote.result, vote.errors, vote.infos, vote.prompts],
      [undefined, [], ['There are no open proposals to vote on.'], []],
    );
    const revoke = await runRecorded('fiscoBcos.revokeProposal');
    assert.deepEqual(
      [revoke.result, revoke.errors, revoke.infos, revoke.prompts],
      [
        undefined,
        [],
        ['The active account has no open proposals to revoke (only the proposer can revoke).'],
        [],
      ],
    );
    await vscode.commands.executeCommand('fiscoBcos.refreshGovernance');
  });
});
