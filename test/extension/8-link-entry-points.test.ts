// Every link entry point validates names and versions with the same rule and refuses what the
// chain would store somewhere unexpected; "Link a Contract Here" is offered only where a link can be
// made, and says so before asking anything elsewhere.
import * as assert from 'node:assert/strict';
import type { BfsItem } from '../../src/extension/views/bfsTree';
import { connectTestChain, runRecorded } from './helpers';

suite('Link entry points', () => {
  test('"Link a Contract Here" is offered under /apps only; elsewhere it says so before any prompt', async () => {
    const { api: a } = await connectTestChain();
    a.trees.bfs.refresh();
    const root = (await a.trees.bfs.getChildren()) as BfsItem[];
    const apps = root.find((c) => c.label === 'apps');
    const usr = root.find((c) => c.label === 'usr');
    assert.ok(apps && usr, `root: ${JSON.stringify(root.map((r) => r.label))}`);
    // package.json shows the entry for `viewItem == bfs.directory.apps` only.
    assert.equal(apps.contextValue, 'bfs.directory.apps');
    assert.equal(usr.contextValue, 'bfs.directory');
    const o = await runRecorded('fiscoBcos.bfs.linkHere', usr);
    assert.deepEqual(o.prompts, [], 'nothing was asked');
    assert.deepEqual(o.errors, [
      'Link failed: Links can only be made under /apps, not in /usr. Choose /apps or a directory below it.',
    ]);
  });

  test('a path the chain would store elsewhere is refused before anything is sent', async () => {
    const { api: a, chain } = await connectTestChain();
    const height = await a.session.requireChain().blockNumber();
    const address = chain.accounts[0].address; // never reached: the path is checked first
    for (const [path, problem] of [
      // The version "/usr/counter" typed into the deploy notification's prompt.
      ['/apps/Counter//usr/counter', 'A link path has no empty segments ("//").'],
      ['/usr/counter', 'Links live under /apps/, e.g. /apps/HelloWorld/1.0.'],
      ['/apps/Counter/1.0/', 'A link path does not end with "/".'],
    ]) {
      const o = await runRecorded('fiscoBcos.linkContract', { path, address, abi: '[]', confirmed: true });
      assert.equal(o.result, undefined);
      assert.deepEqual(o.errors, [`Link failed: ${problem}`], path);
    }
    assert.equal(await a.session.requireChain().blockNumber(), height, 'no transaction was sent');
  });
});
