// The on-disk engine: LMDB through the `lmdb` package (its prebuilt binary comes as an optional
// platform package, so no install script runs). Values are sealed with a CRC-32 (kv.ts).

import { closeSync, existsSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { open, type Database, type RootDatabase } from 'lmdb';
import { REMEDY, StoreDamaged, seal, unseal, type KvBatch, type KvStore } from './kv';

/** LMDB's map size is a ceiling on the file (address space, not memory or disk). */
const MAP_SIZE = 2 ** 36;

/**
 * LMDB reads through a memory map, and every page a read or a commit touches stays mapped: the
 * kernel counts those pages in the process's RSS (file-backed) until the map goes, up to the
 * whole file (820 MiB at 1,000,000 transactions). Once the mapped part has grown by this much
 * since the environment was opened, it is closed and opened again between operations, which
 * unmaps it. The pages stay in the kernel's page cache, so reading them again costs a minor
 * fault, not disk I/O. (lmdb's `remapChunks` maps 64 KiB chunks instead, but caches up to
 * 16,384 of them, 1 GiB, a constant of its C code.)
 */
export const MAPPED_LIMIT = 16 * 2 ** 20;
/** Reads between two looks at the mapped size (every write looks too). */
const CHECK_EVERY = 1024;

export class LmdbKv implements KvStore {
  /** Times the environment was reopened to unmap what it had mapped. */
  remaps = 0;
  private mappedAtOpen: number | undefined;
  private sinceCheck = 0;
  private writing = 0;
  /** Set from the moment a reopen is scheduled until the new environment is open. */
  private reopening: Promise<void> | undefined;
  private closing = false;
  private reopenFailed: StoreDamaged | undefined;

  private constructor(
    readonly location: string,
    private db: RootDatabase<Buffer, string>,
    private readonly mappedLimit: number,
  ) {
    this.mappedAtOpen = fileBackedRss();
  }

  /** Opens (or creates) the store at `path`, a directory. */
  static open(path: string, mappedLimit = MAPPED_LIMIT): LmdbKv {
    checkFile(path);
    let db: RootDatabase<Buffer, string>;
    try {
      db = openDb(path);
      // Touch the tree so a damaged file fails here, at start, not on the first request.
      db.getBinary('head');
    } catch (e) {
      const what = existsSync(path) ? 'is damaged or unreadable' : 'cannot be created';
      throw new StoreDamaged(
        `the chain store ${path} ${what} (${e instanceof Error ? e.message : String(e)}); ${REMEDY}`,
      );
    }
    return new LmdbKv(path, db, mappedLimit);
  }

  get(key: string): Uint8Array | undefined {
    if (++this.sinceCheck >= CHECK_EVERY) this.checkMapped();
    const db = this.readable();
    let stored: Buffer | undefined;
    try {
      stored = db.getBinary(key);
    } catch (e) {
      throw this.damaged(key, e);
    }
    return stored === undefined ? undefined : unseal(stored, key, this.location);
  }

  keys(prefix: string): string[] {
    if (++this.sinceCheck >= CHECK_EVERY) this.checkMapped();
    const out: string[] = [];
    for (const k of this.readable().getKeys({ start: prefix })) {
      if (typeof k !== 'string' || !k.startsWith(prefix)) break;
      out.push(k);
    }
    return out;
  }

  hasPrefix(prefix: string): boolean {
    for (const k of this.readable().getKeys({ start: prefix, limit: 1 }))
      return typeof k === 'string' && k.startsWith(prefix);
    return false;
  }

  async write(batch: KvBatch): Promise<void> {
    while (this.reopening !== undefined) await this.reopening;
    const db: Database<Buffer, string> = this.readable();
    this.writing++;
    try {
      await db.transaction(() => {
        for (const prefix of batch.clear) for (const k of this.keys(prefix)) void db.remove(k);
        for (const [k, v] of batch.puts) {
          if (v === null) void db.remove(k);
          else void db.put(k, Buffer.from(seal(v)));
        }
      });
    } finally {
      this.writing--;
    }
    this.checkMapped();
  }

  async close(): Promise<void> {
    if (this.reopening !== undefined) await this.reopening;
    await this.db.close();
  }

  /**
   * Once the mapped part has grown past the limit (Linux: /proc), reopens the environment.
   * Writes wait for it; reads go on meanwhile.
   */
  private checkMapped(): void {
    this.sinceCheck = 0;
    if (this.reopening !== undefined || this.writing > 0 || this.mappedAtOpen === undefined) return;
    const now = fileBackedRss();
    if (now === undefined || now - this.mappedAtOpen < this.mappedLimit) return;
    this.reopening = this.reopen().finally(() => (this.reopening = undefined));
  }

  /**
   * No write is in flight (writes wait for `reopening`) and, once the last commit's flush
   * (lmdb's overlappingSync) is done, closing needs no I/O: begun at the start of a macrotask,
   * when nothing else runs or is queued as a microtask, it settles in microtasks, so no read
   * of this process falls between the old environment's close and the new one's open.
   */
  private async reopen(): Promise<void> {
    await this.db.flushed;
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.closing = true;
    try {
      await this.db.close();
    } finally {
      this.closing = false;
    }
    try {
      this.db = openDb(this.location);
    } catch (e) {
      this.reopenFailed = this.damaged('(reopening)', e);
      return;
    }
    this.mappedAtOpen = fileBackedRss();
    this.remaps++;
  }

  /** Reads cannot wait: one between the close and the open would be a bug of `reopen`. */
  private readable(): RootDatabase<Buffer, string> {
    if (this.reopenFailed !== undefined) throw this.reopenFailed;
    if (this.closing)
      throw new Error(`internal error: the chain store ${this.location} was read while being reopened`);
    return this.db;
  }

  private damaged(key: string, e: unknown): StoreDamaged {
    return new StoreDamaged(
      `the chain store ${this.location} is damaged: reading "${key}" failed (${e instanceof Error ? e.message : String(e)}); ${REMEDY}`,
    );
  }
}

function openDb(path: string): RootDatabase<Buffer, string> {
  return open<Buffer, string>({ path, encoding: 'binary', mapSize: MAP_SIZE, compression: false });
}

/** The process's file-backed RSS in bytes (mapped files), or undefined where /proc is absent. */
function fileBackedRss(): number | undefined {
  try {
    const m = /RssFile:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'latin1'));
    return m === null ? undefined : Number(m[1]) * 1024;
  } catch {
    return undefined;
  }
}

