// Solidity tests run on a throwaway chain of their own by default (a devnode child process started
// for the run), so the chain being inspected gets no blocks; "fiscoBcos.tests.chain":
// "activeConnection" keeps the old behaviour. Each result line is printed once.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { connectTestChain } from './helpers';

const SUITE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

contract TallyTest {
    uint256 count;
    function setUp() public { count = 1; }
    function testStartsAtOne() public view { require(count == 1, "not one"); }
    function testAddsOne() public { count += 1; require(count == 2, "not two"); }
}
`;

suite('Solidity tests', () => {
  const config = () => vscode.workspace.getConfiguration('fiscoBcos');

  suiteTeardown(async () => {
    await config().update('tests.chain', undefined, vscode.ConfigurationTarget.Global);
  });

  async function runAll() {
    const { api: a } = await connectTestChain();
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fisco-tests-')), 'Tally.t.sol');
    fs.writeFileSync(file, SUITE);
    const uri = vscode.Uri.file(file);
    a.tests.updateFromText(uri, SUITE);
    const item = a.tests.controller.items.get(uri.toString());
    assert.ok(item, 'the file is in the Test Explorer');
    const cancel = new vscode.CancellationTokenSource();
    try {
      return { a, results: await a.tests.run(new vscode.TestRunRequest([item]), cancel.token) };
    } finally {
      cancel.dispose();
    }
  }

  test('by default a throwaway chain: the inspected chain gets no blocks, each line once', async () => {
    await config().update('tests.chain', undefined, vscode.ConfigurationTarget.Global);
    const { api: a } = await connectTestChain();
    const before = await a.session.requireChain().blockNumber();
    const { results } = await runAll();
    assert.deepEqual(
      results.map((r) => [r.test, r.passed, r.message]),
      [
        ['testStartsAtOne', true, undefined],
        ['testAddsOne', true, undefined],
      ],
    );
    assert.equal(
      await a.session.requireChain().blockNumber(),
      before,
      'no test block on the inspected chain',
    );
    const out = a.tests.output;
    assert.match(
      out[0],
      /^Running 2 tests on a throwaway local chain \(http:\/\/127\.0\.0\.1:\d+, group0\) from 0x[0-9a-f]{40}$/,
    );
    const resultLines = out.filter((l) => /^[✓✗] /.test(l));
    assert.deepEqual(
      resultLines.map((l) => l.split(' · ')[0]),
      ['✓ TallyTest.testStartsAtOne', '✓ TallyTest.testAddsOne'],
      'one result line per test',
    );
  });

  test('"fiscoBcos.tests.chain": "activeConnection" runs on the active connection', async () => {
    await config().update('tests.chain', 'activeConnection', vscode.ConfigurationTarget.Global);
    const { api: a } = await connectTestChain();
    const before = await a.session.requireChain().blockNumber();
    const { results } = await runAll();
    assert.equal(results.filter((r) => r.passed).length, 2);
    assert.ok((await a.session.requireChain().blockNumber()) > before, 'the tests sealed blocks there');
    assert.match(a.tests.output[0], new RegExp(`^Running 2 tests on ${a.session.connection?.name} `));
  });
});
