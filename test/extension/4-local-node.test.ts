// The local node lifecycle: start (connects and offers dev accounts), stop, a port conflict that
// is explained instead of failing silently, reset, and the log channel.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as vscode from 'vscode';
import { api, connectTestChain, runRecorded, treeLabels } from './helpers';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

// Port 0: the node binds a free port itself and reports it (no probe-then-bind race with the
// other processes of a busy machine).
const ANY_PORT = 0;

suite('Local node', () => {
  const config = () => vscode.workspace.getConfiguration('fiscoBcos.localNode');

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('fiscoBcos.stopLocalNode');
    await config().update('port', undefined, vscode.ConfigurationTarget.Global);
    await config().update('web3', undefined, vscode.ConfigurationTarget.Global);
    await config().update('web3Port', undefined, vscode.ConfigurationTarget.Global);
    await connectTestChain();
  });

  test('starts, connects in one click with dev accounts, and stops', async () => {
    const a = await api();
    await config().update('port', ANY_PORT, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('fiscoBcos.stopLocalNode');
    const ready = await vscode.commands.executeCommand<{
      url: string;
      accounts: { address: string }[];
    }>('fiscoBcos.startLocalNode');
    assert.ok(ready, 'the node reported ready');
    assert.equal(a.devnode.state, 'running');
    assert.equal(a.session.connection?.name, 'Local Node');
    assert.equal(a.session.connection?.url, ready.url);
    // every dev account is offered (one may already be imported under another label: the keys are deterministic)
    const known = new Set(a.session.accounts.list().map((x) => x.address));
    assert.ok(ready.accounts.every((x) => known.has(x.address.toLowerCase())));
    assert.equal(a.session.account()?.address, ready.accounts[0].address.toLowerCase());
    assert.equal(typeof (await a.session.requireChain().blockNumber()), 'number');
    await vscode.commands.executeCommand('fiscoBcos.showLocalNodeLog');
    await vscode.commands.executeCommand('fiscoBcos.restartLocalNode');
    assert.equal(a.devnode.state, 'running');
    await vscode.commands.executeCommand('fiscoBcos.stopLocalNode');
    assert.equal(a.devnode.state, 'stopped');
  });

  test('serves the Web3 JSON-RPC when fiscoBcos.localNode.web3 is on, and the Groups view shows its URL', async () => {
    const a = await api();
    await vscode.commands.executeCommand('fiscoBcos.stopLocalNode');
    await config().update('port', await freePort(), vscode.ConfigurationTarget.Global);
    await config().update('web3', true, vscode.ConfigurationTarget.Global);
    await config().update('web3Port', await freePort(), vscode.ConfigurationTarget.Global);
    try {
      const ready = await vscode.commands.executeCommand<{ url: string; web3Url?: string } | undefined>(
        'fiscoBcos.startLocalNode',
      );
      assert.ok(ready?.web3Url, 'the ready line names the Web3 URL');
      assert.equal(ready.web3Url, `http://127.0.0.1:${config().get<number>('web3Port')}`);
      const res = await fetch(ready.web3Url, {
        method: 'POST',
        body: JSON.stringify({ jsonrpc: '2.0', method: 'eth_chainId', params: [], id: 1 }),
      });
      assert.equal(((await res.json()) as { result: string }).result, '0x4ee8');
      const rows = await treeLabels(a.trees.groups, 2);
      assert.ok(
        rows.includes(`  Web3 JSON-RPC — ${ready.web3Url}`),
        `the local connection shows the Web3 URL: ${JSON.stringify(rows)}`,
      );
    } finally {
      await vscode.commands.executeCommand('fiscoBcos.stopLocalNode');
      await config().update('web3', undefined, vscode.ConfigurationTarget.Global);
      await config().update('web3Port', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  test('explains a port conflict and does not start', async () => {
    const a = await api();
    await vscode.commands.executeCommand('fiscoBcos.stopLocalNode');
    const blocker = net.createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as net.AddressInfo).port)),
    );
    try {
      await config().update('port', port, vscode.ConfigurationTarget.Global);
      const started = await runRecorded('fiscoBcos.startLocalNode');
      assert.equal(started.result, undefined);
      assert.equal(a.devnode.state, 'stopped');
      // the explanation names the port and the setting, and offers the ways out
      assert.equal(started.errors.length, 1, JSON.stringify(started.errors));
      assert.match(
        started.errors[0],
        new RegExp(
          `^Could not start the local node\\. Port ${port} is already in use, so the local node cannot listen on it\\. .*"fiscoBcos\\.localNode\\.port"`,
        ),
      );
      assert.deepEqual(a.testHooks.messages.find((m) => m.severity === 'error')?.items, [
        'Use Another Port',
        'Show Log',
      ]);
    } finally {
      blocker.close();
    }
  });

  test('resets the chain data: the data folder is deleted and the chain restarts at block 0', async () => {
    const a = await api();
    await vscode.commands.executeCommand('fiscoBcos.stopLocalNode');
    await config().update('port', ANY_PORT, vscode.ConfigurationTarget.Global);
    const ready = await vscode.commands.executeCommand<{ url: string } | undefined>(
      'fiscoBcos.startLocalNode',
    );
    assert.ok(ready, 'the node reported ready');
    const chain = () => a.session.requireChain();
    // seal a block on the fresh node (the dev account is active)
    const made = await runRecorded('fiscoBcos.bfs.mkdir', '/apps', `reset${Date.now().toString(36)}`);
    assert.deepEqual(made.errors, []);
    assert.ok((await chain().blockNumber()) > 0, 'a block was sealed before the reset');
    assert.ok(fs.readdirSync(a.devnode.dataDir).length > 0, 'the node keeps its data in its folder');

    // reset while running: deleted, then started again on a fresh chain
    const whileRunning = await runRecorded('fiscoBcos.resetLocalNode', { confirm: false });
    assert.deepEqual(whileRunning.errors, []);
    // restarted (on a port of its own again) and the Local Node connection follows it
    const restarted = (whileRunning.result as { url: string } | undefined)?.url;
    assert.match(restarted ?? '', /^http:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(a.session.connection?.url, restarted);
    assert.equal(a.devnode.state, 'running');
    assert.equal(await chain().blockNumber(), 0);

    // reset while stopped: the folder is gone and the user is told
    await vscode.commands.executeCommand('fiscoBcos.bfs.mkdir', '/apps', `again${Date.now().toString(36)}`);
    assert.ok((await chain().blockNumber()) > 0);
    await vscode.commands.executeCommand('fiscoBcos.stopLocalNode');
    const whileStopped = await runRecorded('fiscoBcos.resetLocalNode', { confirm: false });
    assert.equal(whileStopped.result, undefined);
    assert.deepEqual(whileStopped.errors, []);
    assert.deepEqual(whileStopped.infos, [
      'Local node data deleted. Start the local node to begin a fresh chain.',
    ]);
    assert.equal(a.devnode.state, 'stopped');
    assert.equal(fs.existsSync(a.devnode.dataDir), false);
    await vscode.commands.executeCommand('fiscoBcos.startLocalNode');
    assert.equal(await chain().blockNumber(), 0);
    await vscode.commands.executeCommand('fiscoBcos.stopLocalNode');
  });
});
