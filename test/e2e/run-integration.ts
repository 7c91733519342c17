// `npm run test:integration`: runs the extension's own mocha suite (test/extension, exporting
// run()) inside a real VS Code extension host: code-server, with the development path and tests path
// passed through the workbench URL's `payload` (code-server's CLI rejects those flags).
import fs from 'node:fs';
import path from 'node:path';
import util, { parseArgs } from 'node:util';
import { buildExtensionTests } from '../../scripts/lib/build-extension-tests';
import { workbenchUrl } from '../../scripts/lib/code-server';
import { buildExtension } from '../../scripts/lib/package-vsix';
import { repoRoot, testOutputDir } from '../../scripts/lib/paths';
import { run } from '../../scripts/lib/run-command';
import { finishSuite, readSuiteCounts, runSuiteMain } from '../../scripts/lib/suite-result';
import { openSession, prepareTools, type TestSession } from '../../scripts/lib/test-session';

const TIMEOUT_MS = 10 * 60_000;
const outDir = path.join(testOutputDir, 'integration');
const log = (line: string) => console.log(`[integration] ${line}`);
const { values: args } = parseArgs({ options: { grep: { type: 'string' } } });

async function main(): Promise<number> {
  const started = Date.now();
  await prepareTools(log);
  await buildExtension(false);
  // The production extension bundle too, for the activation record (test/extension/1-activation).
  await run(
    process.execPath,
    [
      'esbuild.js',
      '--production',
      '--only',
      'extension',
      '--outdir',
      path.join(testOutputDir, 'extension-shipped'),
    ],
    { cwd: repoRoot },
  );
  const testsEntry = await buildExtensionTests();
  const resultsFile = path.join(outDir, 'results.json');
  const session: TestSession = await openSession({
    runDir: path.join(outDir, 'run'),
    log,
    env: (devnode) => ({
      // The suite may use this fresh chain instead of starting its own node.
      FISCO_BCOS_TEST_RPC_URL: devnode.url,
      FISCO_BCOS_TEST_GROUP: devnode.group,
      FISCO_BCOS_TEST_ACCOUNTS: JSON.stringify(devnode.accounts),
      E2E_TEST_RESULTS_FILE: resultsFile,
      ...(args.grep ? { FISCO_BCOS_TEST_GREP: args.grep } : {}),
    }),
  });
  fs.rmSync(resultsFile, { force: true });
  let output = '';
  let code: number | string;
  try {
    const { page, server } = session;
    const done = new Promise<number>((resolve) => {
      void page.exposeFunction('codeAutomationExit', (c: number) => resolve(c));
    });
    // The extension host's console (mocha's reporter) arrives here, printf-style.
    await page.exposeFunction('codeAutomationLog', (_type: string, args: unknown[]) => {
      const line = util.format(...(args ?? []));
      output += `${line}\n`;
      console.log(line);
    });
    const authority = new URL(server.url).host;
    const remote = (p: string) => `vscode-remote://${authority}${p}`;
    await page.goto(
      workbenchUrl(server.url, session.workspace, [
        ['extensionDevelopmentPath', remote(repoRoot)],
        ['extensionTestsPath', remote(testsEntry)],
      ]),
    );
    code = await Promise.race([
      done,
      new Promise<string>((r) => setTimeout(() => r('timeout'), TIMEOUT_MS).unref()),
    ]);
    if (code !== 0) await page.screenshot({ path: path.join(outDir, 'failure.png') }).catch(() => undefined);
  } finally {
    await session.close();
  }

  // Without the results file, fall back to mocha's spec summary: "  12 passing (3s)", "  1 failing".
  const { passed, failed } = readSuiteCounts(resultsFile) ?? {
    passed: Number(/(\d+) passing/.exec(output)?.[1] ?? 0),
    failed: Number(/(\d+) failing/.exec(output)?.[1] ?? 0),
  };
  if (code === 'timeout') log(`no result within ${TIMEOUT_MS / 1000} s`);
  return finishSuite({ code, passed, failed, runDir: path.join(outDir, 'run'), started, log });
}

runSuiteMain(main);
