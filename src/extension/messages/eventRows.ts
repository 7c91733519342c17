// Row operations the events webview runs on decoded rows: filter by event and argument text,
// merge live pushes with a scanned range (in chain order, no duplicates), paging. Pure and
// dependency-free (bundled into the webview).

import type { EventRow } from './eventsMessages';

export function compareRows(a: EventRow, b: EventRow): number {
  return a.block - b.block || a.txIndex - b.txIndex || a.logIndex - b.logIndex;
}

export interface RowFilter {
  /** Event signature or name ("" = any). */
  event: string;
  /** Case-insensitive text that must appear in some argument ("name=value" also matches). */
  arg: string;
}

export function matchesRow(row: EventRow, f: RowFilter): boolean {
  if (f.event && row.event !== f.event && !row.event.startsWith(f.event + '(')) return false;
  if (!f.arg) return true;
  const needle = f.arg.toLowerCase();
  return row.args.some(
    (a) => a.value.toLowerCase().includes(needle) || `${a.name}=${a.value}`.toLowerCase().includes(needle),
  );
}

/** Rows sorted by position without duplicates (live pushes can overlap a range scan). */
export function mergeRows(existing: EventRow[], incoming: EventRow[]): EventRow[] {
  const key = (r: EventRow) => `${r.block}:${r.txIndex}:${r.logIndex}`;
  const seen = new Set(existing.map(key));
  const added = incoming.filter((r) => !seen.has(key(r)));
  if (added.length === 0) return existing;
  const last = existing[existing.length - 1];
  const out = existing.concat(added);
  // Appends in order are the common case (live events): sort only when needed.
  if (last && added.some((r) => compareRows(r, last) < 0)) out.sort(compareRows);
  return out;
}

export function page<T>(
  rows: readonly T[],
  pageIndex: number,
  pageSize: number,
): { rows: T[]; pages: number } {
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const p = Math.min(Math.max(0, pageIndex), pages - 1);
  return { rows: rows.slice(p * pageSize, (p + 1) * pageSize), pages };
}
