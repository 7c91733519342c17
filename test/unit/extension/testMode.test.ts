// Production hosts get no test API and no way around the transaction confirmation: activate()
// exports nothing outside ExtensionMode.Test (the session reaches the accounts' private keys), and
// `confirmed: true` / testHooks.autoConfirm are ignored, so the modal is always shown. Runs the
// real activate() and transact() over a stand-in `vscode` module.

import { afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { useVscodeStub } from './vscodeStub';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ExtensionMode = { Production: 1, Development: 2, Test: 3 } as const;

interface Shown {
  kind: string;
  args: unknown[];
}
const shown: Shown[] = [];
const commands = new Map<string, (...args: unknown[]) => unknown>();
/** What the stand-in modal answers: undefined is the user pressing Escape. */
let modalAnswer: string | undefined;

// Anything not spelled out below: a callable, constructible, indexable no-op.
const any: object = new Proxy(function () {}, {
  get: (_t, k) =>
    k === 'then' ? undefined : k === Symbol.toPrimitive ? () => 0 : k === 'prototype' ? {} : any,
  set: () => true,
  apply: () => any,
  construct: () => any,
});

class EventEmitter<T> {
  private listeners: ((e: T) => void)[] = [];
  event = (l: (e: T) => void) => {
    this.listeners.push(l);
    return { dispose: () => undefined };
  };
  fire(e: T) {
    for (const l of this.listeners) l(e);
  }
  dispose() {}
}

const windowStub = new Proxy<Record<string | symbol, unknown>>(
  {
    showWarningMessage: async (...args: unknown[]) => {
      shown.push({ kind: 'warning', args });
      return modalAnswer;
    },
    showInformationMessage: async (...args: unknown[]) => void shown.push({ kind: 'info', args }),
    showErrorMessage: async (...args: unknown[]) => void shown.push({ kind: 'error', args }),
    withProgress: (_o: unknown, task: (p: unknown, t: unknown) => unknown) =>
      task(
        { report() {} },
        { isCancellationRequested: false, onCancellationRequested: () => ({ dispose() {} }) },
      ),
  },
  { get: (t, k) => (k in t ? t[k] : any) },
);

// Every `vscode.<name>` the extension uses is a property (module interop copies own names only).
const srcDir = join(__dirname, '..', '..', '..', 'src', 'extension');
const used = new Set<string>();
for (const file of readdirSync(srcDir, { recursive: true }) as string[]) {
  if (file.endsWith('.ts'))
    for (const m of readFileSync(join(srcDir, file), 'utf8').matchAll(/\bvscode\.([A-Za-z_]\w*)/g))
      used.add(m[1]);
}
const vscodeStub: Record<string, unknown> = {
  ...Object.fromEntries([...used].map((n) => [n, any])),
  ExtensionMode,
  EventEmitter,
  ProgressLocation: { SourceControl: 1, Window: 10, Notification: 15 },
  window: windowStub,
  // Settings read as their defaults: no connections, so nothing polls or connects.
  workspace: new Proxy<Record<string | symbol, unknown>>(
    {
      getConfiguration: () => ({
        get: (_k: string, d?: unknown) => d,
        has: () => false,
        inspect: () => undefined,
        update: async () => undefined,
      }),
      onDidChangeConfiguration: () => ({ dispose() {} }),
      workspaceFolders: undefined,
    },
    { get: (t, k) => (k in t ? t[k] : any) },
  ),
  commands: new Proxy<Record<string | symbol, unknown>>(
    {
      registerCommand: (id: string, fn: (...args: unknown[]) => unknown) => (
        commands.set(id, fn),
        { dispose() {} }
      ),
    },
    { get: (t, k) => (k in t ? t[k] : any) },
  ),
};

// Resolve `vscode` to the stand-in for every module loaded after this point.
useVscodeStub(vscodeStub);

type ExtensionModule = typeof import('../../../src/extension/extension');
type TransactModule = typeof import('../../../src/extension/commands/transact');
type HooksModule = typeof import('../../../src/extension/testHooks');
let extension: ExtensionModule;
let transactModule: TransactModule;
let hooks: HooksModule;

before(() => {
  extension = require('../../../src/extension/extension') as ExtensionModule;
  transactModule = require('../../../src/extension/commands/transact') as TransactModule;
  hooks = require('../../../src/extension/testHooks') as HooksModule;
});

afterEach(() => {
  shown.length = 0;
  commands.clear();
  modalAnswer = undefined;
  hooks.testHooks.autoConfirm = false;
  hooks.setTestMode(false);
});

function context(extensionMode: number) {
  const memento = { get: (_k: string, d?: unknown) => d, update: async () => undefined, keys: () => [] };
  const storage = mkdtempSync(join(tmpdir(), 'fisco-ext-mode-'));
  return {
    extensionMode,
    subscriptions: [] as { dispose(): unknown }[],
    extensionPath: storage,
    globalStorageUri: { fsPath: storage },
    globalState: memento,
    workspaceState: memento,
    secrets: {
      get: async () => undefined,
      store: async () => undefined,
      delete: async () => undefined,
      onDidChange: () => ({ dispose() {} }),
    },
  };
}

/** A session with a connection and an account, and a send that records whether it ran. */
function fakeSession() {
  const signer = { address: '0x' + '11'.repeat(20) };
  const session = {
    connection: { name: 'Test Chain', url: 'http://127.0.0.1:1', group: 'group0' },
    account: () => ({ label: 'Governor', address: signer.address }),
    requireChain: () => ({}),
    requireSigner: async () => signer,
  };
  const sent: string[] = [];
  const send = async () => {
    sent.push('sent');
    return { ok: true, message: 'done' };
  };
  return { session: session as never, sent, send: send as never };
}

describe('production mode', () => {
  for (const [name, mode] of [
    ['Production', ExtensionMode.Production],
    ['Development', ExtensionMode.Development],
  ] as const) {
    it(`activate() in ${name} mode registers the commands but exports nothing (no session, no keys, no hooks)`, () => {
      const ctx = context(mode);
      const exported = extension.activate(ctx as never);
      assert.equal(exported, undefined);
      assert.ok(commands.has('fiscoBcos.deployContract') && commands.has('fiscoBcos.linkContract'));
      assert.equal(hooks.isTestMode(), false);
      for (const d of ctx.subscriptions) d.dispose();
    });
  }

  it('activate() in Test mode exports the test API', () => {
    const ctx = context(ExtensionMode.Test);
    const exported = extension.activate(ctx as never)!;
    assert.ok(exported.session && exported.testHooks && typeof exported.setChainApiFactory === 'function');
    assert.equal(hooks.isTestMode(), true);
    for (const d of ctx.subscriptions) d.dispose();
    extension.deactivate();
    assert.equal(hooks.isTestMode(), false);
  });

  it('a transaction with confirmed: true and autoConfirm still asks; declining sends nothing', async () => {
    const ctx = context(ExtensionMode.Production);
    extension.activate(ctx as never);
    hooks.testHooks.autoConfirm = true;
    const { session, sent, send } = fakeSession();
    await assert.rejects(
      transactModule.transact(session, { what: 'Create directory /apps/x', confirmed: true }, send),
      { name: 'CancelledError' },
    );
    assert.deepEqual(sent, []);
    const modal = shown.find((s) => s.kind === 'warning')!;
    assert.equal(modal.args[0], 'Create directory /apps/x?');
    assert.equal((modal.args[1] as { modal: boolean }).modal, true);
    assert.match((modal.args[1] as { detail: string }).detail, /From Governor 0x1{40}\nOn Test Chain/);
    // the deploy command's own confirmation (fiscoBcos.deployContract { confirmed: true }) too
    shown.length = 0;
    await assert.rejects(
      transactModule.confirmTransaction(
        session,
        { address: '0x' + '11'.repeat(20) } as never,
        'Deploy Counter(7) to Test Chain',
        true,
      ),
      { name: 'CancelledError' },
    );
    assert.equal(
      shown.filter((s) => s.kind === 'warning' && s.args[0] === 'Deploy Counter(7) to Test Chain?').length,
      1,
    );
    // accepting it is what sends
    modalAnswer = 'Send Transaction';
    await transactModule.transact(session, { what: 'Create directory /apps/x', confirmed: true }, send);
    assert.deepEqual(sent, ['sent']);
    for (const d of ctx.subscriptions) d.dispose();
  });

  it('resetLocalNode { confirm: false } still asks outside Test mode; declining deletes nothing', async () => {
    const ctx = context(ExtensionMode.Production);
    extension.activate(ctx as never);
    const reset = commands.get('fiscoBcos.resetLocalNode')!;
    await reset({ confirm: false });
    const modal = shown.find((s) => s.kind === 'warning')!;
    assert.match(String(modal.args[0]), /^Reset the local node\?/);
    assert.equal((modal.args[1] as { modal: boolean }).modal, true);
    // declined (no answer): nothing reports a reset (other notices, such as the Solidity
    // language-server coexistence notice, may appear on activation)
    assert.equal(shown.filter((s) => s.kind === 'info' && /reset/i.test(String(s.args[0]))).length, 0);
    for (const d of ctx.subscriptions) d.dispose();
  });

  it('the gate: confirmed / autoConfirm skip the modal only in Test mode', async () => {
    hooks.testHooks.autoConfirm = true;
    assert.equal(hooks.skipsConfirmation(true), false);
    assert.equal(hooks.skipsConfirmation(undefined), false);
    hooks.setTestMode(true);
    assert.equal(hooks.skipsConfirmation(undefined), true);
    hooks.testHooks.autoConfirm = false;
    assert.equal(hooks.skipsConfirmation(undefined), false);
    assert.equal(hooks.skipsConfirmation(true), true);
    // asProduction closes the gate for the duration of its callback
    assert.equal(await hooks.testHooks.asProduction(() => hooks.skipsConfirmation(true)), false);
    assert.equal(hooks.skipsConfirmation(true), true);
    const { session, sent, send } = fakeSession();
    await transactModule.transact(session, { what: 'Create directory /apps/y', confirmed: true }, send);
    assert.deepEqual(sent, ['sent']);
    assert.equal(shown.filter((s) => s.kind === 'warning').length, 0);
  });
});
