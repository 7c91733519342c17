// The compile pipeline of the language server: a file's import closure (unsaved buffers first),
// the solc version its pragmas and the settings ask for (downloaded once when not available),
// a default evmVersion for FISCO BCOS, and one solc run. Diagnostics and Deploy share it.

import semver from 'semver';
import { collectSources, type ProjectContext, type SourceClosure } from './importResolver';
import { chooseVersion, evmVersionFor, pragmaRanges } from './solcVersions';
import type { Solc, SolcStore } from './solcLoader';
import { downloadSolc, type DownloadProgress } from './solcDownload';
import { compileClosure, type CompileOutcome, type Problem } from './compilation';
import type { ServerSettings } from './protocol';
import { errorMessage } from './untyped';

export interface CompileRun extends CompileOutcome {
  file: string;
  closure: SourceClosure;
  version: string;
  evmVersion: string;
  reason: string;
  ms: number;
}

export interface DownloadHooks {
  start(version: string): void;
  progress(version: string, p: DownloadProgress): void;
  done(version: string): void;
  failed(version: string, message: string): void;
}

export class CompileService {
  private readonly downloads = new Map<string, Promise<void>>();
  private readonly failedDownloads = new Map<string, { at: number; message: string }>();
  compiles = 0;
  lastCompileMs = 0;

  constructor(
    private readonly store: SolcStore,
    private readonly settings: () => ServerSettings,
    private readonly contextFor: (file: string) => ProjectContext,
    private readonly read: (file: string) => string | undefined,
    private readonly hooks: DownloadHooks,
  ) {}

  async compile(file: string, full: boolean): Promise<CompileRun> {
    const ctx = this.contextFor(file);
    const closure = collectSources(file, ctx, this.read);
    const started = performance.now();
    const base = {
      file,
      closure,
      contracts: [],
      sourceIds: {},
      version: '',
      evmVersion: '',
      reason: '',
      ms: 0,
    };
    let picked: { solc: Solc; version: string; reason: string };
    try {
      picked = await this.pick(closure);
    } catch (err) {
      return { ...base, problems: [this.problemAtPragma(file, closure, errorMessage(err))] };
    }
    const s = this.settings();
    const evmVersion = evmVersionFor(picked.version, s.evmVersion);
    const out = compileClosure(picked.solc, closure, picked.version, {
      evmVersion,
      optimizer: s.optimizer,
      full,
      remappings: ctx.remappings.map((r) => `${r.context ? `${r.context}:` : ''}${r.prefix}=${r.target}`),
    });
    this.compiles++;
    this.lastCompileMs = performance.now() - started;
    return {
      ...base,
      ...out,
      version: picked.version,
      evmVersion,
      reason: picked.reason,
      ms: this.lastCompileMs,
    };
  }

  private async pick(closure: SourceClosure): Promise<{ solc: Solc; version: string; reason: string }> {
    const s = this.settings();
    if (s.soljsonPath) {
      const solc = this.store.loadFile(s.soljsonPath);
      const version = semver.coerce(solc.version())?.version ?? solc.version();
      return { solc, version, reason: `fiscoBcos.solc.soljsonPath (${s.soljsonPath})` };
    }
    const ranges = Object.values(closure.sources).flatMap(pragmaRanges);
    const choice = chooseVersion([...new Set(ranges)], this.store.available(), s.version || undefined);
    if (choice.download) await this.download(choice.version);
    return { solc: this.store.load(choice.version), version: choice.version, reason: choice.reason };
  }

  /** One download per version at a time; a failure is not retried for a minute (typing re-compiles). */
  private download(version: string): Promise<void> {
    const failed = this.failedDownloads.get(version);
    if (failed && Date.now() - failed.at < 60_000) return Promise.reject(new Error(failed.message));
    const cacheDir = this.store.cacheDir;
    if (!cacheDir)
      return Promise.reject(
        new Error(`solc ${version} is needed but there is no cache folder to download it to.`),
      );
    let running = this.downloads.get(version);
    if (!running) {
      this.hooks.start(version);
      running = downloadSolc(version, cacheDir, this.settings().registry, (p) =>
        this.hooks.progress(version, p),
      ).then(
        () => {
          this.downloads.delete(version);
          this.hooks.done(version);
        },
        (err: unknown) => {
          this.downloads.delete(version);
          const message =
            `solc ${version} could not be downloaded: ${errorMessage(err)} ` +
            'To compile offline, set fiscoBcos.solc.soljsonPath to a local soljson.js, or pin an installed version with fiscoBcos.solc.version.';
          this.failedDownloads.set(version, { at: Date.now(), message });
          this.hooks.failed(version, message);
          throw new Error(message);
        },
      );
      this.downloads.set(version, running);
    }
    return running;
  }

  private problemAtPragma(file: string, closure: SourceClosure, message: string): Problem {
    const text =
      Object.entries(closure.sources).find(([unit]) => closure.files.get(unit) === file)?.[1] ?? '';
    const lines = text.split('\n');
    const line = Math.max(
      0,
      lines.findIndex((l) => /\bpragma\s+solidity\b/.test(l)),
    );
    return {
      file,
      severity: 'error',
      message,
      start: { line, character: 0 },
      end: { line, character: lines[line]?.length ?? 0 },
    };
  }
}
