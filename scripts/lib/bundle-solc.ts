// The extension loads the compiler with require('solc') (external to its bundle, loaded lazily).
// `vsce package --no-dependencies` ships no node_modules, so the package step bundles solc (its
// wrapper and the 9 MB soljson) into dist/node_modules/solc, where that require finds it.
import fs from 'node:fs';
import path from 'node:path';
import esbuild from 'esbuild';
import { repoRoot } from './paths';
import { readJsonObject, stringField } from './jsonFile';

export const bundledSolcDir = path.join(repoRoot, 'dist', 'node_modules', 'solc');

export async function bundleSolc(): Promise<void> {
  const solcPkg = require.resolve('solc/package.json', { paths: [repoRoot] });
  const version = stringField(readJsonObject(solcPkg), 'version', solcPkg);
  const manifest = path.join(bundledSolcDir, 'package.json');
  const fresh =
    fs.existsSync(manifest) &&
    readJsonObject(manifest).version === version &&
    fs.existsSync(path.join(bundledSolcDir, 'index.js')) &&
    fs.existsSync(path.join(bundledSolcDir, 'wrapper.js'));
  if (fresh) return;
  const dir = path.dirname(solcPkg);
  await esbuild.build({
    entryPoints: { index: path.join(dir, 'index.js'), wrapper: path.join(dir, 'wrapper.js') },
    outdir: bundledSolcDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'error',
    legalComments: 'none',
  });
  fs.writeFileSync(
    manifest,
    JSON.stringify({ name: 'solc', version, main: 'index.js', license: 'MIT' }, null, 2),
  );
}
