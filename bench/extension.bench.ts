// Extension cost: the size of every bundle the extension ships (dist/extension.js, the devnode
// CLI, each dist/webview/*.js, raw and gzip, as built in dist/ and as shipped), the activation of
// the shipped dist/extension.js as VS Code counts it (code loading + activate(), in fresh node
// processes with a stand-in `vscode`; goal < 50 ms), and the real extension-host numbers
// (activate() and module load with the real `vscode`) recorded by the last `npm run test:integration`.
//
// `node --import tsx bench/extension.bench.ts` (or `npm run bench extension`); builds dist first
// when it is missing, and the production build (what the .vsix gets) into test-output/extension-shipped/.

import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { EXTENSION_PROBE } from './lib/extensionProbe';
import { helpIfAsked } from './lib/args';

helpIfAsked(
  `node --import tsx bench/extension.bench.ts   (or: npm run bench -- extension)
  builds dist/ first when it is missing; --help, -h prints this and exits
Environment:
  BENCH_RUNS            activation runs, each in a fresh process (default 9)`,
);

const root = join(__dirname, '..');
const dist = join(root, 'dist');
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const HOST_REPORT = join(root, 'test-output', 'extension-host-activation.json');
/** Where the production build goes for this bench (outside dist/, which may hold a development build). */
const SHIPPED = join(root, 'test-output', 'extension-shipped');
/** Activation budget (issue #10): code loading of dist/extension.js plus activate(). */
const GOAL_MS = 50;

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

/** What ships: `node esbuild.js --production` (what `npm run package` puts in the .vsix), built into test-output/. */
function buildShipped(): void {
  const r = spawnSync(process.execPath, [join(root, 'esbuild.js'), '--production', '--outdir', SHIPPED], {
    cwd: root,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('production build failed');
}

function shippedSizes(): void {
  const views = readdirSync(join(SHIPPED, 'webview'))
    .filter((f) => f.endsWith('.js'))
    .sort()
    .map((f) => `webview/${f}`);
  console.log(
    `\nShipped sizes (node esbuild.js --production, as in the .vsix; built into ${relative(root, SHIPPED)}/):`,
  );
  const node = readdirSync(SHIPPED)
    .filter((f) => f.endsWith('.js') && f !== 'extension.js')
    .sort();
  for (const name of ['extension.js', ...node, ...views]) {
    const path = join(SHIPPED, name);
    if (!existsSync(path)) continue;
    const code = readFileSync(path);
    console.log(
      `  ${`dist/${name}`.padEnd(30)} ${kb(code.length).padStart(11)}  (gzip ${kb(gzipSync(code).length)})`,
    );
  }
}

/** The vscode.X names the extension's sources use (what the stand-in must provide). */
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

interface ProbeResult {
  loadMs: number;
  loadCpuMs: number;
  activateMs: number;
  activateCpuMs: number;
  solc: boolean;
  modules: number;
  subscriptions: number;
}

const fmt = (xs: number[]) =>
  `median ${median(xs).toFixed(1)} ms (min ${Math.min(...xs).toFixed(1)}, max ${Math.max(...xs).toFixed(1)})`;
const goal = (ms: number) =>
  `${ms.toFixed(1)} ms — goal < ${GOAL_MS} ms ${ms < GOAL_MS ? 'ok' : 'GOAL MISSED'}`;

/** Code loading and activate() of `bundle`, each in a fresh node process, as VS Code counts activation. */
function activation(bundle: string, label: string): void {
  const names = JSON.stringify(vscodeNames());
  const runs: ProbeResult[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = spawnSync(process.execPath, ['-e', EXTENSION_PROBE, bundle, root, names], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`loading or activating ${label} failed: ${r.stderr}`);
    runs.push(JSON.parse(r.stdout) as ProbeResult);
  }
  const load = runs.map((r) => r.loadMs);
  const activate = runs.map((r) => r.activateMs);
  const sums = runs.map((r) => r.loadMs + r.activateMs);
  const cpu = (xs: number[]) => `CPU ${median(xs).toFixed(1)} ms`;
  console.log(
    `\nActivation of ${label}: ${RUNS} fresh node ${process.version} processes, stand-in 'vscode':`,
  );
  console.log(`  module load  ${fmt(load)}; ${cpu(runs.map((r) => r.loadCpuMs))}`);
  console.log(`  activate()   ${fmt(activate)}; ${cpu(runs.map((r) => r.activateCpuMs))}`);
  console.log(
    `  load + activate() ${goal(median(sums))}; ${cpu(runs.map((r) => r.loadCpuMs + r.activateCpuMs))}`,
  );
  const last = runs[runs.length - 1];
  console.log(
    `  solc loaded: ${last.solc ? 'YES (activation must not load solc)' : 'no'}; modules in require.cache: ${last.modules}; subscriptions: ${last.subscriptions}`,
  );
  if (last.solc) process.exitCode = 1;
}

function realHost(): void {
  console.log(
    '\nReal extension host (recorded by test/extension/1-activation.test.ts in the last `npm run test:integration`):',
  );
  if (!existsSync(HOST_REPORT)) {
    console.log(
      '  no measure yet: run `npm run test:integration -- --grep Activation` (code-server) to record activate() and module-load time in a real host.',
    );
    return;
  }
  const r = JSON.parse(readFileSync(HOST_REPORT, 'utf8')) as {
    measuredAt: string;
    vscodeVersion: string;
    loadAverage?: number[];
    activateMs: number;
    moduleLoadMs: number;
    moduleLoadCpuMs?: number;
    shippedModuleLoadMs?: number;
    shippedModuleLoadCpuMs?: number;
  };
  const cpu = (ms?: number) => (ms === undefined ? '' : ` (CPU ${ms.toFixed(1)} ms)`);
  console.log(
    `  VS Code ${r.vscodeVersion}, ${r.measuredAt}${r.loadAverage ? `, load average ${r.loadAverage.map((l) => l.toFixed(2)).join(' ')}` : ''}`,
  );
  console.log(`  activate() ${r.activateMs.toFixed(1)} ms (the development build the suite runs)`);
  console.log(
    `  module load with the real vscode: development build ${r.moduleLoadMs.toFixed(1)} ms${cpu(r.moduleLoadCpuMs)}` +
      (r.shippedModuleLoadMs === undefined
        ? ''
        : `; shipped build ${r.shippedModuleLoadMs.toFixed(1)} ms${cpu(r.shippedModuleLoadCpuMs)}`),
  );
  const shipped = r.shippedModuleLoadMs ?? r.moduleLoadMs;
  console.log(
    `  load (${r.shippedModuleLoadMs === undefined ? 'development' : 'shipped'} build) + activate() ${goal(shipped + r.activateMs)}`,
  );
}

function main(): void {
  ensureBuilt();
  bundleSizes();
  buildShipped();
  shippedSizes();
  console.log(
    `\nLoad average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} CPUs.`,
  );
  activation(join(SHIPPED, 'extension.js'), 'the shipped dist/extension.js');
  realHost();
}

try {
  main();
} catch (err) {
  console.error(err);
  process.exit(1);
}
