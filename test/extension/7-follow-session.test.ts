// Views follow the active connection, group and account at once (issue: the permission editor kept
// showing the previous account as governor and admin, and sending from it failed with -50000), and a
// panel whose subject does not exist on the active connection says so.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { PanelHost } from '../../src/extension/webviews/panelHost';
import { TEST_CONNECTION, connectTestChain, runRecorded, waitFor, waitForPost } from './helpers';

const OWNED = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract Owned {
    uint256 public value;
    function set(uint256 v) public { value = v; }
    function bump() public { value += 1; }
}
`;

type Msg = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- posted messages are checked field by field below

suite('Views follow the session', () => {
  const localConfig = () => vscode.workspace.getConfiguration('fiscoBcos.localNode');

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('fiscoBcos.stopLocalNode');
    await localConfig().update('port', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await connectTestChain();
  });

  test('permission editor, call form, table browser and status bar follow the account and connection', async () => {
    const { api: a, chain } = await connectTestChain();
    const [governor] = chain.accounts;
    // A fresh account: certainly not a governor (earlier suites make the chain's second account one).
    const created = await vscode.commands.executeCommand<string>('fiscoBcos.createAccount', {
      label: 'Not a Governor',
      sm: false,
    });
    const other = { address: created };
    await vscode.commands.executeCommand('fiscoBcos.selectAccount', governor.address);
    const gov = governor.address.toLowerCase();
    const oth = other.address.toLowerCase();

    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fisco-follow-')), 'Owned.sol');
    fs.writeFileSync(file, OWNED);
    const deployed = await vscode.commands.executeCommand<{ address: string }>('fiscoBcos.deployContract', {
      uri: vscode.Uri.file(file).toString(),
      contract: 'Owned',
      args: [],
      linkPath: '',
      confirmed: true,
    });
    const address = deployed.address;

    let mark = a.testHooks.posts.length;
    const open = async (command: string, ...args: unknown[]) => {
      const o = await runRecorded(command, ...args);
      assert.deepEqual(o.errors, [], `${command} showed an error`);
      assert.ok(o.result, `${command} opened a panel`);
      return o.result as PanelHost<unknown, unknown>;
    };
    // A webview loads only once it is visible: each page is waited for before the next one covers it.
    // The pages load for real and say "ready"; the host answers with the governor's view.
    const perms = await open('fiscoBcos.editPermissions', { address, name: 'Owned' });
    await waitForPost<Msg>(
      'fiscoBcos.permissions',
      mark,
      (m) => m.type === 'state' && m.state.account === gov && m.state.isGovernor && m.state.contract?.isAdmin,
      'state for the governor (admin of the contract it deployed)',
    );
    const call = await open('fiscoBcos.callContract', { address, name: 'Owned' });
    await waitForPost<Msg>(
      'fiscoBcos.callContract',
      mark,
      (m) => m.type === 'init' && m.account === gov,
      'init',
    );
    const kv = await open('fiscoBcos.browseKvTable');
    await waitForPost<Msg>(
      'fiscoBcos.kvTable',
      mark,
      (m) => m.type === 'context' && m.context.account === gov,
      'context',
    );

    // Switching the account updates every page at once, without a refresh.
    mark = a.testHooks.posts.length;
    await vscode.commands.executeCommand('fiscoBcos.selectAccount', other.address);
    const after = await waitForPost<Msg>(
      'fiscoBcos.permissions',
      mark,
      (m) => m.type === 'state' && m.state.account === oth,
      'state for the second account',
    );
    assert.equal(after.state.isGovernor, false, 'Governor: no');
    assert.equal(after.state.contract.isAdmin, false, 'no "(you)" beside the admin');
    await waitForPost<Msg>(
      'fiscoBcos.permissions',
      mark,
      (m) => m.type === 'context' && m.context.account === oth,
      'context',
    );
    await waitForPost<Msg>(
      'fiscoBcos.callContract',
      mark,
      (m) => m.type === 'init' && m.account === oth,
      'init',
    );
    await waitForPost<Msg>(
      'fiscoBcos.kvTable',
      mark,
      (m) => m.type === 'context' && m.context.account === oth,
      'context',
    );
    assert.ok(a.statusBar.accountText.includes(oth.slice(-4)), a.statusBar.accountText);

    // A page still drawn for the governor (its update not yet shown) cannot send as someone else.
    const height = await a.session.requireChain().blockNumber();
    mark = a.testHooks.posts.length;
    await perms.receive({
      type: 'action',
      action: { type: 'setMethodAuthType', selector: '0x60fe47b1', authType: 1 },
      account: gov,
    });
    const refused = await waitForPost<Msg>(
      'fiscoBcos.permissions',
      mark,
      (m) => m.type === 'outcome',
      'outcome',
    );
    assert.equal(refused.ok, false);
    assert.match(refused.message, /^Nothing was sent: the active account changed to 0x[0-9a-f]{40}/);
    await call.receive({
      type: 'invoke',
      requestId: 99,
      signature: 'bump()',
      args: [],
      mode: 'send',
      account: gov,
    });
    const callRefused = await waitForPost<Msg>(
      'fiscoBcos.callContract',
      mark,
      (m) => m.type === 'result' && m.result.requestId === 99,
      'result',
    );
    assert.equal(callRefused.result.ok, false);
    assert.match(callRefused.result.message, /^Nothing was sent: the active account changed/);
    assert.equal(await a.session.requireChain().blockNumber(), height, 'no transaction was sent');

    // Another chain (a fresh local node) has no such contract: the pages say so.
    // Port 0: the node picks a free port itself.
    await localConfig().update('port', 0, vscode.ConfigurationTarget.Global);
    mark = a.testHooks.posts.length;
    const ready = await vscode.commands.executeCommand('fiscoBcos.startLocalNode');
    assert.ok(ready, 'the local node started');
    assert.equal(a.session.connection?.name, 'Local Node');
    for (const viewType of ['fiscoBcos.permissions', 'fiscoBcos.callContract']) {
      const gone = await waitForPost<Msg>(
        viewType,
        mark,
        (m) => m.type === 'context' && m.context.connection === 'Local Node' && !!m.gone,
        'the subject is gone',
      );
      const group = a.session.connection?.group ?? '';
      assert.match(
        gone.gone,
        new RegExp(`^Owned \\(${address}\\) does not exist on Local Node \\(${group}\\)\\.`),
      );
    }
    await waitForPost<Msg>(
      'fiscoBcos.kvTable',
      mark,
      (m) => m.type === 'context' && m.context.connection === 'Local Node',
      'context',
    );
    await waitFor(() => a.statusBar.text.includes('Local Node'), 'the status bar on the local node');
    // and the host refuses what the stale page might still send
    mark = a.testHooks.posts.length;
    await call.receive({ type: 'invoke', requestId: 100, signature: 'value()', args: [], mode: 'call' });
    const goneCall = await waitForPost<Msg>(
      'fiscoBcos.callContract',
      mark,
      (m) => m.type === 'result' && m.result.requestId === 100,
      'result',
    );
    assert.match(goneCall.result.message, /^Nothing was sent: Owned .* does not exist on Local Node/);

    // Back on the test chain, the pages come back for the account active there.
    mark = a.testHooks.posts.length;
    await vscode.commands.executeCommand('fiscoBcos.selectConnection', TEST_CONNECTION);
    await waitForPost<Msg>(
      'fiscoBcos.permissions',
      mark,
      (m) => m.type === 'state' && m.state.contract?.address?.toLowerCase() === address.toLowerCase(),
      'state again',
    );
    await waitForPost<Msg>('fiscoBcos.callContract', mark, (m) => m.type === 'init', 'init again');
    for (const p of [perms, call, kv]) p.dispose();
  });

  test('Show Block past the height says so, keeps a usable page and its own title', async () => {
    const { api: a } = await connectTestChain();
    const height = await a.session.requireChain().blockNumber();
    const mark = a.testHooks.posts.length;
    const panel = await vscode.commands.executeCommand<PanelHost<unknown, unknown>>(
      'fiscoBcos.showBlock',
      height + 1000,
    );
    const shown = await waitForPost<Msg>('fiscoBcos.blockDetail', mark, (m) => m.type === 'error', 'error');
    assert.match(
      shown.message,
      new RegExp(
        `^Block ${height + 1000} does not exist yet on ${TEST_CONNECTION} \\(${a.session.connection?.group ?? ''}\\): the chain's height is \\d+\\.$`,
      ),
    );
    assert.ok(shown.latest >= height, 'the page offers the latest block');
    assert.doesNotMatch(shown.message, /3006/);
    assert.equal(panel.panel.title, `Block ${height + 1000} (not yet)`);
    // the page's "Show Latest Block" button
    await panel.receive({ type: 'openBlock', id: shown.latest });
    assert.equal(panel.panel.title, `Block ${shown.latest}`);
    panel.dispose();
  });
});
