// `npm run test:electron`: the same extension-host suite as `npm run test:integration`
// (test/extension, bundled by build-extension-tests.ts), run in desktop VS Code through
// @vscode/test-electron's runTests instead of code-server. For machines that can download VS Code
// (or set VSCODE_EXECUTABLE_PATH to an installed `code`); VSCODE_TEST_VERSION picks a version
// (default: latest stable). On Linux without a display, run it under `xvfb-run -a`.
// The suite gets a fresh dev node through FISCO_BCOS_TEST_*, as run-integration.ts passes it.
import fs from 'node:fs';
import path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { buildExtensionTests } from './lib/build-extension-tests';
import { QUIET_SETTINGS } from './lib/code-server';
import { startDevnode } from './lib/devnode-process';
import { buildExtension } from './lib/package-vsix';
import { cacheDir, repoRoot, sampleWorkspace, testOutputDir } from './lib/paths';
import { PidFile } from './lib/process-group';
import { finishSuite, readSuiteCounts, runSuiteMain } from './lib/suite-result';

const outDir = path.join(testOutputDir, 'electron');
const runDir = path.join(outDir, 'run');
const log = (line: string) => console.log(`[electron] ${line}`);

async function main(): Promise<number> {
  const started = Date.now();
  const pids = new PidFile(path.join(cacheDir, 'test-pids.json'));
  const leftovers = await pids.sweep();
  if (leftovers.length) log(`stopped leftovers of an earlier, killed run: ${leftovers.join('; ')}`);
  await buildExtension(false);
  const testsEntry = await buildExtensionTests();

  fs.rmSync(runDir, { recursive: true, force: true });
  const workspace = path.join(runDir, 'workspace');
  fs.cpSync(sampleWorkspace, workspace, { recursive: true });
  const userDataDir = path.join(runDir, 'user-data');
  fs.mkdirSync(path.join(userDataDir, 'User'), { recursive: true });
  fs.writeFileSync(path.join(userDataDir, 'User', 'settings.json'), JSON.stringify(QUIET_SETTINGS, null, 2));
  const resultsFile = path.join(outDir, 'results.json');
  fs.rmSync(resultsFile, { force: true });

  const devnode = await startDevnode({
    port: 0,
    dataDir: path.join(runDir, 'devnode-data'),
    fresh: true,
    logFile: path.join(runDir, 'devnode.log'),
    pidFile: pids,
  });
  log(`dev node ready at ${devnode.url}`);
  let code: number;
  try {
    code = await runTests({
      version: process.env.VSCODE_TEST_VERSION || undefined,
      vscodeExecutablePath: process.env.VSCODE_EXECUTABLE_PATH || undefined,
      // The development extension + extensionTestsPath: the host runs it in ExtensionMode.Test,
      // the only mode in which activate() returns the API the suite drives.
      extensionDevelopmentPath: repoRoot,
      extensionTestsPath: testsEntry,
      extensionTestsEnv: {
        FISCO_BCOS_TEST_RPC_URL: devnode.url,
        FISCO_BCOS_TEST_GROUP: devnode.group,
        FISCO_BCOS_TEST_ACCOUNTS: JSON.stringify(devnode.accounts),
        E2E_TEST_RESULTS_FILE: resultsFile,
        ELECTRON_RUN_AS_NODE: undefined,
      },
      launchArgs: [
        workspace,
        '--user-data-dir',
        userDataDir,
        '--extensions-dir',
        path.join(runDir, 'extensions'),
        '--disable-extensions',
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        // Chromium refuses its sandbox as root (containers, CI).
        ...(process.getuid?.() === 0 ? ['--no-sandbox'] : []),
      ],
    });
  } catch (err) {
    log(`VS Code failed: ${err instanceof Error ? err.message : String(err)}`);
    code = 1;
  } finally {
    await devnode.stop();
  }

  const { passed, failed } = readSuiteCounts(resultsFile) ?? { passed: 0, failed: 0 };
  return finishSuite({ code, passed, failed, runDir, started, log });
}

runSuiteMain(main);
