// The compile pipeline of the language server: a file's import closure (unsaved buffers first),
// the solc version its pragmas and the settings ask for (the newest release, downloaded once when
// not available; offline, the newest installed), a default evmVersion for FISCO BCOS, and one
// solc run. Diagnostics and Deploy share it: the last run per file is kept, keyed by a hash of
// every source text and setting, and answered again while nothing changed (Deploy then runs no solc).

import crypto from 'node:crypto';
import semver from 'semver';
import { collectSources, type ProjectContext, type SourceClosure } from './importResolver';
import { chooseVersion, evmVersionFor, newestSatisfying, pragmaRanges } from './solcVersions';
import { ReleaseCatalog } from './solcReleases';
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
  /** Bytecode was asked for (Deploy, or a file just opened or saved). */
  full: boolean;
  /** Answered from the previous run of the same inputs: solc did not run. */
  reused: boolean;
}

export interface DownloadHooks {
  start(version: string): void;
  progress(version: string, p: DownloadProgress): void;
  done(version: string): void;
  failed(version: string, message: string): void;
  /** A one-time explanation (e.g. compiling offline with an older installed version). */
  notice(message: string): void;
}

export class CompileService {
  private readonly downloads = new Map<string, Promise<void>>();
  private readonly failedDownloads = new Map<string, { at: number; message: string; retryMs: number }>();
  private readonly noticed = new Set<string>();
  /** Per root file: the inputs' hash and the run they gave. */
  private readonly results = new Map<string, { key: string; run: CompileRun }>();
  readonly releases: ReleaseCatalog;
  compiles = 0;
  reused = 0;
  lastCompileMs = 0;

  constructor(
    private readonly store: SolcStore,
    private readonly settings: () => ServerSettings,
    private readonly contextFor: (file: string) => ProjectContext,
    private readonly read: (file: string) => string | undefined,
    private readonly hooks: DownloadHooks,
  ) {
    this.releases = new ReleaseCatalog(store.cacheDir);
  }

  /** Forgets a file's last run (closed). */
  forget(file: string): void {
    this.results.delete(file);
  }

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
      full,
      reused: false,
    };
    let picked: { solc: Solc; version: string; reason: string };
    try {
      picked = await this.pick(closure);
    } catch (err) {
      return { ...base, problems: [this.problemAtPragma(file, closure, errorMessage(err))] };
    }
    const s = this.settings();
    const evmVersion = evmVersionFor(picked.version, s.evmVersion);
    const remappings = ctx.remappings.map(
      (r) => `${r.context ? `${r.context}:` : ''}${r.prefix}=${r.target}`,
    );
    const key = inputsKey(closure, [picked.version, picked.reason, evmVersion, s.optimizer, remappings]);
    const previous = this.results.get(file);
    // A run with bytecode answers an analysis too; an analysis cannot answer Deploy.
    if (previous?.key === key && (previous.run.full || !full)) {
      this.reused++;
      return { ...previous.run, reused: true };
    }
    const out = compileClosure(picked.solc, closure, picked.version, {
      evmVersion,
      optimizer: s.optimizer,
      full,
      remappings,
    });
    this.compiles++;
    this.lastCompileMs = performance.now() - started;
    const run: CompileRun = {
      ...base,
      ...out,
      version: picked.version,
      evmVersion,
      reason: picked.reason,
      ms: this.lastCompileMs,
    };
    this.results.set(file, { key, run });
    return run;
  }

  private async pick(closure: SourceClosure): Promise<{ solc: Solc; version: string; reason: string }> {
    const s = this.settings();
    if (s.soljsonPath) {
      const solc = this.store.loadFile(s.soljsonPath);
      const version = semver.coerce(solc.version())?.version ?? solc.version();
      return { solc, version, reason: `fiscoBcos.solc.soljsonPath (${s.soljsonPath})` };
    }
    const ranges = [...new Set(Object.values(closure.sources).flatMap(pragmaRanges))];
    const available = this.store.available();
    const pinned = s.version || undefined;
    const lookup = pinned ? undefined : await this.releases.lookup(s.registry);
    const choice = chooseVersion(ranges, { available, releases: lookup?.versions, pinned });
    if (choice.offline && lookup && !lookup.versions)
      this.noticeOnce(
        `offline:${choice.version}`,
        `Compiling with solc ${choice.version}, the newest installed version that satisfies the pragma: ${lookup.error}, so a newer release may exist. It is checked again later; pin a version with fiscoBcos.solc.version.`,
      );
    if (choice.download) {
      // Offline with a release list from earlier: an installed version that satisfies the pragma
      // compiles meanwhile (said once), rather than failing.
      const fallback = pinned ? undefined : newestSatisfying(available, ranges);
      try {
        await this.download(choice.version, !fallback);
      } catch (err) {
        if (!fallback) throw err;
        this.noticeOnce(
          `fallback:${choice.version}`,
          `solc ${choice.version} (the newest release for the pragma) could not be downloaded, so solc ${fallback}, the newest installed version that satisfies it, compiles meanwhile. ${errorMessage(err)}`,
        );
        return {
          solc: this.store.load(fallback),
          version: fallback,
          reason: `newest installed (solc ${choice.version} could not be downloaded)`,
        };
      }
    }
    return { solc: this.store.load(choice.version), version: choice.version, reason: choice.reason };
  }

  private noticeOnce(key: string, message: string): void {
    if (this.noticed.has(key)) return;
    this.noticed.add(key);
    this.hooks.notice(message);
  }

  /**
   * One download per version at a time; a failure is not retried for a minute, or five while an
   * installed version stands in (typing re-compiles).
   * `report`: tell the client about a failure (not when an installed version stands in).
   */
  private download(version: string, report = true): Promise<void> {
    const failed = this.failedDownloads.get(version);
    if (failed && Date.now() - failed.at < failed.retryMs) return Promise.reject(new Error(failed.message));
    const cacheDir = this.store.cacheDir;
    if (!cacheDir)
      return Promise.reject(
        new Error(`solc ${version} is needed but there is no cache folder to download it to.`),
      );
    let running = this.downloads.get(version);
    if (!running) {
      this.hooks.start(version);
      running = this.releases
        .dist(this.settings().registry, version)
        .then((dist) => downloadSolc(version, dist, cacheDir, (p) => this.hooks.progress(version, p)))
        .then(
          () => {
            this.downloads.delete(version);
            this.hooks.done(version);
          },
          (err: unknown) => {
            this.downloads.delete(version);
            const message =
              `solc ${version} could not be downloaded: ${errorMessage(err)} ` +
              'To compile offline, set fiscoBcos.solc.soljsonPath to a local soljson.js, or pin an installed version with fiscoBcos.solc.version.';
            // With an installed stand-in, retried less often (each try shows a progress notification).
            this.failedDownloads.set(version, {
              at: Date.now(),
              message,
              retryMs: report ? 60_000 : 300_000,
            });
            if (report) this.hooks.failed(version, message);
            else this.hooks.done(version);
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

/** A hash of everything a solc run depends on: every source text by unit and file, and settings. */
function inputsKey(closure: SourceClosure, settings: unknown[]): string {
  const units = Object.keys(closure.sources).sort();
  return crypto
    .createHash('sha256')
    .update(
      JSON.stringify([
        units.map((u) => [u, closure.files.get(u) ?? '', closure.sources[u]]),
        [...closure.missing].sort(),
        settings,
      ]),
    )
    .digest('hex');
}
