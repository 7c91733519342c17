// The dev node's chain store is LMDB through the `lmdb` package, whose native binary comes in a
// per-platform package (@lmdb/lmdb-<platform>-<arch>). dist/devnode-cli.js keeps lmdb external,
// and `vsce package --no-dependencies` ships no node_modules, so the package step copies lmdb,
// its run-time dependencies and this platform's binary package into dist/node_modules (the
// .vsix is therefore specific to the platform it is packaged on).
import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

const distModules = path.join(repoRoot, 'dist', 'node_modules');

/** lmdb's run-time closure (node-addon-api is build-time only; msgpackr-extract is optional). */
function packages(): string[] {
  return [
    'lmdb',
    'msgpackr',
    'ordered-binary',
    'weak-lru-cache',
    'node-gyp-build-optional-packages',
    'detect-libc',
    '@harperfast/extended-iterable',
    `@lmdb/lmdb-${process.platform}-${process.arch}`,
  ];
}

export function bundleLmdb(): void {
  for (const name of packages()) {
    // Not require.resolve: some of these packages do not export their package.json.
    const from = path.join(repoRoot, 'node_modules', name);
    if (!fs.existsSync(path.join(from, 'package.json')))
      throw new Error(`${name} is not installed in node_modules (run npm ci)`);
    const to = path.join(distModules, name);
    fs.rmSync(to, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(to), { recursive: true });
    fs.cpSync(from, to, { recursive: true, dereference: true });
  }
}
