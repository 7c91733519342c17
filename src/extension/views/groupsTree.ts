// Groups view: connection → group → nodes (role, weight, versions, block, pending txs, PBFT view,
// sync state). Per-node figures use node-named requests.

import * as vscode from 'vscode';
import type { NodeStatus, NodeSummary } from '../chain/chainApi';
import { type ConnectionConfig, describeConnection } from '../connections/connectionModel';
import {
  contextValueOf,
  describeNode,
  protocolText,
  roleLabel,
  syncText,
  versionText,
} from '../models/groupsModel';
import type { Session } from '../session';
import { DetailItem, ErrorItem, RefreshableTree } from './treeItems';

export class ConnectionItem extends vscode.TreeItem {
  constructor(
    readonly connection: ConnectionConfig,
    active: boolean,
  ) {
    super(
      connection.name,
      active ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed,
    );
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
    readonly chainId: string,
    public height: number | undefined,
  ) {
    super(connection.group, vscode.TreeItemCollapsibleState.Expanded);
    this.id = `group:${connection.name}:${connection.group}`;
    this.iconPath = new vscode.ThemeIcon('type-hierarchy');
    this.contextValue = 'group';
    this.setHeight(height);
  }

  setHeight(height: number | undefined): void {
    this.height = height;
    this.description = `chain ${this.chainId}${height !== undefined ? ` · block ${height}` : ''}`;
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
    this.iconPath = new vscode.ThemeIcon(
      node.role === 'sealer' ? 'server-process' : node.role === 'observer' ? 'eye' : 'server',
    );
    this.contextValue = contextValueOf(node);
    this.tooltip = `${node.name}\nNode ID ${node.nodeId}\n${roleLabel(node)}\nVersion ${versionText(node)}`;
  }
}

type Item = ConnectionItem | GroupItem | NodeItem | DetailItem | ErrorItem;

export class GroupsTree extends RefreshableTree<Item> {
  /** The active connection's group row as last rendered: its height follows the block polls. */
  private activeGroup: GroupItem | undefined;
  private timer: NodeJS.Timeout | undefined;
  private polling = false;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly session: Session,
    /** The Web3 JSON-RPC URL a connection's node serves, when known (the local node's `--web3`). */
    private readonly web3UrlOf: (c: ConnectionConfig) => string | undefined = () => undefined,
  ) {
    super();
    // The status bar polls the height at fiscoBcos.blockPollInterval; the group row polls at the
    // same interval and re-renders only itself, so the two show the same block.
    this.subscriptions.push(
      vscode.workspace.onDidChangeConfiguration(
        (e) => e.affectsConfiguration('fiscoBcos.blockPollInterval') && this.restartPolling(),
      ),
    );
    this.restartPolling();
  }

  private restartPolling(): void {
    if (this.timer) clearInterval(this.timer);
    const interval = Math.max(
      1000,
      vscode.workspace.getConfiguration('fiscoBcos').get<number>('blockPollInterval', 5000),
    );
    this.timer = setInterval(() => void this.pollHeight(), interval);
  }

  private async pollHeight(): Promise<void> {
    const item = this.activeGroup;
    const c = this.session.connection;
    if (!item || !c || item.connection.name !== c.name || this.polling) return;
    this.polling = true;
    try {
      const height = await this.session.chainFor(c).blockNumber();
      if (height !== item.height && this.activeGroup === item) {
        item.setHeight(height);
        this.changed.fire(item);
      }
    } catch {
      // The status bar reports an offline chain; a full refresh shows the error row.
    } finally {
      this.polling = false;
    }
  }

  override dispose(): void {
    if (this.timer) clearInterval(this.timer);
    for (const s of this.subscriptions) s.dispose();
    super.dispose();
  }

  protected async children(element?: Item): Promise<Item[]> {
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
      const [summary, height] = await Promise.all([
        api.groupSummary(),
        api.blockNumber().catch(() => undefined),
      ]);
      const item = new GroupItem(c, summary.chainId, height);
      if (c.name === this.session.connection?.name) this.activeGroup = item;
      const web3Url = this.web3UrlOf(c);
      if (web3Url === undefined) return [item];
      return [
        item,
        new DetailItem(
          'Web3 JSON-RPC',
          web3Url,
          'globe',
          `Ethereum JSON-RPC of this node (ethers, viem, cast): ${web3Url}\nChain id: eth_chainId (web3_chain_id)`,
        ),
      ];
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
