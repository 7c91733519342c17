// Reads and writes `fiscoBcos.connections` and the active connection, and reports problems in
// the settings once instead of failing silently.

import * as vscode from 'vscode';
import { type ConnectionConfig, parseConnections } from './connectionModel';

const SECTION = 'fiscoBcos';

export class ConnectionStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;
  private lastProblems = '';

  constructor() {
    this.subscription = vscode.workspace.onDidChangeConfiguration((e) => {
      if (
        e.affectsConfiguration(`${SECTION}.connections`) ||
        e.affectsConfiguration(`${SECTION}.activeConnection`)
      )
        this.changed.fire();
    });
  }

  list(): ConnectionConfig[] {
    const raw = vscode.workspace.getConfiguration(SECTION).get<unknown>('connections', []);
    const { connections, problems } = parseConnections(raw);
    const text = problems.join('\n');
    if (text && text !== this.lastProblems) {
      void vscode.window
        .showWarningMessage(
          `Some FISCO BCOS connections in settings are ignored: ${problems.join(' ')}`,
          'Open Settings',
        )
        .then((a) => {
          if (a)
            void vscode.commands.executeCommand('workbench.action.openSettings', `${SECTION}.connections`);
        });
    }
    this.lastProblems = text;
    return connections;
  }

  get(name: string): ConnectionConfig | undefined {
    return this.list().find((c) => c.name === name);
  }

  activeName(): string {
    return vscode.workspace.getConfiguration(SECTION).get<string>('activeConnection', '');
  }

  active(): ConnectionConfig | undefined {
    const list = this.list();
    return list.find((c) => c.name === this.activeName()) ?? (list.length === 1 ? list[0] : undefined);
  }

  async setActive(name: string): Promise<void> {
    await vscode.workspace
      .getConfiguration(SECTION)
      .update('activeConnection', name, vscode.ConfigurationTarget.Global);
  }

  /** Replaces the connection named `previousName` (or appends) and saves to user settings. */
  async upsert(connection: ConnectionConfig, previousName?: string): Promise<void> {
    const list = this.list();
    const index = list.findIndex((c) => c.name === (previousName ?? connection.name));
    if (index >= 0) list[index] = connection;
    else list.push(connection);
    await this.save(list);
    if (previousName && previousName !== connection.name && this.activeName() === previousName)
      await this.setActive(connection.name);
  }

  async remove(name: string): Promise<void> {
    await this.save(this.list().filter((c) => c.name !== name));
    if (this.activeName() === name) await this.setActive('');
  }

  private async save(list: ConnectionConfig[]): Promise<void> {
    await vscode.workspace
      .getConfiguration(SECTION)
      .update('connections', list, vscode.ConfigurationTarget.Global);
    this.changed.fire();
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}
