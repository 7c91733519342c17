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
  const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
  const root = process.getuid?.() === 0;
  if (!root || !fs.existsSync('/usr/bin/apt-get')) {
    throw new Error(
      `Missing Debian packages: ${missing.join(' ')}.\nInstall them with:\n  sudo sh -c '${command}'`,
    );
  }
  log(`Installing Debian packages: ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    await run('apt-get', ['update', '-qq'], { env, quiet: true });
    aptUpdated = true;
  }
  await run('apt-get', ['install', '-y', '-qq', ...missing], { env, quiet: true });
}
