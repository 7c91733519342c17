// Runtime code the extension compiled, with source maps and source texts, so a failure point
// from the devnode (code address + pc) becomes "Contract.function (file:line)". Kept in memory
// for the session: the latest compilation of each contract wins. Pure (no vscode).

import { resolve } from 'node:path';
import { fromHex, strip0x } from '../../protocol/hex';
import { findCreationCode, locateInCreationCode, metadataLength } from '../../client/creationCode';
import { locate, type SourceList, type SourceLocation } from '../../client/sourceMap';
import type { CompiledContract } from '../compile/solcIO';
import type { VariableSources } from './variables/frameVariables';

interface Entry {
  name: string;
  code: string;
  sourceMap: string;
  sources: SourceList;
  variables?: VariableSources;
}

const entries = new Map<string, Entry>();
/** Creation bytecode (as compiled, 0x…) with its source map, by contract name and source unit. */
const creations = new Map<string, Entry>();

/** Strips the CBOR metadata tail (its length is the last two bytes) so rebuilt code still matches. */
export function withoutMetadata(hex: string): string {
  const body = strip0x(hex).toLowerCase();
  return body.slice(0, body.length - metadataLength(body));
}

/** Records a compilation: its contracts' runtime code, the sources by id and the ASTs. */
export function rememberCompilation(
  contracts: readonly CompiledContract[],
  texts: Record<string, string>,
  sourceIds: Record<string, number>,
  asts: readonly unknown[] = [],
  /** The folder the source names are relative to: the debugger opens the files there. */
  root?: string,
): void {
  const sources: SourceList = new Map();
  for (const [name, id] of Object.entries(sourceIds))
    if (texts[name] !== undefined)
      sources.set(id, {
        name,
        content: texts[name],
        ...(root !== undefined ? { path: resolve(root, name) } : {}),
      });
  for (const c of contracts) {
    const variables = asts.length > 0 ? { asts, storageLayout: c.storageLayout } : undefined;
    if (c.bytecode.length > 2 && c.sourceMap)
      creations.set(`${c.source}:${c.name}`, {
        name: c.name,
        code: c.bytecode,
        sourceMap: c.sourceMap,
        sources,
        variables,
      });
    if (!c.deployedBytecode || c.deployedBytecode.length <= 2 || !c.deployedSourceMap) continue;
    const code = withoutMetadata(c.deployedBytecode);
    entries.set(code, {
      name: c.name,
      code: c.deployedBytecode,
      sourceMap: c.deployedSourceMap,
      sources,
      variables,
    });
  }
}

export interface FailureLocation extends SourceLocation {
  contract: string;
}

/** Where `pc` is in the deployed `code`, if the extension compiled that code. */
export function locateFailure(code: string, pc: number): FailureLocation | undefined {
  const entry = entries.get(withoutMetadata(code));
  if (!entry) return undefined;
  const loc = locate(pc, fromHex(code), entry.sourceMap, entry.sources);
  return loc ? { ...loc, contract: entry.name } : undefined;
}

/** Source map and sources of deployed `code`, if the extension compiled it (for the debugger). */
export function sourceOf(
  code: string,
): { contract: string; sourceMap: string; sources: SourceList; variables?: VariableSources } | undefined {
  const entry = entries.get(withoutMetadata(code));
  return (
    entry && {
      contract: entry.name,
      sourceMap: entry.sourceMap,
      sources: entry.sources,
      variables: entry.variables,
    }
  );
}

/**
 * Creation code, source map and sources of the compilation whose creation bytecode `initCode` (a
 * deploying transaction's input, or CREATE data) starts with (for constructors in the debugger).
 */
export function creationSourceOf(initCode: string):
  | {
      contract: string;
      bytecode: string;
      sourceMap: string;
      sources: SourceList;
      variables?: VariableSources;
    }
  | undefined {
  const found = findCreationCode(
    initCode,
    [...creations.values()].map((e) => ({ ...e, bytecode: e.code })),
  );
  return (
    found && {
      contract: found.name,
      bytecode: found.code,
      sourceMap: found.sourceMap,
      sources: found.sources,
      variables: found.variables,
    }
  );
}

/** Where `pc` of a constructor is, from the creation code it ran (`initCode`), if the extension compiled it. */
export function locateCreationFailure(initCode: string, pc: number): FailureLocation | undefined {
  const found = creationSourceOf(initCode);
  if (!found) return undefined;
  const loc = locateInCreationCode(pc, initCode, found, found.sources);
  return loc ? { ...loc, contract: found.contract } : undefined;
}

/** For tests. */
export function forgetCompilations(): void {
  entries.clear();
  creations.clear();
}
