// What the in-process benches (devnode-call.ts, devnode-tx.ts) share: the driver's common start
// (imports, the CLI's heap policy, a started dev node and its JSON-RPC handler), bundling the
// driver with this checkout's dev node and with another commit's (--ref), and running the builds
// in alternating processes (A B A B) so drift in load hits both.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bundleForNode } from './bundle';
import { sourceAt } from './sourceAt';

export const REPO = join(__dirname, '..', '..');

/**
 * The start of every driver (bundled with the dev node's source): `cfg` is the JSON file named
 * by its first argument, `word(k)` a 32-byte ABI word, and `startNode()` starts a dev node and
 * returns it with `rpc(method, params)`, which throws on a JSON-RPC error.
 */
export const DRIVER_PRELUDE = `
import { readFileSync } from 'node:fs';
import { startDevnode } from './src/devnode/index';
import { limitHeapGrowth } from './src/devnode/heapTuning';
import { ecdsaSuite } from './src/protocol/crypto/suite';
import { encodeTransaction, hashTransactionData } from './src/protocol/transaction';
import { fromHex, toHex } from './src/protocol/hex';
limitHeapGrowth();
const cfg = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const word = (k) => k.toString(16).padStart(64, '0');
const startNode = async () => {
  const node = await startDevnode({ port: 0, logLevel: 'silent', accounts: 10, nodes: 4 });
  const rpc = async (method, params) => {
    const r = JSON.parse(await node.handle(JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })));
    if (r.error) throw new Error(method + ': ' + r.error.message);
    return r.result;
  };
  return { node, rpc };
};
`;

export interface DriverRun {
  /** Names the bundles and the scratch directory. */
  name: string;
  /** The driver's source after DRIVER_PRELUDE; it prints its result as its last stdout line. */
  driver: string;
  /** Written to a file the driver reads as `cfg`. */
  cfg: unknown;
  /** A git ref whose dev node runs the same driver too ('' for none). */
  ref: string;
  /** Processes per build when there is a ref (one without). */
  passes: number;
  /** Node flags for the driver processes (e.g. --cpu-prof). */
  nodeArgs: string[];
  /** Keeps the bundles (a profile's lines point into them). */
  keepBundles: boolean;
}

/** Runs the driver per build; returns each build's parsed results, one per process, in order. */
export async function runDriver<R>(run: DriverRun): Promise<Map<string, R[]>> {
  const work = mkdtempSync(join(tmpdir(), `bench-${run.name}-`));
  const builds: { name: string; file: string }[] = [];
  try {
    const cfgFile = join(work, 'cfg.json');
    writeFileSync(cfgFile, JSON.stringify(run.cfg));
    const contents = DRIVER_PRELUDE + run.driver;
    builds.push({
      name: 'this tree',
      file: await bundleForNode({ contents, resolveDir: REPO }, `devnode-${run.name}`),
    });
    if (run.ref !== '') {
      builds.push({
        name: run.ref,
        file: await bundleForNode(
          { contents, resolveDir: sourceAt(run.ref, work) },
          `devnode-${run.name}-ref`,
        ),
      });
    }
    const results = new Map<string, R[]>();
    for (let pass = 0; pass < (run.ref === '' ? 1 : run.passes); pass++) {
      for (const b of builds) {
        const r = spawnSync(process.execPath, [...run.nodeArgs, b.file, cfgFile], {
          encoding: 'utf8',
          // The native addons stay external to the bundle, as in the shipped CLI.
          env: { ...process.env, NODE_PATH: join(REPO, 'node_modules') },
          stdio: ['ignore', 'pipe', 'inherit'],
          cwd: work,
        });
        if (r.status !== 0) throw new Error(`${b.name}: driver exited ${r.status}`);
        const line = r.stdout.trim().split('\n').pop()!;
        results.set(b.name, [...(results.get(b.name) ?? []), JSON.parse(line) as R]);
      }
    }
    return results;
  } finally {
    rmSync(work, { recursive: true, force: true });
    if (!run.keepBundles) for (const b of builds) rmSync(b.file, { force: true });
  }
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
