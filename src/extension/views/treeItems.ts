// Shared tree item helpers: detail rows, error rows (failures are shown in the tree, not
// swallowed) and a base provider with coalesced refreshes.

import * as vscode from 'vscode';
import { describeError } from '../errors';

export class DetailItem extends vscode.TreeItem {
  constructor(label: string, description?: string, icon?: string, tooltip?: string) {
    super(label, vscode.TreeItemCollapsibleState.None);
    this.description = description;
    if (icon) this.iconPath = new vscode.ThemeIcon(icon);
    this.tooltip = tooltip ?? (description ? `${label}: ${description}` : label);
    this.contextValue = 'detail';
  }
}

export class ErrorItem extends vscode.TreeItem {
  constructor(what: string, err: unknown) {
    super(`${what}: ${describeError(err)}`, vscode.TreeItemCollapsibleState.None);
    this.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
    this.tooltip = describeError(err);
    this.contextValue = 'error';
  }
}

/** Full refreshes asked for within this time fire one change event (start-up fires several). */
export const REFRESH_COALESCE_MS = 50;
/** The longest a full refresh waits for children requests the tree is still answering. */
export const REFRESH_MAX_WAIT_MS = 2000;

/**
 * A tree provider whose full refreshes are coalesced: a burst of refresh() calls (the session,
 * the accounts and the local node all announce themselves at start-up) fires one change event,
 * after the children requests in flight are answered. VS Code could otherwise drop the children
 * request of a row it was expanding when the next refresh arrived (its extension host logs "No
 * tree item with id … found" and answers nothing), and show the row open and empty. A refresh
 * of one item fires at once.
 */
export abstract class RefreshableTree<T extends vscode.TreeItem>
  implements vscode.TreeDataProvider<T>, vscode.Disposable
{
  protected readonly changed = new vscode.EventEmitter<T | undefined | void>();
  readonly onDidChangeTreeData = this.changed.event;
  private pending: { settled: Promise<void>; fire: () => void; drop: () => void; since: number } | undefined;
  private refreshTimer: NodeJS.Timeout | undefined;
  private inFlight = 0;

  refresh(item?: T): void {
    if (item !== undefined) {
      this.changed.fire(item);
      return;
    }
    if (this.pending) return; // this burst's event is still to come: it covers this call too
    let done!: () => void;
    const settled = new Promise<void>((resolve) => (done = resolve));
    const fire = () => {
      if (this.pending?.settled !== settled) return;
      this.pending = undefined;
      clearTimeout(this.refreshTimer);
      this.changed.fire();
      done();
    };
    this.pending = { settled, fire, drop: done, since: Date.now() };
    this.schedule(REFRESH_COALESCE_MS);
  }

  /** Settles once the full refresh asked for (if any) has fired its change event. */
  whenRefreshed(): Promise<void> {
    return this.pending?.settled ?? Promise.resolve();
  }

  private schedule(ms: number): void {
    clearTimeout(this.refreshTimer);
    this.refreshTimer = setTimeout(() => {
      const p = this.pending;
      if (!p) return;
      const waited = Date.now() - p.since;
      // Children requests still being answered: fire when the last one is (see children()),
      // or at the latest after REFRESH_MAX_WAIT_MS (a slow chain must not hold the view).
      if (this.inFlight > 0 && waited < REFRESH_MAX_WAIT_MS) this.schedule(REFRESH_MAX_WAIT_MS - waited);
      else p.fire();
    }, ms);
  }

  getTreeItem(element: T): vscode.TreeItem {
    return element;
  }

  async getChildren(element?: T): Promise<T[]> {
    this.inFlight++;
    try {
      return (await this.children(element)) ?? [];
    } finally {
      this.inFlight--;
      // The coalescing window has passed and this was the last request the event waited for.
      const p = this.pending;
      if (this.inFlight === 0 && p && Date.now() - p.since >= REFRESH_COALESCE_MS) p.fire();
    }
  }

  /** The rows under `element` (the root's with none). */
  protected abstract children(element?: T): vscode.ProviderResult<T[]>;

  dispose(): void {
    clearTimeout(this.refreshTimer);
    // Nothing to refresh any more: whoever waits for the event is let go without it.
    this.pending?.drop();
    this.pending = undefined;
    this.changed.dispose();
  }
}

export function shortHex(text: string, head = 10, tail = 6): string {
  return text.length > head + tail + 1 ? `${text.slice(0, head)}…${text.slice(-tail)}` : text;
}
