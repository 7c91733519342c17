// Type-aware name resolution over the symbol indexes (no re-parse): the declared type of an
// expression before a `.` (locals, parameters, return variables, state variables, `this`,
// `super`, contract/library/struct names, mapping and array elements, conversions, `new`, call
// results), the members of that type (inherited in C3 order as solc linearizes them, public
// interface of contract instances, `using L for T` functions, the language's own members), and
// overloads picked by argument count and types (overloads.ts). One Resolver per request: it
// memoizes import closures and linearizations, so a references scan stays cheap.

import type { Expr, TypeRef } from './astShapes';
import { normalizeElementary } from './astShapes';
import {
  type Builtin,
  elementaryMembers,
  FUNCTION_MEMBERS,
  ARRAY_MEMBERS,
  GLOBALS,
  TYPE_MEMBERS,
} from './builtins';
import type { Decl, FileIndex, Ref } from './symbolIndex';
import { attachedFunctions } from './usingFor';
import { chooseOverload } from './overloads';

export type Ty =
  | { k: 'inst'; decl: Decl }
  | { k: 'static'; decl: Decl }
  | { k: 'super'; contract: Decl }
  | { k: 'array'; elem?: Ty }
  | { k: 'mapping'; value?: Ty }
  | { k: 'elem'; name: string }
  | { k: 'elemType'; name: string }
  | { k: 'global'; name: string }
  | { k: 'fn'; decl: Decl }
  | { k: 'unit'; file: string }
  | { k: 'lit'; type: 'number' | 'string' | 'bool' };

/** Where a name is looked up: a file, an offset in it, and the files it can see. */
export interface Ctx {
  idx: FileIndex;
  at: number;
  files: string[];
}

export interface IndexSource {
  index(file: string): FileIndex | undefined;
  visibleFiles(file: string): string[];
  /** The file an import path written in `from` names. */
  importedFile(from: string, importPath: string): string | undefined;
}

export type Member = Decl | Builtin;
export const isDecl = (m: Member | undefined): m is Decl => !!m && 'kind' in m;

export const CONTRACTLIKE = new Set(['contract', 'interface', 'library']);
const TYPES = new Set([...CONTRACTLIKE, 'struct', 'enum', 'type']);

export class Resolver {
  private readonly visible = new Map<string, string[]>();
  private readonly lin = new Map<Decl, Decl[]>();

  constructor(readonly src: IndexSource) {}

  files(file: string): string[] {
    let f = this.visible.get(file);
    if (!f) this.visible.set(file, (f = this.src.visibleFiles(file)));
    return f;
  }

  ctx(file: string, at: number): Ctx | undefined {
    const idx = this.src.index(file);
    return idx && { idx, at, files: this.files(file) };
  }

  /** The context a declaration was written in (its type names resolve there). */
  declCtx(d: Decl): Ctx | undefined {
    return this.ctx(d.file, d.start);
  }

  enclosingContract(idx: FileIndex, at: number): Decl | undefined {
    return idx.topLevel.find((d) => CONTRACTLIKE.has(d.kind) && d.start <= at && at < d.end);
  }

  /** C3 linearization as solc computes it: the contract, then its bases, the last-listed first. */
  linearize(c: Decl): Decl[] {
    const known = this.lin.get(c);
    if (known) return known;
    this.lin.set(c, [c]); // cycles in broken code end here
    const ctx = this.declCtx(c);
    const bases = (c.bases ?? [])
      .map((b) => (ctx ? this.typeDecl(b, ctx) : undefined))
      .filter((b): b is Decl => !!b && CONTRACTLIKE.has(b.kind))
      .reverse();
    const seqs = [...bases.map((b) => [...this.linearize(b)]), [...bases]];
    const out = [c];
    for (;;) {
      const live = seqs.filter((s) => s.length);
      if (!live.length) break;
      const head = live.find((s) => !live.some((o) => o.indexOf(s[0]) > 0))?.[0];
      if (!head) {
        // Not linearizable (solc rejects it); keep going depth-first so navigation still works.
        for (const s of live) for (const d of s) if (!out.includes(d)) out.push(d);
        break;
      }
      if (!out.includes(head)) out.push(head);
      for (const s of live) if (s[0] === head) s.shift();
    }
    this.lin.set(c, out);
    return out;
  }

  /** Members of a contract and its bases (nearest first), or of a struct/enum. */
  allMembers(type: Decl): Decl[] {
    return CONTRACTLIKE.has(type.kind) ? this.linearize(type).flatMap((c) => c.children) : type.children;
  }

