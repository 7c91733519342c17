// The Test Explorer for Solidity tests (`**/*.t.sol`): contracts named …Test are suites, their
// public/external test…() functions the cases. The tree comes from a quick parse (discovery.ts),
// built only when VS Code resolves the controller (opening the Testing view), never at
// activation; compiling and the chain are touched only when tests run. Running compiles the file
// with the extension's compiler, then runTestSuite (testRunner.ts) deploys each suite to a
// throwaway local chain (a devnode child process started for the run, see throwawayChain.ts), or,
// with "fiscoBcos.tests.chain": "activeConnection", to the active connection; calls setUp() and
// sends each test. A non-loopback active connection needs a confirmation, since tests send
// transactions.

import * as vscode from 'vscode';
import type { Session } from '../session';
import type { Compiler } from '../compile/compiler';
import { CancelledError, describeError } from '../errors';
import { skipsConfirmation } from '../testHooks';
import { discoverTests, type DiscoveredSuite, type SourceRange } from './discovery';
import type { TestChain } from './throwawayChain';
import {
  formatResultLine,
  isLoopbackUrl,
  runTestSuite,
  summarise,
  testCasesOf,
  type TestCaseResult,
} from './testRunner';

export const TEST_CONTROLLER_ID = 'fiscoBcos.solidityTests';
export const TEST_FILE_GLOB = '**/*.t.sol';
const EXCLUDE = '**/{node_modules,lib,out,dist}/**';

const toRange = (r: SourceRange) =>
  new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);

interface CaseData {
  kind: 'file' | 'suite' | 'test';
  uri: vscode.Uri;
  suite?: string;
  test?: string;
}

/** Where tests run: a chain of their own (default) or the active connection (the old behaviour). */
export type TestChainMode = 'throwaway' | 'activeConnection';

export function testChainMode(): TestChainMode {
  const v = vscode.workspace.getConfiguration('fiscoBcos').get<string>('tests.chain', 'throwaway');
  return v === 'activeConnection' ? 'activeConnection' : 'throwaway';
}

const profileLabel = (mode: TestChainMode) =>
  mode === 'throwaway' ? 'Run on a throwaway local chain' : 'Run on the active FISCO BCOS connection';

export class SolidityTestExplorer implements vscode.Disposable {
  readonly controller: vscode.TestController;
  /** The output lines of the last run, as written to the Test Results (the extension-host suite reads them). */
  readonly output: string[] = [];
  private readonly data = new WeakMap<vscode.TestItem, CaseData>();
  private readonly disposables: vscode.Disposable[] = [];
  private watching = false;

  constructor(
    private readonly session: Session,
    private readonly compiler: Compiler,
    /** Starts a throwaway chain (SM or not) for one run. */
    private readonly startChain?: (sm: boolean) => Promise<TestChain>,
  ) {
    this.controller = vscode.tests.createTestController(TEST_CONTROLLER_ID, 'FISCO BCOS Solidity Tests');
    this.controller.resolveHandler = async (item) => {
      if (!item) await this.discoverAll();
    };
    this.controller.refreshHandler = () => this.discoverAll();
    const profile = this.controller.createRunProfile(
      profileLabel(testChainMode()),
      vscode.TestRunProfileKind.Run,
      async (request, token) => {
        await this.run(request, token);
      },
      true,
    );
    this.disposables.push(this.controller);
    const onConfig = vscode.workspace.onDidChangeConfiguration?.((e) => {
      if (e.affectsConfiguration('fiscoBcos.tests.chain')) profile.label = profileLabel(testChainMode());
    });
    if (onConfig) this.disposables.push(onConfig);
  }

  /** Finds every test file and starts following edits (once). */
  async discoverAll(): Promise<void> {
    this.watch();
    const files = await vscode.workspace.findFiles(TEST_FILE_GLOB, EXCLUDE);
    const seen = new Set(files.map((f) => f.toString()));
    this.controller.items.forEach((item) => {
      if (!seen.has(item.id)) this.controller.items.delete(item.id);
    });
    await Promise.all(files.map((f) => this.updateFile(f)));
  }

  private watch(): void {
    if (this.watching) return;
    this.watching = true;
    const watcher = vscode.workspace.createFileSystemWatcher(TEST_FILE_GLOB);
    this.disposables.push(
      watcher,
      watcher.onDidCreate((uri) => void this.updateFile(uri)),
      watcher.onDidChange((uri) => void this.updateFile(uri)),
      watcher.onDidDelete((uri) => this.controller.items.delete(uri.toString())),
      vscode.workspace.onDidChangeTextDocument((e) => {
        if (e.document.uri.path.endsWith('.t.sol')) this.updateFromText(e.document.uri, e.document.getText());
      }),
    );
  }

