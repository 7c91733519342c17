// launch.json's `sources`: .sol files or folders whose contracts the debugger should know. Before
// the session starts, the extension host compiles each with the extension's Compiler, which
// records the compilation (rememberCompilation) where sourceOf / creationSourceOf match it by
// bytecode. Contracts compiled with other settings still don't match: they step by instruction.

import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { Compiler } from '../compile/compiler';
import { CancelledError } from '../errors';
import { errorMessage } from '../../protocol/unknownValues';

/** More files than this is almost surely a wrong folder (a whole project with its dependencies). */
export const MAX_SOURCE_FILES = 200;

const ATTR = 'The launch configuration\'s "sources"';

/** The .sol files named by `sources` (files or folders, recursive, node_modules skipped). */
export function listSources(sources: unknown, root: string): string[] {
  const list: unknown[] =
    typeof sources === 'string' ? [sources] : Array.isArray(sources) ? sources : [sources];
  const files = new Set<string>();
  const tooMany = () =>
    new Error(
      `${ATTR} names more than ${MAX_SOURCE_FILES} .sol files: list the files or folders of the contracts to debug`,
    );
  const walk = (dir: string): void => {
    for (const e of fs
      .readdirSync(dir, { withFileTypes: true })
      .sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && !e.name.startsWith('.')) walk(p);
      } else if (e.isFile() && e.name.endsWith('.sol')) {
        files.add(p);
        if (files.size > MAX_SOURCE_FILES) throw tooMany();
      }
    }
  };
  for (const s of list) {
    if (typeof s !== 'string' || s.trim() === '')
      throw new Error(`${ATTR} must be a path or a list of paths (.sol files or folders)`);
    const p = path.resolve(root, s);
    const st = fs.statSync(p, { throwIfNoEntry: false });
    if (st === undefined) throw new Error(`${ATTR}: ${s} does not exist (resolved to ${p})`);
    if (st.isDirectory()) {
      const before = files.size;
      walk(p);
      if (files.size === before) throw new Error(`${ATTR}: the folder ${s} has no .sol files`);
    } else if (p.endsWith('.sol')) {
      files.add(p);
      if (files.size > MAX_SOURCE_FILES) throw tooMany();
    } else throw new Error(`${ATTR}: ${s} is not a .sol file or a folder`);
  }
  return [...files];
}

/**
 * Compiles the listed sources with the extension's settings, with progress. Resolves false when
 * the user cancelled; throws (naming the file and the attribute) when a path or a compile fails.
 */
export async function compileSources(compiler: Compiler, sources: unknown, root: string): Promise<boolean> {
  const files = listSources(sources, root);
  return vscode.window.withProgress(
    {
      location: vscode.ProgressLocation.Notification,
      title: 'Compiling the debug sources',
      cancellable: true,
    },
    async (progress, token) => {
      for (const [i, file] of files.entries()) {
        if (token.isCancellationRequested) return false;
        const name = path.relative(root, file) || file;
        progress.report({ message: `${i + 1}/${files.length}: ${name}`, increment: 100 / files.length });
        try {
          await compiler.compile(await vscode.workspace.openTextDocument(vscode.Uri.file(file)));
        } catch (e) {
          if (e instanceof CancelledError) return false;
          throw new Error(`${ATTR}: ${name} did not compile: ${errorMessage(e)}`, {
            cause: e,
          });
        }
      }
      return true;
    },
  );
}
