// The data directory: one owner at a time (an OS-held lock), the genesis parameters it was
// created with (chain.json), and the chain store (chain.rocksdb/, a RocksDB directory). A
// directory of an earlier format is migrated once into the store, and only when the new store
// is complete and synced does chain.json switch to the new format: format 1's blocks.log is
// replayed (kept as blocks.log.migrated), format 2's LMDB file chain.mdb is copied record by
// record (kept as chain.mdb.migrated). Neither is ever deleted.

import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { readLog } from '../storage/blockLog';
import { checkMeta, CURRENT_FORMAT, readMeta, writeMeta, type ChainMeta } from '../storage/meta';
import { lockDataDir, type DirLock } from '../storage/dirLock';
import type { KvStore } from '../storage/kv';
import { RocksKv } from '../storage/rocksKv';
import { copyLmdbStore } from '../storage/lmdbMigration';
import { decodeRecord, type BlockRecord } from './record';

type Say = (level: 'info' | 'warn', message: string) => void;

export type GenesisParams = Omit<ChainMeta, 'format' | 'seed' | 'fundedAccounts'>;

const STORE = 'chain.rocksdb';
const LMDB_STORE = 'chain.mdb';
const LOG = 'blocks.log';

export class DataDir {
  private constructor(
    readonly dir: string,
    readonly kv: KvStore,
    private readonly lock: DirLock,
    private readonly meta: ChainMeta,
  ) {}

  /**
   * Locks `dir`, checks (or records) its genesis parameters and opens its store. The seed is
   * the stored one unless `seed` is given; it must match what the directory was created with.
   */
  static async open(
    dir: string,
    params: GenesisParams,
    seed: string | undefined,
    defaultSeed: string,
    say: Say = () => {},
  ): Promise<{ dataDir: DataDir; seed: string }> {
    mkdirSync(dir, { recursive: true });
    const lock = await lockDataDir(dir);
    try {
      const stored = readMeta(dir);
      const wanted: ChainMeta = {
        format: CURRENT_FORMAT,
        ...params,
        seed: seed ?? stored?.seed ?? defaultSeed,
        // Genesis is written once: a new directory funds its accounts; an existing one keeps
        // what its genesis did (older directories funded none, see fundedAccounts).
        fundedAccounts: stored === undefined ? params.accounts : stored.fundedAccounts,
      };
      if (stored !== undefined) checkMeta(stored, wanted, dir);
      let format = stored?.format ?? CURRENT_FORMAT;
      const store = join(dir, STORE);
      const lmdb = join(dir, LMDB_STORE);
      if (format !== CURRENT_FORMAT) {
        // An interrupted migration left a partial store: start it again from the old data.
        rmSync(store, { recursive: true, force: true });
        if (format === 2 && !existsSync(lmdb))
          throw new Error(
            `data directory ${dir}: ${LMDB_STORE} is missing although chain.json says the chain is stored there; restore it from a backup, or start with --fresh to begin a new chain`,
          );
      } else if (stored !== undefined && !existsSync(store)) {
        throw new Error(
          `data directory ${dir}: ${STORE} is missing although chain.json says the chain is stored there; restore it from a backup, or start with --fresh to begin a new chain`,
        );
      }
      const kv = await RocksKv.open(store, format !== CURRENT_FORMAT || stored === undefined);
      try {
        if (format === 2) {
          say('info', `migrating ${lmdb} (LMDB) into ${store} (RocksDB), once`);
          const n = await copyLmdbStore(lmdb, kv, (copied) =>
            say('info', `migrating ${lmdb}: ${copied} records copied`),
          );
          writeMeta(dir, { ...wanted, format: CURRENT_FORMAT });
          format = CURRENT_FORMAT;
          say('info', `migrated ${n} records; the old store is kept as ${LMDB_STORE}.migrated`);
        }
        // Also finishes a migration interrupted after chain.json switched.
        if (format === CURRENT_FORMAT && existsSync(lmdb)) {
          renameSync(lmdb, lmdb + '.migrated');
          rmSync(lmdb + '-lock', { force: true });
        }
      } catch (e) {
        await kv.close();
        throw e;
      }
      if (stored === undefined) writeMeta(dir, wanted);
      return { dataDir: new DataDir(dir, kv, lock, { ...wanted, format }), seed: wanted.seed };
    } catch (e) {
      lock.release();
      throw e;
    }
  }

  /** Dev accounts funded at genesis; undefined for a directory created before that was recorded. */
  get fundedAccounts(): number | undefined {
    return this.meta.fundedAccounts;
  }

  /** True when the directory still has the previous format and must be migrated. */
  get needsMigration(): boolean {
    return this.meta.format === 1;
  }

  /**
   * Replays the old block log into the (new, empty but for genesis) store, then switches the
   * directory to the current format. Damage anywhere but a torn last record stops it.
   */
  async migrate(replay: (r: BlockRecord) => Promise<void>, say: Say): Promise<void> {
    const path = join(this.dir, LOG);
    if (existsSync(path)) {
      const { records, droppedBytes } = readLog(path, { readOnly: true });
      say('info', `migrating ${records.length} blocks from ${path} into ${join(this.dir, STORE)} (once)`);
      if (droppedBytes > 0)
        say(
          'warn',
          `${path}: ignored ${droppedBytes} bytes of an incomplete last record (never acknowledged)`,
        );
      for (const bytes of records) await replay(decodeRecord(bytes));
    }
    writeMeta(this.dir, { ...this.meta, format: CURRENT_FORMAT });
    if (existsSync(path)) renameSync(path, path + '.migrated');
    this.meta.format = CURRENT_FORMAT;
    say('info', `data directory ${this.dir} migrated; the old log is kept as ${LOG}.migrated`);
  }

  async close(): Promise<void> {
    await this.kv.close();
    this.lock.release();
  }
}
