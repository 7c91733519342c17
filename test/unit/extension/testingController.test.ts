// The Test Explorer glue with a stand-in `vscode` module: the tree from the workspace's .t.sol
// files, and a run mapped onto TestRun calls (passed / failed with the decoded reason at the test's
// source location, output with gas, each line once), the confirmation on a non-loopback chain,
// errors, and the default: a chain of the run's own, leaving the inspected chain untouched.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { StubUri, useVscodeStub } from './vscodeStub';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { SdkChainApi } from '../../../src/extension/chain/sdkChainApi';
import { buildInput, readOutput } from '../../../src/extension/compile/solcIO';

const workspace = join(__dirname, '..', '..', '..', 'samples', 'workspace');

const FAILING = `pragma solidity ^0.8.11;
contract MixedTest {
    function testOk() public pure {}
    function testBad() public pure {
        require(false, "nope");
    }
}
`;

// ---- a small stand-in for the parts of the vscode API the controller uses ----
const Uri = StubUri;
type Uri = StubUri;
class Range {
  constructor(
    readonly startLine: number,
    readonly startCharacter: number,
    readonly endLine: number,
    readonly endCharacter: number,
  ) {}
}
class Location {
  constructor(
    readonly uri: Uri,
    readonly range: Range,
  ) {}
}
class TestMessage {
  location?: Location;
  constructor(readonly message: string) {}
}
class Collection {
  readonly map = new Map<string, Item>();
  add(i: Item) {
    this.map.set(i.id, i);
  }
  delete(id: string) {
    this.map.delete(id);
  }
  get(id: string) {
    return this.map.get(id);
  }
  forEach(fn: (i: Item) => void) {
    [...this.map.values()].forEach(fn);
  }
  replace(items: Item[]) {
    this.map.clear();
    items.forEach((i) => this.add(i));
  }
  get size() {
    return this.map.size;
  }
}
interface Item {
  id: string;
  label: string;
  uri: Uri;
  children: Collection;
  range?: Range;
  sortText?: string;
}
const calls: [string, string, unknown?][] = [];
const output: string[] = [];
const warnings: string[] = [];
let warningAnswer: string | undefined;
const files: Record<string, string> = {};
/** The "fiscoBcos.tests.chain" setting the stub reports. */
let chainSetting = 'activeConnection';
const stub = {
  Uri,
  Range,
  Location,
  TestMessage,
  TestRunProfileKind: { Run: 1 },
  ProgressLocation: { Notification: 15 },
  tests: {
    createTestController: () => ({
      items: new Collection(),
      createTestItem: (id: string, label: string, uri: Uri): Item => ({
        id,
        label,
        uri,
        children: new Collection(),
      }),
      createRunProfile: () => ({ dispose() {} }),
      createTestRun: () => ({
        enqueued: (i: Item) => calls.push(['enqueued', i.label]),
        started: (i: Item) => calls.push(['started', i.label]),
        passed: (i: Item) => calls.push(['passed', i.label]),
        failed: (i: Item, m: TestMessage) => calls.push(['failed', i.label, m]),
        errored: (i: Item, m: TestMessage) => calls.push(['errored', i.label, m]),
        skipped: (i: Item) => calls.push(['skipped', i.label]),
        appendOutput: (t: string) => output.push(t),
        end: () => calls.push(['end', '']),
      }),
      dispose() {},
    }),
  },
  workspace: {
    findFiles: async () => Object.keys(files).map((p) => Uri.file(p)),
    createFileSystemWatcher: () => ({
      onDidCreate: () => ({ dispose() {} }),
      onDidChange: () => ({ dispose() {} }),
      onDidDelete: () => ({ dispose() {} }),
      dispose() {},
    }),
    onDidChangeTextDocument: () => ({ dispose() {} }),
    onDidChangeConfiguration: () => ({ dispose() {} }),
    getConfiguration: () => ({
      get: <T>(key: string, fallback: T): T => (key === 'tests.chain' ? (chainSetting as T) : fallback),
    }),
    textDocuments: [],
    fs: { readFile: async (u: Uri) => new TextEncoder().encode(files[u.path]) },
    asRelativePath: (u: Uri) => u.path.replace(`${workspace}/`, ''),
    openTextDocument: async (u: Uri) => ({
      uri: u,
      getText: () => files[u.path],
      version: 1,
      isDirty: false,
    }),
  },
  window: {
    showWarningMessage: async (m: string) => {
      warnings.push(m);
      return warningAnswer;
    },
    showErrorMessage: async () => undefined,
    withProgress: async <T>(_o: unknown, task: () => Promise<T>) => task(),
  },
  commands: { executeCommand: async () => undefined },
};

