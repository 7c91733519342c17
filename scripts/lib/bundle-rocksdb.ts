// The dev node's chain store is RocksDB through @nxtedition/rocksdb, whose prebuilt binaries ship
// inside the package (prebuilds/<platform>-<arch>, loaded by node-gyp-build). dist/devnode-cli.js
// keeps it external and `vsce package --no-dependencies` ships no node_modules, so the package
// step copies its run-time files, this platform's binary and its run-time dependencies into
// dist/node_modules (like lmdb, bundle-lmdb.ts, which stays for migrating older data directories).
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

const distModules = path.join(repoRoot, 'dist', 'node_modules');
const PKG = '@nxtedition/rocksdb';

/** Whole packages of its run-time closure (napi-macros and prebuildify are build-time only). */
const DEPENDENCIES = [
  `${PKG}/node_modules/abstract-level`,
  `${PKG}/node_modules/level-supports`,
  'catering',
  'level-transcoder',
  'module-error',
  'node-gyp-build',
  'queue-microtask',
];

function copy(rel: string): void {
  const from = path.join(repoRoot, 'node_modules', rel);
  if (!fs.existsSync(from)) throw new Error(`${rel} is not installed in node_modules (run npm ci)`);
  const to = path.join(distModules, rel);
  fs.rmSync(to, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.cpSync(from, to, { recursive: true, dereference: true });
}

export function bundleRocksdb(): void {
  const target = path.join(distModules, PKG);
  fs.rmSync(target, { recursive: true, force: true });
  // The package's own files, without its C++ sources (deps/) and the other platforms' binaries.
  for (const file of ['package.json', 'index.js', 'binding.js', 'chained-batch.js', 'iterator.js', 'util.js'])
    copy(path.join(PKG, file));
  const prebuild = path.join(PKG, 'prebuilds', `${process.platform}-${process.arch}`);
  if (!fs.existsSync(path.join(repoRoot, 'node_modules', prebuild)))
    throw new Error(`${PKG} ships no prebuilt binary for ${process.platform}-${process.arch}`);
  copy(prebuild);
  for (const dep of DEPENDENCIES) copy(dep);
}
