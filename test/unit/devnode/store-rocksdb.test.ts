// Damage to the RocksDB chain store (chain.rocksdb/), each refused with a message naming the
// store and the remedy instead of serving a wrong or shortened chain: an SST data block, a
// record in the middle of the write-ahead log, MANIFEST and CURRENT; a torn log tail (a crash
// mid-write) loses only the write that was never acknowledged. Plus the migration of a data
// directory of format 2 (LMDB, chain.mdb). FISCO BCOS keeps its chain in RocksDB too
// (bcos-storage/bcos-storage/RocksDBStorage.cpp).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  truncateSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { open } from 'lmdb';
import { toHex } from '../../../src/protocol/hex';
import { RocksKv } from '../../../src/devnode/storage/rocksKv';
import { seal } from '../../../src/devnode/storage/kv';
import type { DevChain } from '../../../src/devnode/chain/types';
import { newChain, signedTx } from './chain-fixtures';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'devnode-rocks-'));
}

const esc = (s: string) => s.replace(/[/.]/g, '\\$&');

function hashesOf(c: DevChain): string[] {
  return Array.from({ length: c.blockNumber() + 1 }, (_, n) => toHex(c.getBlockByNumber(n)!.hash));
}

/** A chain of `blocks` one-transaction blocks in `dir`, closed; returns the raw transactions. */
async function chainIn(
  dir: string,
  blocks: number,
): Promise<{ raws: Uint8Array[]; txs: Uint8Array[]; hashes: string[] }> {
  const c = await newChain({ dataDir: dir });
  const raws: Uint8Array[] = [];
  const txs: Uint8Array[] = [];
  for (let i = 0; i < blocks; i++) {
    const t = signedTx(c, c.accounts[i % 3].privateKey);
    raws.push(t.raw);
    txs.push(t.hash);
    await c.submit(t.raw);
  }
  const hashes = hashesOf(c);
  await c.close();
  return { raws, txs, hashes };
}

/** Flips a byte inside every copy of `needle` in the store's files named by `pattern`. */
function damage(store: string, pattern: RegExp, needle: Uint8Array): string[] {
  const hit: string[] = [];
  for (const name of readdirSync(store).filter((n) => pattern.test(n))) {
    const file = join(store, name);
    const bytes = readFileSync(file);
    let changed = false;
    for (let at = bytes.indexOf(needle); at >= 0; at = bytes.indexOf(needle, at + 1)) {
      bytes[at + 10] ^= 0xff;
      changed = true;
    }
    if (changed) {
      writeFileSync(file, bytes);
      hit.push(file);
    }
  }
  return hit;
}

