// Which overload a call means: by argument count, then by the arguments' types where they are
// known (literals, variables, call results), as solc's overload resolution would pick among
// candidates whose parameters the arguments convert to implicitly.

import type { Expr } from './astShapes';
import { type Ctx, isDecl, type Member, type Resolver, type Ty } from './resolver';

/**
 * Among same-named members, the one a call with `args` means (`receiver`: 1 for a `using for`
 * function, whose first parameter is the receiver); the first when nothing tells them apart.
 */
export function chooseOverload<T extends Member>(
  r: Resolver,
  cands: T[],
  args: Expr[] | undefined,
  receiver: number,
  ctx: Ctx,
): T | undefined {
  if (cands.length <= 1 || !args) return cands[0];
  const fits = cands.filter((d) => isDecl(d) && d.params?.length === args.length + receiver);
  if (fits.length <= 1) return fits[0] ?? cands[0];
  const argTys = args.map((a) => r.exprTy(a, ctx));
  let best = fits[0];
  let bestScore = -Infinity;
  for (const d of fits) {
    if (!isDecl(d)) continue;
    const dctx = r.declCtx(d);
    let score = 0;
    argTys.forEach((a, i) => {
      const p = d.params?.[i + receiver];
      const pt = p && dctx ? r.typeRefTy(p, dctx) : undefined;
      if (a && pt) score += convertible(r, a, pt) ? 1 : -100;
    });
    if (score > bestScore) [best, bestScore] = [d, score];
  }
  return best;
}

/** The size in `uintN` / `intN` / `bytesN`; undefined for other types (and dynamic `bytes`). */
const bits = (name: string, prefix: string) =>
  new RegExp(`^${prefix}(\\d+)$`).test(name) ? Number(name.slice(prefix.length)) : undefined;

/** Whether a value of type `a` converts implicitly to a parameter of type `p`. */
export function convertible(r: Resolver, a: Ty, p: Ty): boolean {
  if (a.k === 'lit') {
    if (p.k !== 'elem') return false;
    if (a.type === 'number') return /^u?int\d*$/.test(p.name);
    if (a.type === 'string') return p.name === 'string' || /^bytes\d*$/.test(p.name);
    return p.name === 'bool';
  }
  if (a.k === 'elem' && p.k === 'elem') {
    if (a.name === p.name) return true;
    for (const prefix of ['uint', 'int', 'bytes']) {
      const [x, y] = [bits(a.name, prefix), bits(p.name, prefix)];
      if (x !== undefined && y !== undefined) return x <= y;
    }
    return false;
  }
  if (a.k === 'inst' && p.k === 'inst') return a.decl === p.decl || r.linearize(a.decl).includes(p.decl);
  if (a.k === 'array' && p.k === 'array') return !a.elem || !p.elem || convertible(r, a.elem, p.elem);
  return a.k === p.k && a.k === 'mapping';
}