useVscodeStub(stub);

function compileDoc(doc: { uri: Uri; getText(): string }) {
  const unit = doc.uri.path.replace(`${workspace}/`, '');
  const solc = require('solc');
  const out = solc.compile(buildInput({ [unit]: doc.getText() }, { evmVersion: 'paris', optimizer: false }), {
    import: (p: string) => ({ contents: readFileSync(join(workspace, p), 'utf8') }),
  });
  return readOutput(out).contracts.filter((c) => c.source === unit);
}

let node: Devnode;
let api: SdkChainApi;
let Explorer: typeof import('../../../src/extension/testing/testController').SolidityTestExplorer;

const counterPath = join(workspace, 'test', 'Counter.t.sol');
const mixedPath = join(workspace, 'test', 'Mixed.t.sol');

function session(url: string) {
  return {
    connection: { name: url.includes('127.0.0.1') ? 'Local Node' : 'Remote', url, group: node.groupId },
    requireChain: () => api,
    requireSigner: async () => ({
      address: node.accounts[0].address,
      privateKey: node.accounts[0].privateKey,
      sm: false,
    }),
  };
}

before(async () => {
  node = await startDevnode({ port: 0, accounts: 1, logLevel: 'silent' });
  api = new SdkChainApi({ name: 'test', url: node.url, group: node.groupId });
  files[counterPath] = readFileSync(counterPath, 'utf8');
  files[mixedPath] = FAILING;
  ({ SolidityTestExplorer: Explorer } = await import('../../../src/extension/testing/testController'));
});

after(async () => {
  api?.close();
  await node?.stop();
});

