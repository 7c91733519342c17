// The on-disk engine: LMDB through the `lmdb` package (its prebuilt binary comes as an optional
// platform package, so no install script runs). Values are sealed with a CRC-32 (kv.ts).

import { closeSync, existsSync, fstatSync, openSync, readSync } from 'node:fs';
import { open, type Database, type RootDatabase } from 'lmdb';
import { REMEDY, StoreDamaged, seal, unseal, type KvBatch, type KvStore } from './kv';

/** LMDB's map size is a ceiling on the file (address space, not memory or disk). */
const MAP_SIZE = 2 ** 36;

export class LmdbKv implements KvStore {
  private constructor(
    readonly location: string,
    private readonly db: RootDatabase<Buffer, string>,
  ) {}

  /** Opens (or creates) the store at `path`, a directory. */
  static open(path: string): LmdbKv {
    checkFile(path);
    let db: RootDatabase<Buffer, string>;
    try {
      db = open<Buffer, string>({ path, encoding: 'binary', mapSize: MAP_SIZE, compression: false });
      // Touch the tree so a damaged file fails here, at start, not on the first request.
      db.getBinary('head');
    } catch (e) {
      const what = existsSync(path) ? 'is damaged or unreadable' : 'cannot be created';
      throw new StoreDamaged(
        `the chain store ${path} ${what} (${e instanceof Error ? e.message : String(e)}); ${REMEDY}`,
      );
    }
    return new LmdbKv(path, db);
  }

  get(key: string): Uint8Array | undefined {
    let stored: Buffer | undefined;
    try {
      stored = this.db.getBinary(key);
    } catch (e) {
      throw this.damaged(key, e);
    }
    return stored === undefined ? undefined : unseal(stored, key, this.location);
  }

  keys(prefix: string): string[] {
    const out: string[] = [];
    for (const k of this.db.getKeys({ start: prefix })) {
      if (typeof k !== 'string' || !k.startsWith(prefix)) break;
      out.push(k);
    }
    return out;
  }

  hasPrefix(prefix: string): boolean {
    for (const k of this.db.getKeys({ start: prefix, limit: 1 }))
      return typeof k === 'string' && k.startsWith(prefix);
    return false;
  }

  async write(batch: KvBatch): Promise<void> {
    const db: Database<Buffer, string> = this.db;
    await db.transaction(() => {
      for (const prefix of batch.clear) for (const k of this.keys(prefix)) void db.remove(k);
      for (const [k, v] of batch.puts) {
        if (v === null) void db.remove(k);
        else void db.put(k, Buffer.from(seal(v)));
      }
    });
    // lmdb's overlappingSync (its default on Linux) resolves a transaction once it is committed
    // and visible, and syncs it to disk afterwards: wait for that sync, so that what the chain
    // acknowledges survives an OS crash or power loss too, not only the process dying.
    await db.flushed;
  }

  async close(): Promise<void> {
    await this.db.close();
  }

  private damaged(key: string, e: unknown): StoreDamaged {
    return new StoreDamaged(
      `the chain store ${this.location} is damaged: reading "${key}" failed (${e instanceof Error ? e.message : String(e)}); ${REMEDY}`,
    );
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
