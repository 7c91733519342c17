// How the chain store's engine was chosen (opt-in: `node --import tsx bench/kv-engines.ts`):
// RocksDB through the dev node's own store (src/devnode/storage/rocksKv.ts, the engine in use)
// against LMDB (`lmdb`, kept to migrate older data dirs) and LevelDB (`classic-level`, a dev
// dependency kept for this measurement), all from npm with prebuilt binaries. Measures what the
// dev node does: 2,000 durable commits of 8 writes (one per block), then 100,000 synchronous
// random reads (state reads during execution are synchronous), and the process RSS after each;
// RocksKv's reads include the CRC-32 check every stored value carries.
// Each engine runs in the same process after the others, so RSS only grows down the list: the
// growth bench (devnode.bench.ts --growth) is the measure of the node's memory.

import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ClassicLevel } from 'classic-level';
import { open } from 'lmdb';
import { newBatch } from '../src/devnode/storage/kv';
import { RocksKv } from '../src/devnode/storage/rocksKv';
import { helpIfAsked } from './lib/args';

helpIfAsked(
  `node --import tsx bench/kv-engines.ts   (opt-in, not part of npm run bench)
  no options; --help, -h prints this and exits`,
);

const BLOCKS = 2000;
const PER_BLOCK = 8;
const READS = 100_000;

interface Engine {
  commit(ops: [string, Uint8Array][]): Promise<void>;
  get(key: string): Uint8Array | undefined;
  close(): Promise<void>;
}

async function lmdbEngine(dir: string): Promise<Engine> {
  const db = open<Buffer, string>({ path: join(dir, 'x.mdb'), encoding: 'binary' });
  return Promise.resolve({
    commit: async (ops) => {
      await db.transaction(() => {
        for (const [k, v] of ops) void db.put(k, Buffer.from(v));
      });
    },
    get: (k) => db.getBinary(k),
    close: () => db.close(),
  });
}

async function levelEngine(dir: string): Promise<Engine> {
  const db = new ClassicLevel<string, Uint8Array>(dir, { valueEncoding: 'view' });
  await db.open();
  return {
    commit: (ops) =>
      db.batch(
        ops.map(([key, value]) => ({ type: 'put' as const, key, value })),
        { sync: true },
      ),
    get: (k) => db.getSync(k),
    close: () => db.close(),
  };
}

async function rocksEngine(dir: string): Promise<Engine> {
  const db = await RocksKv.open(join(dir, 'chain.db'), true);
  return {
    commit: (ops) => {
      const batch = newBatch();
      for (const [k, v] of ops) batch.puts.set(k, v);
      return db.write(batch);
    },
    get: (k) => db.get(k),
    close: () => db.close(),
  };
}

const key = (i: number) => 'S/' + createHash('sha256').update(String(i)).digest('hex').slice(0, 40);

async function main(): Promise<void> {
  const value = randomBytes(100);
  for (const [name, make] of [
    ['RocksKv (RocksDB)', rocksEngine],
    ['lmdb (LMDB)', lmdbEngine],
    ['classic-level (LevelDB)', levelEngine],
  ] as const) {
    const dir = mkdtempSync(join(tmpdir(), 'kv-engine-'));
    try {
      const db = await make(dir);
      let n = 0;
      let t = performance.now();
      for (let b = 0; b < BLOCKS; b++) {
        const ops: [string, Uint8Array][] = [];
        for (let i = 0; i < PER_BLOCK; i++) ops.push([key(n++), value]);
        await db.commit(ops);
      }
      const commits = BLOCKS / ((performance.now() - t) / 1000);
      t = performance.now();
      for (let i = 0; i < READS; i++) if (db.get(key((i * 7919) % n)) === undefined) throw new Error('lost');
      const reads = READS / ((performance.now() - t) / 1000);
      console.log(
        `${name.padEnd(24)} ${commits.toFixed(0).padStart(6)} durable commits/s  ${reads.toFixed(0).padStart(7)} sync reads/s  RSS ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MiB`,
      );
      await db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

void main();
