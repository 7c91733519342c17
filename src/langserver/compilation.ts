// One solc run over a file's import closure (unsaved buffers included): the standard-JSON input,
// the problems mapped to files and line/character ranges, and (for Deploy) the contracts with
// their ABI, bytecode and library link references. No LSP, no vscode.

import semver from 'semver';
import type { Solc } from './solcLoader';
import type { SourceClosure } from './importResolver';
import { parseJson } from './untyped';

export interface Position {
  line: number;
  character: number;
}

export interface Problem {
  /** Absolute file; undefined for problems without a location. */
  file?: string;
  unit?: string;
  start: Position;
  end: Position;
  severity: 'error' | 'warning' | 'info';
  message: string;
  code?: string;
}

export type LinkReferences = Record<string, Record<string, { start: number; length: number }[]>>;

export interface ContractArtifact {
  unit: string;
  file?: string;
  name: string;
  abi: unknown[];
  /** Creation bytecode, hex without 0x; unlinked libraries appear as __$…$__ placeholders. */
  bytecode: string;
  linkReferences: LinkReferences;
  /** Source map of the creation bytecode, for failures and steps inside constructors. */
  sourceMap?: string;
  /** Runtime bytecode (hex) and its source map, for failure locations. */
  deployedBytecode?: string;
  deployedSourceMap?: string;
  /** solc's storageLayout (full compiles), for the debugger's state variables. */
  storageLayout?: unknown;
}

export interface CompileOptions {
  evmVersion: string;
  optimizer: boolean;
  /** Deploy needs ABI and bytecode; diagnostics need only analysis. */
  full: boolean;
  /** `context:prefix=target`, so solc names remapped imports as the resolver did. */
  remappings?: string[];
}

export interface CompileOutcome {
  problems: Problem[];
  contracts: ContractArtifact[];
  /** Source unit name → the id solc's source maps use. */
  sourceIds: Record<string, number>;
  /** The source units' ASTs (full compiles), for the debugger's variables. */
  asts?: unknown[];
}

interface SolcError {
  severity: string;
  message: string;
  formattedMessage?: string;
  errorCode?: string;
  type?: string;
  sourceLocation?: { file: string; start: number; end: number };
}

interface SolcOutput {
  errors?: SolcError[];
  contracts?: Record<
    string,
    Record<
      string,
      {
        abi?: unknown[];
        evm?: {
          bytecode?: { object?: string; linkReferences?: LinkReferences; sourceMap?: string };
          deployedBytecode?: { object?: string; sourceMap?: string };
        };
        storageLayout?: unknown;
      }
    >
  >;
  sources?: Record<string, { id: number; ast?: unknown }>;
}

export function buildInput(closure: SourceClosure, version: string, options: CompileOptions): string {
  const settings: Record<string, unknown> = {
    optimizer: { enabled: options.optimizer, runs: 200 },
    outputSelection: options.full
      ? {
          '*': {
            // The AST and storage layout let the debugger decode variables.
            '': ['ast'],
            '*': [
              'abi',
              'evm.bytecode.object',
              'evm.bytecode.linkReferences',
              'evm.bytecode.sourceMap',
              'evm.deployedBytecode.object',
              'evm.deployedBytecode.sourceMap',
              'storageLayout',
            ],
          },
        }
      : {},
  };
  // evmVersion exists in standard JSON since 0.4.21.
  if (semver.gte(version, '0.4.21')) settings.evmVersion = options.evmVersion;
  if (options.remappings?.length) settings.remappings = options.remappings;
  return JSON.stringify({
    language: 'Solidity',
    sources: Object.fromEntries(
      Object.entries(closure.sources).map(([unit, content]) => [unit, { content }]),
    ),
    settings,
  });
}

export function compileClosure(
  solc: Solc,
  closure: SourceClosure,
  version: string,
  options: CompileOptions,
): CompileOutcome {
  const input = buildInput(closure, version, options);
  // Sources are all given up front; the callback only answers imports that resolved to no file.
  const output = solc.compile(input, {
    import: (p) => ({ error: closure.missing.get(p) ?? `"${p}" was not found.` }),
  });
  return readOutput(output, closure);
}

export function readOutput(json: string, closure: SourceClosure): CompileOutcome {
  const out = parseJson<SolcOutput>(json);
  const problems = (out.errors ?? []).map((e) => toProblem(e, closure));
  const contracts: ContractArtifact[] = [];
  for (const [unit, byName] of Object.entries(out.contracts ?? {}))
    for (const [name, c] of Object.entries(byName))
      contracts.push({
        unit,
        file: closure.files.get(unit),
        name,
        abi: c.abi ?? [],
        bytecode: c.evm?.bytecode?.object ?? '',
        linkReferences: c.evm?.bytecode?.linkReferences ?? {},
        sourceMap: c.evm?.bytecode?.sourceMap,
        deployedBytecode: c.evm?.deployedBytecode?.object,
        deployedSourceMap: c.evm?.deployedBytecode?.sourceMap,
        ...(c.storageLayout !== undefined ? { storageLayout: c.storageLayout } : {}),
      });
  const sourceIds = Object.fromEntries(Object.entries(out.sources ?? {}).map(([unit, s]) => [unit, s.id]));
  const asts = Object.values(out.sources ?? {}).flatMap((s) => (s.ast !== undefined ? [s.ast] : []));
  return { problems, contracts, sourceIds, ...(asts.length > 0 ? { asts } : {}) };
}

function toProblem(e: SolcError, closure: SourceClosure): Problem {
  const severity = e.severity === 'error' ? 'error' : e.severity === 'warning' ? 'warning' : 'info';
  const loc = e.sourceLocation;
  const text = loc ? closure.sources[loc.file] : undefined;
  const origin = { line: 0, character: 0 };
  if (!loc || text === undefined || loc.start < 0)
    return { severity, message: e.message, code: e.errorCode, start: origin, end: origin };
  return {
    file: closure.files.get(loc.file),
    unit: loc.file,
    severity,
    message: e.message,
    code: e.errorCode,
    start: bytePosition(text, loc.start),
    end: bytePosition(text, Math.max(loc.end, loc.start)),
  };
}

/** solc locations are UTF-8 byte offsets; LSP positions count UTF-16 code units per line. */
export function bytePosition(text: string, byteOffset: number): Position {
  const chars = Buffer.from(text, 'utf8').subarray(0, byteOffset).toString('utf8').length;
  const before = text.slice(0, chars);
  const line = before.split('\n').length - 1;
  return { line, character: chars - (before.lastIndexOf('\n') + 1) };
}
