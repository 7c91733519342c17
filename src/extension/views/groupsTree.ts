// Groups view: connection → group → nodes (role, weight, versions, block, pending txs, PBFT view,
// sync state). Per-node figures use node-named requests.

import * as vscode from 'vscode';
import type { NodeStatus, NodeSummary } from '../chain/chainApi';
import { type ConnectionConfig, describeConnection } from '../connections/connectionModel';
import { contextValueOf, describeNode, protocolText, roleLabel, syncText, versionText } from '../models/groupsModel';
import type { Session } from '../session';
import { DetailItem, ErrorItem, RefreshableTree } from './treeItems';

export class ConnectionItem extends vscode.TreeItem {
  constructor(
    readonly connection: ConnectionConfig,
    active: boolean,
  ) {
    super(connection.name, active ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    this.id = `connection:${connection.name}`;
    this.description = `${describeConnection(connection)}${active ? ' · active' : ''}`;
    this.iconPath = new vscode.ThemeIcon(active ? 'vm-active' : connection.local ? 'vm' : 'plug');
    this.contextValue = active ? 'connection.active' : 'connection';
    this.tooltip = `${connection.url}\nGroup ${connection.group}${connection.tlsCertDir ? `\nTLS: ${connection.tlsCertDir}` : ''}${connection.sm ? '\nSM crypto' : ''}`;
  }
}

export class GroupItem extends vscode.TreeItem {
  constructor(
    readonly connection: ConnectionConfig,
    chainId: string,
    height: number | undefined,
  ) {
    super(connection.group, vscode.TreeItemCollapsibleState.Expanded);
    this.id = `group:${connection.name}:${connection.group}`;
    this.description = `chain ${chainId}${height !== undefined ? ` · block ${height}` : ''}`;
    this.iconPath = new vscode.ThemeIcon('type-hierarchy');
    this.contextValue = 'group';
  }
}

export class NodeItem extends vscode.TreeItem {
  constructor(
    readonly connection: ConnectionConfig,
    readonly node: NodeSummary,
    readonly status: NodeStatus | undefined,
    readonly statusError?: unknown,
  ) {
    super(node.name, vscode.TreeItemCollapsibleState.Collapsed);
    this.id = `node:${connection.name}:${node.nodeId}`;
    this.description = statusError ? `${roleLabel(node)} · unreachable` : describeNode(node, status);
    this.iconPath = new vscode.ThemeIcon(node.role === 'sealer' ? 'server-process' : node.role === 'observer' ? 'eye' : 'server');
    this.contextValue = contextValueOf(node);
    this.tooltip = `${node.name}\nNode ID ${node.nodeId}\n${roleLabel(node)}\nVersion ${versionText(node)}`;
  }
}

type Item = ConnectionItem | GroupItem | NodeItem | DetailItem | ErrorItem;

export class GroupsTree extends RefreshableTree<Item> {
  constructor(private readonly session: Session) {
    super();
  }

  async getChildren(element?: Item): Promise<Item[]> {
    if (!element) {
      const active = this.session.connection?.name;
      return this.session.connections.list().map((c) => new ConnectionItem(c, c.name === active));
    }
    if (element instanceof ConnectionItem) return this.groupOf(element.connection);
    if (element instanceof GroupItem) return this.nodesOf(element.connection);
    if (element instanceof NodeItem) return this.detailsOf(element);
    return [];
  }

  private async groupOf(c: ConnectionConfig): Promise<Item[]> {
    try {
      const api = this.session.chainFor(c);
      const [summary, height] = await Promise.all([api.groupSummary(), api.blockNumber().catch(() => undefined)]);
      return [new GroupItem(c, summary.chainId, height)];
    } catch (err) {
      return [new ErrorItem(`Cannot reach ${c.url}`, err)];
    }
  }

  private async nodesOf(c: ConnectionConfig): Promise<Item[]> {
    try {
      const api = this.session.chainFor(c);
      const summary = await api.groupSummary();
      const items = await Promise.all(
        summary.nodes.map(async (n) => {
          try {
            return new NodeItem(c, n, await api.nodeStatus(n.name));
          } catch (err) {
            return new NodeItem(c, n, undefined, err);
          }
        }),
      );
      return items.length ? items : [new DetailItem('No nodes reported for this group')];
    } catch (err) {
      return [new ErrorItem('Cannot read the group', err)];
    }
  }

  private detailsOf(item: NodeItem): Item[] {
    const n = item.node;
    const rows: Item[] = [
      new DetailItem('Node ID', n.nodeId, 'key'),
      new DetailItem('Role', roleLabel(n), 'organization'),
      new DetailItem('Version', versionText(n), 'versions'),
      new DetailItem('Protocol', protocolText(n), 'symbol-numeric'),
    ];
    if (item.status) {
      const s = item.status;
      rows.push(
        new DetailItem('Block Number', String(s.blockNumber), 'package'),
        new DetailItem('Pending Transactions', String(s.pendingTxs), 'inbox'),
        new DetailItem('PBFT View', s.pbftView === undefined ? 'n/a' : String(s.pbftView), 'eye'),
        new DetailItem('Sync', syncText(s), 'sync'),
      );
    } else if (item.statusError) rows.push(new ErrorItem('Status', item.statusError));
    return rows;
  }
}
