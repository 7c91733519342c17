// The solc worker: compilation runs in a worker thread (bundled as esbuild.js bundles
// dist/solc-worker.js), the worker is reused between compiles, cancelling terminates it, and the
// calling thread's event loop keeps running while solc loads and compiles.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import esbuild from 'esbuild';
import { CompileCancelledError, SolcWorkerClient } from '../../../src/extension/compile/solcWorkerClient';
import { buildInput, readOutput } from '../../../src/extension/compile/solcIO';

const repo = join(__dirname, '..', '..', '..');
// Inside the repository, so the worker's require('solc') resolves node_modules/solc as in development.
const outDir = join(repo, 'out', 'test', 'solc-worker');
const workerFile = join(outDir, 'solc-worker.js');
let root: string;

const settings = { evmVersion: 'paris', optimizer: false };
const COUNTER =
  'pragma solidity ^0.8.0;\nimport "./Base.sol";\ncontract Counter is Base { uint256 public value; function set(uint256 v) public { value = v; } }\n';
const BASE = 'pragma solidity ^0.8.0;\ncontract Base { event Changed(uint256 v); }\n';

before(async () => {
  mkdirSync(outDir, { recursive: true });
  await esbuild.build({
    entryPoints: { 'solc-worker': join(repo, 'src', 'extension', 'compile', 'solcWorker.ts') },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['solc', 'solc/*'],
    logLevel: 'error',
  });
  root = mkdtempSync(join(tmpdir(), 'solc-worker-'));
  writeFileSync(join(root, 'Base.sol'), BASE);
});

after(() => rmSync(root, { recursive: true, force: true }));

function solcLoadedHere(): string[] {
  return Object.keys(require.cache).filter((k) => /[\\/]solc[\\/]/.test(k));
}

describe('solc worker', () => {
  it('compiles in a worker thread, never loading solc on the calling thread, and reuses the worker', async () => {
    const client = new SolcWorkerClient(workerFile);
    try {
      let loadedVersion = '';
      // The calling thread's event loop keeps turning while the worker loads soljson (~1 s of
      // synchronous work) and compiles: measure the longest gap between 10 ms timers.
      let last = performance.now();
      let maxGap = 0;
      const ticker = setInterval(() => {
        const now = performance.now();
        maxGap = Math.max(maxGap, now - last);
        last = now;
      }, 10);
      let first;
      try {
        first = await client.compile(buildInput({ 'Counter.sol': COUNTER }, settings), {
          root,
          soljsonPath: '',
          onLoaded: (v) => (loadedVersion = v),
        });
      } finally {
        clearInterval(ticker);
      }
      assert.notEqual(first.threadId, threadId);
      assert.ok(first.threadId > 0);
      assert.equal(client.threadId, first.threadId);
      assert.match(loadedVersion, /^0\.8\.\d+\+commit/);
      assert.equal(first.version, loadedVersion);
      assert.ok(maxGap < 300, `the calling thread was blocked for ${maxGap.toFixed(0)} ms`);
      assert.deepEqual(solcLoadedHere(), []);
      const { contracts, problems } = readOutput(first.output);
      assert.deepEqual(
        problems.filter((p) => p.severity === 'error'),
        [],
      );
      assert.deepEqual(contracts.map((c) => c.name).sort(), ['Base', 'Counter']);
      assert.ok(contracts.find((c) => c.name === 'Counter')!.bytecode.length > 100);

      const second = await client.compile(
        buildInput(
          { 'B.sol': 'pragma solidity ^0.8.0;\ncontract B { function f() public { undefinedThing(); } }\n' },
          settings,
        ),
        { root, soljsonPath: '' },
      );
      assert.equal(second.threadId, first.threadId);
      assert.equal(client.workersStarted, 1);
      assert.ok(
        readOutput(second.output).problems.some(
          (p) => p.severity === 'error' && /Undeclared identifier/.test(p.message),
        ),
      );
    } finally {
      await client.terminate();
    }
    assert.equal(client.threadId, undefined);
  });

  it('cancelling terminates the worker; the next compile starts a new one', async () => {
    const client = new SolcWorkerClient(workerFile);
    try {
      const abort = new AbortController();
      const pending = client.compile(buildInput({ 'Counter.sol': COUNTER }, settings), {
        root,
        soljsonPath: '',
        signal: abort.signal,
      });
      const cancelledThread = client.threadId;
      assert.ok(cancelledThread && cancelledThread > 0);
      setTimeout(() => abort.abort(), 50);
      await assert.rejects(pending, CompileCancelledError);
      assert.equal(client.threadId, undefined);
      const again = await client.compile(buildInput({ 'Counter.sol': COUNTER }, settings), {
        root,
        soljsonPath: '',
      });
      assert.equal(client.workersStarted, 2);
      assert.notEqual(again.threadId, cancelledThread);
      assert.ok(readOutput(again.output).contracts.some((c) => c.name === 'Counter'));
    } finally {
      await client.terminate();
    }
  });

  it('explains a soljsonPath that does not exist, and keeps working', async () => {
    const client = new SolcWorkerClient(workerFile);
    try {
      const missing = join(root, 'nope', 'soljson.js');
      await assert.rejects(
        client.compile(buildInput({ 'Counter.sol': COUNTER }, settings), { root, soljsonPath: missing }),
        {
          message: `Could not load the Solidity compiler: fiscoBcos.solc.soljsonPath points to ${missing}, which does not exist.`,
        },
      );
      const soljson = require.resolve('solc/soljson.js', { paths: [repo] });
      const r = await client.compile(buildInput({ 'Counter.sol': COUNTER }, settings), {
        root,
        soljsonPath: soljson,
      });
      assert.ok(readOutput(r.output).contracts.some((c) => c.name === 'Counter'));
      assert.equal(client.workersStarted, 1);
    } finally {
      await client.terminate();
    }
  });
});