describe('Test Explorer glue', () => {
  it('builds the tree lazily and maps a run onto TestRun results', async () => {
    const explorer = new Explorer(
      session(node.url) as never,
      { compile: async (d: never) => compileDoc(d) } as never,
    );
    const controller = explorer.controller as unknown as { items: Collection };
    assert.equal(controller.items.size, 0, 'nothing is discovered before the controller is resolved');
    await explorer.discoverAll();
    const tree = [...controller.items.map.values()].map((f) => [
      f.label,
      [...f.children.map.values()].map((s) => [s.label, [...s.children.map.values()].map((t) => t.label)]),
    ]);
    assert.deepEqual(tree, [
      [
        'test/Counter.t.sol',
        [
          [
            'CounterTest',
            [
              'testStartsWithTheConstructorValues',
              'testIncrementAddsTheAmount',
              'testSetLabelChangesTheLabel',
              'testTheTestContractOwnsTheCounter',
            ],
          ],
        ],
      ],
      ['test/Mixed.t.sol', [['MixedTest', ['testOk', 'testBad']]]],
    ]);
    calls.length = 0;
    output.length = 0;
    const results = await explorer.run(
      { include: undefined, exclude: [] } as never,
      { isCancellationRequested: false } as never,
    );
    assert.equal(results.length, 6);
    const outcome = calls
      .filter((c) => ['passed', 'failed', 'errored'].includes(c[0]))
      .map((c) => `${c[0]} ${c[1]}`);
    assert.deepEqual(outcome.sort(), [
      'failed testBad',
      'passed testIncrementAddsTheAmount',
      'passed testOk',
      'passed testSetLabelChangesTheLabel',
      'passed testStartsWithTheConstructorValues',
      'passed testTheTestContractOwnsTheCounter',
    ]);
    const failed = calls.find((c) => c[0] === 'failed')![2] as TestMessage;
    assert.match(failed.message, /^reverted: nope \(gas \d+\)$/);
    assert.equal(failed.location?.uri.path, mixedPath);
    assert.deepEqual(failed.location?.range, new Range(3, 13, 3, 20));
    assert.equal(calls.at(-1)?.[0], 'end');
    const text = output.join('');
    assert.match(text, /Running 6 tests on Local Node/);
    assert.match(text, /✓ CounterTest\.testIncrementAddsTheAmount · gas \d+ · tx 0x[0-9a-f]{64}\r\n/);
    assert.match(text, /✗ MixedTest\.testBad · gas \d+ · tx 0x[0-9a-f]{64} — reverted: nope\r\n/);
    assert.match(text, /5 passed, 1 failed · total gas \d+\r\n$/);
    explorer.dispose();
  });

  it('runs only the requested tests, and asks before sending to a non-loopback chain', async () => {
    const explorer = new Explorer(
      session('http://10.1.2.3:20200') as never,
      { compile: async (d: never) => compileDoc(d) } as never,
    );
    await explorer.discoverAll();
    const controller = explorer.controller as unknown as { items: Collection };
    const ok = controller.items
      .get(`file://${mixedPath}`)!
      .children.get(`file://${mixedPath}::MixedTest`)!
      .children.get(`file://${mixedPath}::MixedTest.testOk`)!;
    calls.length = 0;
    warnings.length = 0;
    warningAnswer = undefined;
    const declined = await explorer.run(
      { include: [ok], exclude: [] } as never,
      { isCancellationRequested: false } as never,
    );
    assert.deepEqual(declined, []);
    assert.deepEqual(warnings, ['Run Solidity tests on Remote?']);
    assert.deepEqual(
      calls.map((c) => `${c[0]} ${c[1]}`),
      ['enqueued testOk', 'skipped testOk', 'end '],
    );
    calls.length = 0;
    warningAnswer = 'Run Tests';
    const ran = await explorer.run(
      { include: [ok], exclude: [] } as never,
      { isCancellationRequested: false } as never,
    );
    assert.deepEqual(
      ran.map((r) => [r.test, r.passed]),
      [['testOk', true]],
    );
    assert.deepEqual(
      calls.map((c) => `${c[0]} ${c[1]}`),
      ['enqueued testOk', 'started testOk', 'passed testOk', 'end '],
    );
    explorer.dispose();
  });

  it('marks the tests of a file that does not compile as errored', async () => {
    const explorer = new Explorer(
      session(node.url) as never,
      {
        compile: async () => {
          throw new Error('Compilation failed with 1 error: Expected ";". See the Problems panel.');
        },
      } as never,
    );
    await explorer.discoverAll();
    calls.length = 0;
    await explorer.run(
      { include: undefined, exclude: [] } as never,
      { isCancellationRequested: false } as never,
    );
    const errored = calls.filter((c) => c[0] === 'errored');
    assert.equal(errored.length, 6);
    assert.equal(
      (errored[0][2] as TestMessage).message,
      'Compiling failed: Compilation failed with 1 error: Expected ";". See the Problems panel.',
    );
    explorer.dispose();
  });

  it('by default runs on a chain of its own: the inspected chain gets no blocks, each line prints once', async () => {
    chainSetting = 'throwaway';
    let throwaway: Devnode | undefined;
    let released = false;
    try {
      const explorer = new Explorer(
        session(node.url) as never,
        { compile: (d: never) => Promise.resolve(compileDoc(d)) } as never,
        // In-process here; the extension starts dist/devnode-cli.js as a child process
        // (throwawayChain.ts, exercised by the extension-host suite).
        async () => {
          throwaway = await startDevnode({ port: 0, accounts: 1, logLevel: 'silent' });
          const own = new SdkChainApi({ name: 'tests', url: throwaway.url, group: throwaway.groupId });
          return {
            name: 'a throwaway local chain',
            url: throwaway.url,
            group: throwaway.groupId,
            api: own,
            signer: {
              address: throwaway.accounts[0].address,
              privateKey: throwaway.accounts[0].privateKey,
              sm: false,
            },
            release: () => {
              own.close();
              released = true;
              return Promise.resolve();
            },
          };
        },
      );
      await explorer.discoverAll();
      const before = await api.blockNumber();
      output.length = 0;
      const results = await explorer.run(
        { include: undefined, exclude: [] } as never,
        { isCancellationRequested: false } as never,
      );
      assert.equal(results.length, 6);
      assert.equal(await api.blockNumber(), before, 'the inspected chain got no blocks');
      assert.ok(released, 'the throwaway chain was released');
      const text = output.join('');
      assert.match(text, /^Running 6 tests on a throwaway local chain \(http:\/\/127\.0\.0\.1:\d+, group0\)/);
      const lines = text.split('\r\n').filter(Boolean);
      // One result line per test (setUp lines repeat legitimately: a fresh deployment per test).
      const resultLines = lines.filter((l) => /^[✓✗] /.test(l));
      assert.equal(resultLines.length, 6, resultLines.join('\n'));
      assert.equal(new Set(resultLines).size, 6, 'no result line is printed twice');
      assert.equal(lines.filter((l) => /^✓ CounterTest\.testIncrementAddsTheAmount /.test(l)).length, 1);
      assert.deepEqual(explorer.output, lines);
      explorer.dispose();
    } finally {
      chainSetting = 'activeConnection';
      await throwaway?.stop();
    }
  });
});
