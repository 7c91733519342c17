// RefreshableTree coalesces full refreshes: a burst (start-up announces the session, the accounts
// and the local node one after another) fires one change event, a refresh after it fires again,
// and the event waits for the children requests the tree is answering, at most
// REFRESH_MAX_WAIT_MS. Timers are node:test's mock timers (no real waiting).

import { afterEach, beforeEach, describe, it, mock } from 'node:test';
import assert from 'node:assert/strict';
import { useVscodeStub } from './vscodeStub';

class EventEmitter<T> {
  private listeners: ((e: T) => void)[] = [];
  event = (l: (e: T) => void) => {
    this.listeners.push(l);
    return { dispose: () => undefined };
  };
  fire(e: T) {
    for (const l of this.listeners) l(e);
  }
  dispose() {
    this.listeners = [];
  }
}
class TreeItem {
  constructor(readonly label: string) {}
}
useVscodeStub({ EventEmitter, TreeItem, TreeItemCollapsibleState: { None: 0 } });

const views =
  require('../../../src/extension/views/treeItems') as typeof import('../../../src/extension/views/treeItems');
const { RefreshableTree, REFRESH_COALESCE_MS, REFRESH_MAX_WAIT_MS } = views;

/** A tree whose children requests are answered when the test says so. */
class Tree extends RefreshableTree<TreeItem & import('vscode').TreeItem> {
  readonly answers: (() => void)[] = [];
  protected children() {
    return new Promise<never[]>((resolve) => this.answers.push(() => resolve([])));
  }
}

function watch(tree: Tree): unknown[] {
  const events: unknown[] = [];
  tree.onDidChangeTreeData((e) => events.push(e));
  return events;
}

describe('RefreshableTree', () => {
  beforeEach(() => mock.timers.enable({ apis: ['setTimeout', 'Date'] }));
  afterEach(() => mock.timers.reset());

  it('fires one change event for a burst of refreshes, and again for a later one', async () => {
    const tree = new Tree();
    const events = watch(tree);
    for (let i = 0; i < 5; i++) tree.refresh();
    assert.equal(events.length, 0, 'not before the coalescing window has passed');
    mock.timers.tick(REFRESH_COALESCE_MS);
    await tree.whenRefreshed();
    assert.deepEqual(events, [undefined]);
    // A refresh after the burst is a new one.
    tree.refresh();
    tree.refresh();
    mock.timers.tick(REFRESH_COALESCE_MS);
    await tree.whenRefreshed();
    assert.deepEqual(events, [undefined, undefined]);
    tree.dispose();
  });

  it('fires a refresh of one item at once, and it does not end a pending burst', async () => {
    const tree = new Tree();
    const events = watch(tree);
    const item = new TreeItem('row');
    tree.refresh();
    tree.refresh(item);
    assert.deepEqual(events, [item]);
    mock.timers.tick(REFRESH_COALESCE_MS);
    await tree.whenRefreshed();
    assert.deepEqual(events, [item, undefined]);
    tree.dispose();
  });

  it('waits for the children requests in flight, then fires once', async () => {
    const tree = new Tree();
    const events = watch(tree);
    const connectionRow = tree.getChildren(new TreeItem('connection'));
    for (let i = 0; i < 3; i++) tree.refresh();
    mock.timers.tick(REFRESH_COALESCE_MS * 10);
    assert.equal(events.length, 0, 'the connection row is still being answered');
    tree.answers[0]();
    assert.deepEqual(await connectionRow, []);
    await tree.whenRefreshed();
    assert.deepEqual(events, [undefined]);
    mock.timers.tick(REFRESH_MAX_WAIT_MS);
    assert.deepEqual(events, [undefined], 'no second event for the same burst');
    tree.dispose();
  });

  it('fires after REFRESH_MAX_WAIT_MS when a children request does not end', async () => {
    const tree = new Tree();
    const events = watch(tree);
    void tree.getChildren();
    tree.refresh();
    mock.timers.tick(REFRESH_COALESCE_MS);
    mock.timers.tick(REFRESH_MAX_WAIT_MS - REFRESH_COALESCE_MS - 1);
    assert.equal(events.length, 0);
    mock.timers.tick(1);
    await tree.whenRefreshed();
    assert.deepEqual(events, [undefined]);
    tree.dispose();
  });

  it('dispose drops a pending refresh: no event, and whenRefreshed settles', async () => {
    const tree = new Tree();
    const events = watch(tree);
    tree.refresh();
    const settled = tree.whenRefreshed();
    tree.dispose();
    await settled;
    mock.timers.tick(REFRESH_MAX_WAIT_MS);
    assert.deepEqual(events, []);
  });
});
