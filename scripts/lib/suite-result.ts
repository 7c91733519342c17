// How a run of the extension's mocha suite (test/extension) is judged and reported, shared by the
// code-server runner and the desktop VS Code runner: one rule, one closing `N passed, N failed` line.

import fs from 'node:fs';
import path from 'node:path';
import { repoRoot } from './paths';

/** The file test/extension/index.ts writes with each test's outcome. */
interface Results {
  failures: number;
  results: { title: string; state: string; error?: string }[];
}

export function readSuiteCounts(resultsFile: string): { passed: number; failed: number } | undefined {
  if (!fs.existsSync(resultsFile)) return undefined;
  // Written by the suite's own reporter (test/extension), in the Results shape above.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
  const r = JSON.parse(fs.readFileSync(resultsFile, 'utf8')) as Results;
  return {
    passed: r.results.filter((t) => t.state === 'passed').length,
    failed: r.results.filter((t) => t.state === 'failed').length,
  };
}

/** Prints the closing line and returns the exit code; logs are kept only when the run failed. */
export function finishSuite(run: {
  code: number | string;
  passed: number;
  failed: number;
  runDir: string;
  started: number;
  log: (line: string) => void;
}): number {
  const ok = run.code === 0 && run.failed === 0 && run.passed > 0;
  // A suite that crashed, timed out or never ran is a failure, never a pass.
  const failed = !ok && run.failed === 0 ? 1 : run.failed;
  if (ok) fs.rmSync(run.runDir, { recursive: true, force: true });
  else run.log(`logs kept in ${path.relative(repoRoot, run.runDir)}`);
  run.log(`finished in ${((Date.now() - run.started) / 1000).toFixed(1)} s (exit code ${run.code})`);
  console.log(`${run.passed} passed, ${failed} failed`);
  return ok ? 0 : 1;
}

/** Runs a runner's main(); an exception still ends with a closing line CI can read. */
export function runSuiteMain(main: () => Promise<number>): void {
  main().then(
    (c) => process.exit(c),
    (err) => {
      console.error(err instanceof Error ? err.stack : err);
      console.log('0 passed, 1 failed');
      process.exit(1);
    },
  );
}