  private async updateFile(uri: vscode.Uri): Promise<void> {
    if (/[\\/](node_modules|lib|out|dist)[\\/]/.test(uri.path)) return;
    const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
    let text: string;
    try {
      text = open ? open.getText() : new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
    } catch {
      this.controller.items.delete(uri.toString());
      return;
    }
    this.updateFromText(uri, text);
  }

  /** Rebuilds one file's suites and cases from its text. */
  updateFromText(uri: vscode.Uri, text: string): void {
    const suites = discoverTests(text).filter((s) => s.tests.length);
    if (!suites.length) {
      this.controller.items.delete(uri.toString());
      return;
    }
    let file = this.controller.items.get(uri.toString());
    if (!file) {
      file = this.controller.createTestItem(uri.toString(), vscode.workspace.asRelativePath(uri), uri);
      this.data.set(file, { kind: 'file', uri });
      this.controller.items.add(file);
    }
    const suiteItems = suites.map((s, i) => this.suiteItem(uri, s, i));
    file.children.replace(suiteItems);
  }

  private suiteItem(uri: vscode.Uri, s: DiscoveredSuite, index: number): vscode.TestItem {
    const suite = this.controller.createTestItem(`${uri.toString()}::${s.name}`, s.name, uri);
    suite.range = toRange(s.nameRange);
    suite.sortText = String(index).padStart(4, '0');
    this.data.set(suite, { kind: 'suite', uri, suite: s.name });
    suite.children.replace(
      s.tests.map((t, i) => {
        const item = this.controller.createTestItem(`${uri.toString()}::${s.name}.${t.name}`, t.name, uri);
        item.range = toRange(t.nameRange);
        item.sortText = String(i).padStart(4, '0');
        this.data.set(item, { kind: 'test', uri, suite: s.name, test: t.name });
        return item;
      }),
    );
    return suite;
  }

  /** The leaf test items a request covers, by file and suite. */
  private collect(request: vscode.TestRunRequest): Map<string, Map<string, vscode.TestItem[]>> {
    const byFile = new Map<string, Map<string, vscode.TestItem[]>>();
    const excluded = new Set((request.exclude ?? []).map((i) => i.id));
    const add = (item: vscode.TestItem) => {
      if (excluded.has(item.id)) return;
      const d = this.data.get(item);
      if (!d) return;
      if (d.kind !== 'test') {
        item.children.forEach(add);
        return;
      }
      const suites = byFile.get(d.uri.toString()) ?? new Map<string, vscode.TestItem[]>();
      byFile.set(d.uri.toString(), suites);
      const list = suites.get(d.suite!) ?? [];
      if (!list.includes(item)) list.push(item);
      suites.set(d.suite!, list);
    };
    if (request.include) request.include.forEach(add);
    else this.controller.items.forEach(add);
    return byFile;
  }

