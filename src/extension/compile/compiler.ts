// Compiles Solidity for Deploy and the Test Explorer. When the Solidity language server runs, it
// compiles (same pipeline, version choice, imports and unsaved buffers as its diagnostics, which
// it publishes). Otherwise (another Solidity extension preferred, or the server turned off) solc
// runs lazily in a worker thread (dist/solc-worker.js, kept alive between compiles): the bundled
// solc or a configured soljson; or a configured native solc executable. The extension-host thread
// never loads or runs solc. Compiled contracts are cached per document version.

import * as vscode from 'vscode';
import * as path from 'node:path';
import * as fs from 'node:fs';
import { buildInput, type CompiledContract, readOutput } from './solcIO';
import { rememberCompilation } from '../debug/compiledCode';
import type { StorageLayout } from '../debug/variables/storageDecode';
import { compileWithBinary, solcBinaryVersion } from './solcBinary';
import { CompileCancelledError, SolcWorkerClient } from './solcWorkerClient';
import { CancelledError } from '../errors';
import type { SolidityLanguageClient } from '../solidity/languageClient';

export class Compiler implements vscode.Disposable {
  readonly diagnostics = vscode.languages.createDiagnosticCollection('fisco-bcos-solc');
  private readonly cache = new Map<string, { version: number; contracts: CompiledContract[] }>();
  private readonly worker: SolcWorkerClient;
  /** Every contract of the last compile of a document (its imports too), for library linking. */
  private readonly allContracts = new Map<string, CompiledContract[]>();
  private languageClient: SolidityLanguageClient | undefined;
  /** Thread id of the thread the last solcjs compile ran on (tests assert it is not the host's). */
  lastCompileThreadId: number | undefined;

  /** `workerFile`: the bundled worker, dist/solc-worker.js. */
  constructor(workerFile: string) {
    this.worker = new SolcWorkerClient(workerFile);
  }

  /** The worker's thread id while it runs; how many workers were started (1 while it is reused). */
  get workerInfo(): { threadId: number | undefined; started: number } {
    return { threadId: this.worker.threadId, started: this.worker.workersStarted };
  }

  /** Compiles through the language server whenever it runs. */
  useLanguageServer(client: SolidityLanguageClient): void {
    this.languageClient = client;
  }

  /** All contracts (imports included) of the last compile of `doc`: where libraries are found. */
  contractsWithImports(doc: vscode.TextDocument): CompiledContract[] {
    return this.allContracts.get(doc.uri.toString()) ?? [];
  }

