// Connections, accounts and the Groups tree against the test chain.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import {
  TEST_CONNECTION,
  api,
  assertDismissed,
  connectTestChain,
  runRecorded,
  treeLabels,
  waitFor,
} from './helpers';

suite('Connections and accounts', () => {
  test('adds, selects and validates connections', async () => {
    const { api: a, chain } = await connectTestChain();
    assert.equal(a.session.connection?.name, TEST_CONNECTION);
    assert.equal(a.session.connection?.url, chain.url.replace(/\/+$/, ''));
    // a duplicate name is rejected (the error is shown, nothing is added)
    const before = a.session.connections.list().length;
    const duplicate = await runRecorded('fiscoBcos.addConnection', {
      name: TEST_CONNECTION,
      url: chain.url,
      group: chain.group,
    });
    assert.equal(duplicate.result, undefined);
    assert.deepEqual(
      duplicate.errors.map((e) => e.replace(/^[^:]+: /, '')),
      [`A connection named "${TEST_CONNECTION}" already exists.`],
    );
    assert.equal(a.session.connections.list().length, before);
  });

  test('edits and removes a connection', async () => {
    const a = await api();
    await vscode.commands.executeCommand('fiscoBcos.addConnection', {
      name: 'Temp',
      url: 'http://127.0.0.1:1',
      group: 'group0',
    });
    assert.ok(a.session.connections.get('Temp'));
    // editing starts at its name; dismissing leaves it unchanged
    await assertDismissed('fiscoBcos.editConnection', /^Connection name/, 'Temp');
    assert.equal(a.session.connections.get('Temp')?.url, 'http://127.0.0.1:1');
    await a.session.connections.remove('Temp');
    assert.equal(a.session.connections.get('Temp'), undefined);
    const count = a.session.connections.list().length;
    await assertDismissed('fiscoBcos.removeConnection', /^Remove which connection\?/);
    assert.equal(a.session.connections.list().length, count);
  });

  test('the status bar shows the connection and the block height', async () => {
    const { api: a, chain } = await connectTestChain();
    // The first poll runs when the connection becomes active; wait for it, however busy the host is.
    await waitFor(() => /#\d+/.test(a.statusBar.text), 'the block height in the status bar');
    assert.match(a.statusBar.text, new RegExp(`${TEST_CONNECTION} · ${chain.group} · #\\d+`));
  });

  test('creates, imports, selects and removes accounts; keys stay in secret storage', async () => {
    const { api: a, chain } = await connectTestChain();
    const created = await vscode.commands.executeCommand<string>('fiscoBcos.createAccount', {
      label: 'Created',
      sm: false,
    });
    assert.match(created, /^0x[0-9a-f]{40}$/);
    const meta = a.session.accounts.list().find((x) => x.address === created)!;
    assert.equal(meta.label, 'Created');
    assert.ok(!JSON.stringify(meta).includes('privateKey'));
    assert.match((await a.session.accounts.privateKey(created))!, /^0x[0-9a-f]{64}$/);
    await vscode.commands.executeCommand('fiscoBcos.selectAccount', chain.accounts[0].address);
    assert.equal(a.session.account()?.address, chain.accounts[0].address.toLowerCase());
    await a.session.accounts.remove(created);
    assert.equal(await a.session.accounts.privateKey(created), undefined);
    const accounts = a.session.accounts.list().length;
    await assertDismissed('fiscoBcos.exportAccount', /^Export which account\?/);
    await assertDismissed('fiscoBcos.removeAccount', /^Remove which account\?/);
    assert.equal(a.session.accounts.list().length, accounts);
  });

  test('the Groups tree shows connection → group → nodes with details', async () => {
    const { api: a, chain } = await connectTestChain();
    const labels = await treeLabels(a.trees.groups, 4);
    const text = labels.join('\n');
    assert.match(text, new RegExp(`${TEST_CONNECTION} — .*active`));
    assert.match(text, new RegExp(`  ${chain.group} — chain .+ · block \\d+`));
    assert.match(text, /sealer · weight \d+ · #\d+ · \d+ pending/);
    assert.match(text, /Node ID — [0-9a-f]{128}/);
    assert.match(text, /PBFT View — /);
    await vscode.commands.executeCommand('fiscoBcos.refreshGroups');
    await assertDismissed('fiscoBcos.selectGroup', new RegExp(`^Group of ${TEST_CONNECTION}`));
    assert.equal(a.session.connection?.group, chain.group);
  });
});
