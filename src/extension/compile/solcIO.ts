// Standard-JSON input for solc and reading its output: contracts (ABI, bytecode) and errors with
// source ranges. Pure; unit-tested without loading solc.

import type { StorageLayout } from '../debug/variables/storageDecode';

export interface CompileSettings {
  evmVersion: string;
  optimizer: boolean;
}

export interface CompiledContract {
  /** Source unit path as given to solc. */
  source: string;
  name: string;
  abi: AbiItem[];
  /** 0x-prefixed creation bytecode; "0x" for interfaces and abstract contracts. */
  bytecode: string;
  /** Where external libraries' addresses go (solc's evm.bytecode.linkReferences), when any. */
  linkReferences?: Record<string, Record<string, { start: number; length: number }[]>>;
  /** Source map of the creation bytecode, for failures inside constructors. */
  sourceMap?: string;
  /** 0x-prefixed runtime bytecode and its source map, for failure locations. */
  deployedBytecode?: string;
  deployedSourceMap?: string;
  /** solc's storageLayout (state variables' slots and types), for the debugger's variables. */
  storageLayout?: StorageLayout;
}

export interface AbiParam {
  name: string;
  type: string;
  internalType?: string;
  components?: AbiParam[];
  indexed?: boolean;
}

export interface AbiItem {
  type: 'function' | 'constructor' | 'event' | 'error' | 'fallback' | 'receive';
  name?: string;
  inputs?: AbiParam[];
  outputs?: AbiParam[];
  stateMutability?: string;
  anonymous?: boolean;
}

export interface CompileProblem {
  file?: string;
  start?: number;
  end?: number;
  severity: 'error' | 'warning' | 'info';
  message: string;
  code?: string;
}

export function buildInput(sources: Record<string, string>, settings: CompileSettings): string {
  return JSON.stringify({
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([k, content]) => [k, { content }])),
    settings: {
      evmVersion: settings.evmVersion,
      optimizer: { enabled: settings.optimizer, runs: 200 },
      outputSelection: {
        '*': {
          // The AST and storage layouts let the debugger decode variables.
          '': ['ast'],
          '*': [
            'abi',
            'evm.bytecode.object',
            'evm.bytecode.sourceMap',
            'evm.deployedBytecode.object',
            'evm.deployedBytecode.sourceMap',
            'storageLayout',
          ],
        },
      },
    },
  });
}

interface SolcOutput {
  errors?: {
    severity: string;
    message: string;
    formattedMessage?: string;
    errorCode?: string;
    sourceLocation?: { file: string; start: number; end: number };
  }[];
  contracts?: Record<
    string,
    Record<
      string,
      {
        abi: AbiItem[];
        storageLayout?: StorageLayout;
        evm?: {
          bytecode?: { object?: string; sourceMap?: string };
          deployedBytecode?: { object?: string; sourceMap?: string };
        };
      }
    >
  >;
  /** Source unit name → its id in source maps, and its AST when asked for. */
  sources?: Record<string, { id: number; ast?: unknown }>;
}

export function readOutput(json: string): {
  contracts: CompiledContract[];
  problems: CompileProblem[];
  sourceIds: Record<string, number>;
  /** The source units' ASTs (for the debugger), when the output has them. */
  asts: unknown[];
} {
  // solc's standard-JSON output, as documented; SolcOutput names the fields read here.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
  const out = JSON.parse(json) as SolcOutput;
  const problems: CompileProblem[] = (out.errors ?? []).map((e) => ({
    file: e.sourceLocation?.file,
    start: e.sourceLocation?.start,
    end: e.sourceLocation?.end,
    severity: e.severity === 'error' ? 'error' : e.severity === 'warning' ? 'warning' : 'info',
    message: e.message,
    code: e.errorCode,
  }));
  const contracts: CompiledContract[] = [];
  for (const [source, byName] of Object.entries(out.contracts ?? {})) {
    for (const [name, c] of Object.entries(byName)) {
      const object = c.evm?.bytecode?.object ?? '';
      const deployed = c.evm?.deployedBytecode;
      contracts.push({
        source,
        name,
        abi: c.abi ?? [],
        bytecode: `0x${object}`,
        ...(c.evm?.bytecode?.sourceMap ? { sourceMap: c.evm.bytecode.sourceMap } : {}),
        ...(deployed?.object
          ? { deployedBytecode: `0x${deployed.object}`, deployedSourceMap: deployed.sourceMap ?? '' }
          : {}),
        ...(c.storageLayout ? { storageLayout: c.storageLayout } : {}),
      });
    }
  }
  const sourceIds = Object.fromEntries(Object.entries(out.sources ?? {}).map(([name, s]) => [name, s.id]));
  const asts = Object.values(out.sources ?? {}).flatMap((s) => (s.ast === undefined ? [] : [s.ast]));
  return { contracts, problems, sourceIds, asts };
}

/** Contract declarations in a source text with their line, for CodeLens (no solc needed). */
export function findContractDeclarations(text: string): { name: string; line: number; kind: string }[] {
  const found: { name: string; line: number; kind: string }[] = [];
  const stripped = text
    .replace(/\/\*[\s\S]*?\*\//g, (m) => m.replace(/[^\n]/g, ' '))
    .replace(/\/\/[^\n]*/g, (m) => ' '.repeat(m.length));
  const lines = stripped.split('\n');
  const re = /^\s*(abstract\s+contract|contract|library|interface)\s+([A-Za-z_$][\w$]*)/;
  lines.forEach((line, i) => {
    const m = re.exec(line);
    if (m) found.push({ name: m[2], line: i, kind: m[1].replace(/\s+/g, ' ') });
  });
  return found;
}

/** Import paths of a source (for the import callback's preloading). */
export function importsOf(text: string): string[] {
  const re = /import\s+(?:[^'"]*from\s+)?["']([^"']+)["']/g;
  const out: string[] = [];
  for (let m = re.exec(text); m; m = re.exec(text)) out.push(m[1]);
  return out;
}

/** Resolves an import relative to the importing unit, as solc names units. */
export function resolveImport(from: string, path: string): string {
  if (!path.startsWith('.')) return path;
  const base = from.split('/').slice(0, -1);
  for (const part of path.split('/')) {
    if (part === '.') continue;
    if (part === '..') base.pop();
    else base.push(part);
  }
  return base.join('/');
}

/** Deployable: a concrete contract with bytecode. */
export function isDeployable(c: CompiledContract): boolean {
  return c.bytecode.length > 2;
}
