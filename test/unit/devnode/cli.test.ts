// The bcos-devnode CLI as a child process: start-up time and ready line, one-line errors with
// exit code 2 (bad options, port in use, unusable data directory), --fresh and --help.
// The CLI is bundled first, as `npm run build` ships it (dist/devnode-cli.js), so start-up is
// measured on the real artifact rather than on tsx transpiling sources.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseReadyLine } from '../../../src/extension/devnode/readyLine';
import { parseCliArgs, CliUsageError } from '../../../src/devnode/server/cliOptions';
import { deployCode, RETURN_42, signedRaw } from './rpc-helpers';

const ROOT = join(__dirname, '..', '..', '..');
const CLI = join(ROOT, 'src', 'devnode', 'cli.ts');
// Inside the repository, so the external store packages resolve from node_modules as dist/ does.
mkdirSync(join(ROOT, 'node_modules', '.cache'), { recursive: true });
const BUNDLE_DIR = mkdtempSync(join(ROOT, 'node_modules', '.cache', 'devnode-cli-bundle-'));
const BUNDLE = join(BUNDLE_DIR, 'devnode-cli.js');
const NODE_ARGS = [BUNDLE];

before(async () => {
  // Same settings as esbuild.js uses for dist/devnode-cli.js.
  const esbuild = (await import('esbuild')) as typeof import('esbuild');
  await esbuild.build({
    entryPoints: [CLI],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['secp256k1', 'lmdb', '@nxtedition/rocksdb'],
    outfile: BUNDLE,
    logLevel: 'warning',
  });
});
after(() => rmSync(BUNDLE_DIR, { recursive: true, force: true }));

function runSync(args: string[]) {
  return spawnSync(process.execPath, [...NODE_ARGS, ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 20_000,
  });
}

interface Started {
  child: ChildProcess;
  line: string;
  ms: number;
}

