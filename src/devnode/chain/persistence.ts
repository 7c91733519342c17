// The data directory: one owner at a time, the genesis parameters it was created with, and the
// log of committed blocks that is replayed on start.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { CryptoSuite } from '../../protocol/crypto/suite';
import { BlockLog, readLog } from '../storage/blockLog';
import { checkMeta, readMeta, writeMeta, type ChainMeta } from '../storage/meta';
import { lockDataDir, type DirLock } from '../storage/dirLock';
import { decodeRecord, encodeRecord, type BlockRecord } from './record';
import type { Pending } from './pool';
import type { StoredBlock } from './types';

type Say = (level: 'info' | 'warn', message: string) => void;

export type GenesisParams = Omit<ChainMeta, 'format' | 'seed'>;

export class Persistence {
  private constructor(
    private readonly lock: DirLock,
    private log: BlockLog | undefined,
    private readonly path: string,
    private readonly suite: CryptoSuite,
  ) {}

  /**
   * Locks `dir` and checks (or records) its genesis parameters. The seed is the stored one
   * unless `seed` is given; it must match what the directory was created with.
   */
  static open(
    dir: string,
    params: GenesisParams,
    seed: string | undefined,
    defaultSeed: string,
    suite: CryptoSuite,
  ): { persistence: Persistence; seed: string } {
    mkdirSync(dir, { recursive: true });
    const lock = lockDataDir(dir);
    try {
      const stored = readMeta(dir);
      const wanted: ChainMeta = { format: 1, ...params, seed: seed ?? stored?.seed ?? defaultSeed };
      if (stored !== undefined) checkMeta(stored, wanted, dir);
      else writeMeta(dir, wanted);
      return {
        persistence: new Persistence(lock, undefined, join(dir, 'blocks.log'), suite),
        seed: wanted.seed,
      };
    } catch (e) {
      lock.release();
      throw e;
    }
  }

  /** Reads the committed blocks (each passed to `replay` in order), then opens the log for appending. */
  async restore(replay: (r: BlockRecord) => Promise<void>, say: Say): Promise<void> {
    const { records, droppedBytes, dataEnd } = readLog(this.path);
    if (droppedBytes > 0)
      say('warn', `dropped ${droppedBytes} bytes of an incomplete last block record in ${this.path}`);
    for (const bytes of records) await replay(decodeRecord(bytes));
    if (records.length > 0) say('info', `restored ${records.length} blocks from ${this.path}`);
    this.log = await BlockLog.open(this.path, dataEnd);
  }

  /** Puts a sealed block on stable storage; resolves once it would survive a crash. */
  async append(block: StoredBlock, batch: Pending[]): Promise<void> {
    if (this.log === undefined) throw new Error('the block log is not open');
    await this.log.append(
      encodeRecord({
        number: block.header.blockNumber,
        timestamp: block.header.timestamp,
        sealer: block.header.sealer,
        hash: block.hash,
        // Only SM2 signatures are randomized and must be kept; secp256k1 ones are re-derived.
        signatures: this.suite.sm ? block.signatureList : [],
        txs: batch.map((p) => ({
          raw: p.raw,
          importTime: p.stx.tx.importTime ?? 0,
          sender: p.stx.sender,
        })),
      }),
    );
  }

  async close(): Promise<void> {
    await this.log?.close();
    this.log = undefined;
    this.lock.release();
  }
}
