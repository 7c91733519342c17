// A minimal LSP client for the tests: starts the bundled language server (built from source into
// out/test/sol-server, inside the repository so require('solc') and the solc-X aliases resolve
// from node_modules) and speaks JSON-RPC to it over stdio, as any editor would.

import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import esbuild from 'esbuild';
import {
  createMessageConnection,
  type MessageConnection,
  StreamMessageReader,
  StreamMessageWriter,
} from 'vscode-jsonrpc/node';
import type { Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import type { InitializationOptions } from '../../../src/langserver/protocol';

const repo = join(__dirname, '..', '..', '..');
const outDir = join(repo, 'out', 'test', 'sol-server');
let built: Promise<string> | undefined;

/** Bundles src/langserver/server.ts as esbuild.js does for dist/sol-server.js. */
export function buildServer(): Promise<string> {
  built ??= (async () => {
    mkdirSync(outDir, { recursive: true });
    await esbuild.build({
      entryPoints: { 'sol-server': join(repo, 'src', 'langserver', 'server.ts') },
      outdir: outDir,
      bundle: true,
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['solc', 'solc/*'],
      logLevel: 'error',
    });
    return join(outDir, 'sol-server.js');
  })();
  return built;
}

export const uri = (file: string): string => pathToFileURL(file).href;

export class LspClient {
  readonly diagnostics = new Map<string, Diagnostic[]>();
  readonly notifications: { method: string; params: unknown }[] = [];
  private waiters: (() => void)[] = [];
  private versions = new Map<string, number>();

  private constructor(
    readonly child: ChildProcess,
    readonly rpc: MessageConnection,
  ) {
    rpc.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      this.diagnostics.set(p.uri, p.diagnostics);
      this.wake();
    });
    rpc.onNotification((method, params) => {
      this.notifications.push({ method, params });
      this.wake();
    });
    // The server asks for progress tokens and configuration in some flows; answer plainly.
    rpc.onRequest('window/workDoneProgress/create', () => null);
    rpc.onRequest('workspace/configuration', () => []);
  }

  private wake(): void {
    const w = this.waiters;
    this.waiters = [];
    for (const f of w) f();
  }

  static async start(folder: string, init: Partial<InitializationOptions> = {}): Promise<LspClient> {
    const server = await buildServer();
    const child = spawn(process.execPath, [server, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const rpc = createMessageConnection(
      new StreamMessageReader(child.stdout),
      new StreamMessageWriter(child.stdin),
    );
    const client = new LspClient(child, rpc);
    rpc.listen();
    await rpc.sendRequest('initialize', {
      processId: process.pid,
      rootUri: uri(folder),
      workspaceFolders: [{ uri: uri(folder), name: 'ws' }],
      capabilities: {},
      initializationOptions: {
        debounceMs: 50,
        settings: {
          version: '',
          soljsonPath: '',
          evmVersion: '',
          optimizer: false,
          registry: 'http://127.0.0.1:9',
        },
        ...init,
      },
    });
    await rpc.sendNotification('initialized', {});
    return client;
  }

  /** Waits (bounded) until `check` holds; re-checked whenever the server sends something. */
  async until<T>(check: () => T | undefined | false, what: string, timeoutMs = 60_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const v = check();
      if (v) return v;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, Math.min(left, 1000));
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  open(file: string, text: string): void {
    this.versions.set(file, 1);
    void this.rpc.sendNotification('textDocument/didOpen', {
      textDocument: { uri: uri(file), languageId: 'solidity', version: 1, text },
    });
  }

  change(file: string, text: string): void {
    const version = (this.versions.get(file) ?? 1) + 1;
    this.versions.set(file, version);
    void this.rpc.sendNotification('textDocument/didChange', {
      textDocument: { uri: uri(file), version },
      contentChanges: [{ text }],
    });
  }

  /** The editor saved the buffer (the test writes the file itself first). */
  save(file: string): void {
    void this.rpc.sendNotification('textDocument/didSave', { textDocument: { uri: uri(file) } });
  }

  diagnosticsOf(file: string): Diagnostic[] | undefined {
    return this.diagnostics.get(uri(file));
  }

  request<R>(method: string, params: unknown): Promise<R> {
    return this.rpc.sendRequest(method, params);
  }

  async stop(): Promise<void> {
    try {
      await this.rpc.sendRequest('shutdown');
      await this.rpc.sendNotification('exit');
    } catch {
      // already gone
    }
    this.rpc.dispose();
    if (this.child.exitCode === null) this.child.kill();
  }
}

/** Position of the n-th occurrence (0-based) of `needle` in `text`, plus `delta` characters. */
export function positionOf(
  text: string,
  needle: string,
  delta = 0,
  nth = 0,
): { line: number; character: number } {
  let at = -1;
  for (let i = 0; i <= nth; i++) at = text.indexOf(needle, at + 1);
  if (at < 0) throw new Error(`"${needle}" not in text`);
  const before = text.slice(0, at + delta);
  return { line: before.split('\n').length - 1, character: before.length - before.lastIndexOf('\n') - 1 };
}
