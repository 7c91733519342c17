// The LMDB store bounds what it keeps mapped: past a limit of file-backed RSS it closes and
// reopens its environment between operations (lmdbKv.ts). Reads and writes around a reopen
// see every committed value, and nothing can reach the store while it is reopened.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LmdbKv } from '../../../src/devnode/storage/lmdbKv';
import { newBatch } from '../../../src/devnode/storage/kv';

/** The mapped size is read from /proc (Linux); elsewhere the store never reopens. */
const PROC = existsSync('/proc/self/status');

function value(i: number): Uint8Array {
  const v = new Uint8Array(2000);
  new DataView(v.buffer).setUint32(0, i);
  v.fill(i & 0xff, 4);
  return v;
}

function check(kv: LmdbKv, n: number): void {
  for (let i = 0; i < n; i++) {
    const got = kv.get(`v/${i}`);
    assert.ok(got !== undefined, `v/${i} is missing`);
    assert.equal(new DataView(got.buffer, got.byteOffset).getUint32(0), i);
    assert.equal(got[got.length - 1], i & 0xff);
  }
}

test('the store reopens past its mapped limit and keeps every value', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'devnode-remap-'));
  const path = join(dir, 'chain.mdb');
  try {
    const kv = LmdbKv.open(path, 1 << 20);
    let n = 0;
    // Reads from macrotasks keep running while writes commit and reopens happen: none may fail.
    let reads = 0;
    let stop = false;
    const reader = new Promise<void>((resolve, reject) => {
      const tick = () => {
        try {
          if (n > 0) assert.ok(kv.get(`v/${reads++ % n}`) !== undefined);
        } catch (e) {
          reject(e instanceof Error ? e : new Error(String(e)));
          return;
        }
        if (stop) resolve();
        else setImmediate(tick);
      };
      setImmediate(tick);
    });
    for (let b = 0; b < 40; b++) {
      const batch = newBatch();
      for (let i = 0; i < 100; i++) batch.puts.set(`v/${n + i}`, value(n + i));
      await kv.write(batch);
      n += 100;
      check(kv, n);
    }
    stop = true;
    await reader;
    assert.ok(reads > 0);
    if (PROC) assert.ok(kv.remaps > 0, 'reading 8 MB through a 1 MiB limit reopened the store');
    else assert.equal(kv.remaps, 0);
    await kv.close();
    const again = LmdbKv.open(path);
    check(again, n);
    await again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a store closed while a reopen is pending closes once', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'devnode-remap-'));
  const path = join(dir, 'chain.mdb');
  try {
    const kv = LmdbKv.open(path, 1);
    const batch = newBatch();
    batch.puts.set('a', value(1));
    await kv.write(batch); // schedules a reopen (any growth passes a 1-byte limit)
    await kv.close();
    await new Promise((r) => setImmediate(r));
    const again = LmdbKv.open(path);
    assert.equal(again.get('a')?.length, 2000);
    await again.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
