// Status bar: the active connection with its block height (polled), and the active account.

import * as vscode from 'vscode';
import type { Session } from './session';
import { describeError } from './errors';

export class StatusBar implements vscode.Disposable {
  private readonly connectionItem = vscode.window.createStatusBarItem(
    'fiscoBcos.connection',
    vscode.StatusBarAlignment.Left,
    50,
  );
  private readonly accountItem = vscode.window.createStatusBarItem(
    'fiscoBcos.account',
    vscode.StatusBarAlignment.Left,
    49,
  );
  private timer: NodeJS.Timeout | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];
  private polling = false;
  /** Bumped on every restart: a poll that began before a switch must not paint the old chain's height. */
  private generation = 0;
  /** Latest height seen, for views that want it without a request. */
  height: number | undefined;

  constructor(private readonly session: Session) {
    this.connectionItem.name = 'FISCO BCOS Connection';
    this.connectionItem.command = 'fiscoBcos.selectConnection';
    this.accountItem.name = 'FISCO BCOS Account';
    this.accountItem.command = 'fiscoBcos.selectAccount';
    this.subscriptions.push(
      session.onDidChange(() => this.restart()),
      vscode.workspace.onDidChangeConfiguration(
        (e) => e.affectsConfiguration('fiscoBcos.blockPollInterval') && this.restart(),
      ),
    );
    this.restart();
  }

  private restart(): void {
    if (this.timer) clearInterval(this.timer);
    this.generation++;
    this.polling = false;
    this.height = undefined;
    this.render();
    if (!this.session.connection) return;
    const interval = Math.max(
      1000,
      vscode.workspace.getConfiguration('fiscoBcos').get<number>('blockPollInterval', 5000),
    );
    this.timer = setInterval(() => void this.poll(), interval);
    void this.poll();
  }

  private async poll(): Promise<void> {
    const api = this.session.chain();
    if (!api || this.polling) return;
    const mine = this.generation;
    this.polling = true;
    try {
      const height = await api.blockNumber();
      if (mine !== this.generation) return;
      this.height = height;
      this.render();
    } catch (err) {
      if (mine !== this.generation) return;
      this.height = undefined;
      this.render(describeError(err));
    } finally {
      if (mine === this.generation) this.polling = false;
    }
  }

  private render(error?: string): void {
    const c = this.session.connection;
    if (!c) {
      this.connectionItem.text = '$(plug) FISCO BCOS: not connected';
      this.connectionItem.tooltip = 'Select or add a FISCO BCOS connection';
      this.connectionItem.backgroundColor = undefined;
      this.connectionItem.show();
      this.accountItem.hide();
      return;
    }
    if (error) {
      this.connectionItem.text = `$(warning) ${c.name} · offline`;
      this.connectionItem.tooltip = `${c.url} (${c.group})\n${error}`;
      this.connectionItem.backgroundColor = new vscode.ThemeColor('statusBarItem.warningBackground');
    } else {
      this.connectionItem.text = `$(plug) ${c.name} · ${c.group}${this.height !== undefined ? ` · #${this.height}` : ''}`;
      this.connectionItem.tooltip = `${c.url} · ${c.group}${c.sm ? ' · SM' : ''}\nBlock height ${this.height ?? '…'}\nClick to switch connection`;
      this.connectionItem.backgroundColor = undefined;
    }
    this.connectionItem.show();
    const account = this.session.account();
    this.accountItem.text = account
      ? `$(account) ${account.label} (${account.address.slice(0, 6)}…${account.address.slice(-4)})`
      : '$(account) No account';
    this.accountItem.tooltip = account
      ? `${account.address}\nClick to switch account`
      : 'Create or import an account to send transactions';
    this.accountItem.show();
  }

  /** Text of the connection item (tests read it). */
  get text(): string {
    return this.connectionItem.text;
  }

  /** Text of the account item (tests read it). */
  get accountText(): string {
    return this.accountItem.text;
  }

  dispose(): void {
    if (this.timer) clearInterval(this.timer);
    for (const s of this.subscriptions) s.dispose();
    this.connectionItem.dispose();
    this.accountItem.dispose();
  }
}
