// The data directory's identity: the genesis parameters a block log was written under.
// Replaying a log under different parameters would build a different chain, so a mismatch is
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
import { parseOwnJson } from '../ownJson';

export interface ChainMeta {
  format: 1;
  chainId: string;
  groupId: string;
  sm: boolean;
  nodes: number;
  accounts: number;
  authCheck: boolean;
  seed: string;
}

const FILE = 'chain.json';

export function readMeta(dir: string): ChainMeta | undefined {
  const path = join(dir, FILE);
  if (!existsSync(path)) return undefined;
  const meta = parseOwnJson<ChainMeta>(readFileSync(path, 'utf8'));
  if (meta.format !== 1) throw new Error(`${path}: unsupported data format ${String(meta.format)}`);
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
