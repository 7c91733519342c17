// The chain store's faults, each from an adversarial run of the previous node: a lock that
// survives its owner, damage in the middle of the old block log, damaged files without a
// name or a remedy in the error; plus migration of a data directory of the first format.
// Damage to the RocksDB store itself, and the LMDB migration: store-rocksdb.test.ts.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toHex } from '../../../src/protocol/hex';
import { BlockLog } from '../../../src/devnode/storage/blockLog';
import { encodeRecord } from '../../../src/devnode/chain/record';
import type { DevChain } from '../../../src/devnode/chain/types';
import { chainOptions, newChain, signedTx } from './chain-fixtures';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'devnode-store-'));
}

/** A data directory as the previous version (format 1) wrote it: chain.json and blocks.log. */
async function oldFormatDir(dir: string, blocks: number): Promise<{ hashes: string[]; log: string }> {
  const mem = await newChain();
  const raws = new Map<string, Uint8Array>();
  for (let i = 0; i < blocks; i++) {
    const t = signedTx(mem, mem.accounts[i % 3].privateKey);
    raws.set(toHex(t.hash), t.raw);
    await mem.submit(t.raw);
  }
  const o = chainOptions();
  writeFileSync(
    join(dir, 'chain.json'),
    JSON.stringify({
      format: 1,
      chainId: o.chainId,
      groupId: o.groupId,
      sm: o.sm,
      nodes: o.nodes,
      accounts: o.accounts,
      authCheck: o.authCheck,
      seed: o.seed,
    }),
  );
  const log = join(dir, 'blocks.log');
  const writer = await BlockLog.open(log, 0);
  const hashes = [toHex(mem.getBlockByNumber(0)!.hash)];
  for (let n = 1; n <= mem.blockNumber(); n++) {
    const b = mem.getBlockByNumber(n)!;
    hashes.push(toHex(b.hash));
    await writer.append(
      encodeRecord({
        number: n,
        timestamp: b.header.timestamp,
        sealer: b.header.sealer,
        hash: b.hash,
        signatures: [],
        txs: b.transactions.map((t) => ({
          raw: raws.get(toHex(t.hash))!,
          importTime: t.tx.importTime ?? 0,
          sender: t.sender,
        })),
      }),
    );
  }
  await writer.close();
  await mem.close();
  return { hashes, log };
}

function hashesOf(c: DevChain): string[] {
  return Array.from({ length: c.blockNumber() + 1 }, (_, n) => toHex(c.getBlockByNumber(n)!.hash));
}

