// The built-ins' key-value tables, read through from the chain's key-value store (kv.ts), with
// an undo journal so that the writes of a failed transaction (or of a reverted call frame) are
// dropped. Writes of the block being built stay in an overlay until `flushInto` hands them to
// the block's commit.

import type { TableStore } from '../builtin/types';
import { MemoryKv, type KvBatch, type KvStore } from './kv';
import { BoundedCache, ENTRY_OVERHEAD, stringBytes, type CacheStats } from './boundedCache';
import { BoundedPairCache } from './boundedPairCache';
import { utf8Decode, utf8Encode } from '../../protocol/hex';

interface Undo {
  table: string;
  key: string | undefined; // undefined: the table itself was created
  prev: string | null | undefined; // undefined: the overlay had no entry
}

/** Store keys: M/<hex table> marks a table, T/<hex table>/<key> holds a row. */
const tableHex = new Map<string, string>();
/** Hex of a table name, computed once per table (every row read needs it). */
function hexOf(table: string): string {
  let h = tableHex.get(table);
  if (h === undefined) {
    h = Buffer.from(table, 'utf8').toString('hex');
    if (tableHex.size < 100_000) tableHex.set(table, h);
  }
  return h;
}
const tableMarker = (table: string) => 'M/' + hexOf(table);
const rowPrefix = (table: string) => 'T/' + hexOf(table) + '/';
const PRESENT = new Uint8Array([1]);

export class MemoryTableStore implements TableStore {
  /** Rows written in the block being built: null = deleted. */
  private readonly rows = new Map<string, Map<string, string | null>>();
  private readonly created = new Set<string>();
  /**
   * Rows read or written, by table and key: at most 50,000 and about 4 MiB (each weighed as its
   * store key T/<hex table>/<key> and its text).
   */
  private readonly cache = new BoundedPairCache<string | null>({
    entries: 50_000,
    bytes: 4 * 2 ** 20,
    weigh: (table, key, v) =>
      ENTRY_OVERHEAD + 16 + 3 + hexOf(table).length + key.length + (v === null ? 0 : stringBytes(v)),
  });
  private readonly known = new BoundedCache<string, boolean>({
    entries: 10_000,
    bytes: 1 * 2 ** 20,
    weigh: (k) => ENTRY_OVERHEAD + stringBytes(k),
  });
  private journal: Undo[] = [];

  constructor(private readonly kv: KvStore = new MemoryKv()) {}

  get(table: string, key: string): string | undefined {
    const o = this.rows.get(table)?.get(key);
    if (o !== undefined) return o ?? undefined;
    let c = this.cache.get(table, key);
    if (c === undefined) {
      const bytes = this.kv.get(rowPrefix(table) + key);
      c = bytes === undefined ? null : utf8Decode(bytes);
      this.cache.set(table, key, c);
    }
    return c ?? undefined;
  }

  set(table: string, key: string, value: string | undefined): void {
    if (typeof table !== 'string' || typeof key !== 'string')
      throw new TypeError('table and key must be strings');
    if (value !== undefined && typeof value !== 'string') throw new TypeError('table values must be strings');
    if (!this.hasTable(table)) {
      if (value === undefined) return;
      this.created.add(table);
      this.journal.push({ table, key: undefined, prev: undefined });
    }
    const prev = this.get(table, key);
    if (prev === value) return;
    let rows = this.rows.get(table);
    if (rows === undefined) this.rows.set(table, (rows = new Map<string, string | null>()));
    this.journal.push({ table, key, prev: rows.get(key) });
    rows.set(key, value ?? null);
  }

  keys(table: string): string[] {
    const prefix = rowPrefix(table);
    const keys = new Set(this.kv.keys(prefix).map((k) => k.slice(prefix.length)));
    const rows = this.rows.get(table);
    if (rows !== undefined)
      for (const [k, v] of rows) {
        if (v === null) keys.delete(k);
        else keys.add(k);
      }
    return [...keys].sort(compareBytewise);
  }

  hasTable(table: string): boolean {
    if (this.created.has(table)) return true;
    let k = this.known.get(table);
    if (k === undefined) {
      k = this.kv.get(tableMarker(table)) !== undefined;
      this.known.set(table, k);
    }
    return k;
  }

  /** The read caches against their bounds. */
  cacheStats(): Record<string, CacheStats> {
    return { tableRows: this.cache.stats(), tables: this.known.stats() };
  }

  /** Position in the journal; pass to `undoTo` to drop everything written since. */
  mark(): number {
    return this.journal.length;
  }

  undoTo(mark: number): void {
    for (let i = this.journal.length - 1; i >= mark; i--) {
      const u = this.journal[i];
      if (u.key === undefined) {
        this.created.delete(u.table);
        this.rows.delete(u.table);
      } else {
        const rows = this.rows.get(u.table);
        if (rows === undefined) continue;
        if (u.prev === undefined) rows.delete(u.key);
        else rows.set(u.key, u.prev);
      }
    }
    this.journal.length = mark;
  }

  /** Forgets the undo log once the writes are final. */
  settle(): void {
    this.journal = [];
  }

  /** Moves the block's writes into `batch` (and the read cache); the overlay starts empty. */
  flushInto(batch: KvBatch): void {
    for (const table of this.created) {
      batch.puts.set(tableMarker(table), PRESENT);
      this.known.set(table, true);
    }
    for (const [table, rows] of this.rows) {
      const prefix = rowPrefix(table);
      for (const [key, v] of rows) {
        batch.puts.set(prefix + key, v === null ? null : utf8Encode(v));
        this.cache.set(table, key, v);
      }
    }
    this.created.clear();
    this.rows.clear();
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