/**
 * LMDB maps its file: reading past the end of a truncated file kills the process (SIGBUS)
 * instead of returning an error. So before opening, check the two meta pages (page 0 and 1:
 * magic, page size, last page of the newest commit) against the file's size.
 */
function checkFile(path: string): void {
  if (!existsSync(path)) return;
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const head = Buffer.alloc(8192);
    const got = readSync(fd, head, 0, head.length, 0);
    const bad = (why: string) => new StoreDamaged(`the chain store ${path} is damaged (${why}); ${REMEDY}`);
    // MDB_page header (24 bytes in the LMDB lmdb-js builds), then MDB_meta: magic, version, address, mapsize, the free
    // list's MDB_db (its md_pad holds the page size), the main MDB_db, last page, txn id.
    const meta = (at: number) =>
      at + 160 > got || head.readUInt32LE(at + 24) !== 0xbeefc0de
        ? undefined
        : {
            pageSize: head.readUInt32LE(at + 48),
            lastPage: Number(head.readBigUInt64LE(at + 144)),
            txn: head.readBigUInt64LE(at + 152),
          };
    const first = meta(0);
    if (first === undefined) throw bad('its header is not an LMDB meta page');
    const second = first.pageSize > 0 && first.pageSize <= 4096 ? meta(first.pageSize) : undefined;
    const newest = second !== undefined && second.txn > first.txn ? second : first;
    const needed = (newest.lastPage + 1) * newest.pageSize;
    if (size < needed)
      throw bad(`the file has ${size} bytes but its last commit needs ${needed}: it was truncated`);
  } finally {
    closeSync(fd);
  }
}
