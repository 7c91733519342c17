// kill -9 of the bcos-devnode CLI (--data) while several senders submit over JSON-RPC/HTTP: after a
// restart on the same directory, every receipt a client received over the wire is still there, in
// the same block and with the same receipt hash.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import * as http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deployCode, RETURN_42, signedRaw } from './rpc-helpers';

const ROOT = join(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'src', 'devnode', 'cli.ts');
const ACCOUNTS = 4;
const SENDERS_PER_ACCOUNT = 4;
const KILL_AFTER = 300;

interface Ready {
  url: string;
  accounts: { privateKey: string }[];
}

function startCli(dataDir: string): Promise<{ child: ChildProcess; ready: Ready }> {
  const args = [
    '--import',
    'tsx',
    CLI,
    '--json',
    '--port',
    '0',
    '--data',
    dataDir,
    '--nodes',
    '1',
    '--accounts',
    String(ACCOUNTS),
    '--log-level',
    'error',
  ];
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (c: string) => {
      out += c;
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve({ child, ready: JSON.parse(out.slice(0, nl)) as Ready });
    });
    child.on('exit', (code) => reject(new Error(`devnode exited before ready: ${code}`)));
  });
}

function rpc(
  agent: http.Agent,
  url: string,
  method: string,
  params: unknown[],
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads its own method's result shape
): Promise<{ result?: any; error?: unknown }> {
  const body = JSON.stringify({ jsonrpc: '2.0', method, params, id: 1 });
  const u = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        method: 'POST',
        path: '/',
        agent,
        headers: { 'Content-Length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          try {
            resolve(JSON.parse(text));
          } catch (e) {
            reject(e instanceof Error ? e : new Error(String(e)));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

test(
  'receipts sent over HTTP before kill -9 of the CLI survive its restart',
  { timeout: 180_000 },
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'devnode-kill-http-'));
    const agent = new http.Agent({ keepAlive: true, maxSockets: ACCOUNTS * SENDERS_PER_ACCOUNT });
    const children: ChildProcess[] = [];
    try {
      const { child, ready } = await startCli(dataDir);
      children.push(child);
      const exited = new Promise<NodeJS.Signals | null>((resolve) => {
        child.removeAllListeners('exit');
        child.on('exit', (_code, signal) => resolve(signal));
      });
      const received: { transactionHash: string; blockNumber: number; hash: string }[] = [];
      let highest = 0;
      let dead = false;
      const sender = async (key: string) => {
        while (!dead) {
          try {
            const raw = signedRaw(key, deployCode(RETURN_42), BigInt(highest + 500));
            const r = await rpc(agent, ready.url, 'sendTransaction', ['group0', '', raw, false]);
            if (dead) return;
            assert.equal(r.result?.status, 0, JSON.stringify(r));
            received.push({
              transactionHash: r.result.transactionHash,
              blockNumber: r.result.blockNumber,
              hash: r.result.hash,
            });
            highest = Math.max(highest, r.result.blockNumber);
            // Kill at an arbitrary point while the other senders still have requests in flight.
            if (received.length >= KILL_AFTER && !child.killed) {
              dead = true;
              child.kill('SIGKILL');
            }
          } catch (e) {
            // Requests cut off by the kill get no receipt and are not counted.
            if (dead) return;
            throw e;
          }
        }
      };
      await Promise.all(
        ready.accounts.flatMap((a) =>
          Array.from({ length: SENDERS_PER_ACCOUNT }, () => sender(a.privateKey)),
        ),
      );
      assert.equal(await exited, 'SIGKILL');
      assert.ok(received.length >= KILL_AFTER);
      assert.ok(new Set(received.map((r) => r.blockNumber)).size > 1, 'the load spans several blocks');

      const restarted = await startCli(dataDir);
      children.push(restarted.child);
      const url = restarted.ready.url;
      for (const r of received) {
        const got = await rpc(agent, url, 'getTransactionReceipt', ['group0', '', r.transactionHash, false]);
        assert.ok(got.result, `receipt for ${r.transactionHash} lost: ${JSON.stringify(got)}`);
        assert.deepEqual(
          {
            transactionHash: got.result.transactionHash,
            blockNumber: got.result.blockNumber,
            hash: got.result.hash,
          },
          r,
        );
      }
      const height = (await rpc(agent, url, 'getBlockNumber', ['group0', ''])).result as number;
      assert.ok(height >= highest);
    } finally {
      agent.destroy();
      for (const c of children) {
        if (c.exitCode !== null || c.signalCode !== null) continue;
        const gone = new Promise((resolve) => c.on('exit', resolve));
        c.kill('SIGTERM');
        await gone;
      }
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