  /** Every declaration a plain name can mean at ctx, innermost scope first. */
  candidates(name: string, ctx: Ctx): Decl[] {
    const { idx, at } = ctx;
    const locals = idx.decls.filter(
      (d) => d.name === name && d.scope && d.scope[0] <= at && at < d.scope[1] && d.nameStart <= at,
    );
    if (locals.length) return [locals.sort((a, b) => b.nameStart - a.nameStart)[0]];
    const contract = this.enclosingContract(idx, at);
    if (contract) {
      const members = this.allMembers(contract).filter((d) => d.name === name && d.kind !== 'constructor');
      if (members.length) return members;
      if (contract.name === name) return [contract];
    }
    const top = (n: string) =>
      ctx.files.flatMap((f) => this.src.index(f)?.topLevel.filter((d) => d.name === n) ?? []);
    const found = top(name);
    const original = ctx.idx.aliases.get(name);
    return found.length || !original ? found : top(original);
  }

  /** `import "./x.sol" as X`: the file X names. */
  unitAlias(name: string, ctx: Ctx): string | undefined {
    const importPath = ctx.idx.unitAliases.get(name);
    return importPath && this.src.importedFile(ctx.idx.file, importPath);
  }

  resolveName(name: string, ctx: Ctx, args?: Expr[]): Decl | undefined {
    return chooseOverload(this, this.candidates(name, ctx), args, 0, ctx);
  }

  /** A type by (dotted) name: `Counter`, `Lib.S`. */
  typeDecl(path: string, ctx: Ctx): Decl | undefined {
    const [first, ...rest] = path.split('.');
    const unit = rest.length ? this.unitAlias(first, ctx) : undefined;
    const top = unit ? rest.shift() : undefined;
    let d = unit
      ? this.src.index(unit)?.topLevel.find((c) => c.name === top && TYPES.has(c.kind))
      : this.candidates(first, ctx).find((c) => TYPES.has(c.kind));
    for (const name of rest) d = d && this.allMembers(d).find((m) => m.name === name && TYPES.has(m.kind));
    return d;
  }

  declTy(d: Decl): Ty | undefined {
    if (TYPES.has(d.kind)) return { k: 'static', decl: d };
    if (d.kind === 'function' || d.kind === 'event' || d.kind === 'error') return { k: 'fn', decl: d };
    const ctx = d.type && this.declCtx(d);
    return ctx && d.type ? this.typeRefTy(d.type, ctx) : undefined;
  }

  typeRefTy(t: TypeRef, ctx: Ctx): Ty | undefined {
    switch (t.k) {
      case 'elem':
        return { k: 'elem', name: t.name };
      case 'named': {
        const d = this.typeDecl(t.path, ctx);
        return d && { k: 'inst', decl: d };
      }
      case 'array':
        return { k: 'array', elem: this.typeRefTy(t.base, ctx) };
      case 'mapping':
        return { k: 'mapping', value: this.typeRefTy(t.value, ctx) };
    }
    return undefined;
  }

  exprTy(e: Expr, ctx: Ctx): Ty | undefined {
    switch (e.k) {
      case 'id': {
        if (e.name === 'this') {
          const c = this.enclosingContract(ctx.idx, ctx.at);
          return c && { k: 'inst', decl: c };
        }
        if (e.name === 'super') {
          const c = this.enclosingContract(ctx.idx, ctx.at);
          return c && { k: 'super', contract: c };
        }
        const d = this.resolveName(e.name, ctx);
        if (d) return this.declTy(d);
        const unit = this.unitAlias(e.name, ctx);
        if (unit) return { k: 'unit', file: unit };
        return Object.hasOwn(GLOBALS, e.name) ? { k: 'global', name: e.name } : undefined;
      }
      case 'elemType':
        return { k: 'elemType', name: e.name };
      case 'member': {
        const base = this.exprTy(e.base, ctx);
        const m = base && this.member(base, e.name, e.args, ctx);
        if (isDecl(m)) return this.declTy(m);
        return m?.type ? { k: 'elem', name: m.type } : undefined;
      }
      case 'index': {
        const base = this.exprTy(e.base, ctx);
        if (base?.k === 'array') return base.elem;
        if (base?.k === 'mapping') return base.value;
        if (base?.k === 'elem' && /^bytes/.test(base.name)) return { k: 'elem', name: 'bytes1' };
        return undefined;
      }
      case 'call':
        return this.callTy(e.callee, e.args, ctx);
      case 'new':
        return this.typeRefTy(e.type, ctx);
      case 'lit':
        return { k: 'lit', type: e.type };
    }
    return undefined;
  }

  /** The type of what is called: the overload meant when the callee is a plain name. */
  private calleeTy(callee: Expr, args: Expr[], ctx: Ctx): Ty | undefined {
    if (callee.k === 'id' && callee.name !== 'this' && callee.name !== 'super') {
      const d = this.resolveName(callee.name, ctx, args);
      return d && this.declTy(d);
    }
    return this.exprTy(callee, ctx);
  }

