// Installs code-server (the real VS Code server + web workbench) into .cache/code-server, offline-safe:
// its postinstall wants to download ripgrep from GitHub, so we seed that download cache with Debian's rg.
// Kept out of devDependencies on purpose: 300 MB, Node-20-only and root-sensitive.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { cacheDir } from './paths';
import { run } from './run-command';
import { CODE_SERVER_BUILD_PACKAGES, ensureDebianPackages } from './debian-packages';

export const CODE_SERVER_VERSION = '4.100.3';
export const codeServerDir = path.join(cacheDir, 'code-server');
export const codeServerEntry = path.join(
  codeServerDir,
  'node_modules',
  'code-server',
  'out',
  'node',
  'entry.js',
);
/** @vscode/ripgrep 1.15.11 (inside code-server's lib/vscode) looks here before downloading. */
const RIPGREP_CACHE = 'vscode-ripgrep-cache-1.15.11';
const RIPGREP_ARCHIVE = 'ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz';

export function installedCodeServerVersion(): string | undefined {
  if (!fs.existsSync(codeServerEntry)) return undefined;
  // A throwaway HOME: code-server writes ~/.config/code-server/config.yaml on any first run.
  const home = path.join(cacheDir, 'tmp', 'version-home');
  const r = spawnSync(process.execPath, [codeServerEntry, '--version'], {
    encoding: 'utf8',
    timeout: 60_000,
    env: {
      ...scrubbedEnv(process.env),
      HOME: home,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_DATA_HOME: path.join(home, '.local/share'),
    },
  });
  return r.status === 0 ? /^(\d+\.\d+\.\d+) [0-9a-f]{40}/m.exec(r.stdout)?.[1] : undefined;
}

/** VS Code inside a VS Code terminal: VSCODE_IPC_HOOK_CLI makes code-server hand off and exit, so drop VSCODE_*. */
export function scrubbedEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !k.startsWith('VSCODE_')));
}

/** Node headers for node-gyp, so it never tries to download them from nodejs.org. */
function nodeHeadersDir(): string | undefined {
  const candidates = [path.dirname(path.dirname(process.execPath)), '/usr', '/usr/local'];
  return candidates.find((dir) => fs.existsSync(path.join(dir, 'include', 'node', 'node.h')));
}

export async function ensureCodeServer(log: (line: string) => void = console.log): Promise<string> {
  if (installedCodeServerVersion() === CODE_SERVER_VERSION) return codeServerEntry;
  const major = Number(process.versions.node.split('.')[0]);
  if (major !== 20) {
    throw new Error(
      `code-server ${CODE_SERVER_VERSION} installs only under Node 20 (this is ${process.version}).`,
    );
  }
  await ensureDebianPackages(CODE_SERVER_BUILD_PACKAGES, log);
  const rg = ['/usr/bin/rg', '/usr/local/bin/rg'].find((p) => fs.existsSync(p));
  if (!rg) throw new Error('ripgrep (rg) is missing: apt-get install -y ripgrep');

  const started = Date.now();
  log(
    `Installing code-server ${CODE_SERVER_VERSION} into ${path.relative(process.cwd(), codeServerDir) || codeServerDir} (about a minute, once)…`,
  );
  // A private TMPDIR holds the seeded ripgrep archive and keeps /tmp clean.
  const tmp = path.join(cacheDir, 'tmp');
  fs.rmSync(path.join(codeServerDir, 'node_modules'), { recursive: true, force: true });
  fs.mkdirSync(path.join(tmp, RIPGREP_CACHE), { recursive: true });
  fs.mkdirSync(path.join(tmp, 'rgpack'), { recursive: true });
  fs.copyFileSync(rg, path.join(tmp, 'rgpack', 'rg'));
  fs.chmodSync(path.join(tmp, 'rgpack', 'rg'), 0o755);
  await run('tar', [
    'czf',
    path.join(tmp, RIPGREP_CACHE, RIPGREP_ARCHIVE),
    '-C',
    path.join(tmp, 'rgpack'),
    'rg',
  ]);
  fs.mkdirSync(codeServerDir, { recursive: true });
  fs.writeFileSync(path.join(codeServerDir, 'package.json'), '{"name":"code-server-cache","private":true}\n');

  const headers = nodeHeadersDir();
  const env: NodeJS.ProcessEnv = {
    ...scrubbedEnv(process.env),
    TMPDIR: tmp,
    npm_config_yes: 'true', // nested npm/npx calls in postinstall break with yes=false
    npm_config_unsafe_perm: 'true', // postinstall.sh refuses to run as root without it
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    ...(headers ? { npm_config_nodedir: headers } : {}),
  };
  await run('npm', ['install', '--no-save', `code-server@${CODE_SERVER_VERSION}`], {
    cwd: codeServerDir,
    env,
    quiet: true,
  });
  const version = installedCodeServerVersion();
  if (version !== CODE_SERVER_VERSION)
    throw new Error(`code-server install finished but reports version ${version}`);
  log(`code-server ${version} installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return codeServerEntry;
}
