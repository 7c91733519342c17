// Checks the Debian packages the tooling needs and installs missing ones when we are root with apt,
// because CI starts from a fresh machine; otherwise says exactly which command installs them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { run } from './run-command';

/** Native build deps of code-server's bundled VS Code (kerberos, native-keymap, keytar) plus rg for its ripgrep. */
export const CODE_SERVER_BUILD_PACKAGES = [
  'libkrb5-dev',
  'libx11-dev',
  'libxkbfile-dev',
  'libsecret-1-dev',
  'pkg-config',
  'ripgrep',
  'g++',
  'make',
  'python3',
];
/** The browser Playwright drives in the tests. */
export const BROWSER_PACKAGES = ['chromium'];
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Why each package is needed: printed before anything is installed. */
export const PACKAGE_REASONS: Record<string, string> = {
  'libkrb5-dev': "builds code-server's bundled VS Code native module kerberos",
  'libx11-dev': "builds code-server's bundled VS Code native module native-keymap",
  'libxkbfile-dev': "builds code-server's bundled VS Code native module native-keymap",
  'libsecret-1-dev': "builds code-server's bundled VS Code native module keytar",
  'pkg-config': 'finds those libraries while building',
  ripgrep: "VS Code's search (code-server's ripgrep download cannot run offline)",
  'g++': 'compiles the native modules',
  make: 'compiles the native modules',
  python3: 'node-gyp, which compiles the native modules',
  chromium: 'the browser the end-to-end tests drive (Playwright uses /usr/bin/chromium)',
};

export interface InstallPlan {
  /** The shell command that installs the missing packages. */
  command: string;
  /** Whether this script runs it (root with apt-get, and FISCO_BCOS_NO_APT unset). */
  runs: boolean;
  /** What to print before anything happens: each package and why, and who runs the command. */
  lines: string[];
}

/** What to tell the user, and whether to install, for packages that are missing. Pure. */
export function planInstall(
  missing: string[],
  opts: { root: boolean; hasApt: boolean; optOut: boolean },
): InstallPlan {
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  const runs = opts.root && opts.hasApt && !opts.optOut;
  const width = Math.max(...missing.map((m) => m.length));
  const lines = [
    runs
      ? `Missing Debian packages; installing them now as root with apt-get (set FISCO_BCOS_NO_APT=1 to do it yourself instead):`
      : 'Missing Debian packages:',
    ...missing.map((m) => `  ${m.padEnd(width)}  ${PACKAGE_REASONS[m] ?? 'needed by the tooling'}`),
    runs ? `Running: ${command}` : `Install them with:\n  sudo sh -c '${command}'`,
  ];
  return { command, runs, lines };
}

export function missingPackages(names: string[]): string[] {
  return names.filter((name) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', name], { encoding: 'utf8' });
    return r.status !== 0 || !r.stdout.includes('install ok installed');
  });
}

let aptUpdated = false;

export async function ensureDebianPackages(
  names: string[],
  log: (line: string) => void = console.log,
): Promise<void> {
  if (!fs.existsSync('/usr/bin/dpkg-query')) {
    log(`Not a Debian system: make sure these are installed: ${names.join(' ')}`);
    return;
  }
  const missing = missingPackages(names);
  if (missing.length === 0) return;
  // Say what is about to be installed, and why, before apt-get runs as root.
  const plan = planInstall(missing, {
    root: process.getuid?.() === 0,
    hasApt: fs.existsSync('/usr/bin/apt-get'),
    optOut: !!process.env.FISCO_BCOS_NO_APT,
  });
  if (!plan.runs) throw new Error(plan.lines.join('\n'));
  for (const line of plan.lines) log(line);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    await run('apt-get', ['update', '-qq'], { env, quiet: true });
    aptUpdated = true;
  }
  await run('apt-get', ['install', '-y', '-qq', ...missing], { env, quiet: true });
}