/** Spawns the CLI with --json and resolves with its ready line. */
function startCli(args: string[]): Promise<Started> {
  const t0 = Date.now();
  const child = spawn(process.execPath, [...NODE_ARGS, '--json', ...args], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
      const nl = out.indexOf('\n');
      if (nl >= 0) resolve({ child, line: out.slice(0, nl), ms: Date.now() - t0 });
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

async function rpc(
  url: string,
  method: string,
  params: unknown[],
): Promise<{ result?: unknown; error?: unknown }> {
  const res = await fetch(url, {
    method: 'POST',
    body: JSON.stringify({ jsonrpc: '2.0', method, params, id: 1 }),
  });
  return (await res.json()) as { result?: unknown };
}

function assertOneLineError(r: ReturnType<typeof runSync>, pattern: RegExp): void {
  assert.equal(r.status, 2, r.stderr);
  assert.equal(r.stdout, '');
  const lines = r.stderr.split('\n').filter(Boolean);
  assert.equal(lines.length, 1, r.stderr);
  assert.match(lines[0], /^bcos-devnode: error: /);
  assert.match(lines[0], pattern);
}

describe('bcos-devnode option parsing', () => {
  it('maps every option', () => {
    const c = parseCliArgs([
      '--host',
      '0.0.0.0',
      '--port=1234',
      '--data',
      '/tmp/x',
      '--fresh',
      '--chain-id',
      'c1',
      '--group-id',
      'g1',
      '--sm',
      '--nodes',
      '2',
      '--accounts',
      '3',
      '--block-time',
      '500',
      '--tls',
      '--no-auth',
      '--log-level',
      'warn',
      '--json',
    ]);
    assert.equal(c.json, true);
    assert.deepEqual(c.options, {
      host: '0.0.0.0',
      port: 1234,
      dataDir: '/tmp/x',
      fresh: true,
      chainId: 'c1',
      groupId: 'g1',
      sm: true,
      nodes: 2,
      accounts: 3,
      blockTimeMs: 500,
      tls: true,
      auth: false,
      logLevel: 'warn',
    });
    assert.equal(parseCliArgs(['--auth']).options.auth, true);
    assert.equal(parseCliArgs(['-h']).help, true);
  });

  it('rejects bad options with a usage error', () => {
    for (const bad of [
      ['--port', '-1'],
      ['--port', '65536'],
      ['--nodes', '0'],
      ['--accounts', 'many'],
      ['--chain-id', 'a-b'],
      ['--log-level', 'loud'],
      ['--fresh'],
      ['--data'],
      ['--tls=yes'],
      ['stray'],
      ['--what'],
    ]) {
      assert.throws(() => parseCliArgs(bad), CliUsageError, bad.join(' '));
    }
  });
});

describe('bcos-devnode CLI', () => {
  // Start-up time is a benchmark's business (npm run bench), not a test's: this checks the line.
  it('prints a JSON ready line the extension understands', async () => {
    const { child, line } = await startCli(['--port', '0', '--accounts', '3']);
    try {
      const ready = parseReadyLine(line, 20200);
      assert.ok(ready, line);
      assert.equal(ready.accounts.length, 3);
      assert.equal(ready.group, 'group0');
      assert.equal(ready.sm, false);
      assert.match(ready.url, /^http:\/\/127\.0\.0\.1:\d+$/);
      const parsed = JSON.parse(line) as { nodes: unknown[]; chainId: string };
      assert.equal(parsed.nodes.length, 4);
      assert.equal(parsed.chainId, 'chain0');
      assert.equal((await rpc(ready.url, 'getBlockNumber', ['group0', ''])).result, 0);
    } finally {
      assert.equal(await stopCli(child), 0);
    }
  });

  it('prints the accounts banner without --json', async () => {
    const child = spawn(process.execPath, [...NODE_ARGS, '--port', '0', '--accounts', '2'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    await new Promise<void>((resolve) => {
      child.stdout.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('Account #1')) resolve();
      });
    });
    await stopCli(child);
    assert.match(out, /listening on http:\/\/127\.0\.0\.1:\d+/);
    assert.match(out, /Account #0: 0x[0-9a-f]{40} \(committee governor\)\nPrivate Key: 0x[0-9a-f]{64}/);
  });

  it('--tls --sm needs no openssl binary and lays out SM2 pairs as build_chain.sh -s does', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'devnode-cli-tls-'));
    // No PATH: nothing external can be run.
    const child = spawn(
      process.execPath,
      [
        ...NODE_ARGS,
        '--json',
        '--tls',
        '--sm',
        '--port',
        '0',
        '--data',
        dir,
        '--nodes',
        '1',
        '--accounts',
        '1',
      ],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, PATH: '' },
      },
    );
    try {
      let out = '';
      let err = '';
      child.stderr.on('data', (c: Buffer) => (err += c.toString()));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          if (out.includes('\n')) resolve();
        });
        child.on('exit', (code) => reject(new Error(`cli exited ${code}: ${err}`)));
      });
      const ready = JSON.parse(out.split('\n')[0]) as { url: string; tls: boolean; sdkCertDir: string };
      assert.match(ready.url, /^https:/);
      assert.equal(ready.sdkCertDir, join(dir, 'sdk'));
      // build_chain.sh -s layout (gen_sm_node_cert): signing and encryption pairs next to sm_ca.crt.
      for (const f of ['sm_ca.crt', 'sm_sdk.crt', 'sm_sdk.key', 'sm_ensdk.crt', 'sm_ensdk.key'])
        assert.ok(existsSync(join(dir, 'sdk', f)), f);
      for (const f of ['sm_ca.crt', 'sm_ssl.crt', 'sm_ssl.key', 'sm_enssl.crt', 'sm_enssl.key'])
        assert.ok(existsSync(join(dir, 'conf', f)), f);
      assert.doesNotMatch(err, /\[warn\]/);
    } finally {
      await stopCli(child);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('bad options: one line on stderr, exit code 2', () => {
    assertOneLineError(runSync(['--nodes', 'x']), /--nodes needs a whole number/);
    assertOneLineError(runSync(['--bogus']), /unknown option --bogus/);
    assertOneLineError(runSync(['--fresh']), /--fresh needs --data/);
  });

  it('a port in use: one line, exit code 2', async () => {
    const blocker = createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    try {
      const port = (blocker.address() as AddressInfo).port;
      assertOneLineError(runSync(['--port', String(port)]), /already in use/);
    } finally {
      blocker.close();
    }
  });

  it('an unusable data directory: one line, exit code 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'devnode-cli-'));
    try {
      const file = join(dir, 'file');
      writeFileSync(file, 'x');
      assertOneLineError(runSync(['--port', '0', '--data', file]), /is not a directory/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--data persists the chain and --fresh wipes it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'devnode-cli-'));
    try {
      const first = await startCli(['--port', '0', '--data', dir, '--nodes', '1', '--accounts', '1']);
      const ready = parseReadyLine(first.line, 0)!;
      const sent = await rpc(ready.url, 'sendTransaction', [
        'group0',
        '',
        signedRaw(ready.accounts[0].privateKey, deployCode(RETURN_42)),
        false,
      ]);
      assert.equal((sent.result as { status: number }).status, 0, JSON.stringify(sent));
      await stopCli(first.child);

      const again = await startCli(['--port', '0', '--data', dir, '--nodes', '1', '--accounts', '1']);
      assert.equal(
        (await rpc(parseReadyLine(again.line, 0)!.url, 'getBlockNumber', ['group0', ''])).result,
        1,
      );
      await stopCli(again.child);

      const fresh = await startCli([
        '--port',
        '0',
        '--data',
        dir,
        '--fresh',
        '--nodes',
        '1',
        '--accounts',
        '1',
      ]);
      assert.equal(
        (await rpc(parseReadyLine(fresh.line, 0)!.url, 'getBlockNumber', ['group0', ''])).result,
        0,
      );
      await stopCli(fresh.child);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--fresh refuses to wipe a directory that is not a dev node data directory', () => {
    const dir = mkdtempSync(join(tmpdir(), 'devnode-cli-'));
    try {
      writeFileSync(join(dir, 'precious.txt'), 'keep me');
      assertOneLineError(runSync(['--port', '0', '--data', dir, '--fresh']), /refusing to wipe/);
      assert.ok(existsSync(join(dir, 'precious.txt')));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('--help prints usage and exits 0', () => {
    const r = runSync(['--help']);
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^Usage: bcos-devnode/);
  });
});
