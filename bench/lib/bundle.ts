// Benches run the dev node (and their helpers) as users run the CLI: an esbuild bundle under plain
// node, so neither tsx nor its loader thread is measured.
import { createRequire } from 'node:module';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const REPO = join(__dirname, '..', '..');

/** What to bundle: a file of the repository, or source text resolved from `resolveDir`. */
export type BundleEntry = { file: string } | { contents: string; resolveDir: string };

/**
 * Bundles `entry` into node_modules/.cache (inside the repository, so the external native
 * packages resolve from node_modules) and returns the output file.
 */
export async function bundleForNode(entry: BundleEntry, name: string): Promise<string> {
  const esbuild = createRequire(__filename)('esbuild') as typeof import('esbuild');
  const cacheDir = join(REPO, 'node_modules', '.cache');
  mkdirSync(cacheDir, { recursive: true });
  const outfile = join(cacheDir, `${name}-${process.pid}.js`);
  await esbuild.build({
    ...('file' in entry
      ? { entryPoints: [join(REPO, entry.file)] }
      : {
          nodePaths: [join(REPO, 'node_modules')],
          stdin: { resolveDir: entry.resolveDir, loader: 'ts' as const, contents: entry.contents },
        }),
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['secp256k1', 'lmdb', '@nxtedition/rocksdb'],
    outfile,
    logLevel: 'warning',
  });
  return outfile;
}
