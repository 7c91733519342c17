// Launches code-server on 127.0.0.1 with its own profile (settings, extensions, HOME) inside a run
// directory, optionally installing a .vsix first, and stops it by process group.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { codeServerEntry, scrubbedEnv } from './code-server-install';
import { PidFile, stopGroup } from './process-group';
import { run } from './run-command';
import { readJsonObject } from './jsonFile';

/** Settings that keep the workbench quiet, offline and deterministic (vscode-e2e.md §3.1). */
export const QUIET_SETTINGS: Record<string, unknown> = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'workbench.welcomePage.walkthroughs.openOnInstall': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'security.workspace.trust.enabled': false,
  'git.enabled': false,
  'git.autoRepositoryDetection': false,
  'npm.autoDetect': 'off',
  'chat.commandCenter.enabled': false,
  'window.commandCenter': true,
  'workbench.reduceMotion': 'on',
};

export interface CodeServerOptions {
  /** Holds user-data/, extensions/, home/, code-server.yaml and the log. Reused if it exists. */
  runDir: string;
  /** Merged over the existing settings.json (so a persistent profile keeps the user's own changes). */
  settings: Record<string, unknown> | ((existing: Record<string, unknown>) => Record<string, unknown>);
  /** Installed (with --force) before the server starts. */
  vsix?: string;
  /** 0 lets the kernel pick a free port. */
  port?: number;
  /** Extra environment for the server and thus the extension host. */
  env?: Record<string, string>;
  pidFile: PidFile;
}

export interface CodeServer {
  url: string;
  pid: number;
  userDataDir: string;
  logFile: string;
  /** Environment entry every process of this server carries; used to sweep leftovers safely. */
  marker: string;
  stop(): Promise<void>;
}

function profileEnv(runDir: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const home = path.join(runDir, 'home');
  return {
    ...scrubbedEnv(process.env),
    HOME: home,
    XDG_CONFIG_HOME: path.join(home, '.config'),
    XDG_DATA_HOME: path.join(home, '.local', 'share'),
    XDG_CACHE_HOME: path.join(home, '.cache'),
    ...extra,
  };
}

export async function launchCodeServer(opts: CodeServerOptions): Promise<CodeServer> {
  const { runDir } = opts;
  const userDataDir = path.join(runDir, 'user-data');
  const extensionsDir = path.join(runDir, 'extensions');
  for (const dir of [path.join(userDataDir, 'User'), extensionsDir, path.join(runDir, 'home')]) {
    fs.mkdirSync(dir, { recursive: true });
  }
  // Without --config code-server writes ~/.config/code-server/config.yaml with a random password.
  const config = path.join(runDir, 'code-server.yaml');
  fs.writeFileSync(config, 'auth: none\n');
  const settingsFile = path.join(userDataDir, 'User', 'settings.json');
  let existing: Record<string, unknown> = {};
  try {
    existing = readJsonObject(settingsFile);
  } catch {
    /* first run, or a file the user broke: start over */
  }
  const ours = typeof opts.settings === 'function' ? opts.settings(existing) : opts.settings;
  fs.writeFileSync(settingsFile, JSON.stringify({ ...QUIET_SETTINGS, ...existing, ...ours }, null, 2));

  const marker = `BCOS_TOOLING_RUN=${runDir}`;
  const env = profileEnv(runDir, { ...opts.env, BCOS_TOOLING_RUN: runDir });
  const common = ['--config', config, '--user-data-dir', userDataDir, '--extensions-dir', extensionsDir];
  if (opts.vsix) {
    await run(process.execPath, [codeServerEntry, ...common, '--install-extension', opts.vsix, '--force'], {
      env,
      quiet: true,
    });
  }

  const logFile = path.join(runDir, 'code-server.log');
  const out = fs.openSync(logFile, 'w');
  const child = spawn(
    process.execPath,
    [
      codeServerEntry,
      ...common,
      '--bind-addr',
      `127.0.0.1:${opts.port ?? 0}`,
      '--auth',
      'none',
      '--disable-telemetry',
      '--disable-update-check',
      '--disable-workspace-trust',
      '--disable-getting-started-override',
      '--ignore-last-opened',
      '--session-socket',
      path.join(runDir, 'cs-ipc.sock'),
    ],
    { detached: true, stdio: ['ignore', out, out], env },
  );
  fs.closeSync(out);
  const pid = child.pid!;
  child.unref();
  opts.pidFile.add({ pgid: pid, marker, what: 'code-server' });
  let exited: string | undefined;
  child.on('exit', (code, sig) => {
    exited = `code-server exited with ${code ?? sig}`;
  });

  const stop = async () => {
    await stopGroup(pid);
    opts.pidFile.remove(pid);
  };
  const deadline = Date.now() + 30_000;
  for (;;) {
    const log = fs.readFileSync(logFile, 'utf8');
    const m = /HTTP server listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
    if (m) return { url: m[1], pid, userDataDir, logFile, marker, stop };
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(`${exited ?? 'code-server did not start within 30 s'}; log:\n${log.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The workbench URL for a folder, with an optional `payload` (extension development / tests). */
export function workbenchUrl(base: string, folder: string, payload?: [string, string][]): string {
  // Slashes stay readable: the URL is printed for people to open.
  let url = `${base}/?folder=${encodeURIComponent(folder).replace(/%2F/g, '/')}`;
  if (payload) url += `&payload=${encodeURIComponent(JSON.stringify(payload))}`;
  return url;
}
