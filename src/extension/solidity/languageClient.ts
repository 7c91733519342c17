// The thin client side of the Solidity language server (dist/sol-server.js, its own process):
// started when the first .sol document opens (never at activation), it forwards settings,
// shows compiler downloads as progress notifications and failures with the setting that pins a
// local compiler, and serves Deploy's compiles. vscode-languageclient (bundled apart as
// dist/sol-client.js) is loaded only then.

import * as vscode from 'vscode';
import * as path from 'node:path';
import type { LanguageClient } from 'vscode-languageclient/node';
import {
  COMPILE_REQUEST,
  type CompileResponse,
  DEFAULT_REGISTRY,
  DOWNLOAD_NOTIFICATION,
  type DownloadEvent,
  type CompilerNotice,
  type InitializationOptions,
  NOTICE_NOTIFICATION,
  type ServerSettings,
  SETTINGS_NOTIFICATION,
  STATS_REQUEST,
  type StatsResponse,
} from '../../langserver/protocol';
import { languageServerMode, otherSolidityExtension, shouldRunLanguageServer } from './coexistence';

type ClientFactory = typeof import('./clientFactory');

function settings(): ServerSettings {
  const cfg = vscode.workspace.getConfiguration('fiscoBcos.solc');
  return {
    version: cfg.get<string>('version', '').trim(),
    soljsonPath: cfg.get<string>('soljsonPath', '').trim(),
    evmVersion: cfg.get<string>('evmVersion', '').trim(),
    optimizer: cfg.get<boolean>('optimizer', false),
    registry: cfg.get<string>('registry', DEFAULT_REGISTRY).trim() || DEFAULT_REGISTRY,
  };
}

export class SolidityLanguageClient implements vscode.Disposable {
  private client: LanguageClient | undefined;
  private starting: Promise<LanguageClient | undefined> | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly downloads = new Map<string, { report: (e: DownloadEvent) => void; end: () => void }>();
  /** Why the server is not running (for the compile fallback and tests). */
  deferredTo: string | undefined;

  constructor(private readonly context: vscode.ExtensionContext) {
    const isSol = (d: vscode.TextDocument) => d.languageId === 'solidity' || d.fileName.endsWith('.sol');
    if (vscode.workspace.textDocuments.some(isSol)) void this.start();
    this.disposables.push(
      vscode.workspace.onDidOpenTextDocument((d) => {
        if (isSol(d)) void this.start();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('fiscoBcos.solc'))
          void this.client?.sendNotification(SETTINGS_NOTIFICATION, settings());
        if (e.affectsConfiguration('fiscoBcos.solidity.languageServer')) void this.restart();
      }),
    );
  }

  get running(): boolean {
    return !!this.client?.isRunning();
  }

  /** Starts the server unless another Solidity extension is preferred; resolves to the client. */
  start(): Promise<LanguageClient | undefined> {
    this.starting ??= this.doStart().catch((err: unknown) => {
      this.starting = undefined;
      void vscode.window.showErrorMessage(
        `The FISCO BCOS Solidity language server did not start: ${err instanceof Error ? err.message : String(err)}`,
      );
      return undefined;
    });
    return this.starting;
  }

  private async doStart(): Promise<LanguageClient | undefined> {
    const other = otherSolidityExtension();
    const mode = languageServerMode();
    if (!shouldRunLanguageServer(mode, other)) {
      this.deferredTo = mode === 'off' ? 'the fiscoBcos.solidity.languageServer setting' : other?.label;
      if (other && mode === 'auto') void this.tellDeferred(other.label);
      return undefined;
    }
    this.deferredTo = undefined;
    const dist = path.join(this.context.extensionPath, 'dist');
    // A bundle of ours (dist/sol-client.js), loaded on first use.
    // eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-type-assertion
    const factory = require(path.join(dist, 'sol-client.js')) as ClientFactory;
    const init: InitializationOptions = {
      cacheDir: path.join(this.context.globalStorageUri.fsPath, 'solc'),
      settings: settings(),
    };
    const client = factory.createLanguageClient(path.join(dist, 'sol-server.js'), {
      documentSelector: [
        { scheme: 'file', language: 'solidity' },
        { scheme: 'untitled', language: 'solidity' },
      ],
      initializationOptions: init,
      diagnosticCollectionName: 'fisco-bcos-solidity',
    });
    this.disposables.push(
      client.onNotification(DOWNLOAD_NOTIFICATION, (e: DownloadEvent) => this.onDownload(e)),
      // The server sends each notice once per session (e.g. offline: an older installed solc compiles).
      client.onNotification(NOTICE_NOTIFICATION, (n: CompilerNotice) => {
        void vscode.window.showInformationMessage(n.message);
      }),
    );
    await client.start();
    this.client = client;
    return client;
  }

  private async tellDeferred(label: string): Promise<void> {
    const key = 'fiscoBcos.solidity.deferNoticeShown';
    if (this.context.globalState.get<boolean>(key)) return;
    await this.context.globalState.update(key, true);
    const use = 'Use FISCO BCOS Language Features';
    const pick = await vscode.window.showInformationMessage(
      `${label} is installed, so FISCO BCOS leaves Solidity diagnostics, completion and navigation to it (Deploy still works). Set fiscoBcos.solidity.languageServer to "on" to use ours instead.`,
      use,
    );
    if (pick === use)
      await vscode.workspace
        .getConfiguration('fiscoBcos.solidity')
        .update('languageServer', 'on', vscode.ConfigurationTarget.Global);
  }

  private async restart(): Promise<void> {
    const old = this.client;
    this.client = undefined;
    this.starting = undefined;
    if (old) await old.stop();
    if (vscode.workspace.textDocuments.some((d) => d.languageId === 'solidity')) await this.start();
  }

  private onDownload(e: DownloadEvent): void {
    if (e.state === 'start') {
      void vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: `Downloading solc ${e.version} from the npm registry`,
        },
        (progress) =>
          new Promise<void>((end) => {
            let last = 0;
            this.downloads.set(e.version, {
              report: (p) => {
                if (!p.total || !p.received) return;
                const pct = Math.floor((p.received / p.total) * 100);
                progress.report({ increment: pct - last, message: `${pct}%` });
                last = pct;
              },
              end,
            });
          }),
      );
      return;
    }
    const d = this.downloads.get(e.version);
    if (e.state === 'progress') return d?.report(e);
    d?.end();
    this.downloads.delete(e.version);
    if (e.state === 'failed') {
      const open = 'Open Settings';
      void vscode.window
        .showErrorMessage(e.message ?? `solc ${e.version} could not be downloaded.`, open)
        .then((a) => {
          if (a) void vscode.commands.executeCommand('workbench.action.openSettings', 'fiscoBcos.solc');
        });
    }
  }

  /** Deploy's compile: the server's pipeline on the current buffers (undefined when not running). */
  async compile(uri: vscode.Uri): Promise<CompileResponse | undefined> {
    const client = await this.start();
    if (!client) return undefined;
    return client.sendRequest<CompileResponse>(COMPILE_REQUEST, { uri: uri.toString() });
  }

  /** How many solc runs the server made and how many compiles it answered from its last run. */
  async stats(): Promise<StatsResponse | undefined> {
    const client = await this.start();
    return client?.sendRequest<StatsResponse>(STATS_REQUEST, {});
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
    void this.client?.stop();
  }
}
