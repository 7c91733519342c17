// `using L for T` / `using {f, L.g} for T`: the library and free functions attached to a type.
// Directives apply from the enclosing contract (and its bases when the pragma only admits solc
// before 0.7, which inherited them), the file, and `global` directives of the file that declares
// the type. A function is attached when its first parameter has the receiver's type.

import semver from 'semver';
import { toSemverRange } from './solcVersions';
import type { Decl, FileIndex, Using } from './symbolIndex';
import type { Ctx, Resolver, Ty } from './resolver';

export function attachedFunctions(r: Resolver, t: Ty, ctx: Ctx): Decl[] {
  const directives: { using: Using; ctx: Ctx }[] = [];
  const contract = r.enclosingContract(ctx.idx, ctx.at);
  const contracts = contract && inheritsUsing(ctx.idx) ? r.linearize(contract) : contract ? [contract] : [];
  for (const c of contracts) {
    const cctx = c === contract ? ctx : r.declCtx(c);
    for (const using of c.usings ?? []) if (cctx) directives.push({ using, ctx: cctx });
  }
  for (const using of ctx.idx.usings) directives.push({ using, ctx });
  if (t.k === 'inst' && t.decl.file !== ctx.idx.file) {
    const home = r.ctx(t.decl.file, t.decl.start);
    for (const using of home?.idx.usings ?? []) if (using.global) directives.push({ using, ctx: home! });
  }
  const out: Decl[] = [];
  for (const { using, ctx: uctx } of directives) {
    if (using.type) {
      const target = r.typeRefTy(using.type, uctx);
      if (!target || !sameTy(target, t)) continue;
    }
    for (const fn of functionsOf(r, using, uctx)) {
      const first = fn.params?.[0];
      const fnCtx = first && r.declCtx(fn);
      const param = first && fnCtx ? r.typeRefTy(first, fnCtx) : undefined;
      if (param && sameTy(param, t) && !out.includes(fn)) out.push(fn);
    }
  }
  return out;
}

function functionsOf(r: Resolver, using: Using, ctx: Ctx): Decl[] {
  if (using.library) {
    const lib = r.typeDecl(using.library, ctx);
    return lib?.children.filter((d) => d.kind === 'function') ?? [];
  }
  return using.functions.flatMap((path) => {
    const parts = path.split('.');
    const name = parts.pop()!;
    const owner = parts.length ? r.typeDecl(parts.join('.'), ctx) : undefined;
    const cands = owner ? owner.children.filter((d) => d.name === name) : r.candidates(name, ctx);
    return cands.filter((d) => d.kind === 'function');
  });
}

export function sameTy(a: Ty, b: Ty): boolean {
  if (a.k === 'inst' && b.k === 'inst') return a.decl === b.decl;
  if (a.k === 'elem' && b.k === 'elem') return a.name === b.name;
  if (a.k === 'array' && b.k === 'array') return !a.elem || !b.elem || sameTy(a.elem, b.elem);
  if (a.k === 'mapping' && b.k === 'mapping') return !a.value || !b.value || sameTy(a.value, b.value);
  return false;
}

/** solc before 0.7.0 applied a contract's `using for` in derived contracts too. */
function inheritsUsing(idx: FileIndex): boolean {
  if (!idx.pragmas.length) return false;
  return idx.pragmas.every((p) => {
    const range = semver.validRange(toSemverRange(p));
    return !!range && !semver.intersects(range, '>=0.7.0');
  });
}
