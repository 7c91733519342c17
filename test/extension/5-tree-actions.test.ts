// Tree context actions: node consensus changes (as proposals on this committee-governed chain),
// BFS paging with "Load more", link/copy/call/permissions on BFS rows, system config edits.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { BfsPage } from '../../src/extension/chain/chainApi';
import { assertDismissed, connectTestChain, runRecorded } from './helpers';

type Item = vscode.TreeItem & Record<string, unknown>;

async function nodeItems(
  provider: vscode.TreeDataProvider<vscode.TreeItem>,
  connection: string,
): Promise<Item[]> {
  const conn = ((await provider.getChildren()) as Item[]).find((c) => c.label === connection)!;
  const group = ((await provider.getChildren(conn)) as Item[])[0];
  return (await provider.getChildren(group)) as Item[];
}

suite('Tree actions', () => {
  test('a burst of Groups refreshes fires one change event; a later refresh fires again', async () => {
    const { api: a } = await connectTestChain();
    const groups = a.trees.groups;
    await groups.whenRefreshed(); // the connection's own announcements
    let full = 0; // item events (the block height polls) are not refreshes of the tree
    const sub = groups.onDidChangeTreeData((e) => e === undefined && full++);
    try {
      for (let i = 0; i < 5; i++) groups.refresh();
      await groups.whenRefreshed();
      assert.equal(full, 1);
      groups.refresh();
      await groups.whenRefreshed();
      assert.equal(full, 2);
      // The active connection's row is served: its group row is there.
      const conn = ((await groups.getChildren()) as Item[]).find(
        (c) => c.label === a.session.connection!.name,
      )!;
      assert.equal(((await groups.getChildren(conn)) as Item[])[0].contextValue, 'group');
    } finally {
      sub.dispose();
    }
  });

  test('copies a node id and changes a node weight from the Groups tree', async () => {
    const { api: a } = await connectTestChain();
    const nodes = await nodeItems(a.trees.groups, a.session.connection!.name);
    const last = nodes[nodes.length - 1] as Item & { node: { nodeId: string; weight?: number } };
    assert.equal(last.contextValue, 'node.sealer');
    const copied = await runRecorded('fiscoBcos.copyNodeId', last);
    assert.match(last.node.nodeId, /^[0-9a-f]{128}$/);
    assert.equal(await vscode.env.clipboard.readText(), last.node.nodeId);
    assert.equal(copied.infos.length, 1);
    assert.match(copied.infos[0], /^Copied node ID of .+\.$/);
    await vscode.commands.executeCommand('fiscoBcos.setNodeWeight', last, 3);
    // effective from the next block
    await vscode.commands.executeCommand('fiscoBcos.bfs.mkdir', '/apps', `w${Date.now().toString(36)}`);
    const summary = await a.session.requireChain().groupSummary();
    assert.equal(summary.nodes.find((n) => n.nodeId === last.node.nodeId)?.weight, 3);
  });

  test('moves a node to observer, back to sealer, via the consensus commands', async () => {
    const { api: a } = await connectTestChain();
    const chain = a.session.requireChain();
    const id = (await chain.groupSummary()).nodes.at(-1)!.nodeId;
    // Consensus changes take effect from the next block: seal one after each change.
    const tick = () =>
      vscode.commands.executeCommand(
        'fiscoBcos.bfs.mkdir',
        '/apps',
        `tick${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      );
    await vscode.commands.executeCommand('fiscoBcos.addObserver', id);
    await tick();
    assert.equal((await chain.groupSummary()).nodes.find((n) => n.nodeId === id)?.role, 'observer');
    await vscode.commands.executeCommand('fiscoBcos.addSealer', id, 1);
    await tick();
    assert.equal((await chain.groupSummary()).nodes.find((n) => n.nodeId === id)?.role, 'sealer');
    a.trees.groups.refresh();
  });

  test('removes a node from consensus from the Groups tree, then restores it', async () => {
    const { api: a } = await connectTestChain();
    const chain = a.session.requireChain();
    const id = (await chain.groupSummary()).nodes.at(-1)!.nodeId;
    const tick = () =>
      vscode.commands.executeCommand(
        'fiscoBcos.bfs.mkdir',
        '/apps',
        `tick${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`,
      );
    const role = async () => (await chain.groupSummary()).nodes.find((n) => n.nodeId === id)?.role;
    await vscode.commands.executeCommand('fiscoBcos.removeNode', id);
    await tick();
    assert.equal(await role(), 'none');
    await vscode.commands.executeCommand('fiscoBcos.addObserver', id);
    await tick();
    await vscode.commands.executeCommand('fiscoBcos.addSealer', id, 1);
    await tick();
    assert.equal(await role(), 'sealer');
  });

  test('pages a large directory with Load more', async () => {
    const { api: a } = await connectTestChain();
    // Wrap the real ChainApi so /apps/big reports 1000 entries, 500 per page.
    a.setChainApiFactory((c) => {
      const real = a.defaultChainApiFactory(c);
      const bfsList = async (path: string, offset: number, limit: number): Promise<BfsPage> => {
        if (path !== '/apps') return real.bfsList(path, offset, limit);
        const total = 1000;
        const entries = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
          name: `e${String(offset + i).padStart(4, '0')}`,
          type: 'contract',
        }));
        return { entries, left: total - offset - entries.length };
      };
      return new Proxy(real, {
        get: (t, k) => (k === 'bfsList' ? bfsList : (t as unknown as Record<string | symbol, unknown>)[k]),
      });
    });
    try {
      const apps = ((await a.trees.bfs.getChildren()) as Item[]).find((c) => c.label === 'apps')!;
      let rows = (await a.trees.bfs.getChildren(apps)) as Item[];
      assert.equal(rows.length, 501);
      const more = rows[500];
      assert.equal(more.label, 'Load more…');
      assert.equal(more.description, '500 more');
      await vscode.commands.executeCommand('fiscoBcos.bfs.loadMore', more);
      rows = (await a.trees.bfs.getChildren(apps)) as Item[];
      assert.equal(rows.length, 1000);
    } finally {
      a.setChainApiFactory(a.defaultChainApiFactory);
    }
  });

  test('BFS row actions on a deployed link: copy address, call, permissions', async () => {
    const { api: a } = await connectTestChain();
    a.trees.bfs.refresh();
    const apps = ((await a.trees.bfs.getChildren()) as Item[]).find((c) => c.label === 'apps')!;
    const linked = ((await a.trees.bfs.getChildren(apps)) as Item[]).find((c) =>
      (typeof c.label === 'string' ? c.label : (c.label?.label ?? '')).startsWith('Linked'),
    );
    assert.ok(linked, 'a link created by the chain suite');
    assert.equal(linked.contextValue, 'bfs.link');
    const copied = await runRecorded('fiscoBcos.bfs.copyAddress', linked);
    const address = await a.session.requireChain().bfsReadlink(linked.path as string);
    assert.match(address, /^0x[0-9a-f]{40}$/i);
    assert.equal((await vscode.env.clipboard.readText()).toLowerCase(), address.toLowerCase());
    assert.deepEqual(copied.errors, []);
    assert.equal(copied.infos.length, 1);
    assert.equal(copied.infos[0].toLowerCase(), `copied ${address.toLowerCase()}`);
    const call = await vscode.commands.executeCommand<{
      panel: vscode.WebviewPanel;
    }>('fiscoBcos.bfs.call', linked);
    assert.match(call.panel.title, /^Call /);
    const perms = await vscode.commands.executeCommand<{
      panel: vscode.WebviewPanel;
    }>('fiscoBcos.bfs.permissions', linked);
    assert.match(perms.panel.title, /^Permissions/);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await vscode.commands.executeCommand('fiscoBcos.refreshBfs');
    // "Link a Contract Here" asks for the address first
    await assertDismissed('fiscoBcos.bfs.linkHere', /^Link a contract in \/apps/, apps);
  });

  test('sets a system config value through a proposal', async () => {
    const { api: a } = await connectTestChain();
    await vscode.commands.executeCommand('fiscoBcos.setSystemConfig', 'tx_count_limit', '2000');
    // effective from the next block
    await vscode.commands.executeCommand('fiscoBcos.bfs.mkdir', '/apps', `tick${Date.now().toString(36)}`);
    assert.equal((await a.session.requireChain().systemConfig('tx_count_limit'))?.value, '2000');
  });
});