  /** Compiles a .sol document (and its imports); shows problems; throws when there are errors. */
  async compile(doc: vscode.TextDocument): Promise<CompiledContract[]> {
    const cached = this.cache.get(doc.uri.toString());
    if (cached && cached.version === doc.version && !doc.isDirty) return cached.contracts;
    const cfg = vscode.workspace.getConfiguration('fiscoBcos.solc');
    if (this.languageClient && !cfg.get<string>('binaryPath', '').trim()) {
      const viaServer = await this.compileWithServer(doc, this.languageClient);
      if (viaServer) return viaServer;
    }
    const settings = {
      // '' means: the language server's per-version default; the worker path compiles for Paris.
      evmVersion: cfg.get<string>('evmVersion', '') || 'paris',
      optimizer: cfg.get<boolean>('optimizer', false),
    };
    const root = vscode.workspace.getWorkspaceFolder(doc.uri)?.uri.fsPath ?? path.dirname(doc.uri.fsPath);
    const unit = path.relative(root, doc.uri.fsPath).split(path.sep).join('/');
    const sources: Record<string, string> = { [unit]: doc.getText() };

    const title = `Compiling ${path.basename(doc.uri.fsPath)}`;
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title, cancellable: true },
      async (progress, token) => {
        const input = buildInput(sources, settings);
        const binary = cfg.get<string>('binaryPath', '').trim();
        let output: string;
        if (binary) {
          // A native solc: the setting wins over soljsonPath and the bundled compiler.
          progress.report({ message: `solc ${await solcBinaryVersion(binary)} (${binary})` });
          output = await compileWithBinary(binary, input, root);
        } else {
          progress.report({ message: 'loading solc…' });
          const abort = new AbortController();
          const cancel = token.onCancellationRequested(() => abort.abort());
          try {
            const r = await this.worker.compile(input, {
              root,
              soljsonPath: cfg.get<string>('soljsonPath', '').trim(),
              onLoaded: (version) => progress.report({ message: `solc ${version}` }),
              signal: abort.signal,
            });
            this.lastCompileThreadId = r.threadId;
            output = r.output;
          } catch (err) {
            if (err instanceof CompileCancelledError) throw new CancelledError();
            throw err;
          } finally {
            cancel.dispose();
          }
        }
        const { contracts, problems, sourceIds, asts } = readOutput(output);
        rememberCompilation(contracts, sourceTexts(root, sources, sourceIds), sourceIds, asts, root);
        this.publish(root, problems);
        const errors = problems.filter((p) => p.severity === 'error');
        if (errors.length)
          throw new Error(
            `Compilation failed with ${errors.length} error${errors.length > 1 ? 's' : ''}: ${errors[0].message.replace(/\.$/, '')}. See the Problems panel.`,
          );
        const own = contracts.filter((c) => c.source === unit);
        this.cache.set(doc.uri.toString(), { version: doc.version, contracts: own });
        return own;
      },
    );
  }

  private async compileWithServer(
    doc: vscode.TextDocument,
    client: SolidityLanguageClient,
  ): Promise<CompiledContract[] | undefined> {
    const res = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: `Compiling ${path.basename(doc.uri.fsPath)}` },
      () => client.compile(doc.uri),
    );
    if (!res) return undefined;
    // The server published the problems; ours would repeat them.
    this.diagnostics.clear();
    if (res.errors.length) {
      const first = res.errors[0];
      const where = first.file ? ` (${path.basename(first.file)}:${first.line + 1})` : '';
      throw new Error(
        `Compilation with solc ${res.version || '?'} failed with ${res.errors.length} error${res.errors.length > 1 ? 's' : ''}: ${first.message.replace(/\.$/, '')}${where}. See the Problems panel.`,
      );
    }
    const all: CompiledContract[] = res.contracts.map((c) => ({
      source: c.unit,
      name: c.name,
      // solc's ABI JSON, passed through the server unchanged.
      // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
      abi: c.abi as CompiledContract['abi'],
      bytecode: `0x${c.bytecode}`,
      linkReferences: c.linkReferences,
      ...(c.sourceMap ? { sourceMap: c.sourceMap } : {}),
      ...(c.deployedBytecode !== undefined
        ? { deployedBytecode: `0x${c.deployedBytecode}`, deployedSourceMap: c.deployedSourceMap ?? '' }
        : {}),
      // solc's storageLayout, passed through the server unchanged.
      // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
      ...(c.storageLayout !== undefined ? { storageLayout: c.storageLayout as StorageLayout } : {}),
    }));
    // The server's unit names are relative to its root: the folder a contract's file is in, less its unit.
    const placed = res.contracts.find((c) => c.file?.split(path.sep).join('/').endsWith(`/${c.unit}`));
    const root = placed?.file?.slice(0, placed.file.length - placed.unit.length - 1);
    rememberCompilation(all, res.sources ?? {}, res.sourceIds ?? {}, res.asts ?? [], root);
    const own = all.filter((c, i) => res.contracts[i].file === doc.uri.fsPath);
    this.allContracts.set(doc.uri.toString(), all);
    this.cache.set(doc.uri.toString(), { version: doc.version, contracts: own });
    return own;
  }

  private publish(root: string, problems: ReturnType<typeof readOutput>['problems']): void {
    this.diagnostics.clear();
    const byFile = new Map<string, vscode.Diagnostic[]>();
    for (const p of problems) {
      const file = p.file ? path.join(root, p.file) : undefined;
      if (!file || !fs.existsSync(file)) continue;
      const text =
        vscode.workspace.textDocuments.find((d) => d.uri.fsPath === file)?.getText() ??
        fs.readFileSync(file, 'utf8');
      const pos = (offset: number) => {
        // solc offsets are bytes; convert via UTF-8 to a character index.
        const chars = Buffer.from(text, 'utf8').subarray(0, offset).toString('utf8').length;
        const before = text.slice(0, chars);
        const line = before.split('\n').length - 1;
        return new vscode.Position(line, chars - (before.lastIndexOf('\n') + 1));
      };
      const range = new vscode.Range(pos(p.start ?? 0), pos(p.end ?? p.start ?? 0));
      const d = new vscode.Diagnostic(
        range,
        p.message,
        p.severity === 'error'
          ? vscode.DiagnosticSeverity.Error
          : p.severity === 'warning'
            ? vscode.DiagnosticSeverity.Warning
            : vscode.DiagnosticSeverity.Information,
      );
      d.source = 'solc';
      if (p.code) d.code = p.code;
      const list = byFile.get(file) ?? [];
      list.push(d);
      byFile.set(file, list);
    }
    for (const [file, list] of byFile) this.diagnostics.set(vscode.Uri.file(file), list);
  }

  dispose(): void {
    this.diagnostics.dispose();
    void this.worker.terminate();
  }
}

/** Texts of every unit of a compilation (imports read from the workspace), for source locations. */
function sourceTexts(
  root: string,
  sources: Record<string, string>,
  ids: Record<string, number>,
): Record<string, string> {
  const texts = { ...sources };
  for (const name of Object.keys(ids)) {
    if (texts[name] !== undefined) continue;
    try {
      texts[name] = fs.readFileSync(path.join(root, name), 'utf8');
    } catch {
      // an import resolved elsewhere (e.g. node_modules): its lines stay unknown
    }
  }
  return texts;
}
