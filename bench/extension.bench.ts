// Extension cost: the size of every bundle the extension ships (dist/extension.js, the devnode
// CLI, each dist/webview/*.js, raw and gzip, as built and minified as shipped), the module-load time of dist/extension.js in plain
// node processes with a stub `vscode` module, and the real extension-host numbers (activate()
// time and module load with the real `vscode`) recorded by the last `npm run test:integration`.
//
// `node --import tsx bench/extension.bench.ts` (or `npm run bench extension`); builds dist first
// when it is missing.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const root = join(__dirname, '..');
const dist = join(root, 'dist');
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const HOST_REPORT = join(root, 'test-output', 'extension-host-activation.json');

const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function ensureBuilt(): void {
  if (existsSync(join(dist, 'extension.js')) && existsSync(join(dist, 'webview'))) return;
  console.log('dist/ is missing: building (node esbuild.js)…');
  const r = spawnSync(process.execPath, [join(root, 'esbuild.js')], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('build failed');
}

function bundleSizes(): void {
  const files = [
    'extension.js',
    'devnode-cli.js',
    ...readdirSync(join(dist, 'webview'))
      .filter((f) => f.endsWith('.js'))
      .sort()
      .map((f) => `webview/${f}`),
  ];
  console.log('Bundle sizes (dist/ as built; source maps not counted):');
  for (const f of files) {
    const path = join(dist, f);
    if (!existsSync(path)) continue;
    const text = readFileSync(path);
    // A minified bundle has few, long lines; `node esbuild.js --production` builds what ships.
    const minified = text.length / Math.max(1, text.toString('utf8').split('\n').length) > 500;
    console.log(
      `  ${`dist/${f}`.padEnd(30)} ${kb(text.length).padStart(11)}  (gzip ${kb(gzipSync(text).length)}, ${minified ? 'minified' : 'development build'})`,
    );
  }
}

/** What ships: the same entry points minified in memory, as `node esbuild.js --production` builds them. */
async function shippedSizes(): Promise<void> {
  const esbuild = await import('esbuild');
  const views = readdirSync(join(root, 'webview')).filter((f) => /^[a-z][\w-]*\.ts$/.test(f));
  const builds: [string, Parameters<typeof esbuild.build>[0]][] = [
    [
      'extension.js',
      {
        entryPoints: [join(root, 'src/extension/extension.ts')],
        platform: 'node',
        format: 'cjs',
        target: 'node20',
        external: ['vscode', 'solc', 'secp256k1'],
      },
    ],
    ...views.map((f): [string, Parameters<typeof esbuild.build>[0]] => [
      `webview/${f.replace(/\.ts$/, '.js')}`,
      { entryPoints: [join(root, 'webview', f)], platform: 'browser', format: 'iife', target: 'es2022' },
    ]),
  ];
  console.log('\nShipped sizes (minified in memory, as the production build / .vsix):');
  for (const [name, options] of builds) {
    const r = await esbuild.build({
      ...options,
      bundle: true,
      minify: true,
      legalComments: 'none',
      write: false,
      logLevel: 'silent',
    });
    const code = r.outputFiles[0].contents;
    console.log(
      `  ${`dist/${name}`.padEnd(30)} ${kb(code.length).padStart(11)}  (gzip ${kb(gzipSync(code).length)})`,
    );
  }
}

// Runs in a fresh node process: a stub `vscode` (no host), then require the bundle and time it.
const PROBE = `
const Module = require('node:module');
const fs = require('node:fs');
const stub = new Proxy(function () {}, { get: (t, k) => (k === 'then' ? undefined : k === 'prototype' ? {} : stub), apply: () => stub, construct: () => ({}) });
// Every vscode.X the sources name, as a plain object (esbuild's interop copies own properties);
// read from the sources, since a minified bundle renames its vscode imports.
const names = new Set(JSON.parse(process.argv[2]));
const vscode = Object.fromEntries([...names].map((n) => [n, stub]));
const load = Module._load;
Module._load = function (request, ...rest) { return request === 'vscode' ? vscode : load.call(this, request, ...rest); };
const started = performance.now();
require(process.argv[1]);
const ms = performance.now() - started;
const solc = Object.keys(require.cache).some((k) => /[\\\\/]solc[\\\\/]/.test(k));
process.stdout.write(JSON.stringify({ ms, solc, modules: Object.keys(require.cache).length }));
`;

/** The vscode.X names the extension's sources use (what the stub must provide). */
function vscodeNames(): string[] {
  const names = new Set<string>();
  const walk = (dir: string): void => {
    for (const f of readdirSync(dir)) {
      const p = join(dir, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (f.endsWith('.ts'))
        for (const m of readFileSync(p, 'utf8').matchAll(/\bvscode\.(\w+)/g)) names.add(m[1]);
    }
  };
  walk(join(root, 'src', 'extension'));
  return [...names];
}

function moduleLoad(): void {
  const bundle = join(dist, 'extension.js');
  const times: number[] = [];
  let last: { solc: boolean; modules: number } | undefined;
  for (let i = 0; i < RUNS; i++) {
    const r = spawnSync(process.execPath, ['-e', PROBE, bundle, JSON.stringify(vscodeNames())], {
      encoding: 'utf8',
    });
    if (r.status !== 0) throw new Error(`loading dist/extension.js failed: ${r.stderr}`);
    const out = JSON.parse(r.stdout) as { ms: number; solc: boolean; modules: number };
    times.push(out.ms);
    last = out;
  }
  console.log(
    `\nModule load of dist/extension.js: require() in a fresh node ${process.version} process with a stub 'vscode' (no extension host, activate() not called), ${RUNS} processes:`,
  );
  console.log(
    `  median ${median(times).toFixed(1)} ms, min ${Math.min(...times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms`,
  );
  console.log(
    `  solc loaded: ${last?.solc ? 'YES (activation must not load solc)' : 'no'}; modules in require.cache: ${last?.modules}`,
  );
  if (last?.solc) process.exitCode = 1;
}

function realHost(): void {
  console.log(
    '\nReal extension host (recorded by test/extension/1-activation.test.ts in the last `npm run test:integration`):',
  );
  if (!existsSync(HOST_REPORT)) {
    console.log(
      '  no measure yet: run `npm run test:integration` (code-server) to record activate() and module-load time in a real host.',
    );
    return;
  }
  const r = JSON.parse(readFileSync(HOST_REPORT, 'utf8')) as {
    measuredAt: string;
    vscodeVersion: string;
    activateMs: number;
    moduleLoadMs: number;
  };
  const stale =
    statSync(HOST_REPORT).mtimeMs < statSync(join(dist, 'extension.js')).mtimeMs
      ? ' (dist/extension.js was rebuilt since)'
      : '';
  console.log(
    `  activate() ${r.activateMs.toFixed(1)} ms; module load with the real vscode ${r.moduleLoadMs.toFixed(1)} ms — VS Code ${r.vscodeVersion}, ${r.measuredAt}${stale}`,
  );
}

async function main(): Promise<void> {
  ensureBuilt();
  bundleSizes();
  await shippedSizes();
  moduleLoad();
  realHost();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
