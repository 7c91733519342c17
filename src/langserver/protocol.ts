// Messages between the extension (language client) and the Solidity language server beyond
// standard LSP. Imported by both sides; no vscode, no server code.

/** fiscoBcos.solc.registry's default (package.json): the npm registry solc releases come from. */
export const DEFAULT_REGISTRY = 'https://registry.npmjs.org';

export interface ServerSettings {
  /** Pinned solc version (fiscoBcos.solc.version); '' picks from the pragma. */
  version: string;
  /** A local soljson.js (fiscoBcos.solc.soljsonPath); wins over version selection. */
  soljsonPath: string;
  /** Configured evmVersion (fiscoBcos.solc.evmVersion); '' picks a default for the solc version. */
  evmVersion: string;
  optimizer: boolean;
  /** npm registry the `solc` package is downloaded from. */
  registry: string;
}

export interface InitializationOptions {
  /** Where downloaded compilers are cached (the extension's global storage). */
  cacheDir?: string;
  settings: ServerSettings;
  /** Delay after the last keystroke before diagnostics are computed. */
  debounceMs?: number;
}

export const SETTINGS_NOTIFICATION = 'fiscoBcos/settings';

/** Server → client: a compiler download started, progressed, finished or failed. */
export const DOWNLOAD_NOTIFICATION = 'fiscoBcos/compilerDownload';
export interface DownloadEvent {
  version: string;
  state: 'start' | 'progress' | 'done' | 'failed';
  received?: number;
  total?: number;
  message?: string;
}

/** Server → client: a one-time explanation of a compiler choice (e.g. offline, an older installed solc). */
export const NOTICE_NOTIFICATION = 'fiscoBcos/compilerNotice';
export interface CompilerNotice {
  message: string;
}

/**
 * Client → server: compile a file for Deploy (ABI and bytecode); diagnostics are published too.
 * Answered from the server's last run when the sources and settings are unchanged (`reused`).
 */
export const COMPILE_REQUEST = 'fiscoBcos/compile';
export interface CompileParams {
  uri: string;
}
export interface CompileResponse {
  version: string;
  evmVersion: string;
  /** Why this version (pragma, pin, soljson path). */
  reason: string;
  /** The server's earlier run of exactly these sources and settings answered: solc did not run. */
  reused: boolean;
  errors: { file?: string; line: number; message: string }[];
  contracts: {
    unit: string;
    file?: string;
    name: string;
    abi: unknown[];
    bytecode: string;
    linkReferences: Record<string, Record<string, { start: number; length: number }[]>>;
    /** Creation bytecode's source map (failures inside constructors). */
    sourceMap?: string;
    deployedBytecode?: string;
    deployedSourceMap?: string;
    /** solc's storageLayout, for the debugger's state variables. */
    storageLayout?: unknown;
  }[];
  /** Source unit → id in the source maps, and each unit's text as compiled (failure locations). */
  sourceIds: Record<string, number>;
  sources: Record<string, string>;
  /** The source units' ASTs, for the debugger's variables. */
  asts?: unknown[];
}

/** Client → server: how many compiles ran, for tests and the bench. */
export const STATS_REQUEST = 'fiscoBcos/stats';
export interface StatsResponse {
  /** solc runs. */
  compiles: number;
  /** Compiles answered from the previous run of the same inputs. */
  reused: number;
  lastCompileMs: number;
  /** A diagnostics compile is scheduled (debounce) or running. */
  busy: boolean;
}
