// Hover and watch expressions over decoded variables: a name followed by member and index
// accessors (`item.owner`, `list[2]`, `balances[0xab…]`, `names["k"]`), looked up among the
// shown values (locals first, then state); nothing is executed.

import type { NamedShown, Page, Shown } from './values';

/** Splits `a.b[1]["k"]` into ["a", ".b", "[1]", '["k"]'], or undefined when it is not such a path. */
export function parsePath(expression: string): string[] | undefined {
  const text = expression.trim();
  const m = /^[A-Za-z_$][\w$]*/.exec(text);
  if (m === null) return undefined;
  const parts = [m[0]];
  let rest = text.slice(m[0].length);
  while (rest.length > 0) {
    const member = /^\s*\.\s*([A-Za-z_$][\w$]*)/.exec(rest);
    const index = /^\s*\[\s*("(?:[^"\\]|\\.)*"|[^\]]+?)\s*\]/.exec(rest);
    if (member) parts.push('.' + member[1]);
    else if (index) parts.push(`[${index[1]}]`);
    else return undefined;
    rest = rest.slice((member ?? index)![0].length);
  }
  return parts;
}

function sameKey(shown: string, wanted: string): boolean {
  if (shown === wanted) return true;
  // Numbers and addresses typed differently: compare as integers when both parse.
  const a = /^\[(-?(?:0x[0-9a-fA-F]+|\d+))\]$/.exec(shown);
  const b = /^\[(-?(?:0x[0-9a-fA-F]+|\d+))\]$/.exec(wanted);
  if (a === null || b === null) return false;
  const n = (t: string) => (t.startsWith('-') ? -BigInt(t.slice(1)) : BigInt(t));
  return n(a[1]) === n(b[1]);
}

/** The value the path names among `scopes` (searched in order), or undefined. */
export function lookupPath(
  path: readonly string[],
  scopes: readonly (readonly NamedShown[])[],
): Shown | undefined {
  for (const vars of scopes) {
    let found: Shown | undefined = vars.find((v) => v.name === path[0]);
    for (let k = 1; found !== undefined && k < path.length; k++) {
      const part = path[k];
      const index = /^\[(\d+)\]$/.exec(part);
      const page: Page | undefined = found.page;
      found = part.startsWith('.')
        ? found.children?.find((c) => c.name === part.slice(1))
        : (found.children?.find((c) => sameKey(c.name, part)) ??
          (index !== null && page !== undefined ? page.at(Number(index[1]), 1)[0] : undefined));
    }
    if (found !== undefined) return found;
  }
  return undefined;
}
