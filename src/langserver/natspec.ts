// NatSpec comments as written before a declaration (`/** … */` or consecutive `///` lines).

/** The NatSpec comment right before `offset` (/** … *\/ or consecutive /// lines), cleaned up. */
export function natspecBefore(text: string, offset: number): string | undefined {
  const before = text.slice(0, offset).replace(/\s+$/, '');
  if (before.endsWith('*/')) {
    const open = before.lastIndexOf('/**');
    if (open < 0) return undefined;
    return before
      .slice(open + 3, -2)
      .split('\n')
      .map((l) => l.replace(/^\s*\*\s?/, '').trim())
      .filter(Boolean)
      .join('\n');
  }
  const lines = before.split('\n');
  const doc: string[] = [];
  for (let i = lines.length - 1; i >= 0 && /^\s*\/\/\//.test(lines[i]); i--)
    doc.unshift(lines[i].replace(/^\s*\/\/\/\s?/, '').trim());
  return doc.length ? doc.join('\n') : undefined;
}