test('a data directory of the previous format is migrated once, keeping its log', async () => {
  const dir = tempDir();
  try {
    const { hashes, log } = await oldFormatDir(dir, 5);
    const a = await newChain({ dataDir: dir });
    assert.deepEqual(hashesOf(a), hashes);
    await a.close();
    assert.equal(existsSync(log), false);
    assert.equal(existsSync(log + '.migrated'), true);
    assert.equal((JSON.parse(readFileSync(join(dir, 'chain.json'), 'utf8')) as { format: number }).format, 3);
    const b = await newChain({ dataDir: dir });
    assert.deepEqual(hashesOf(b), hashes);
    await b.submit(signedTx(b, b.accounts[0].privateKey).raw);
    await b.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('damage in the middle of an old block log refuses to start, names file and offset, deletes nothing', async () => {
  const dir = tempDir();
  try {
    const { log } = await oldFormatDir(dir, 6);
    // Damage the 4-byte length field of the second record (the first starts at offset 0).
    const bytes = Buffer.from(readFileSync(log));
    const second = 8 + bytes.readUInt32BE(0);
    bytes.writeUInt32BE(0xfffffff0, second);
    writeFileSync(log, bytes);
    const before = readFileSync(log);
    await assert.rejects(newChain({ dataDir: dir }), (e: Error) => {
      assert.match(e.message, new RegExp(`${log.replace(/[/.]/g, '\\$&')} is damaged`));
      assert.match(e.message, new RegExp(`offset ${second}`));
      assert.match(e.message, /--fresh/);
      return true;
    });
    assert.deepEqual(readFileSync(log), before, 'the log must not be truncated');
    assert.equal((JSON.parse(readFileSync(join(dir, 'chain.json'), 'utf8')) as { format: number }).format, 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a torn last record of an old block log (never acknowledged) is dropped on migration', async () => {
  const dir = tempDir();
  try {
    const { hashes, log } = await oldFormatDir(dir, 3);
    // A crash mid-write: a header promising more than was written, then the zero-filled space.
    const bytes = Buffer.from(readFileSync(log));
    let end = 0;
    while (end + 8 <= bytes.length && bytes.readUInt32BE(end) !== 0) end += 8 + bytes.readUInt32BE(end);
    bytes.writeUInt32BE(100, end);
    bytes.writeUInt32BE(0x12345678, end + 4);
    bytes.fill(7, end + 8, end + 18);
    writeFileSync(log, bytes);
    const warnings: string[] = [];
    const a = await newChain({ dataDir: dir, log: (level, m) => level === 'warn' && warnings.push(m) });
    assert.deepEqual(hashesOf(a), hashes);
    // One warning for the dropped bytes (the other says the old directory has unfunded dev accounts).
    assert.equal(warnings.filter((w) => /incomplete last record/.test(w)).length, 1, warnings.join('\n'));
    assert.equal(warnings.length, 2, warnings.join('\n'));
    await a.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a corrupt or empty chain.json names the file, the data directory and --fresh', async () => {
  const dir = tempDir();
  try {
    const a = await newChain({ dataDir: dir });
    await a.close();
    const meta = join(dir, 'chain.json');
    for (const text of ['{"format": 2, "chainId": "chain0" "x"', '']) {
      writeFileSync(meta, text);
      await assert.rejects(newChain({ dataDir: dir }), (e: Error) => {
        assert.match(e.message, new RegExp(meta.replace(/[/.]/g, '\\$&')));
        assert.match(e.message, /data directory/);
        assert.match(e.message, /--fresh/);
        return true;
      });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the data-directory lock is the OS lock: a stale LOCK naming a live pid does not block a start', async () => {
  const dir = tempDir();
  try {
    const a = await newChain({ dataDir: dir });
    await assert.rejects(newChain({ dataDir: dir }), /in use by another dev node/);
    await a.close();
    // As after kill -9 and a reboot: LOCK names a process id that now belongs to someone else
    // (here the test runner's parent, which is alive).
    writeFileSync(join(dir, 'LOCK'), String(process.ppid));
    const b = await newChain({ dataDir: dir });
    await b.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a lock held by a process killed with SIGKILL is released by the OS', { timeout: 60_000 }, async () => {
  const dir = tempDir();
  try {
    const script = `
      const { lockDataDir } = require(${JSON.stringify(join(__dirname, '../../../src/devnode/storage/dirLock.ts'))});
      lockDataDir(process.argv[1]).then(() => { process.stdout.write('locked\\n'); setInterval(() => {}, 1000); });`;
    const child = spawn(process.execPath, ['--import', 'tsx', '-e', script, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolve());
      child.on('exit', (code) => reject(new Error(`lock holder exited ${code}`)));
    });
    await assert.rejects(newChain({ dataDir: dir }), /in use by another dev node/);
    const gone = new Promise((resolve) => child.on('exit', resolve));
    child.kill('SIGKILL');
    await gone;
    const b = await newChain({ dataDir: dir });
    await b.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a data directory of a newer, unknown format is refused and left alone', async () => {
  const dir = tempDir();
  try {
    const a = await newChain({ dataDir: dir });
    await a.close();
    const meta = join(dir, 'chain.json');
    const text = readFileSync(meta, 'utf8').replace('"format": 3', '"format": 4');
    writeFileSync(meta, text);
    await assert.rejects(
      newChain({ dataDir: dir }),
      /data format 4 is not known to this dev node version.*--fresh/,
    );
    assert.equal(readFileSync(meta, 'utf8'), text);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
