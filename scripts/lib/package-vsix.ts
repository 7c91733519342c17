// Builds the production bundles and packs them into a .vsix with @vscode/vsce (offline, no
// dependency walk: everything that runs is bundled into dist/).
import fs from 'node:fs';
import path from 'node:path';
import { bundleSolc } from './bundle-solc';
import { bundleLmdb } from './bundle-lmdb';
import { bundleRocksdb } from './bundle-rocksdb';
import { repoRoot } from './paths';
import { run } from './run-command';
import { readJsonObject, stringField } from './jsonFile';

/** Files the installed extension cannot work without. */
const REQUIRED = [
  'package.json',
  'dist/extension.js',
  'dist/devnode-cli.js',
  'dist/solc-worker.js',
  'dist/sol-server.js',
  'dist/sol-client.js',
  // Split from extension.js, loaded on first use (esbuild.js, lazyChunks).
  'dist/crypto-ecdsa.js',
  'dist/crypto-sm.js',
  'dist/sm-tls.js',
  'dist/debug-adapter.js',
  'syntaxes/solidity.tmLanguage.json',
  'dist/node_modules/solc/index.js',
  'dist/node_modules/lmdb/package.json',
  'dist/node_modules/lmdb/dist/index.cjs',
  'dist/node_modules/@nxtedition/rocksdb/index.js',
  `dist/node_modules/@nxtedition/rocksdb/prebuilds/${process.platform}-${process.arch}/@nxtedition+rocksdb.node`,
];

export async function buildExtension(production: boolean): Promise<void> {
  await run(process.execPath, ['esbuild.js', ...(production ? ['--production'] : [])], { cwd: repoRoot });
  await bundleSolc();
  bundleLmdb();
  bundleRocksdb();
}

export async function packageVsix(outFile: string, opts: { quiet?: boolean } = {}): Promise<string> {
  const vsce = path.join(repoRoot, 'node_modules', '@vscode', 'vsce', 'vsce');
  const listed = (
    await run(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: repoRoot, quiet: true })
  )
    .split('\n')
    .map((l) => l.trim());
  const missing = REQUIRED.filter((f) => !listed.includes(f));
  if (missing.length) throw new Error(`the package would lack ${missing.join(', ')}`);
  fs.mkdirSync(path.dirname(outFile), { recursive: true });
  await run(process.execPath, [vsce, 'package', '--no-dependencies', '--out', outFile], {
    cwd: repoRoot,
    quiet: opts.quiet,
  });
  return outFile;
}

export function defaultVsixName(): string {
  const file = path.join(repoRoot, 'package.json');
  const pkg = readJsonObject(file);
  return `${stringField(pkg, 'name', file)}-${stringField(pkg, 'version', file)}.vsix`;
}