test('a damaged SST data block refuses to start, naming the store and --fresh', async () => {
  const dir = tempDir();
  try {
    const { raws } = await chainIn(dir, 1);
    // Reopening replays the write-ahead log into an SST file (RocksDB flushes on recovery).
    const again = await newChain({ dataDir: dir });
    await again.close();
    const store = join(dir, 'chain.rocksdb');
    assert.ok(damage(store, /\.sst$/, raws[0]).length > 0, 'the raw transaction is in an SST file');
    // The head block is read at start: its data block fails RocksDB's block checksum.
    await assert.rejects(newChain({ dataDir: dir }), (e: Error) => {
      assert.equal(e.name, 'StoreDamaged');
      assert.match(e.message, new RegExp(`chain store ${esc(store)} is damaged: reading "B/0+1" failed`));
      assert.match(e.message, /[Cc]orruption/);
      assert.match(e.message, /--fresh/);
      return true;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('damage in the middle of the write-ahead log refuses to start instead of dropping later blocks', async () => {
  // A damaged payload (the record's length still leads to the next one), then a damaged length
  // field of the log's first record (the next record must be searched for).
  for (const kind of ['payload', 'length'] as const) {
    const dir = tempDir();
    try {
      const { raws } = await chainIn(dir, 4);
      const store = join(dir, 'chain.rocksdb');
      // Closing does not flush the memtable: the four blocks are only in the log. RocksDB's
      // point-in-time recovery would stop at the damaged record and silently drop the rest.
      let log: string;
      if (kind === 'payload') [log] = damage(store, /^\d+\.log$/, raws[0]);
      else {
        log = join(
          store,
          readdirSync(store).find((n) => /^\d+\.log$/.test(n))!,
        );
        const bytes = readFileSync(log);
        bytes.writeUInt16LE(0xfff0, 4);
        writeFileSync(log, bytes);
      }
      assert.ok(log !== undefined, 'the first block is in the write-ahead log');
      const before = readFileSync(log);
      await assert.rejects(newChain({ dataDir: dir }), (e: Error) => {
        assert.equal(e.name, 'StoreDamaged', kind);
        assert.match(
          e.message,
          new RegExp(`write-ahead log ${esc(log)} has a damaged record at offset \\d+`),
        );
        assert.match(e.message, /--fresh/);
        return true;
      });
      assert.deepEqual(readFileSync(log), before, 'the log is left as it was');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});

test('a torn write-ahead log tail (a crash mid-write) loses only the unacknowledged last write', async () => {
  const dir = tempDir();
  try {
    const { hashes } = await chainIn(dir, 3);
    const store = join(dir, 'chain.rocksdb');
    const logs = readdirSync(store).filter((n) => /^\d+\.log$/.test(n));
    const last = join(store, logs.sort().at(-1)!);
    // Cut into the last record (block 3's commit): as if the process died during that write.
    truncateSync(last, readFileSync(last).length - 20);
    const c = await newChain({ dataDir: dir });
    assert.equal(c.blockNumber(), 2);
    assert.deepEqual(hashesOf(c), hashes.slice(0, 3));
    await c.submit(signedTx(c, c.accounts[0].privateKey).raw);
    assert.equal(c.blockNumber(), 3);
    await c.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a damaged MANIFEST or CURRENT refuses to start with a clear message', async () => {
  for (const what of ['MANIFEST', 'CURRENT', 'no CURRENT'] as const) {
    const dir = tempDir();
    try {
      await chainIn(dir, 1);
      const store = join(dir, 'chain.rocksdb');
      if (what === 'MANIFEST') {
        const file = join(
          store,
          readdirSync(store).find((n) => n.startsWith('MANIFEST-'))!,
        );
        const bytes = readFileSync(file);
        bytes.fill(0x5a, 10, Math.min(bytes.length, 60));
        writeFileSync(file, bytes);
      } else if (what === 'CURRENT') writeFileSync(join(store, 'CURRENT'), 'MANIFEST-999999\n');
      else rmSync(join(store, 'CURRENT'));
      await assert.rejects(newChain({ dataDir: dir }), (e: Error) => {
        assert.equal(e.name, 'StoreDamaged', what);
        assert.match(e.message, new RegExp(`chain store ${esc(store)} is damaged or unreadable`), what);
        assert.match(e.message, /--fresh/, what);
        return true;
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
});

test('a data directory of format 2 (LMDB chain.mdb) is migrated once, keeping the old file', async () => {
  const dir = tempDir();
  try {
    const { txs, hashes } = await chainIn(dir, 5);
    // Rewrite it as the LMDB version kept it: the same sealed records in chain.mdb, format 2.
    const store = join(dir, 'chain.rocksdb');
    const kv = await RocksKv.open(store, false);
    const records = kv.keys('').map((k) => [k, kv.get(k)!] as const);
    await kv.close();
    rmSync(store, { recursive: true });
    const lmdb = open<Buffer, string>({
      path: join(dir, 'chain.mdb'),
      encoding: 'binary',
      compression: false,
    });
    await lmdb.transaction(() => {
      for (const [k, v] of records) void lmdb.put(k, Buffer.from(seal(v)));
    });
    await lmdb.close();
    const meta = join(dir, 'chain.json');
    writeFileSync(meta, readFileSync(meta, 'utf8').replace('"format": 3', '"format": 2'));
    // An interrupted earlier attempt left a partial store: it is discarded and redone.
    mkdirSync(store);
    writeFileSync(join(store, 'junk'), 'partial');

    const said: string[] = [];
    const a = await newChain({ dataDir: dir, log: (_level, m) => said.push(m) });
    assert.deepEqual(hashesOf(a), hashes);
    for (const tx of txs) assert.equal(a.getReceipt(tx)?.data.status, 0);
    assert.ok(
      said.some((m) => new RegExp(`migrated ${records.length} records`).test(m)),
      said.join('\n'),
    );
    await a.close();
    assert.equal(existsSync(join(dir, 'chain.mdb')), false);
    assert.equal(existsSync(join(dir, 'chain.mdb.migrated')), true);
    assert.equal((JSON.parse(readFileSync(meta, 'utf8')) as { format: number }).format, 3);
    const b = await newChain({ dataDir: dir });
    assert.deepEqual(hashesOf(b), hashes);
    await b.submit(signedTx(b, b.accounts[0].privateKey).raw);
    assert.equal(b.blockNumber(), 6);
    await b.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
