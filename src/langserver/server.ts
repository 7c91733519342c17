// The Solidity language server (bundled as dist/sol-server.js, started by the extension's
// language client when a .sol file opens; any LSP client can drive it over stdio or IPC).
// Diagnostics come from solc on the unsaved buffers, debounced, for the edited file and the open
// files importing it; navigation comes from @solidity-parser/parser (see navigation.ts).

import fs from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  createConnection,
  type Diagnostic,
  DiagnosticSeverity,
  ProposedFeatures,
  TextDocuments,
  TextDocumentSyncKind,
} from 'vscode-languageserver/node';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { projectContext, type ProjectContext } from './importResolver';
import { SolcStore } from './solcLoader';
import { CompileService, type CompileRun } from './compileService';
import { SolWorkspace } from './navigation';
import { registerLanguageFeatures } from './features';
import { fromPeer } from './untyped';
import {
  COMPILE_REQUEST,
  type CompileParams,
  type CompileResponse,
  DEFAULT_REGISTRY,
  DOWNLOAD_NOTIFICATION,
  type DownloadEvent,
  type InitializationOptions,
  NOTICE_NOTIFICATION,
  type ServerSettings,
  SETTINGS_NOTIFICATION,
  STATS_REQUEST,
  type StatsResponse,
} from './protocol';

const connection = createConnection(ProposedFeatures.all);
const documents = new TextDocuments(TextDocument);

let settings: ServerSettings = {
  version: '',
  soljsonPath: '',
  evmVersion: '',
  optimizer: false,
  registry: DEFAULT_REGISTRY,
};
let debounceMs = 300;
let folders: string[] = [];
let store = new SolcStore(undefined);

export const toFile = (uri: string): string => fileURLToPath(uri);
const uriOf = (file: string): string =>
  documents.all().find((d) => toFile(d.uri) === file)?.uri ?? pathToFileURL(file).href;

/** Open buffers first, then disk. */
const read = (file: string): string | undefined => {
  const open = documents.all().find((d) => d.uri.startsWith('file:') && toFile(d.uri) === file);
  if (open) return open.getText();
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
};

const contexts = new Map<string, ProjectContext>();
const contextFor = (file: string): ProjectContext => {
  let ctx = contexts.get(file);
  if (!ctx) contexts.set(file, (ctx = projectContext(file, folders)));
  return ctx;
};

const workspace = new SolWorkspace(read, contextFor, () => folders);
const send = (e: DownloadEvent) => void connection.sendNotification(DOWNLOAD_NOTIFICATION, e);
let service = makeService();

function makeService(): CompileService {
  return new CompileService(store, () => settings, contextFor, read, {
    start: (version) => send({ version, state: 'start' }),
    progress: (version, p) => send({ version, state: 'progress', received: p.received, total: p.total }),
    done: (version) => send({ version, state: 'done' }),
    failed: (version, message) => send({ version, state: 'failed', message }),
    notice: (message) => void connection.sendNotification(NOTICE_NOTIFICATION, { message }),
  });
}

connection.onInitialize((params) => {
  const init = fromPeer<Partial<InitializationOptions>>(params.initializationOptions ?? {});
  if (init.settings) settings = { ...settings, ...init.settings };
  if (typeof init.debounceMs === 'number') debounceMs = init.debounceMs;
  store = new SolcStore(init.cacheDir);
  service = makeService();
  folders = (params.workspaceFolders ?? []).map((f) => toFile(f.uri));
  if (!folders.length && params.rootUri) folders = [toFile(params.rootUri)];
  return {
    capabilities: {
      textDocumentSync: TextDocumentSyncKind.Incremental,
      definitionProvider: true,
      referencesProvider: true,
      hoverProvider: true,
      documentSymbolProvider: true,
      renameProvider: { prepareProvider: true },
      completionProvider: { triggerCharacters: ['.', '"', "'", '/'] },
    },
    serverInfo: { name: 'fisco-bcos-solidity' },
  };
});

connection.onNotification(SETTINGS_NOTIFICATION, (s: Partial<ServerSettings>) => {
  settings = { ...settings, ...s };
  for (const d of documents.all()) schedule(toFile(d.uri));
});

// ---- diagnostics -------------------------------------------------------------------------------

/** Per compiled root file: the diagnostics it produced, per file. Published as their union. */
const byRoot = new Map<string, Map<string, Diagnostic[]>>();
/** Per compiled root file: the files its last compile read (to find the importers of an edit). */
const closures = new Map<string, Set<string>>();
const pending = new Set<string>();
/**
 * Files just opened or saved (not typed in since): their diagnostics run also produces bytecode,
 * which Deploy (it saves first) then takes without running solc again. Typing runs analysis only.
 */
