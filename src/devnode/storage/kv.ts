// The key-value engine under the chain: state, tables, blocks and indexes. With a data
// directory it is RocksDB (rocksKv.ts; @nxtedition/rocksdb, its prebuilt binary inside the
// package): a batch is atomic and its write-ahead log synced when `write` resolves, so a crash
// leaves the last acknowledged state, never a torn one; reads go through a block cache of a
// fixed size, so memory does not grow with the chain. Without one it is a Map with the same
// interface, so both modes run the same code.
//
// Every stored value carries a CRC-32 of its bytes: damage to the file (a bad disk, an editor)
// is reported naming the key and the store instead of being served as chain data.

import { crc32 } from 'node:zlib';

/** Keys are ASCII strings "<kind>/<id>/<rest>"; `keys(prefix)` lists one group in order. */
export interface KvStore {
  /** Where the data lives, for messages; undefined in memory. */
  readonly location: string | undefined;
  get(key: string): Uint8Array | undefined;
  /** Keys starting with `prefix`, in ascending order. */
  keys(prefix: string): string[];
  /** True when some key starts with `prefix`. */
  hasPrefix(prefix: string): boolean;
  /**
   * Applies the batch atomically (`null` deletes; prefixes in `clear` are emptied first).
   * Resolves once the batch would survive a crash. Batches apply in call order.
   */
  write(batch: KvBatch): Promise<void>;
  close(): Promise<void>;
}

export interface KvBatch {
  clear: string[];
  puts: Map<string, Uint8Array | null>;
}

export function newBatch(): KvBatch {
  return { clear: [], puts: new Map() };
}

/** A store whose bytes no longer match their checksum, or that cannot be opened. */
export class StoreDamaged extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreDamaged';
  }
}

export const REMEDY =
  'restore the data directory from a backup, or start with --fresh to discard it and begin a new chain';

/** Prefixes a value with its CRC-32. */
export function seal(value: Uint8Array): Uint8Array {
  const out = new Uint8Array(value.length + 4);
  new DataView(out.buffer).setUint32(0, crc32(value) >>> 0);
  out.set(value, 4);
  return out;
}

/** Checks and strips the CRC-32 written by `seal`. */
export function unseal(stored: Uint8Array, key: string, location: string): Uint8Array {
  // A plain Uint8Array view (the engine hands out Buffers; chain records compare as Uint8Array).
  const value = new Uint8Array(stored.buffer, stored.byteOffset + 4, Math.max(0, stored.length - 4));
  const sum =
    stored.length < 4 ? -1 : new DataView(stored.buffer, stored.byteOffset, stored.byteLength).getUint32(0);
  if (sum !== crc32(value) >>> 0)
    throw new StoreDamaged(
      `the chain store ${location} is damaged: record "${key}" fails its checksum; ${REMEDY}`,
    );
  return value;
}

/** The in-memory engine (no data directory). Groups keep `keys(prefix)` proportional to the group. */
export class MemoryKv implements KvStore {
  readonly location = undefined;
  private readonly data = new Map<string, Uint8Array>();
  private readonly groups = new Map<string, Set<string>>();

  get(key: string): Uint8Array | undefined {
    return this.data.get(key);
  }

  keys(prefix: string): string[] {
    const g = groupOf(prefix);
    const group = g === undefined ? undefined : this.groups.get(g);
    if (group === undefined) return [];
    return [...group].filter((k) => k.startsWith(prefix)).sort();
  }

  hasPrefix(prefix: string): boolean {
    const g = groupOf(prefix);
    const group = g === undefined ? undefined : this.groups.get(g);
    if (group === undefined) return false;
    for (const k of group) if (k.startsWith(prefix)) return true;
    return false;
  }

  write(batch: KvBatch): Promise<void> {
    for (const prefix of batch.clear) for (const k of this.keys(prefix)) this.delete(k);
    for (const [k, v] of batch.puts) {
      if (v === null) this.delete(k);
      else {
        this.data.set(k, v);
        // Only "<kind>/<id>/<rest>" keys are listed by prefix (storage slots, table rows).
        const g = groupOf(k);
        if (g === undefined) continue;
        let group = this.groups.get(g);
        if (group === undefined) this.groups.set(g, (group = new Set()));
        group.add(k);
      }
    }
    return Promise.resolve();
  }

  private delete(k: string): void {
    if (!this.data.delete(k)) return;
    const g = groupOf(k);
    if (g === undefined) return;
    const group = this.groups.get(g);
    group?.delete(k);
    if (group?.size === 0) this.groups.delete(g);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }

  /** An independent copy (values are never mutated in place, so they are shared). */
  clone(): MemoryKv {
    const out = new MemoryKv();
    for (const [k, v] of this.data) out.data.set(k, v);
    for (const [g, keys] of this.groups) out.groups.set(g, new Set(keys));
    return out;
  }
}

/** "<kind>/<id>/" of a key or prefix (the unit `keys` lists); undefined for ungrouped keys. */
function groupOf(key: string): string | undefined {
  const a = key.indexOf('/');
  const b = a < 0 ? -1 : key.indexOf('/', a + 1);
  return b < 0 ? undefined : key.slice(0, b + 1);
}
