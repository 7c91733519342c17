// Name resolution over the parsed files of a workspace: which declaration an identifier, a type
// name or a member access (`x.f`, `Lib.f`, `this.f`, `super.f`) refers to, following imports and
// base contracts; the references to a declaration across the workspace. Lexical scoping
// (locals, then the enclosing contract and its bases, then the file and its imports) over the
// parser's AST, without solc's type checker: expressions more complex than a name before the dot
// fall back to the members of that name anywhere in the visible files.

import fs from 'node:fs';
import path from 'node:path';
import { type Decl, type FileIndex, indexFile, type Ref } from './symbolIndex';
import { collectSources, type ProjectContext } from './importResolver';

export interface Location {
  file: string;
  start: number;
  end: number;
}

const CONTRACTLIKE = new Set(['contract', 'interface', 'library']);

export class SolWorkspace {
  private readonly indexes = new Map<string, FileIndex>();

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
    try {
      const idx = indexFile(file, text);
      this.indexes.set(file, idx);
      return idx;
    } catch {
      return known;
    }
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

  private decls(files: string[]): Decl[] {
    return files.flatMap((f) => this.index(f)?.decls ?? []);
  }

  contractNamed(name: string, files: string[]): Decl | undefined {
    return this.decls(files).find(
      (d) => d.name === name && (CONTRACTLIKE.has(d.kind) || d.kind === 'struct' || d.kind === 'enum'),
    );
  }

  /** Members of a contract including those inherited (nearest first), of a struct or an enum. */
  membersOf(type: Decl, files: string[], seen = new Set<Decl>()): Decl[] {
    if (seen.has(type)) return [];
    seen.add(type);
    const own = [...type.children];
    for (const base of type.bases ?? []) {
      const b = this.contractNamed(base.split('.').pop()!, files);
      if (b) own.push(...this.membersOf(b, files, seen));
    }
    return own;
  }

  private enclosingContract(idx: FileIndex, at: number): Decl | undefined {
    return idx.decls.find((d) => CONTRACTLIKE.has(d.kind) && d.start <= at && at < d.end);
  }

  /** What a plain name at `at` refers to: a local, a member of the contract (or bases), a top-level name. */
  resolveName(idx: FileIndex, name: string, at: number, files: string[]): Decl | undefined {
    const locals = idx.decls.filter(
      (d) => d.name === name && d.scope && d.scope[0] <= at && at < d.scope[1] && d.nameStart <= at,
    );
    if (locals.length) return locals.sort((a, b) => b.nameStart - a.nameStart)[0];
    const contract = this.enclosingContract(idx, at);
    if (contract) {
      if (contract.name === name) return contract;
      const member = this.membersOf(contract, files).find((d) => d.name === name);
      if (member) return member;
    }
    return this.decls(files).find((d) => d.name === name && !d.container && !d.scope);
  }

  /** The type a name denotes or is declared with (for `x.member`). */
  typeOf(idx: FileIndex, object: string, at: number, files: string[]): Decl | undefined {
    if (object === 'this') return this.enclosingContract(idx, at);
    const d = this.resolveName(idx, object, at, files);
    if (!d) return undefined;
    if (CONTRACTLIKE.has(d.kind) || d.kind === 'struct' || d.kind === 'enum') return d;
    const typeName = /([A-Za-z_$][\w$]*)\s*(?:\[[^\]]*\]\s*)*$/.exec(d.typeName ?? '')?.[1];
    return typeName ? this.contractNamed(typeName, files) : undefined;
  }

  resolveRef(idx: FileIndex, ref: Ref, files: string[]): Decl | undefined {
    if (ref.kind !== 'member') return this.resolveName(idx, ref.name, ref.start, files);
    if (ref.object === 'super') {
      const c = this.enclosingContract(idx, ref.start);
      const bases = (c?.bases ?? []).map((b) => this.contractNamed(b, files)).filter((b): b is Decl => !!b);
      for (const b of bases.reverse()) {
        const m = this.membersOf(b, files).find((d) => d.name === ref.name);
        if (m) return m;
      }
      return undefined;
    }
    const type = ref.object ? this.typeOf(idx, ref.object, ref.start, files) : undefined;
    if (type) return this.membersOf(type, files).find((d) => d.name === ref.name);
    return this.decls(files).find((d) => d.name === ref.name && d.container);
  }

  /** The declaration at a position: its own name, or what the name there refers to. */
  declarationAt(file: string, at: number): Decl | undefined {
    const idx = this.index(file);
    if (!idx) return undefined;
    const own = idx.decls.find((d) => d.nameStart <= at && at <= d.nameEnd);
    if (own) return own;
    const ref = this.refAt(idx, at);
    return ref ? this.resolveRef(idx, ref, this.visibleFiles(file)) : undefined;
  }

  refAt(idx: FileIndex, at: number): Ref | undefined {
    return idx.refs.find((r) => r.start <= at && at <= r.end);
  }

  /** Every place that names `decl` (its declaration included) in the workspace and open files. */
  references(decl: Decl, extraFiles: string[] = []): Location[] {
    const out: Location[] = [{ file: decl.file, start: decl.nameStart, end: decl.nameEnd }];
    const files = new Set([...this.workspaceFiles(), ...extraFiles, decl.file]);
    for (const file of files) {
      const idx = this.index(file);
      if (!idx?.refs.some((r) => r.name === decl.name)) continue;
      const visible = this.visibleFiles(file);
      if (!visible.includes(decl.file)) continue;
      for (const r of idx.refs)
        if (r.name === decl.name && this.resolveRef(idx, r, visible) === decl)
          out.push({ file, start: r.start, end: r.end });
    }
    return out;
  }
}