  /** The chain of this run: a throwaway one, or the active connection after its confirmation. */
  private async chainForRun(): Promise<TestChain> {
    if (testChainMode() === 'throwaway') {
      if (!this.startChain) throw new Error('No throwaway chain available in this host.');
      return vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: 'Starting a throwaway chain for the tests…',
        },
        () => this.startChain!(!!this.session.connection?.sm),
      );
    }
    await this.confirmChain();
    const api = this.session.requireChain();
    const signer = await this.session.requireSigner();
    const conn = this.session.connection!;
    return {
      name: conn.name,
      url: conn.url,
      group: conn.group,
      api,
      signer,
      release: () => Promise.resolve(),
    };
  }

  /** Running tests sends transactions: outside a loopback chain the user confirms first. */
  private async confirmChain(): Promise<void> {
    const c = this.session.connection;
    if (!c || c.local || isLoopbackUrl(c.url) || skipsConfirmation(undefined)) return;
    const answer = await vscode.window.showWarningMessage(
      `Run Solidity tests on ${c.name}?`,
      {
        modal: true,
        detail: `${c.url} is not a local node. Running tests deploys the test contracts and sends every test as a transaction on ${c.name} (${c.group}); transactions cannot be undone.`,
      },
      'Run Tests',
    );
    if (answer !== 'Run Tests') throw new CancelledError();
  }

  async run(request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<TestCaseResult[]> {
    const byFile = this.collect(request);
    const run = this.controller.createTestRun(request, undefined, true);
    const all: vscode.TestItem[] = [...byFile.values()].flatMap((suites) => [...suites.values()].flat());
    all.forEach((t) => run.enqueued(t));
    this.output.length = 0;
    // Each line once: result lines go to the test's own output (which the run output shows too).
    const out = (text: string, item?: vscode.TestItem) => {
      this.output.push(text);
      run.appendOutput(`${text.replace(/\r?\n/g, '\r\n')}\r\n`, undefined, item);
    };
    const results: TestCaseResult[] = [];
    const errorAll = (items: vscode.TestItem[], message: string) =>
      items.forEach((t) => run.errored(t, new vscode.TestMessage(message)));
    let chain: TestChain | undefined;
    try {
      chain = await this.chainForRun();
      const { api, signer } = chain;
      out(
        `Running ${all.length} test${all.length === 1 ? '' : 's'} on ${chain.name} (${chain.url}, ${chain.group}) from ${signer.address}`,
      );
      for (const [uriText, suites] of byFile) {
        if (token.isCancellationRequested) break;
        const uri = vscode.Uri.parse(uriText);
        const items = [...suites.values()].flat();
        let doc: vscode.TextDocument;
        let contracts;
        try {
          doc = await vscode.workspace.openTextDocument(uri);
          contracts = await this.compiler.compile(doc);
        } catch (err) {
          if (err instanceof CancelledError) break;
          out(`Compiling ${vscode.workspace.asRelativePath(uri)} failed: ${describeError(err)}`);
          errorAll(items, `Compiling failed: ${describeError(err)}`);
          continue;
        }
        // Fresh locations: the file may have changed since the tree was built.
        const located = new Map(
          discoverTests(doc.getText()).flatMap((s) =>
            s.tests.map((t) => [`${s.name}.${t.name}`, t.nameRange] as const),
          ),
        );
        const errorAbis = contracts.map((c) => c.abi);
        for (const [suiteName, tests] of suites) {
          if (token.isCancellationRequested) break;
          const compiled = contracts.find((c) => c.name === suiteName);
          if (!compiled || compiled.bytecode.length <= 2) {
            errorAll(tests, `${suiteName} did not compile to a deployable contract (abstract, or renamed?).`);
            continue;
          }
          const cases = testCasesOf(compiled);
          const byName = new Map(tests.map((t) => [this.data.get(t)!.test!, t]));
          for (const [name, t] of byName)
            if (!cases.includes(name))
              run.errored(
                t,
                new vscode.TestMessage(
                  `${name} is not a public or external test function without parameters in the compiled ${suiteName}.`,
                ),
              );
          const runnable = [...byName.keys()].filter((n) => cases.includes(n));
          if (!runnable.length) continue;
          const suiteResults = await runTestSuite({
            api,
            signer,
            contract: compiled,
            tests: runnable,
            errorAbis,
            isCancelled: () => token.isCancellationRequested,
            onEvent: (e) => {
              if (e.type === 'started') run.started(byName.get(e.test)!);
              else if (e.type === 'output') out(e.text);
              else {
                const item = byName.get(e.result.test)!;
                if (e.result.passed) run.passed(item, e.result.durationMs);
                else {
                  const message = new vscode.TestMessage(
                    `${e.result.message ?? 'failed'}${e.result.gasUsed ? ` (gas ${e.result.gasUsed})` : ''}`,
                  );
                  const range = located.get(`${suiteName}.${e.result.test}`);
                  message.location = new vscode.Location(
                    uri,
                    range ? toRange(range) : (item.range ?? new vscode.Range(0, 0, 0, 0)),
                  );
                  run.failed(item, message, e.result.durationMs);
                }
                out(formatResultLine(e.result), item);
              }
            },
          });
          results.push(...suiteResults);
        }
      }
      out(summarise(results));
    } catch (err) {
      if (err instanceof CancelledError) {
        out('Not run: the chain was not confirmed.');
        all.forEach((t) => run.skipped(t));
      } else {
        out(`Could not run the tests: ${describeError(err)}`);
        errorAll(all, describeError(err));
      }
    } finally {
      await chain?.release().catch(() => undefined);
      run.end();
    }
    return results;
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}

/**
 * Registers the Test Explorer (push the result into context.subscriptions). Cheap: no file search,
 * no solc, no chain until the Testing view resolves the controller or a run starts.
 */
export function registerTestExplorer(
  session: Session,
  compiler: Compiler,
  extensionPath: string,
): SolidityTestExplorer {
  return new SolidityTestExplorer(session, compiler, async (sm) => {
    const { startThrowawayChain } = await import('./throwawayChain');
    return startThrowawayChain(extensionPath, sm, (c) => session.createApi(c));
  });
}
