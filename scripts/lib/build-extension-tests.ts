// Bundles the extension's mocha suite (test/extension/**/*.ts) to out/test/extension/ so the
// extension host can load it: one file per source, `vscode` and npm packages (mocha) left external.
import fs from 'node:fs';
import path from 'node:path';
import esbuild from 'esbuild';
import { repoRoot } from './paths';

export const extensionTestsSrc = path.join(repoRoot, 'test', 'extension');
export const extensionTestsOut = path.join(repoRoot, 'out', 'test', 'extension');

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return tsFiles(p);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [p] : [];
  });
}

/** Returns the path of the suite's entry (index.js exporting `run()`). */
export async function buildExtensionTests(): Promise<string> {
  const entries = fs.existsSync(extensionTestsSrc) ? tsFiles(extensionTestsSrc) : [];
  if (!entries.some((f) => path.basename(f) === 'index.ts')) {
    throw new Error('test/extension/index.ts (exporting run(): Promise<void>) is missing');
  }
  fs.rmSync(extensionTestsOut, { recursive: true, force: true });
  await esbuild.build({
    entryPoints: entries,
    outbase: extensionTestsSrc,
    outdir: extensionTestsOut,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    sourcemap: 'inline',
    packages: 'external',
    external: ['vscode'],
    logLevel: 'warning',
  });
  return path.join(extensionTestsOut, 'index.js');
}