const wantBytecode = new Set<string>();
let timer: NodeJS.Timeout | undefined;
let running: Promise<void> = Promise.resolve();
/** Recompiles queued or running (tests and the bench wait for none, instead of for a quiet time). */
let inFlight = 0;

function schedule(file: string): void {
  pending.add(file);
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => void flush(), debounceMs);
}

/** Runs the pending recompile now (also when Deploy asks before the debounce ran out). */
function flush(): Promise<void> {
  if (timer) clearTimeout(timer);
  timer = undefined;
  if (!pending.size) return running;
  const changed = [...pending];
  pending.clear();
  inFlight++;
  running = running
    .then(() => recompile(changed))
    .catch((err: unknown) => connection.console.error(String(err)))
    .finally(() => inFlight--);
  return running;
}

async function recompile(changed: string[]): Promise<void> {
  const open = new Set(
    documents
      .all()
      .filter((d) => d.uri.startsWith('file:'))
      .map((d) => toFile(d.uri)),
  );
  const targets = new Set(changed.filter((f) => open.has(f)));
  for (const [root, files] of closures)
    if (open.has(root) && changed.some((c) => files.has(c))) targets.add(root);
  for (const file of targets) publish(await service.compile(file, wantBytecode.has(file)));
}

const SEVERITY = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
};

function publish(run: CompileRun): void {
  const files = new Map<string, Diagnostic[]>();
  for (const p of run.problems) {
    const file = p.file ?? run.file;
    const list = files.get(file) ?? [];
    list.push({
      range: { start: p.start, end: p.end },
      severity: SEVERITY[p.severity],
      message: p.message,
      source: run.version ? `solc ${run.version}` : 'solc',
      code: p.code,
    });
    files.set(file, list);
  }
  const previous = byRoot.get(run.file);
  byRoot.set(run.file, files);
  closures.set(run.file, new Set([run.file, ...run.closure.files.values()]));
  for (const file of new Set([...files.keys(), ...(previous?.keys() ?? []), run.file])) sendDiagnostics(file);
}

function sendDiagnostics(file: string): void {
  const seen = new Set<string>();
  const all: Diagnostic[] = [];
  for (const files of byRoot.values())
    for (const d of files.get(file) ?? []) {
      const text = typeof d.message === 'string' ? d.message : d.message.value;
      const key = `${d.range.start.line}:${d.range.start.character}:${text}`;
      if (!seen.has(key)) {
        seen.add(key);
        all.push(d);
      }
    }
  void connection.sendDiagnostics({ uri: uriOf(file), diagnostics: all });
}

/** The document whose open fired the content event that follows it (not an edit). */
let justOpened: string | undefined;
documents.onDidOpen((e) => {
  justOpened = e.document.uri;
  wantBytecode.add(toFile(e.document.uri));
});
documents.onDidChangeContent((e) => {
  if (justOpened === e.document.uri) justOpened = undefined;
  else wantBytecode.delete(toFile(e.document.uri));
  schedule(toFile(e.document.uri));
});
documents.onDidSave((e) => {
  wantBytecode.add(toFile(e.document.uri));
  schedule(toFile(e.document.uri));
});
documents.onDidClose((e) => {
  const file = toFile(e.document.uri);
  wantBytecode.delete(file);
  service.forget(file);
  const had = byRoot.get(file);
  byRoot.delete(file);
  closures.delete(file);
  for (const f of new Set([file, ...(had?.keys() ?? [])])) sendDiagnostics(f);
});

connection.onRequest(COMPILE_REQUEST, async (params: CompileParams): Promise<CompileResponse> => {
  await flush();
  const run = await service.compile(toFile(params.uri), true);
  publish(run);
  return {
    version: run.version,
    evmVersion: run.evmVersion,
    reason: run.reason,
    reused: run.reused,
    errors: run.problems
      .filter((p) => p.severity === 'error')
      .map((p) => ({ file: p.file, line: p.start.line, message: p.message })),
    contracts: run.contracts,
    sourceIds: run.sourceIds,
    sources: run.closure.sources,
    ...(run.asts ? { asts: run.asts } : {}),
  };
});

connection.onRequest(STATS_REQUEST, (): StatsResponse => ({
  compiles: service.compiles,
  reused: service.reused,
  lastCompileMs: service.lastCompileMs,
  busy: timer !== undefined || pending.size > 0 || inFlight > 0,
}));

registerLanguageFeatures(connection, documents, workspace, read, toFile, uriOf, contextFor);

documents.listen(connection);
connection.listen();
