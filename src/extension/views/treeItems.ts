// Shared tree item helpers: detail rows, error rows (failures are shown in the tree, not
// swallowed) and a base provider with refresh.

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

export abstract class RefreshableTree<T extends vscode.TreeItem>
  implements vscode.TreeDataProvider<T>, vscode.Disposable
{
  protected readonly changed = new vscode.EventEmitter<T | undefined | void>();
  readonly onDidChangeTreeData = this.changed.event;

  refresh(item?: T): void {
    this.changed.fire(item);
  }

  getTreeItem(element: T): vscode.TreeItem {
    return element;
  }

  abstract getChildren(element?: T): vscode.ProviderResult<T[]>;

  dispose(): void {
    this.changed.dispose();
  }
}

export function shortHex(text: string, head = 10, tail = 6): string {
  return text.length > head + tail + 1 ? `${text.slice(0, head)}…${text.slice(-tail)}` : text;
}
