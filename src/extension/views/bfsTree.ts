// BFS view: the chain's file system from "/", loaded lazily per directory and paged 500 at a
// time with a "Load more" row.

import * as vscode from 'vscode';
import type { BfsEntry, BfsPage, ChainApi } from '../chain/chainApi';
import {
  BFS_PAGE_SIZE,
  PagedChildren,
  addressOf,
  canLinkIn,
  describeEntry,
  iconOf,
  joinPath,
  kindOf,
  sortEntries,
} from '../models/bfsModel';
import type { Session } from '../session';
import { ErrorItem, RefreshableTree } from './treeItems';

export class BfsItem extends vscode.TreeItem {
  readonly address: string | undefined;
  constructor(
    readonly path: string,
    readonly entry: BfsEntry,
  ) {
    const kind = kindOf(entry);
    super(
      entry.name,
      kind === 'directory' ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    this.id = `bfs:${path}`;
    this.address = addressOf(entry);
    this.description = describeEntry(entry, path);
    this.iconPath = new vscode.ThemeIcon(iconOf(entry));
    // Directories that take links (/apps and below) say so: "Link a Contract Here" shows only there.
    this.contextValue = kind === 'directory' && canLinkIn(path) ? 'bfs.directory.apps' : `bfs.${kind}`;
    this.tooltip = `${path}\n${kind}${this.address ? `\n${this.address}` : ''}`;
    // Clicking a user contract opens its call form; built-ins under /sys have no ABI to show.
    if ((kind === 'link' || kind === 'contract') && !path.startsWith('/sys/')) {
      this.command = { command: 'fiscoBcos.bfs.call', title: 'Call Contract', arguments: [this] };
    }
  }
}

export class LoadMoreItem extends vscode.TreeItem {
  constructor(
    readonly parentPath: string,
    left: number,
  ) {
    super('Load more…', vscode.TreeItemCollapsibleState.None);
    this.id = `bfs-more:${parentPath}`;
    this.description = `${left} more`;
    this.iconPath = new vscode.ThemeIcon('ellipsis');
    this.contextValue = 'bfs.loadMore';
    this.command = { command: 'fiscoBcos.bfs.loadMore', title: 'Load More', arguments: [this] };
  }
}

type Item = BfsItem | LoadMoreItem | ErrorItem;

/** Links resolved per page so rows show `→ address`; beyond this many, actions resolve on use. */
const RESOLVE_LINKS_PER_PAGE = 100;

/**
 * A directory listing does not carry link targets; read them (readlink) for the first links of
 * the page, a few at a time. A failed lookup leaves the row without a target, never fails the page.
 */
async function withLinkTargets(api: ChainApi, dir: string, page: BfsPage): Promise<BfsPage> {
  const links = page.entries
    .filter((e) => kindOf(e) === 'link' && !e.address)
    .slice(0, RESOLVE_LINKS_PER_PAGE);
  for (let i = 0; i < links.length; i += 10) {
    await Promise.all(
      links.slice(i, i + 10).map(async (e) => {
        const address = await api.bfsReadlink(joinPath(dir, e.name)).catch(() => undefined);
        if (address && !/^(0x)?0{40}$/i.test(address)) e.address = address.toLowerCase();
      }),
    );
  }
  return page;
}

export class BfsTree extends RefreshableTree<Item> {
  private readonly pages = new Map<string, PagedChildren>();
  private readonly items = new Map<string, BfsItem>();

  constructor(private readonly session: Session) {
    super();
  }

  override refresh(item?: Item): void {
    if (!item) this.pages.clear();
    else if (item instanceof BfsItem) this.pages.delete(item.path);
    super.refresh(item);
  }

  /** Reloads one directory (after mkdir/link) or everything. */
  refreshPath(path: string): void {
    const item = this.items.get(path);
    this.pages.delete(path);
    super.refresh(path === '/' || !item ? undefined : item);
  }

  async loadMore(parentPath: string): Promise<void> {
    const paged = this.pages.get(parentPath);
    const api = this.session.requireChain();
    if (!paged) return;
    paged.add(
      await withLinkTargets(api, parentPath, await api.bfsList(parentPath, paged.nextOffset, BFS_PAGE_SIZE)),
    );
    super.refresh(parentPath === '/' ? undefined : this.items.get(parentPath));
  }

  getParent(element: Item): Item | undefined {
    if (element instanceof BfsItem) {
      const i = element.path.lastIndexOf('/');
      return i > 0 ? this.items.get(element.path.slice(0, i)) : undefined;
    }
    return undefined;
  }

  protected async children(element?: Item): Promise<Item[]> {
    if (element && !(element instanceof BfsItem)) return [];
    const api = this.session.chain();
    if (!api) return [];
    const path = element ? element.path : '/';
    try {
      let paged = this.pages.get(path);
      if (!paged) {
        paged = new PagedChildren();
        paged.add(await withLinkTargets(api, path, await api.bfsList(path, 0, BFS_PAGE_SIZE)));
        this.pages.set(path, paged);
      }
      const children: Item[] = sortEntries(paged.entries).map((e) => {
        const item = new BfsItem(joinPath(path, e.name), e);
        this.items.set(item.path, item);
        return item;
      });
      if (paged.hasMore) children.push(new LoadMoreItem(path, paged.left));
      return children;
    } catch (err) {
      return [new ErrorItem(`Cannot list ${path}`, err)];
    }
  }
}
