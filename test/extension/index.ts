// Entry of the extension-host mocha suite (vscode-e2e.md §5): the runner loads this file and
// calls run(). Each *.test.js beside it (bundled from *.test.ts) is added in name order.
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';

export async function run(): Promise<void> {
  const resultsFile = process.env.E2E_TEST_RESULTS_FILE;
  // FISCO_BCOS_TEST_GREP (npm run test:integration -- --grep <text>) runs only the matching tests.
  const grep = process.env.FISCO_BCOS_TEST_GREP || undefined;
  const mocha = new Mocha({ ui: 'tdd', color: false, timeout: 60_000, reporter: 'spec', grep });
  for (const f of fs.readdirSync(__dirname).sort())
    if (f.endsWith('.test.js')) mocha.addFile(path.join(__dirname, f));
  const results: { title: string; state: string; error?: string }[] = [];
  await new Promise<void>((resolve, reject) => {
    const runner = mocha.run((failures) => {
      if (resultsFile) fs.writeFileSync(resultsFile, JSON.stringify({ failures, results }, null, 2));
      if (failures > 0) reject(new Error(`${failures} tests failed.`));
      else resolve();
    });
    runner.on('pass', (t) => results.push({ title: t.fullTitle(), state: 'passed' }));
    runner.on('fail', (t, err: Error) =>
      results.push({ title: t.fullTitle(), state: 'failed', error: String(err?.message) }),
    );
  });
}
