// The block log on its own: records come back in order across zero-filled extensions and
// reopenings; a torn tail is cleared and the next record takes its place.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync, openSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BlockLog, readLog } from '../../../src/devnode/storage/blockLog';

test('records survive reopening and growth past the pre-extended space', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'devnode-log-'));
  const path = join(dir, 'blocks.log');
  try {
    const big = (n: number, fill: number) => new Uint8Array(n).fill(fill);
    let log = await BlockLog.open(path, readLog(path).dataEnd);
    await log.append(big(10, 1));
    await log.append(big(5 << 20, 2)); // crosses the first 8 MiB extension
    await log.close();
    assert.ok(statSync(path).size > (5 << 20) + 18);
    let read = readLog(path);
    assert.deepEqual(
      read.records.map((r) => [r.length, r[0]]),
      [
        [10, 1],
        [5 << 20, 2],
      ],
    );
    assert.equal(read.droppedBytes, 0);

    log = await BlockLog.open(path, read.dataEnd);
    await log.append(big(6 << 20, 3));
    await log.append(big(3, 4));
    await log.close();
    read = readLog(path);
    assert.deepEqual(
      read.records.map((r) => [r.length, r[0]]),
      [
        [10, 1],
        [5 << 20, 2],
        [6 << 20, 3],
        [3, 4],
      ],
    );

    // Torn tail: a header and part of a payload, then garbage-free zeros.
    const fd = openSync(path, 'r+');
    writeSync(fd, Buffer.from([0, 0, 0, 50, 1, 2, 3, 4, 9, 9, 9]), 0, 11, read.dataEnd);
    closeSync(fd);
    const torn = readLog(path);
    assert.equal(torn.records.length, 4);
    assert.equal(torn.droppedBytes, 11);
    log = await BlockLog.open(path, torn.dataEnd);
    await log.append(big(7, 5));
    await log.close();
    assert.deepEqual(
      readLog(path).records.map((r) => [r.length, r[0]]),
      [
        [10, 1],
        [5 << 20, 2],
        [6 << 20, 3],
        [3, 4],
        [7, 5],
      ],
    );
    log = await BlockLog.open(path, readLog(path).dataEnd);
    await assert.rejects(log.append(new Uint8Array(0)), /empty/);
    await log.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
