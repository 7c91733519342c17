// The local node lifecycle: start (connects and offers dev accounts), stop, a port conflict that
// is explained instead of failing silently, reset, and the log channel.
import * as assert from 'node:assert/strict';
import * as net from 'node:net';
import * as vscode from 'vscode';
import { api, connectTestChain } from './helpers';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

suite('Local node', () => {
  const config = () => vscode.workspace.getConfiguration('fiscoBcos.localNode');

  suiteTeardown(async () => {
    await vscode.commands.executeCommand('fiscoBcos.stopLocalNode');
    await config().update('port', undefined, vscode.ConfigurationTarget.Global);
    await connectTestChain();
  });

  test('starts, connects in one click with dev accounts, and stops', async () => {
    const a = await api();
    await config().update('port', await freePort(), vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('fiscoBcos.stopLocalNode');
    const ready = (await vscode.commands.executeCommand('fiscoBcos.startLocalNode')) as { url: string; accounts: { address: string }[] };
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

  test('explains a port conflict and does not start', async () => {
    const a = await api();
    await vscode.commands.executeCommand('fiscoBcos.stopLocalNode');
    const blocker = net.createServer();
    const port = await new Promise<number>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as net.AddressInfo).port)));
    try {
      await config().update('port', port, vscode.ConfigurationTarget.Global);
      const result = await vscode.commands.executeCommand('fiscoBcos.startLocalNode');
      assert.equal(result, undefined);
      assert.equal(a.devnode.state, 'stopped');
    } finally {
      blocker.close();
    }
  });

  test('resets the chain data', async () => {
    const a = await api();
    await vscode.commands.executeCommand('fiscoBcos.stopLocalNode');
    await vscode.commands.executeCommand('fiscoBcos.resetLocalNode', { confirm: false });
    assert.equal(a.devnode.state, 'stopped');
  });
});
