// Contracts compiled elsewhere: the debugger reads standard-JSON build outputs the user points it
// at (a solc --standard-json output, Hardhat's artifacts/build-info/*.json, Foundry's
// out/build-info/*.json) and matches them to the traced code by bytecode, runtime code by its
// deployed bytecode and constructors by the creation bytecode the deployment starts with.
// Source texts come from the build's input when it has them, else from files under the source
// root. Pure (node:fs, no vscode).

import { readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { findCreationCode } from '../../client/creationCode';
import type { SourceList } from '../../client/sourceMap';
import { readOutput } from '../compile/solcIO';
import { withoutMetadata } from './compiledCode';
import type { CodeSource, CreationLookup, CreationSource, SourceLookup } from './traceModel';
import { errorMessage, isRecord } from '../../protocol/unknownValues';

export interface BuildOutputs {
  runtime: SourceLookup;
  creation: CreationLookup;
  /** Files read, and the number of contracts with bytecode found in them. */
  files: string[];
  contracts: number;
  /** Files skipped and why (not a build output, a source text missing). */
  notes: string[];
}

type Json = Record<string, unknown>;

/** The JSON files a path stands for: a file, or a folder's build-info JSONs. */
async function filesOf(path: string): Promise<string[]> {
  const s = await stat(path).catch(() => undefined);
  if (s === undefined) throw new Error(`"buildInfo": ${path} does not exist`);
  if (s.isFile()) return [path];
  // Hardhat's artifacts/ and Foundry's out/ keep their standard-JSON files in build-info/.
  for (const sub of ['build-info', join('artifacts', 'build-info'), join('out', 'build-info')]) {
    const inner = join(path, sub);
    if ((await stat(inner).catch(() => undefined))?.isDirectory()) return filesOf(inner);
  }
  const names = (await readdir(path)).filter((n) => n.endsWith('.json')).sort();
  if (names.length === 0) throw new Error(`"buildInfo": ${path} has no .json build outputs`);
  return names.map((n) => join(path, n));
}

/** Source unit name → id: from output.sources, or Foundry's source_id_to_path. */
function sourceIds(doc: Json, output: Json): Record<string, number> {
  const ids: Record<string, number> = {};
  if (isRecord(output.sources))
    for (const [name, s] of Object.entries(output.sources))
      if (isRecord(s) && typeof s.id === 'number') ids[name] = s.id;
  if (Object.keys(ids).length === 0 && isRecord(doc.source_id_to_path))
    for (const [id, name] of Object.entries(doc.source_id_to_path))
      if (typeof name === 'string') ids[name] = Number(id);
  return ids;
}

async function sourceTexts(
  input: Json | undefined,
  ids: Record<string, number>,
  root: string,
  notes: string[],
  file: string,
): Promise<SourceList> {
  const sources: SourceList = new Map();
  const given = isRecord(input) && isRecord(input.sources) ? input.sources : {};
  for (const [name, id] of Object.entries(ids)) {
    const s = given[name];
    let content = isRecord(s) && typeof s.content === 'string' ? s.content : undefined;
    if (content === undefined) {
      const path = isAbsolute(name) ? name : join(root, name);
      content = await readFile(path, 'utf8').catch(() => undefined);
      if (content === undefined) {
        notes.push(`${file}: no text for source "${name}" (not in the build input, not at ${path})`);
        continue;
      }
    }
    sources.set(id, { name, content });
  }
  return sources;
}

/** Reads the build outputs at `paths` (files or folders, relative to `root`). */
export async function loadBuildOutputs(paths: readonly string[], root: string): Promise<BuildOutputs> {
  const runtime = new Map<string, CodeSource>();
  const creation: CreationSource[] = [];
  const files: string[] = [];
  const notes: string[] = [];
  for (const p of paths) {
    for (const file of await filesOf(isAbsolute(p) ? p : join(root, p))) {
      let doc: unknown;
      try {
        doc = JSON.parse(await readFile(file, 'utf8'));
      } catch (e) {
        notes.push(`${file}: not JSON (${errorMessage(e)})`);
        continue;
      }
      // A build-info ({input, output}) or a bare solc output ({contracts, sources}).
      const output = isRecord(doc) && isRecord(doc.output) ? doc.output : doc;
      if (!isRecord(doc) || !isRecord(output) || !isRecord(output.contracts)) {
        notes.push(`${file}: not a solc standard-JSON output or build-info (no "contracts")`);
        continue;
      }
      files.push(file);
      const ids = sourceIds(doc, output);
      const sources = await sourceTexts(isRecord(doc.input) ? doc.input : undefined, ids, root, notes, file);
      // ASTs (when the build asked for them) give decoded variables; without them, raw views only.
      const asts = isRecord(output.sources)
        ? Object.values(output.sources).flatMap((u) => (isRecord(u) && isRecord(u.ast) ? [u.ast] : []))
        : [];
      for (const c of readOutput(JSON.stringify(output)).contracts) {
        if (c.deployedBytecode && c.deployedBytecode.length > 2 && c.deployedSourceMap)
          runtime.set(withoutMetadata(c.deployedBytecode), {
            contract: c.name,
            sourceMap: c.deployedSourceMap,
            sources,
            ...(asts.length > 0 ? { variables: { asts, storageLayout: c.storageLayout } } : {}),
          });
        if (c.bytecode.length > 2 && c.sourceMap)
          creation.push({ contract: c.name, bytecode: c.bytecode, sourceMap: c.sourceMap, sources });
      }
    }
  }
  return {
    runtime: (code) => runtime.get(withoutMetadata(code)),
    creation: (initCode) => findCreationCode(initCode, creation),
    files,
    contracts: Math.max(runtime.size, creation.length),
    notes,
  };
}
