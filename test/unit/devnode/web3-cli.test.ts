// The Web3 service from the command line: --web3 / --web3-port, --help, the banner and the JSON
// ready line the extension reads (web3Url), and a Web3 port in use as a one-line error.

import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { parseReadyLine } from '../../../src/extension/devnode/readyLine';
import { parseCliArgs } from '../../../src/devnode/server/cliOptions';

const ROOT = join(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'src', 'devnode', 'cli.ts');
const NODE_ARGS = ['--import', 'tsx', CLI];

/** Starts the CLI and resolves with stdout once `until` matches it. */
function startCli(args: string[], until: RegExp): Promise<{ child: ChildProcess; out: string }> {
  const child = spawn(process.execPath, [...NODE_ARGS, ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      if (until.test(out)) resolve({ child, out });
    });
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('exit', (code) => reject(new Error(`cli exited ${code}: ${err}`)));
  });
}

function stopCli(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.on('exit', (code) => resolve(code));
    child.kill('SIGTERM');
  });
}

async function web3(url: string, method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    body: JSON.stringify({ jsonrpc: '2.0', method, params, id: 1 }),
  });
  return ((await res.json()) as { result?: unknown }).result;
}

describe('bcos-devnode --web3', () => {
  it('parses --web3 and --web3-port (which implies --web3)', () => {
    assert.deepEqual(parseCliArgs(['--web3']).options, { web3: true });
    assert.deepEqual(parseCliArgs(['--web3-port', '0']).options, { web3: true, web3Port: 0 });
    assert.throws(() => parseCliArgs(['--web3-port', '70000']), /between 0 and 65535/);
    assert.throws(() => parseCliArgs(['--web3=1']), /takes no value/);
  });

  it('--help shows the Web3 options', () => {
    const r = spawnSync(process.execPath, [...NODE_ARGS, '--help'], {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
    });
    assert.equal(r.status, 0);
    assert.match(r.stdout, /--web3 +also serve the Web3 \(Ethereum\) JSON-RPC on 127\.0\.0\.1:8545/);
    assert.match(r.stdout, /--web3-port <n>/);
  });

  it('puts the Web3 URL in the ready line, and the Web3 port answers', async () => {
    const { child, out } = await startCli(
      ['--json', '--port', '0', '--web3-port', '0', '--accounts', '2'],
      /\n/,
    );
    try {
      const ready = parseReadyLine(out.split('\n')[0], 20200);
      assert.ok(ready?.web3Url, out);
      assert.match(ready.web3Url, /^http:\/\/127\.0\.0\.1:\d+$/);
      assert.notEqual(ready.web3Url, ready.url);
      assert.equal(await web3(ready.web3Url, 'eth_chainId'), '0x4ee8');
      assert.equal(await web3(ready.web3Url, 'eth_blockNumber'), '0x0');
    } finally {
      assert.equal(await stopCli(child), 0);
    }
  });

  it('names the Web3 URL in the banner', async () => {
    const { child, out } = await startCli(
      ['--port', '0', '--web3-port', '0', '--accounts', '1'],
      /Account #0/,
    );
    await stopCli(child);
    assert.match(out, /Web3 JSON-RPC \(ethers, viem, cast\) on http:\/\/127\.0\.0\.1:\d+/);
  });

  it('a Web3 port in use: one line on stderr, exit code 2', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const r = await new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, [...NODE_ARGS, '--port', '0', '--web3-port', String(port)], {
          cwd: ROOT,
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
        child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
        child.on('exit', (status) => resolve({ status, stdout, stderr }));
      });
      assert.equal(r.status, 2, r.stderr);
      assert.equal(r.stdout, '');
      const lines = r.stderr.split('\n').filter(Boolean);
      assert.equal(lines.length, 1, r.stderr);
      assert.match(
        lines[0],
        new RegExp(`^bcos-devnode: error: Web3 JSON-RPC: port ${port} on 127\\.0\\.0\\.1 is already in use`),
      );
    } finally {
      blocker.close();
    }
  });
});
