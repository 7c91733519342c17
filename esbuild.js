// Bundles the extension host code, its solc worker, the Solidity language server, the devnode CLI
// and each webview script.
// `node esbuild.js [--watch] [--production] [--only <entry>]` (--only devnode-cli: `npm run devnode`)
const esbuild = require('esbuild');
const fs = require('node:fs');
const path = require('node:path');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? process.argv[onlyAt + 1] : undefined;

const common = {
  bundle: true,
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  legalComments: 'none',
};

// Extension host, workers, language server and the devnode CLI: CommonJS for Node 20 in dist/
// (or --outdir <dir>: the bench builds the shipped extension bundle elsewhere).
const outdirAt = process.argv.indexOf('--outdir');
const outdir = outdirAt > 0 ? process.argv[outdirAt + 1] : 'dist';
const nodeCjs = { ...common, outdir, platform: 'node', format: 'cjs', target: 'node20' };

// Every `import * as vscode from 'vscode'` would otherwise copy the whole API object into a new
// namespace object at module load (esbuild's __toESM, ~40 copies of ~400 properties in the real
// host); this makes them share one namespace, copied once.
const vscodeOnce = {
  name: 'vscode-once',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-once'
        ? { path: 'vscode', external: true }
        : { path: 'vscode', namespace: 'vscode-once' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-once' }, () => ({
      contents: 'export * from "vscode";',
      loader: 'js',
    }));
  },
};

// Code the extension loads on first use through a lazy require()/import(), built as files of its
// own beside extension.js so that activation does not even compile it: the secp256k1 and SM2
// suites (native binding, @noble/curves), the SM TLS stack and the debug adapter. Each entry:
// the importing source, the specifier it loads lazily, and the output it becomes. Those modules
// hold no state shared with the rest of the extension (what they share is duplicated, pure code).
const lazyChunks = [
  {
    importer: 'src/protocol/crypto/suite.ts',
    specifier: './ecdsa',
    out: 'crypto-ecdsa',
    entry: 'src/protocol/crypto/ecdsa.ts',
  },
  {
    importer: 'src/protocol/crypto/suite.ts',
    specifier: './sm',
    out: 'crypto-sm',
    entry: 'src/protocol/crypto/sm.ts',
  },
  {
    importer: 'src/client/transport/smCertDir.ts',
    specifier: './smTls',
    out: 'sm-tls',
    entry: 'src/client/transport/smTls.ts',
  },
  {
    importer: 'src/extension/debug/register.ts',
    specifier: './session',
    out: 'debug-adapter',
    entry: 'src/extension/debug/session.ts',
  },
];
const splitLazy = {
  name: 'split-lazy',
  setup(build) {
    build.onResolve({ filter: /^\.\// }, (args) => {
      if (args.kind !== 'require-call' && args.kind !== 'dynamic-import') return undefined;
      const importer = path.relative(__dirname, args.importer).split(path.sep).join('/');
      const chunk = lazyChunks.find((c) => c.importer === importer && c.specifier === args.path);
      // Resolved at run time next to extension.js.
      return chunk ? { path: `./${chunk.out}.js`, external: true } : undefined;
    });
  },
};

function webviewEntries() {
  const dir = path.join(__dirname, 'webview');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => /^[a-z][\w-]*\.ts$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(dir, f));
}

async function main() {
  const builds = [
    {
      ...nodeCjs,
      entryPoints: {
        extension: 'src/extension/extension.ts',
        ...Object.fromEntries(lazyChunks.map((c) => [c.out, c.entry])),
      },
      // solc is loaded lazily at compile time from node_modules (or a user-configured soljson);
      // secp256k1 is an optional native accelerator.
      external: ['solc', 'secp256k1'],
      plugins: [vscodeOnce, splitLazy],
      // import() of a split file becomes require() (the extension host loads CommonJS).
      supported: { 'dynamic-import': false },
    },
    {
      ...nodeCjs,
      // Compilation runs here, off the extension-host thread. solc stays external so require('solc')
      // resolves as it did in the extension: dist/node_modules/solc (packaged) or node_modules/solc.
      entryPoints: { 'solc-worker': 'src/extension/compile/solcWorker.ts' },
      external: ['solc', 'solc/*'],
    },
    {
      ...nodeCjs,
      // The Solidity language server: its own process, started by the language client when a .sol
      // file opens. solc stays external as for the worker (the bundled one, or soljson files).
      entryPoints: { 'sol-server': 'src/langserver/server.ts' },
      external: ['solc', 'solc/*'],
    },
    {
      ...nodeCjs,
      // vscode-languageclient, required by the extension only when the first .sol file opens.
      entryPoints: { 'sol-client': 'src/extension/solidity/clientFactory.ts' },
      external: ['vscode'],
    },
    {
      ...nodeCjs,
      entryPoints: { 'devnode-cli': 'src/devnode/cli.ts' },
      // The chain store (@nxtedition/rocksdb; lmdb for migrating older data directories) loads
      // its prebuilt native binary at run time: it resolves from node_modules, or from
      // dist/node_modules where the package step copies it.
      external: ['secp256k1', 'lmdb', '@nxtedition/rocksdb'],
      banner: { js: '#!/usr/bin/env node' },
    },
  ];
  const views = webviewEntries();
  if (views.length) {
    builds.push({
      ...common,
      entryPoints: views,
      outdir: `${outdir}/webview`,
      platform: 'browser',
      format: 'iife',
      target: 'es2022',
    });
  }
  const present = builds
    .filter((b) => Object.values(b.entryPoints).every((p) => fs.existsSync(p)))
    .filter((b) => only === undefined || (!Array.isArray(b.entryPoints) && only in b.entryPoints));
  if (watch) {
    for (const b of present) await (await esbuild.context(b)).watch();
    return;
  }
  await Promise.all(present.map((b) => esbuild.build(b)));
  const cli = path.join(__dirname, outdir, 'devnode-cli.js');
  if (fs.existsSync(cli)) fs.chmodSync(cli, 0o755);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