  /** `f({name: …})`: the parameter; `S({name: …})`: the struct field. */
  private namedArg(callee: Expr, name: string, args: Expr[], ctx: Ctx): Decl | undefined {
    const t = this.calleeTy(callee, args, ctx);
    if (t?.k === 'static' && t.decl.kind === 'struct') return t.decl.children.find((d) => d.name === name);
    if (t?.k !== 'fn') return undefined;
    const fn = t.decl;
    return this.src
      .index(fn.file)
      ?.decls.find((d) => d.kind === 'parameter' && d.name === name && d.scope?.[0] === fn.start);
  }

  private callTy(callee: Expr, args: Expr[], ctx: Ctx): Ty | undefined {
    if (callee.k === 'new') return this.exprTy(callee, ctx);
    if (callee.k === 'id' && callee.name === 'type') return { k: 'global', name: 'type' };
    if (callee.k === 'member' && callee.name === 'push' && !args.length) {
      // `arr.push()` returns a reference to the new element.
      const base = this.exprTy(callee.base, ctx);
      if (base?.k === 'array') return base.elem;
    }
    if (callee.k === 'elemType') {
      const name = normalizeElementary(callee.name);
      return { k: 'elem', name: name === 'payable' ? 'address' : name };
    }
    const t = this.calleeTy(callee, args, ctx);
    if (t?.k === 'static') return { k: 'inst', decl: t.decl }; // conversion or struct constructor
    if (t?.k !== 'fn') return undefined;
    const ret = t.decl.returns?.[0];
    const fnCtx = ret && this.declCtx(t.decl);
    return ret && fnCtx ? this.typeRefTy(ret, fnCtx) : undefined;
  }

  /** What `base.name` can mean: declarations, members the language defines, `using for` functions. */
  members(t: Ty, ctx: Ctx): Member[] {
    return [...this.ownMembers(t), ...this.attached(t, ctx)];
  }

  private attached(t: Ty, ctx: Ctx): Decl[] {
    return ['inst', 'array', 'elem', 'mapping'].includes(t.k) ? attachedFunctions(this, t, ctx) : [];
  }

  private ownMembers(t: Ty): Member[] {
    switch (t.k) {
      case 'static':
        return this.allMembers(t.decl).filter((d) => d.kind !== 'constructor');
      case 'super':
        return this.linearize(t.contract)
          .slice(1)
          .flatMap((c) => c.children)
          .filter((d) => d.kind !== 'constructor');
      case 'inst':
        if (CONTRACTLIKE.has(t.decl.kind)) return this.allMembers(t.decl).filter(externallyVisible);
        return t.decl.kind === 'struct' ? t.decl.children : [];
      case 'array':
        return ARRAY_MEMBERS;
      case 'elem':
        return elementaryMembers(t.name);
      case 'elemType':
        return Object.hasOwn(TYPE_MEMBERS, t.name) ? TYPE_MEMBERS[t.name] : [];
      case 'global':
        return Object.hasOwn(GLOBALS, t.name) ? GLOBALS[t.name] : [];
      case 'fn':
        return FUNCTION_MEMBERS;
      case 'mapping':
      case 'lit':
        return [];
      case 'unit':
        return this.src.index(t.file)?.topLevel ?? [];
    }
  }

  /** `base.name` (called with `args` arguments when known): the one member meant. */
  member(t: Ty, name: string, args: Expr[] | undefined, ctx: Ctx): Member | undefined {
    const own = this.ownMembers(t).filter((m) => m.name === name);
    if (own.length) return chooseOverload(this, own, args, 0, ctx);
    // A function attached by `using for` takes the receiver as its first parameter.
    const attached = this.attached(t, ctx).filter((m) => m.name === name);
    return chooseOverload(this, attached, args, 1, ctx);
  }

  /** The declaration a reference means, or undefined (a built-in, or nothing known). */
  resolveRef(idx: FileIndex, ref: Ref): Decl | undefined {
    const ctx: Ctx = { idx, at: ref.start, files: this.files(idx.file) };
    if (ref.kind === 'namedArg') return ref.base && this.namedArg(ref.base, ref.name, ref.args ?? [], ctx);
    if (ref.kind !== 'member' || !ref.base) return this.resolveName(ref.name, ctx, ref.args);
    const base = this.exprTy(ref.base, ctx);
    if (base) {
      const m = this.member(base, ref.name, ref.args, ctx);
      return isDecl(m) ? m : undefined;
    }
    // Base of unknown type: only an unambiguous member name is resolved.
    const all = ctx.files.flatMap(
      (f) => this.src.index(f)?.decls.filter((d) => d.name === ref.name && d.container) ?? [],
    );
    return all.length === 1 ? all[0] : undefined;
  }
}

/** What `c.x` reaches on a contract instance: public/external functions, public state, events. */
function externallyVisible(d: Decl): boolean {
  if (d.kind === 'function') return d.visibility !== 'internal' && d.visibility !== 'private';
  if (d.kind === 'stateVar') return d.visibility === 'public';
  return d.kind === 'event';
}
