// The script a fresh `node -e` process runs to time dist/extension.js as VS Code counts activation:
// require() of the bundle (code loading) and activate(), with a stand-in `vscode` module. Plain
// JavaScript text (no tsx in the timed process: its loader hooks would be timed too).
//
// The stand-in answers every API the extension touches at once (no UI, no IPC to a renderer), so
// what is timed is the extension's own work. Node's built-in modules that the VS Code extension
// host has already loaded before any extension activates (node:child_process, node:net, …) load
// here for the first time and are counted: the figure is an upper bound of the real host's.
//
// argv: [bundle, extension root, JSON list of the vscode.X names the sources use]. Prints one JSON line:
// { loadMs, loadCpuMs, activateMs, activateCpuMs, solc, modules, subscriptions }.

export const EXTENSION_PROBE = String.raw`
const Module = require('node:module');
const path = require('node:path');
const os = require('node:os');
const [bundle, root, namesJson] = process.argv.slice(1);

// Any value: callable, constructible, every property another such value; not a thenable.
const thing = new Proxy(function () {}, {
  get: (t, k) =>
    k === 'then' ? undefined
    : k === Symbol.iterator ? function* () {}
    : k === Symbol.toPrimitive ? () => ''
    : k === 'length' ? 0
    : k === 'prototype' ? {}
    : thing,
  set: () => true,
  apply: () => thing,
  construct: () => thing,
});
class Disposable {
  constructor(f) { this.f = f; }
  dispose() { if (this.f) this.f(); }
  static from(...d) { return new Disposable(() => d.forEach((x) => x && x.dispose && x.dispose())); }
}
class EventEmitter {
  listeners = new Set();
  event = (l) => { this.listeners.add(l); return new Disposable(() => this.listeners.delete(l)); };
  fire(e) { for (const l of this.listeners) l(e); }
  dispose() { this.listeners.clear(); }
}
const event = () => new Disposable();
const nothing = () => Promise.resolve(undefined);
const memento = () => {
  const m = new Map();
  return { get: (k, d) => (m.has(k) ? m.get(k) : d), update: async (k, v) => void m.set(k, v), keys: () => [...m.keys()], setKeysForSync() {} };
};
// A plain object with every name the sources use (esbuild's interop copies own properties; a
// minified bundle renames its vscode imports, so the names come from the sources).
const withDefault = (fixed) => new Proxy(fixed, { get: (t, k) => (k in t ? t[k] : thing) });
const vscode = Object.assign(Object.fromEntries(JSON.parse(namesJson).map((n) => [n, thing])), {
  Disposable,
  EventEmitter,
  ExtensionMode: { Production: 1, Development: 2, Test: 3 },
  window: withDefault({
    showInformationMessage: nothing, showWarningMessage: nothing, showErrorMessage: nothing,
    showQuickPick: nothing, showInputBox: nothing, showOpenDialog: nothing, showSaveDialog: nothing,
    withProgress: (o, task) => Promise.resolve(task({ report() {} }, thing)),
    onDidChangeActiveTextEditor: event, onDidChangeVisibleTextEditors: event, onDidChangeWindowState: event,
    activeTextEditor: undefined, visibleTextEditors: [], tabGroups: { all: [] },
  }),
  workspace: withDefault({
    getConfiguration: () => ({ get: (k, d) => d, has: () => false, inspect: () => undefined, update: nothing }),
    onDidChangeConfiguration: event, onDidOpenTextDocument: event, onDidCloseTextDocument: event,
    onDidChangeTextDocument: event, onDidSaveTextDocument: event, onDidChangeWorkspaceFolders: event,
    onDidGrantWorkspaceTrust: event, onDidCreateFiles: event, onDidDeleteFiles: event, onDidRenameFiles: event,
    workspaceFolders: undefined, textDocuments: [], isTrusted: true,
  }),
});
const context = {
  subscriptions: [],
  extensionMode: 1,
  extensionPath: root,
  extensionUri: thing,
  globalState: memento(),
  workspaceState: memento(),
  secrets: { get: nothing, store: nothing, delete: nothing, onDidChange: event },
  globalStorageUri: { fsPath: path.join(os.tmpdir(), 'fisco-bcos-bench-storage') },
  storageUri: undefined,
  logUri: thing,
  asAbsolutePath: (p) => path.join(root, p),
};
const load = Module._load;
Module._load = function (request, ...rest) { return request === 'vscode' ? vscode : load.call(this, request, ...rest); };

const ms = (t0) => performance.now() - t0;
const cpuMs = (c0) => { const c = process.cpuUsage(c0); return (c.user + c.system) / 1000; };
let t0 = performance.now(), c0 = process.cpuUsage();
const ext = require(bundle);
const loadMs = ms(t0), loadCpuMs = cpuMs(c0);
t0 = performance.now(); c0 = process.cpuUsage();
ext.activate(context);
const activateMs = ms(t0), activateCpuMs = cpuMs(c0);
const solc = Object.keys(require.cache).some((k) => /[\\/]solc[\\/]/.test(k));
require('node:fs').writeSync(1, JSON.stringify({
  loadMs, loadCpuMs, activateMs, activateCpuMs, solc,
  modules: Object.keys(require.cache).length, subscriptions: context.subscriptions.length,
}));
// What activate() started (timers, watchers) is not part of the measure.
process.exit(0);
`;
