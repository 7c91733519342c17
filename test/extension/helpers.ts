// Shared helpers of the extension-host suite: the activated extension's API, the test chain the
// runner started (env), and a way to run an interactive command and dismiss its prompt.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { FiscoBcosApi } from '../../src/extension/extension';
import type { ShownPrompt } from '../../src/extension/testHooks';

export const EXTENSION_ID = 'fisco-bcos-tools.fisco-bcos-vscode';

export async function api(): Promise<FiscoBcosApi> {
  const ext = vscode.extensions.getExtension<FiscoBcosApi>(EXTENSION_ID);
  if (!ext) throw new Error(`${EXTENSION_ID} is not installed in this host`);
  const exports = await ext.activate();
  // The API exists only in ExtensionMode.Test: the runner must load the extension as the
  // development extension together with extensionTestsPath.
  if (!exports)
    throw new Error(`${EXTENSION_ID} exported no test API: the host did not run it in ExtensionMode.Test`);
  exports.testHooks.autoConfirm = true;
  return exports;
}

export interface TestChain {
  url: string;
  group: string;
  accounts: { address: string; privateKey: string }[];
}

/** The chain the runner started (FISCO_BCOS_TEST_*), or the local node the extension starts. */
export async function testChain(): Promise<TestChain> {
  const url = process.env.FISCO_BCOS_TEST_RPC_URL;
  if (url) {
    return {
      url,
      group: process.env.FISCO_BCOS_TEST_GROUP || 'group0',
      accounts: JSON.parse(process.env.FISCO_BCOS_TEST_ACCOUNTS || '[]'),
    };
  }
  const ready = await vscode.commands.executeCommand<
    { url: string; group: string; accounts: TestChain['accounts'] } | undefined
  >('fiscoBcos.startLocalNode');
  if (!ready) throw new Error('No FISCO_BCOS_TEST_RPC_URL and the local node did not start');
  return ready;
}

export const TEST_CONNECTION = 'Extension Test Chain';

/** Adds (once) and activates a connection to the test chain, with its governor account active. */
export async function connectTestChain(): Promise<{ api: FiscoBcosApi; chain: TestChain }> {
  const a = await api();
  const chain = await testChain();
  if (!a.session.connections.get(TEST_CONNECTION))
    await vscode.commands.executeCommand('fiscoBcos.addConnection', {
      name: TEST_CONNECTION,
      url: chain.url,
      group: chain.group,
    });
  await vscode.commands.executeCommand('fiscoBcos.selectConnection', TEST_CONNECTION);
  const governor = chain.accounts[0];
  if (governor && !a.session.accounts.list().some((x) => x.address === governor.address.toLowerCase())) {
    await vscode.commands.executeCommand('fiscoBcos.importAccount', {
      privateKey: governor.privateKey,
      label: 'Test Governor',
      sm: false,
    });
  }
  if (governor) await vscode.commands.executeCommand('fiscoBcos.selectAccount', governor.address);
  return { api: a, chain };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const STILL_WAITING = 'still waiting';

export interface Outcome {
  result: unknown;
  /** Quick picks / input boxes the command opened. */
  prompts: ShownPrompt[];
  /** Error / info notifications it showed. */
  errors: string[];
  infos: string[];
}

/** Runs a command and reports what it returned and which messages it showed meanwhile. */
export async function runRecorded(command: string, ...args: unknown[]): Promise<Outcome> {
  const a = await api();
  a.testHooks.clear();
  const result = await vscode.commands.executeCommand(command, ...args);
  return {
    result,
    prompts: [...a.testHooks.prompts],
    errors: a.testHooks.shown('error'),
    infos: a.testHooks.shown('info'),
  };
}

/** Starts an interactive command, waits for its prompt, dismisses it; resolves with what happened. */
export async function runAndDismiss(command: string, ...args: unknown[]): Promise<Outcome> {
  const a = await api();
  a.testHooks.clear();
  const pending = vscode.commands.executeCommand(command, ...args);
  let settled: { result: unknown } | undefined;
  void pending.then((result) => (settled = { result }));
  // Wait for the prompt (or the end), however long a busy host takes: conditions, not fixed delays.
  const deadline = Date.now() + 30_000;
  while (!settled && !a.testHooks.prompts.length && Date.now() < deadline) await sleep(50);
  // Escape until the command ends (a prompt requested is rendered a moment later; closing before
  // that is a no-op, so keep closing until the command has ended).
  while (!settled && Date.now() < deadline) {
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await sleep(100);
  }
  const result = settled ? settled.result : STILL_WAITING;
  return {
    result,
    prompts: [...a.testHooks.prompts],
    errors: a.testHooks.shown('error'),
    infos: a.testHooks.shown('info'),
  };
}

/**
 * Asserts that the command opened a prompt whose title (or placeholder / prompt) matches, ended
 * quietly when it was dismissed (returned undefined), and showed no error.
 */
export async function assertDismissed(command: string, prompt: RegExp, ...args: unknown[]): Promise<Outcome> {
  const o = await runAndDismiss(command, ...args);
  assert.notEqual(o.result, STILL_WAITING, `${command} did not end when its prompt was dismissed`);
  assert.equal(o.result, undefined);
  assert.deepEqual(o.errors, [], `${command} showed an error`);
  const texts = o.prompts.map((p) => [p.title, p.placeHolder, p.prompt].filter(Boolean).join(' | '));
  assert.ok(
    texts.some((t) => prompt.test(t)),
    `${command} prompts: ${JSON.stringify(texts)}`,
  );
  return o;
}

/** All rows of a tree, depth-first, down to `depth` levels. */
export async function treeLabels(
  provider: vscode.TreeDataProvider<vscode.TreeItem>,
  depth = 3,
): Promise<string[]> {
  const out: string[] = [];
  const walk = async (el: vscode.TreeItem | undefined, level: number) => {
    const children = (await provider.getChildren(el)) ?? [];
    for (const c of children) {
      out.push(
        `${'  '.repeat(level)}${typeof c.label === 'string' ? c.label : c.label?.label}${c.description ? ` — ${c.description}` : ''}`,
      );
      if (level + 1 < depth && c.collapsibleState !== vscode.TreeItemCollapsibleState.None)
        await walk(c, level + 1);
    }
  };
  await walk(undefined, 0);
  return out;
}

/**
 * Waits for a condition (checked every 100 ms) instead of a fixed delay; fails with `what` after
 * `timeoutMs`, generous because the machine running the suite may be busy.
 */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(100);
  }
}

/** A message the host posted to a webview of `viewType` after index `since` of testHooks.posts. */
export async function waitForPost<M = Record<string, unknown>>(
  viewType: string,
  since: number,
  match: (m: M) => boolean,
  what: string,
): Promise<M> {
  const a = await api();
  const posted = () =>
    a.testHooks.posts
      .slice(since)
      .filter((p) => p.viewType === viewType)
      .map((p) => p.message as M);
  try {
    return await waitFor(() => posted().find(match), `${viewType}: ${what}`);
  } catch (err) {
    // Say what did arrive: the failure then shows which part of the flow went wrong.
    const seen = posted()
      .slice(-5)
      .map((m) => JSON.stringify(m).slice(0, 400));
    throw new Error(`${String(err)}; last posts: ${seen.join(' | ') || 'none'}`, { cause: err });
  }
}
