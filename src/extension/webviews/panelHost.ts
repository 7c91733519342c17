// A webview panel with a strict CSP (nonce'd script, local resources only, no inline styles),
// the bundled script dist/webview/<name>.js, and typed messages validated on arrival.

import * as vscode from 'vscode';
import { randomBytes } from 'node:crypto';
import { describeError } from '../errors';
import { recordPost } from '../testHooks';

export function nonce(): string {
  return randomBytes(16).toString('base64');
}

/** The page: only our script (by nonce) and our stylesheet; theme colours come from CSS variables. */
export function panelHtml(
  webview: vscode.Webview,
  extensionUri: vscode.Uri,
  script: string,
  title: string,
): string {
  const n = nonce();
  const scriptUri = webview.asWebviewUri(
    vscode.Uri.joinPath(extensionUri, 'dist', 'webview', `${script}.js`),
  );
  const styleUri = webview.asWebviewUri(vscode.Uri.joinPath(extensionUri, 'media', 'webview.css'));
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${n}'`,
    `style-src ${webview.cspSource}`,
    `font-src ${webview.cspSource}`,
    `img-src ${webview.cspSource} data:`,
  ].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${styleUri.toString()}">
<title>${title.replace(/[<>&"]/g, '')}</title>
</head>
<body>
<main id="app" aria-live="polite"><p class="muted">Loading…</p></main>
<script nonce="${n}" src="${scriptUri.toString()}"></script>
</body>
</html>`;
}

export interface PanelOptions<In> {
  viewType: string;
  title: string;
  script: string;
  extensionUri: vscode.Uri;
  /** Validates a message from the webview; undefined drops it. */
  parse: (m: unknown) => In | undefined;
  onMessage: (m: In, panel: PanelHost<In, unknown>) => void | Promise<void>;
  column?: vscode.ViewColumn;
}

export class PanelHost<In, Out> implements vscode.Disposable {
  readonly panel: vscode.WebviewPanel;
  private readonly disposables: vscode.Disposable[] = [];
  private disposed = false;
  private readonly handle: (raw: unknown) => Promise<void>;

  constructor(options: PanelOptions<In>) {
    this.panel = vscode.window.createWebviewPanel(
      options.viewType,
      options.title,
      options.column ?? vscode.ViewColumn.Active,
      {
        enableScripts: true,
        retainContextWhenHidden: true,
        localResourceRoots: [
          vscode.Uri.joinPath(options.extensionUri, 'dist', 'webview'),
          vscode.Uri.joinPath(options.extensionUri, 'media'),
        ],
      },
    );
    this.panel.webview.html = panelHtml(
      this.panel.webview,
      options.extensionUri,
      options.script,
      options.title,
    );
    this.handle = async (raw: unknown) => {
      const m = options.parse(raw);
      if (!m) {
        console.warn(`[${options.viewType}] dropped an invalid message`, raw);
        return;
      }
      try {
        await options.onMessage(m, this);
      } catch (err) {
        // Every failure reaches the page: RPC error names, decoded reverts, transport hints.
        void this.postError(describeError(err));
      }
    };
    this.disposables.push(
      this.panel.webview.onDidReceiveMessage((raw) => this.handle(raw)),
      this.panel.onDidDispose(() => this.dispose()),
    );
  }

  /**
   * Handles a message exactly as if the page had sent it, and resolves when the host is done with
   * it (the extension-host suite uses this to act as the page).
   */
  receive(raw: unknown): Promise<void> {
    return this.handle(raw);
  }

  /** Disposed together with the panel. */
  track(d: vscode.Disposable): void {
    if (this.disposed) d.dispose();
    else this.disposables.push(d);
  }

  get isDisposed(): boolean {
    return this.disposed;
  }

  post(message: Out): Thenable<boolean> {
    if (this.disposed) return Promise.resolve(false);
    recordPost(this.panel.viewType, message);
    return this.panel.webview.postMessage(message);
  }

  /** The `{ type: 'error', message }` every panel's page shows (see webview/lib/host.ts). */
  private postError(message: string): Thenable<boolean> {
    if (this.disposed) return Promise.resolve(false);
    recordPost(this.panel.viewType, { type: 'error', message });
    return this.panel.webview.postMessage({ type: 'error', message });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    for (const d of this.disposables) d.dispose();
    this.panel.dispose();
  }
}
