// The data directory's identity: the genesis parameters its chain was built under, and the
// layout of its files (format 1: blocks.log replayed on start; format 2: the chain store in
// LMDB, chain.mdb; format 3: the chain store in RocksDB, chain.rocksdb/).
// Opening it under different parameters would build a different chain, so a mismatch is
// refused with a clear error instead.

import {
  existsSync,
  readFileSync,
  writeFileSync,
  renameSync,
  mkdirSync,
  openSync,
  fsyncSync,
  closeSync,
} from 'node:fs';
import { join } from 'node:path';

export const CURRENT_FORMAT = 3;

export interface ChainMeta {
  format: 1 | 2 | 3;
  chainId: string;
  groupId: string;
  sm: boolean;
  nodes: number;
  accounts: number;
  authCheck: boolean;
  seed: string;
  /**
   * How many dev accounts (from index 0) the genesis state funded with DEV_BALANCE. Absent in
   * directories created before the devnode funded them in state: those accounts started at 0.
   */
  fundedAccounts?: number;
}

const FILE = 'chain.json';

export function readMeta(dir: string): ChainMeta | undefined {
  const path = join(dir, FILE);
  if (!existsSync(path)) return undefined;
  const damaged = (why: string) =>
    new Error(
      `${path} ${why}: the data directory ${dir} is damaged; restore it from a backup, or start with --fresh to discard it and begin a new chain`,
    );
  let meta: ChainMeta;
  try {
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- the fields are checked below
    meta = JSON.parse(readFileSync(path, 'utf8')) as ChainMeta;
  } catch (e) {
    throw damaged(`is not valid JSON (${e instanceof Error ? e.message : String(e)})`);
  }
  if (typeof meta !== 'object' || meta === null) throw damaged('does not hold a chain description');
  if (meta.format !== 1 && meta.format !== 2 && meta.format !== 3)
    throw new Error(
      `${path}: data format ${String(meta.format)} is not known to this dev node version (it reads formats 1 to 3); use a newer bcos-devnode, or --fresh to start a new chain`,
    );
  for (const k of ['chainId', 'groupId', 'seed'] as const)
    if (typeof meta[k] !== 'string') throw damaged(`has no valid "${k}"`);
  return meta;
}

/** Written once, atomically (temp file, fsync, rename). */
export function writeMeta(dir: string, meta: ChainMeta): void {
  mkdirSync(dir, { recursive: true });
  const tmp = join(dir, FILE + '.tmp');
  writeFileSync(tmp, JSON.stringify(meta, null, 2) + '\n');
  const fd = openSync(tmp, 'r');
  fsyncSync(fd);
  closeSync(fd);
  renameSync(tmp, join(dir, FILE));
}

/** Throws naming every genesis parameter that differs from the stored one. */
export function checkMeta(stored: ChainMeta, wanted: ChainMeta, dir: string): void {
  const diffs: string[] = [];
  // The account count is not a genesis parameter (keys are derived per index): it may change.
  for (const k of ['chainId', 'groupId', 'sm', 'nodes', 'authCheck', 'seed'] as const) {
    if (stored[k] !== wanted[k])
      diffs.push(`${k}: data has ${JSON.stringify(stored[k])}, options say ${JSON.stringify(wanted[k])}`);
  }
  if (diffs.length > 0) {
    throw new Error(
      `data directory ${dir} was created with other genesis parameters (${diffs.join('; ')}); use another directory or the same options`,
    );
  }
}
