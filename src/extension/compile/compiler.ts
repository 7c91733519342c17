// Compiles Solidity with solc loaded lazily (never at activation): the npm solc, a configured
// soljson, or a configured native solc executable. Problems go to the Problems panel; compiled
// contracts are cached per document version.

import * as vscode from 'vscode';
import * as path from 'node:path';
import * as fs from 'node:fs';
import { buildInput, type CompiledContract, readOutput } from './solcIO';
import { compileWithBinary, solcBinaryVersion } from './solcBinary';

interface Solc {
  compile(input: string, options?: { import?: (p: string) => { contents?: string; error?: string } }): string;
  version(): string;
}

let solcPromise: Promise<Solc> | undefined;
let solcFrom = '';

function loadSolc(soljsonPath: string): Promise<Solc> {
  if (solcPromise && solcFrom === soljsonPath) return solcPromise;
  solcFrom = soljsonPath;
  solcPromise = new Promise<Solc>((resolve, reject) => {
    // setImmediate lets the progress notification paint before the synchronous soljson load.
    setImmediate(() => {
      try {
        if (soljsonPath) {
          if (!fs.existsSync(soljsonPath)) throw new Error(`fiscoBcos.solc.soljsonPath points to ${soljsonPath}, which does not exist.`);
          const wrapper = require('solc/wrapper') as (m: unknown) => Solc;
          resolve(wrapper(require(soljsonPath)));
        } else {
          resolve(require('solc') as Solc);
        }
      } catch (err) {
        solcPromise = undefined;
        reject(new Error(`Could not load the Solidity compiler: ${(err as Error).message}`));
      }
    });
  });
  return solcPromise;
}

export class Compiler implements vscode.Disposable {
  readonly diagnostics = vscode.languages.createDiagnosticCollection('fisco-bcos-solc');
  private readonly cache = new Map<string, { version: number; contracts: CompiledContract[] }>();

  /** Compiles a .sol document (and its imports); shows problems; throws when there are errors. */
  async compile(doc: vscode.TextDocument): Promise<CompiledContract[]> {
    const cached = this.cache.get(doc.uri.toString());
    if (cached && cached.version === doc.version && !doc.isDirty) return cached.contracts;
    const cfg = vscode.workspace.getConfiguration('fiscoBcos.solc');
    const settings = { evmVersion: cfg.get<string>('evmVersion', 'paris'), optimizer: cfg.get<boolean>('optimizer', false) };
    const root = vscode.workspace.getWorkspaceFolder(doc.uri)?.uri.fsPath ?? path.dirname(doc.uri.fsPath);
    const unit = path.relative(root, doc.uri.fsPath).split(path.sep).join('/');
    const sources: Record<string, string> = { [unit]: doc.getText() };

    return vscode.window.withProgress({ location: vscode.ProgressLocation.Notification, title: `Compiling ${path.basename(doc.uri.fsPath)}` }, async (progress) => {
      const input = buildInput(sources, settings);
      const binary = cfg.get<string>('binaryPath', '').trim();
      let output: string;
      if (binary) {
        // A native solc: the setting wins over soljsonPath and the bundled compiler.
        progress.report({ message: `solc ${await solcBinaryVersion(binary)} (${binary})` });
        output = await compileWithBinary(binary, input, root);
      } else {
        progress.report({ message: 'loading solc…' });
        const solc = await loadSolc(cfg.get<string>('soljsonPath', '').trim());
        progress.report({ message: `solc ${solc.version()}` });
        const findImport = (p: string) => {
          const candidates = [path.join(root, p), path.join(root, 'node_modules', p), path.join(root, 'lib', p)];
          for (const c of candidates) if (fs.existsSync(c)) return { contents: fs.readFileSync(c, 'utf8') };
          return { error: `File not found: ${p}` };
        };
        output = solc.compile(input, { import: findImport });
      }
      const { contracts, problems } = readOutput(output);
      this.publish(root, problems);
      const errors = problems.filter((p) => p.severity === 'error');
      if (errors.length) throw new Error(`Compilation failed with ${errors.length} error${errors.length > 1 ? 's' : ''}: ${errors[0].message.replace(/\.$/, '')}. See the Problems panel.`);
      const own = contracts.filter((c) => c.source === unit);
      this.cache.set(doc.uri.toString(), { version: doc.version, contracts: own });
      return own;
    });
  }

  private publish(root: string, problems: ReturnType<typeof readOutput>['problems']): void {
    this.diagnostics.clear();
    const byFile = new Map<string, vscode.Diagnostic[]>();
    for (const p of problems) {
      const file = p.file ? path.join(root, p.file) : undefined;
      if (!file || !fs.existsSync(file)) continue;
      const text = vscode.workspace.textDocuments.find((d) => d.uri.fsPath === file)?.getText() ?? fs.readFileSync(file, 'utf8');
      const pos = (offset: number) => {
        // solc offsets are bytes; convert via UTF-8 to a character index.
        const chars = Buffer.from(text, 'utf8').subarray(0, offset).toString('utf8').length;
        const before = text.slice(0, chars);
        const line = before.split('\n').length - 1;
        return new vscode.Position(line, chars - (before.lastIndexOf('\n') + 1));
      };
      const range = new vscode.Range(pos(p.start ?? 0), pos(p.end ?? p.start ?? 0));
      const d = new vscode.Diagnostic(range, p.message, p.severity === 'error' ? vscode.DiagnosticSeverity.Error : p.severity === 'warning' ? vscode.DiagnosticSeverity.Warning : vscode.DiagnosticSeverity.Information);
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
  }
}
