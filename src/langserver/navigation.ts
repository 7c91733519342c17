// The parsed files of a workspace and the navigation queries over them: the declaration at a
// position, the references to a declaration across the workspace (its files and open buffers,
// following imports), and the members to complete after a `.`. Files are parsed once per text
// (symbolIndex.ts); names and member accesses are resolved by type (resolver.ts), so `a.f` and
// `b.f` reach different declarations when `a` and `b` have different types.

import fs from 'node:fs';
import path from 'node:path';
import { type Decl, type FileIndex, indexFile, type Ref } from './symbolIndex';
import { exprBefore } from './astShapes';
import { CONTRACTLIKE, isDecl, type Member, Resolver } from './resolver';
import type { Builtin } from './builtins';
import {
  collectSources,
  fileUnitName,
  importUnitName,
  type ProjectContext,
  unitFile,
} from './importResolver';

export interface Location {
  file: string;
  start: number;
  end: number;
}

export class SolWorkspace {
  private readonly indexes = new Map<string, FileIndex>();
  private readonly unparsable = new Map<string, string>();

  constructor(
    private readonly read: (file: string) => string | undefined,
    private readonly contextFor: (file: string) => ProjectContext,
    private readonly folders: () => string[],
  ) {}

  /** The index of a file's current text; the last good one while it does not parse. */
  index(file: string): FileIndex | undefined {
    const text = this.read(file);
    const known = this.indexes.get(file);
    if (text === undefined || (known && known.text === text)) return known;
    // A text that did not parse is not parsed again (each request would pay the parser's time).
    if (this.unparsable.get(file) === text) return known;
    try {
      const idx = indexFile(file, text);
      this.indexes.set(file, idx);
      this.unparsable.delete(file);
      return idx;
    } catch {
      this.unparsable.set(file, text);
      return known;
    }
  }

  importedFile(from: string, importPath: string): string | undefined {
    const ctx = this.contextFor(from);
    return unitFile(importUnitName(fileUnitName(from, ctx.root), importPath, ctx.remappings), ctx.root);
  }

  /** The file and everything it imports. */
  visibleFiles(file: string): string[] {
    const closure = collectSources(file, this.contextFor(file), this.read);
    return [...closure.files.values()];
  }

  /** Every .sol file of the workspace folders (node_modules, lib and dot-folders skipped). */
  workspaceFiles(): string[] {
    const out: string[] = [];
    const walk = (dir: string, depth: number) => {
      if (depth > 12) return;
      let entries: fs.Dirent[];
      try {
        entries = fs.readdirSync(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        if (e.name.startsWith('.') || e.name === 'node_modules' || e.name === 'lib' || e.name === 'out')
          continue;
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p, depth + 1);
        else if (e.name.endsWith('.sol')) out.push(p);
      }
    };
    for (const f of this.folders()) walk(f, 0);
    return out;
  }

  /** A resolver for one request (it memoizes import closures and linearizations). */
  resolver(): Resolver {
    return new Resolver(this);
  }

  /** The declaration at a position: its own name, or what the name there refers to. */
  declarationAt(file: string, at: number, r = this.resolver()): Decl | undefined {
    const idx = this.index(file);
    if (!idx) return undefined;
    const own = idx.decls.find((d) => d.nameStart <= at && at <= d.nameEnd);
    if (own) return own;
    const ref = this.refAt(idx, at);
    return ref ? r.resolveRef(idx, ref) : undefined;
  }

  /** A member the language defines at a position (`msg.sender`, `a.length`), for hover. */
  builtinAt(file: string, at: number): Builtin | undefined {
    const r = this.resolver();
    const idx = this.index(file);
    const ref = idx && this.refAt(idx, at);
    const ctx = ref?.base && r.ctx(file, ref.start);
    const base = ctx && ref.base && ref.kind === 'member' ? r.exprTy(ref.base, ctx) : undefined;
    const m = base && ctx && ref ? r.member(base, ref.name, ref.args, ctx) : undefined;
    return m && !isDecl(m) ? m : undefined;
  }

  refAt(idx: FileIndex, at: number): Ref | undefined {
    return idx.refs.find((r) => r.start <= at && at <= r.end);
  }

  /**
   * Members for a completion after the `.` at `dot` in `text` (the buffer being typed, which may
   * not parse: the expression before the dot is parsed on its own, names resolve in the last
   * good index of the file).
   */
  membersAt(file: string, text: string, dot: number): Member[] | undefined {
    const expr = exprBefore(text, dot);
    const r = this.resolver();
    const ctx = r.ctx(file, dot);
    const type = expr && ctx && r.exprTy(expr, ctx);
    if (!type || !ctx) return undefined;
    const seen = new Set<string>();
    // Overridden members appear once (the most derived); overloads stay distinct.
    return r.members(type, ctx).filter((m) => {
      const key = 'kind' in m ? `${m.name}/${m.kind}/${JSON.stringify(m.params ?? null)}` : m.name;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  }

  /**
   * Every place that names `decl` (its declaration included) in the workspace and open files. A
   * function and the functions it overrides or that override it are one symbol here (renaming one
   * alone would not compile).
   */
  references(decl: Decl, extraFiles: string[] = []): Location[] {
    const r = this.resolver();
    // A local or parameter is named only in its own file.
    const files = decl.scope
      ? [decl.file]
      : [...new Set([...this.workspaceFiles(), ...extraFiles, decl.file])];
    const family = new Set(overrideFamily(decl, files, this, r));
    const homes = new Set([...family].map((d) => d.file));
    const out: Location[] = [...family].map((d) => ({ file: d.file, start: d.nameStart, end: d.nameEnd }));
    for (const file of files) {
      const idx = this.index(file);
      if (!idx?.refs.some((ref) => ref.name === decl.name)) continue;
      if (!r.files(file).some((f) => homes.has(f))) continue;
      for (const ref of idx.refs) {
        if (ref.name !== decl.name) continue;
        const target = r.resolveRef(idx, ref);
        if (target && family.has(target)) out.push({ file, start: ref.start, end: ref.end });
      }
    }
    return out;
  }
}

/** A function with its overrides up and down the inheritance graph (same name and parameters). */
function overrideFamily(decl: Decl, files: string[], ws: SolWorkspace, r: Resolver): Decl[] {
  const owner =
    decl.kind === 'function'
      ? ws.index(decl.file)?.topLevel.find((c) => c.children.includes(decl))
      : undefined;
  if (!owner) return [decl];
  const signature = JSON.stringify(decl.params ?? []);
  const same = (d: Decl) =>
    d.kind === 'function' && d.name === decl.name && JSON.stringify(d.params ?? []) === signature;
  const contracts = files.flatMap((f) => ws.index(f)?.topLevel.filter((d) => CONTRACTLIKE.has(d.kind)) ?? []);
  const owners = new Set([owner]);
  const family = new Set([decl]);
  for (let grew = true; grew;) {
    grew = false;
    for (const c of contracts) {
      const lin = r.linearize(c);
      if (!lin.some((x) => owners.has(x))) continue;
      for (const x of lin)
        for (const d of x.children.filter(same))
          if (!family.has(d)) {
            family.add(d);
            owners.add(x);
            grew = true;
          }
    }
  }
  return [...family];
}
