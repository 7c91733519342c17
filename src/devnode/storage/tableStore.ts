// The built-ins' key-value tables, in memory, with an undo journal so that the writes of a
// failed transaction (or of a reverted call frame) are dropped. Persistence is by block replay,
// so the store itself never touches disk.

import type { TableStore } from '../builtin/types';

interface Undo {
  table: string;
  key: string | undefined; // undefined: the table itself was created
  prev: string | undefined;
}

export class MemoryTableStore implements TableStore {
  private readonly tables = new Map<string, Map<string, string>>();
  private readonly sorted = new Map<string, string[]>();
  private journal: Undo[] = [];

  get(table: string, key: string): string | undefined {
    return this.tables.get(table)?.get(key);
  }

  set(table: string, key: string, value: string | undefined): void {
    if (typeof table !== 'string' || typeof key !== 'string')
      throw new TypeError('table and key must be strings');
    if (value !== undefined && typeof value !== 'string') throw new TypeError('table values must be strings');
    let rows = this.tables.get(table);
    if (rows === undefined) {
      if (value === undefined) return;
      rows = new Map();
      this.tables.set(table, rows);
      this.journal.push({ table, key: undefined, prev: undefined });
    }
    const prev = rows.get(key);
    if (prev === value) return;
    this.journal.push({ table, key, prev });
    if (value === undefined) rows.delete(key);
    else rows.set(key, value);
    if (prev === undefined || value === undefined) this.sorted.delete(table);
  }

  keys(table: string): string[] {
    let keys = this.sorted.get(table);
    if (keys === undefined) {
      const rows = this.tables.get(table);
      if (rows === undefined) return [];
      keys = [...rows.keys()].sort(compareBytewise);
      this.sorted.set(table, keys);
    }
    return keys.slice();
  }

  hasTable(table: string): boolean {
    return this.tables.has(table);
  }

  /** Position in the journal; pass to `undoTo` to drop everything written since. */
  mark(): number {
    return this.journal.length;
  }

  undoTo(mark: number): void {
    for (let i = this.journal.length - 1; i >= mark; i--) {
      const u = this.journal[i];
      if (u.key === undefined) {
        this.tables.delete(u.table);
      } else {
        const rows = this.tables.get(u.table);
        if (rows === undefined) continue;
        if (u.prev === undefined) rows.delete(u.key);
        else rows.set(u.key, u.prev);
      }
      this.sorted.delete(u.table);
    }
    this.journal.length = mark;
  }

  /** Forgets the undo log once the writes are final. */
  settle(): void {
    this.journal = [];
  }
}

/** Byte-wise (UTF-8) order, as the node's storage sorts keys. */
export function compareBytewise(a: string, b: string): number {
  if (a === b) return 0;
  // UTF-16 code-unit order equals UTF-8 byte order except around surrogates; fall back there.
  // eslint-disable-next-line no-control-regex -- the range \x00-\x7f is the point: all-ASCII text
  const ascii = /^[\x00-\x7f]*$/;
  if (ascii.test(a) && ascii.test(b)) return a < b ? -1 : 1;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
