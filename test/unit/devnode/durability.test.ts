// kill -9 in the middle of a load: every transaction whose receipt was handed out is in the
// chain after a restart.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fromHex } from '../../../src/protocol/hex';
import { newChain } from './chain-fixtures';

test('receipts reported before kill -9 survive the restart', { timeout: 120_000 }, async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'devnode-kill-'));
  try {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(__dirname, 'durability-child.ts'), dataDir],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const reported: { hash: string; block: number }[] = [];
    let buffered = '';
    const killed = new Promise<void>((resolve, reject) => {
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (chunk: string) => {
        buffered += chunk;
        const lines = buffered.split('\n');
        buffered = lines.pop() ?? '';
        for (const line of lines) {
          if (line === 'ready' || line === '') continue;
          const [hash, block] = line.split(' ');
          reported.push({ hash, block: Number(block) });
        }
        // Kill while blocks are still being written, at an arbitrary point of the load.
        if (reported.length >= 400 && child.exitCode === null && !child.killed) child.kill('SIGKILL');
      });
      child.on('exit', (code, signal) =>
        signal === 'SIGKILL' ? resolve() : reject(new Error(`child exited early: ${code}`)),
      );
    });
    await killed;
    assert.ok(reported.length >= 400);

    const chain = await newChain({ dataDir });
    try {
      for (const r of reported) {
        const receipt = chain.getReceipt(fromHex(r.hash));
        assert.ok(receipt !== undefined, `receipt for ${r.hash} lost`);
        assert.equal(receipt.data.blockNumber, r.block);
      }
      assert.ok(chain.blockNumber() >= Math.max(...reported.map((r) => r.block)));
    } finally {
      await chain.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
