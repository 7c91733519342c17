// `npm run test:e2e [-- --grep text]`: the UI scenarios in one code-server and one Chromium,
// against a fresh dev node, with the extension installed from its .vsix as users get it.
// Screenshots of every step go to test-output/e2e/screenshots/; the run dir (profiles, logs)
// is kept only when something failed.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { workbenchUrl } from '../../scripts/lib/code-server';
import { buildExtension, packageVsix } from '../../scripts/lib/package-vsix';
import { repoRoot, testOutputDir } from '../../scripts/lib/paths';
import { openSession, prepareTools } from '../../scripts/lib/test-session';
import { StepRecorder, slug } from './lib/scenario';
import { Workbench } from './lib/workbench';
import { E2E_CONNECTION, e2eEnv, e2eSettings } from './lib/settings';
import { scenarios } from './scenarios';

const outDir = path.join(testOutputDir, 'e2e');
const runDir = path.join(outDir, 'run');
const log = (line: string) => console.log(`[e2e] ${line}`);
const { values: args } = parseArgs({ options: { grep: { type: 'string' } } });

async function main(): Promise<number> {
  const started = Date.now();
  const selected = scenarios.filter(
    (s) => !args.grep || s.name.toLowerCase().includes(args.grep.toLowerCase()),
  );
  if (selected.length === 0) throw new Error(`no scenario matches "${args.grep}"`);
  fs.rmSync(path.join(outDir, 'screenshots'), { recursive: true, force: true });
  await prepareTools(log);
  await buildExtension(true);
  const vsix = await packageVsix(path.join(outDir, 'fisco-bcos-vscode.vsix'), { quiet: true });
  const session = await openSession({ runDir, vsix, log, settings: e2eSettings, env: e2eEnv });
  seedSolcCache(path.join(runDir, 'user-data'));
  const { page } = session;
  const wb = new Workbench(page);
  let passed = 0;
  let failed = 0;
  // CI shows only the tail of the log, so the failures are repeated at the end.
  const failures: string[] = [];
  try {
    const t = Date.now();
    await page.goto(workbenchUrl(session.server.url, session.workspace));
    await wb.waitReady('FISCO BCOS');
    // On a fresh profile the extension opens its Get Started walkthrough once (groups-view checks
    // it): wait for it here so it cannot take the focus from a scenario's first prompt.
    await page
      .locator('.part.editor', { hasText: 'Get Started with FISCO BCOS' })
      .waitFor({ timeout: 60_000 });
    log(`workbench ready in ${Date.now() - t} ms (connection "${E2E_CONNECTION}" → ${session.devnode.url})`);
    for (const [i, scenario] of selected.entries()) {
      const dir = path.join(
        outDir,
        'screenshots',
        `${String(i + 1).padStart(2, '0')}-${slug(scenario.name)}`,
      );
      const recorder = new StepRecorder(page, dir);
      const t0 = Date.now();
      console.log(`  ${scenario.name}`);
      try {
        await scenario.run({
          page,
          wb,
          devnode: session.devnode,
          workspace: session.workspace,
          step: (name, fn) => recorder.step(name, fn),
          log: (line) => console.log(`      ${line}`),
        });
        passed++;
        console.log(`  ✓ ${scenario.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      } catch (err) {
        failed++;
        console.log(`  ✗ ${scenario.name} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
        console.log(indent(err instanceof Error ? (err.stack ?? err.message) : String(err)));
        failures.push(`${scenario.name} › ${recorder.failedStep ?? '(outside a step)'}: ${firstLines(err)}`);
      }
      await wb.reset().catch(() => undefined);
    }
  } catch (err) {
    failed++;
    failures.push(`start-up: ${firstLines(err)}`);
    await page.screenshot({ path: path.join(outDir, 'startup-FAILED.png') }).catch(() => undefined);
    console.log(indent(err instanceof Error ? (err.stack ?? err.message) : String(err)));
  } finally {
    await session.close();
  }
  if (failed === 0) fs.rmSync(runDir, { recursive: true, force: true });
  else
    log(
      `logs and profiles kept in ${path.relative(repoRoot, runDir)} (extension output: user-data/logs/*/exthost1/)`,
    );
  log(
    `screenshots in ${path.relative(repoRoot, path.join(outDir, 'screenshots'))}; finished in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  if (failures.length > 0) console.log(`failed:\n${failures.map((f) => indent(f)).join('\n')}`);
  console.log(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}

function firstLines(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.split('\n').slice(0, 6).join('\n  ');
}

function indent(text: string): string {
  return text
    .split('\n')
    .map((l) => `      ${l}`)
    .join('\n');
}

main().then(
  (c) => process.exit(c),
  (err) => {
    console.error(err instanceof Error ? err.stack : err);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);

/**
 * The packaged extension bundles solc 0.8.37 only; other versions are downloaded from the npm
 * registry on first use and cached in the extension's global storage. The run stays offline by
 * putting solc 0.6.10 (the dev dependency alias solc-0.6.10) where that download would have cached it.
 */
function seedSolcCache(userDataDir: string): void {
  const cache = path.join(userDataDir, 'User', 'globalStorage', 'fisco-bcos-tools.fisco-bcos-vscode', 'solc');
  fs.mkdirSync(cache, { recursive: true });
  fs.copyFileSync(require.resolve('solc-0.6.10/soljson.js'), path.join(cache, 'soljson-v0.6.10.js'));
}
