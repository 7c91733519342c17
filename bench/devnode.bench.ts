// Dev node vs Hardhat's node and Foundry's anvil on the same workload, in the same run, each as
// a separate process behind its JSON-RPC port on loopback:
//   - a contract's set(k) (m[k] = k, a storage write, and an event): 2,000 pre-signed
//     transactions from 8 concurrent senders, timed from the first send to the last receipt;
//   - 5,000 calls of m(k) with varying k (so no result cache can answer them; every answer is
//     checked) and 5,000 block-number requests from 16 concurrent clients (p50/p99).
// Prints tx/s for each and the ratios, CPU per transaction (whole server process and its main
// thread, the serial part), the server's CPU per call and per block-number request (less
// disturbed by other load than req/s), peak RSS, and the machine's load average during the run. Goals: throughput >= 4x Hardhat and above anvil's
// best round, calls and block number >= anvil, peak RSS <= anvil's + 50%.
//
// Run: npm run bench -- devnode   (or: node --import tsx bench/devnode.bench.ts)
// Options: --durable also measures the dev node with a data directory (fsync per block);
// --devnode-only skips the peers; --no-anvil / --no-hardhat skip one; --rounds N (default 3);
// --anvil-args "..." passes flags to anvil; --ab "<node flags>" (repeatable) adds the dev node
// under those node/V8 flags as a peer "devnode B", "devnode C"... (an A/B of a setting in one run); --growth [N] runs only the growth bench
// (devnode-growth.ts: N transactions, default 1,000,000, against the dev node CLI with --data;
// --budget MIN stops sending after MIN minutes and measures the restart there);
// BENCH_DEVNODE_NODE_ARGS passes node flags to the dev node process (e.g. "--cpu-prof").
// --tx-only skips the calls and block-number requests; --ab-ref <git ref> adds the dev node built
// from that commit as a peer "devnode@<ref>" (an A/B of a code change in one run).
// The dev node runs as an esbuild bundle under plain node (as dist/devnode-cli.js does), Hardhat
// as `hardhat node`, anvil as the binary of @foundry-rs/anvil-linux-amd64; all on loopback,
// driven by the same HTTP client. Hardhat and anvil get ethers-signed type-2 transactions.

import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { HDNodeWallet, Interface, Transaction as EthTx, Wallet } from 'ethers';
import { anvilHome } from './lib/anvilHome';
import { bundleForNode } from './lib/bundle';
import { sourceAt } from './lib/sourceAt';

const TXS = 2000;
const SENDERS = 8;
const READS = 5000;
const READERS = 16;

// ---- the dev node process ----------------------------------------------------------------------

const REPO = join(__dirname, '..');

/** The dev node's start-up as the bench runs it, bundled from `source` (a checkout of the repository). */
export function bundleDevnode(source = REPO, tag = ''): Promise<string> {
  const contents = `
        import { startDevnode } from './src/devnode/index';
        import { limitHeapGrowth } from './src/devnode/heapTuning';
        limitHeapGrowth(); // as the CLI (src/devnode/cli.ts) does in the dev node's own process
        const dataDir = process.argv[2] && process.argv[2] !== '-' ? process.argv[2] : undefined;
        startDevnode({ port: 0, logLevel: 'silent', dataDir, accounts: 10, nodes: 4 }).then((node) => {
          process.stdout.write(JSON.stringify({ url: node.url, accounts: node.accounts }) + '\\n');
          process.on('SIGTERM', () => void node.stop().then(() => process.exit(0)));
        });`;
  return bundleForNode({ contents, resolveDir: source }, `devnode-bench-server${tag}`);
}

// ---- HTTP JSON-RPC client (same for both peers) -------------------------------------------------

export class Rpc {
  private agent = new Agent({ keepAlive: true, maxSockets: 64 });
  private id = 0;
  private readonly host: string;
  private readonly port: number;

  constructor(url: string) {
    const u = new URL(url);
    this.host = u.hostname;
    this.port = Number(u.port);
  }

  call<T = unknown>(method: string, params: unknown[]): Promise<T> {
    const body = JSON.stringify({ jsonrpc: '2.0', id: ++this.id, method, params });
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: this.host,
          port: this.port,
          method: 'POST',
          path: '/',
          agent: this.agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            try {
              const msg = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
                result?: T;
                error?: { code: number; message: string };
              };
              if (msg.error) reject(new Error(`${method}: ${msg.error.code} ${msg.error.message}`));
              else resolve(msg.result as T);
            } catch (e) {
              reject(e instanceof Error ? e : new Error(String(e)));
            }
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Drops idle keep-alive sockets, which a server may close while another node is measured. */
  fresh(): void {
    this.agent.destroy();
    this.agent = new Agent({ keepAlive: true, maxSockets: 64 });
  }

  close(): void {
    this.agent.destroy();
  }
}

// ---- workload helpers ---------------------------------------------------------------------------

const COUNTER = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Counter {
    uint256 public value;
    mapping(uint256 => uint256) public m;
    event Set(address indexed who, uint256 value);
    function set(uint256 v) public { value = v; m[v] = v; emit Set(msg.sender, v); }
}`;

/** Keys written so far (every round writes TXS new ones, 1-based), shared by all peers. */
function keyOf(round: number, i: number): number {
  return round * TXS + i + 1;
}

/** Checks a call's answer: m(k) must be k (a wrong or cached answer fails the bench). */
function checkWord(hex: string, k: number): void {
  if (BigInt(hex) !== BigInt(k)) throw new Error(`m(${k}) answered ${hex}`);
}

export function compileCounter(): { abi: unknown[]; bytecode: string } {
  const solc = createRequire(__filename)('solc') as { compile(input: string): string };
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'c.sol': { content: COUNTER } },
        settings: {
          evmVersion: 'paris',
          optimizer: { enabled: true, runs: 200 },
          outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
        },
      }),
    ),
  ) as {
    contracts: Record<string, Record<string, { abi: unknown[]; evm: { bytecode: { object: string } } }>>;
  };
  const c = out.contracts['c.sol'].Counter;
  return { abi: c.abi, bytecode: '0x' + c.evm.bytecode.object };
}

export interface Timing {
  seconds: number;
  p50: number;
  p99: number;
}

/** Runs `total` jobs on `workers` concurrent loops; returns wall time and per-request latency. */
export async function runConcurrent(
  total: number,
  workers: number,
  job: (i: number, worker: number) => Promise<void>,
): Promise<Timing> {
  const latencies: number[] = new Array(total);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = next++; i < total; i = next++) {
        const s = performance.now();
        await job(i, w);
        latencies[i] = performance.now() - s;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { seconds, p50: latencies[Math.floor(total * 0.5)], p99: latencies[Math.floor(total * 0.99)] };
}

/** Each sender sends its own transactions one after another (per-sender order, like nonces). */
async function runSenders(perSender: string[][], send: (tx: string) => Promise<void>): Promise<number> {
  const t0 = performance.now();
  await Promise.all(
    perSender.map(async (txs) => {
      for (const tx of txs) await send(tx);
    }),
  );
  return (performance.now() - t0) / 1000;
}

/** CPU seconds (user + system) a process (or, with `mainThread`, its main thread) has used so far. */
function cpuSeconds(pid: number, mainThread = false): number {
  const path = mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

export function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmHWM:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : NaN;
}

export function waitForLine(
  child: ChildProcess,
  test: (line: string) => boolean,
  what: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      const hit = lines.find(test);
      if (hit !== undefined) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve(hit);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}) before it was ready`)));
  });
}

// ---- peers ------------------------------------------------------------------------------------

/** One node under test, set up with the counter deployed; transactions are signed per round. */
interface Peer {
  name: string;
  pid: number;
  rpc: Rpc;
  /** Pre-signs TXS set() transactions, grouped per sender (signing is not timed). */
  signRound(): Promise<string[][]>;
  send(tx: string): Promise<void>;
  /** Calls m(k) and checks the answer. */
  callOnce(k: number): Promise<void>;
  blockNumberOnce(): Promise<void>;
  stop(): Promise<void>;
}

interface TxRun {
  txPerSec: number;
  /** Server and client CPU milliseconds per transaction during the run. */
  serverCpuMsPerTx: number;
  /** The server's main (JavaScript) thread alone: the serial part that bounds throughput. */
  serverMainCpuMsPerTx: number;
  clientCpuMsPerTx: number;
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function startDevnodePeer(
  counter: { abi: unknown[]; bytecode: string },
  server: string,
  name: string,
  dataDir?: string,
  nodeArgs: string[] = [],
): Promise<Peer> {
  // BENCH_DEVNODE_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the dev node process.
  const extra = [...(process.env.BENCH_DEVNODE_NODE_ARGS ?? '').split(' ').filter(Boolean), ...nodeArgs];
  const child = spawn(process.execPath, [...extra, server, dataDir ?? '-'], {
    stdio: ['ignore', 'pipe', 'inherit'],
    // The native secp256k1 addon stays external to the bundle, as in the shipped CLI.
    env: { ...process.env, NODE_PATH: join(REPO, 'node_modules') },
  });
  try {
    const line = await waitForLine(child, (l) => l.startsWith('{'), 'dev node');
    const info = JSON.parse(line) as { url: string; accounts: { address: string; privateKey: string }[] };
    const rpc = new Rpc(info.url);
    const { ecdsaSuite } = await import('../src/protocol/crypto/suite');
    const { encodeTransaction, hashTransactionData } = await import('../src/protocol/transaction');
    const { fromHex, toHex } = await import('../src/protocol/hex');
    const keys = info.accounts.map((a) => fromHex(a.privateKey));
    let nonce = 0;
    const sign = (key: Uint8Array, to: string, input: string, abi: string, blockLimit: bigint) => {
      const data = {
        version: 0,
        chainID: 'chain0',
        groupID: 'group0',
        blockLimit,
        nonce: `bench-${nonce++}`,
        to,
        input: fromHex(input),
        abi,
      };
      const hash = hashTransactionData(data, ecdsaSuite);
      return toHex(encodeTransaction({ data, dataHash: hash, signature: ecdsaSuite.sign(hash, key) }));
    };
    const head = async () => BigInt(await rpc.call<number>('getBlockNumber', ['group0', '']));
    const deployed = await rpc.call<{ status: number; contractAddress: string }>('sendTransaction', [
      'group0',
      '',
      sign(keys[0], '', counter.bytecode, JSON.stringify(counter.abi), (await head()) + 500n),
      false,
    ]);
    if (deployed.status !== 0) throw new Error(`dev node deploy failed: status ${deployed.status}`);
    const address = deployed.contractAddress;
    const iface = new Interface(counter.abi as never);
    let round = 0;
    return {
      name,
      pid: child.pid!,
      rpc,
      async signRound() {
        // What SDKs do: blockLimit = current block + a margin (the node accepts up to +1000).
        const limit = (await head()) + 900n;
        const perSender: string[][] = Array.from({ length: SENDERS }, () => []);
        for (let i = 0; i < TXS; i++) {
          perSender[i % SENDERS].push(
            sign(keys[i % SENDERS], address, iface.encodeFunctionData('set', [keyOf(round, i)]), '', limit),
          );
        }
        round++;
        return perSender;
      },
      async send(tx) {
        const r = await rpc.call<{ status: number }>('sendTransaction', ['group0', '', tx, false]);
        if (r.status !== 0) throw new Error(`dev node set failed: status ${r.status}`);
      },
      async callOnce(k) {
        const data = iface.encodeFunctionData('m', [k]);
        const r = await rpc.call<{ status: number; output: string }>('call', ['group0', '', address, data]);
        if (r.status !== 0) throw new Error('dev node call failed');
        checkWord(r.output, k);
      },
      async blockNumberOnce() {
        await rpc.call('getBlockNumber', ['group0', '']);
      },
      async stop() {
        rpc.close();
        await stopChild(child);
      },
    };
  } catch (e) {
    await stopChild(child);
    throw e;
  }
}

const HARDHAT_MNEMONIC = 'test test test test test test test test test test test junk';

/** Hardhat's node: `hardhat node`, automining each transaction as it arrives. */
async function startHardhatPeer(counter: { abi: unknown[]; bytecode: string }, work: string): Promise<Peer> {
  const config = join(work, 'hardhat.config.js');
  writeFileSync(config, 'module.exports = { networks: { hardhat: { chainId: 31337 } } };\n');
  const port = await freePort();
  const bin = createRequire(__filename).resolve('hardhat/internal/cli/bootstrap');
  const child = spawn(
    process.execPath,
    [bin, 'node', '--port', String(port), '--hostname', '127.0.0.1', '--config', config],
    {
      // Hardhat insists on resolving itself from the working directory: run it from the repository.
      cwd: REPO,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true' },
    },
  );
  try {
    await waitForLine(child, (l) => l.includes('Started HTTP'), 'hardhat node');
    return await ethPeer('hardhat', child, port, 31337, counter);
  } catch (e) {
    await stopChild(child);
    throw e;
  }
}

/** Foundry's anvil from the npm package's binary, automining, with its default options. */
async function startAnvilPeer(counter: { abi: unknown[]; bytecode: string }): Promise<Peer> {
  const bin = join(
    dirname(createRequire(__filename).resolve('@foundry-rs/anvil-linux-amd64/package.json')),
    'bin',
    'anvil',
  );
  const port = await freePort();
  const argAt = process.argv.indexOf('--anvil-args');
  const extra = argAt > 0 ? process.argv[argAt + 1].split(' ').filter(Boolean) : [];
  const home = anvilHome();
  const child = spawn(bin, ['--port', String(port), '--host', '127.0.0.1', '--chain-id', '31337', ...extra], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: home.env,
  });
  home.track(child);
  try {
    await waitForLine(child, (l) => l.includes('Listening on'), 'anvil');
    return await ethPeer(
      extra.length > 0 ? `anvil ${extra.join(' ')}` : 'anvil',
      child,
      port,
      31337,
      counter,
    );
  } catch (e) {
    await stopChild(child);
    throw e;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a !== null ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** An Ethereum node driven as a wallet does: type-2 transactions, then the receipt, polled. */
async function ethPeer(
  name: string,
  child: ChildProcess,
  port: number,
  chainId: number,
  counter: { abi: unknown[]; bytecode: string },
): Promise<Peer> {
  const rpc = new Rpc(`http://127.0.0.1:${port}`);
  const wallets = Array.from({ length: SENDERS + 1 }, (_, i) =>
    HDNodeWallet.fromPhrase(HARDHAT_MNEMONIC, undefined, `m/44'/60'/0'/0/${i}`),
  );
  const fee = { type: 2, chainId, maxFeePerGas: 20_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n };
  const receipt = async (hash: string) => {
    // Automining nodes may answer the send before the block is in: poll, bounded.
    for (let i = 0; i < 10_000; i++) {
      const r = await rpc.call<{ status: string; contractAddress: string } | null>(
        'eth_getTransactionReceipt',
        [hash],
      );
      if (r !== null) return r;
      await new Promise((res) => setTimeout(res, 1));
    }
    throw new Error(`${name}: no receipt for ${hash}`);
  };
  const deployRaw = await new Wallet(wallets[0].privateKey).signTransaction({
    ...fee,
    nonce: 0,
    gasLimit: 1_000_000,
    data: counter.bytecode,
  });
  const deployReceipt = await receipt(await rpc.call<string>('eth_sendRawTransaction', [deployRaw]));
  if (deployReceipt.status !== '0x1') throw new Error(`${name} deploy failed`);
  const address = deployReceipt.contractAddress;

  const iface = new Interface(counter.abi as never);
  const signers = wallets.slice(1).map((w) => new Wallet(w.privateKey));
  const nonces = new Array<number>(SENDERS).fill(0);
  let round = 0;
  return {
    name,
    pid: child.pid!,
    rpc,
    signRound() {
      const perSender: string[][] = Array.from({ length: SENDERS }, () => []);
      for (let i = 0; i < TXS; i++) {
        const s = i % SENDERS;
        const tx = EthTx.from({
          ...fee,
          nonce: nonces[s]++,
          gasLimit: 100_000,
          to: address,
          data: iface.encodeFunctionData('set', [keyOf(round, i)]),
        });
        tx.signature = signers[s].signingKey.sign(tx.unsignedHash);
        perSender[s].push(tx.serialized);
      }
      round++;
      return Promise.resolve(perSender);
    },
    async send(raw) {
      const r = await receipt(await rpc.call<string>('eth_sendRawTransaction', [raw]));
      if (r.status !== '0x1') throw new Error(`${name} set failed`);
    },
    async callOnce(k) {
      checkWord(
        await rpc.call<string>('eth_call', [
          { to: address, data: iface.encodeFunctionData('m', [k]) },
          'latest',
        ]),
        k,
      );
    },
    async blockNumberOnce() {
      await rpc.call('eth_blockNumber', []);
    },
    async stop() {
      rpc.close();
      await stopChild(child);
    },
  };
}

async function measureTx(peer: Peer): Promise<TxRun> {
  peer.rpc.fresh();
  const perSender = await peer.signRound();
  const cpu0 = [cpuSeconds(peer.pid), process.cpuUsage(), cpuSeconds(peer.pid, true)] as const;
  const seconds = await runSenders(perSender, (tx) => peer.send(tx));
  const serverCpuMsPerTx = ((cpuSeconds(peer.pid) - cpu0[0]) * 1000) / TXS;
  const serverMainCpuMsPerTx = ((cpuSeconds(peer.pid, true) - cpu0[2]) * 1000) / TXS;
  const client = process.cpuUsage(cpu0[1]);
  return {
    txPerSec: TXS / seconds,
    serverCpuMsPerTx,
    serverMainCpuMsPerTx,
    clientCpuMsPerTx: (client.user + client.system) / 1000 / TXS,
  };
}

// ---- report -------------------------------------------------------------------------------------

/** A read run with the server's CPU time per request (all its threads): steadier than req/s under load. */
interface ReadRun extends Timing {
  serverCpuMsPerReq: number;
}

async function measureReads(peer: Peer, job: (i: number) => Promise<void>): Promise<ReadRun> {
  const cpu0 = cpuSeconds(peer.pid);
  const t = await runConcurrent(READS, READERS, job);
  return { ...t, serverCpuMsPerReq: ((cpuSeconds(peer.pid) - cpu0) * 1000) / READS };
}

function fmt(t: ReadRun): string {
  return (
    `${(READS / t.seconds).toFixed(0).padStart(6)} req/s  p50 ${t.p50.toFixed(2)} ms  p99 ${t.p99.toFixed(2)} ms` +
    `  server CPU ${t.serverCpuMsPerReq.toFixed(3)} ms/req`
  );
}

/** The machine's load average (1 min), printed with the figures: they mean little without it. */
function load(): string {
  return loadavg()[0].toFixed(1);
}

function best<T>(runs: T[], score: (r: T) => number): T {
  return runs.reduce((a, b) => (score(b) > score(a) ? b : a));
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), 'bench-devnode-'));
  try {
    const growthAt = process.argv.indexOf('--growth');
    if (growthAt > 0) {
      const { runGrowth } = await import('./devnode-growth');
      const n = Number(process.argv[growthAt + 1]);
      const budgetAt = process.argv.indexOf('--budget');
      const budget = budgetAt > 0 ? Number(process.argv[budgetAt + 1]) : Infinity;
      await runGrowth(work, Number.isInteger(n) && n > 0 ? n : 1_000_000, budget > 0 ? budget : Infinity);
      return;
    }
    await run(work);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/**
 * The machine is shared, so each side runs ROUNDS times, alternating, and the best round of
 * each is compared (all rounds are printed).
 */
async function run(work: string): Promise<void> {
  const roundsArg = process.argv.indexOf('--rounds');
  const rounds = roundsArg > 0 ? Math.max(1, Number(process.argv[roundsArg + 1])) : 3;
  const counter = compileCounter();
  const server = await bundleDevnode();
  const peers: Peer[] = [];
  try {
    peers.push(await startDevnodePeer(counter, server, 'devnode'));
    // --ab "<node flags>" (repeatable): the same dev node under other node/V8 flags, as further
    // peers "devnode B", "devnode C"... (an A/B in one run).
    let variant = 0;
    for (let i = 0; i < process.argv.length - 1; i++) {
      if (process.argv[i] !== '--ab') continue;
      const flags = process.argv[i + 1].split(' ').filter(Boolean);
      const name = `devnode ${String.fromCharCode(66 + variant++)}`;
      peers.push(await startDevnodePeer(counter, server, name, undefined, flags));
    }
    if (process.argv.includes('--durable')) {
      peers.push(await startDevnodePeer(counter, server, 'devnode --data', mkdtempSync(join(work, 'data-'))));
    }
    const refAt = process.argv.indexOf('--ab-ref');
    if (refAt > 0) {
      const ref = process.argv[refAt + 1];
      const base = await bundleDevnode(sourceAt(ref, work), '-ab');
      peers.push(await startDevnodePeer(counter, base, `devnode@${ref}`.slice(0, 15)));
      // With --durable, the other commit's node with a data directory too (a store A/B).
      if (process.argv.includes('--durable'))
        peers.push(
          await startDevnodePeer(
            counter,
            base,
            `@${ref} --data`.slice(0, 15),
            mkdtempSync(join(work, 'data-ab-')),
          ),
        );
    }
    const only = process.argv.includes('--devnode-only');
    if (!only && !process.argv.includes('--no-hardhat')) peers.push(await startHardhatPeer(counter, work));
    if (!only && !process.argv.includes('--no-anvil')) peers.push(await startAnvilPeer(counter));
    const tx = new Map<Peer, TxRun[]>(peers.map((p) => [p, []]));
    const call = new Map<Peer, ReadRun[]>(peers.map((p) => [p, []]));
    const height = new Map<Peer, ReadRun[]>(peers.map((p) => [p, []]));
    const loadAtStart = load();
    for (let r = 0; r < rounds; r++) {
      for (const p of peers) tx.get(p)!.push(await measureTx(p));
    }
    // --tx-only skips the reads (profiling the transaction path alone).
    const readRounds = process.argv.includes('--tx-only') ? 0 : Math.min(rounds, 2);
    for (let r = 0; r < readRounds; r++) {
      for (const p of peers) {
        p.rpc.fresh();
        // Keys spread over everything written (a stride prime to the count), each checked.
        const written = rounds * TXS;
        call.get(p)!.push(await measureReads(p, (i) => p.callOnce(((i * 7919) % written) + 1)));
        height.get(p)!.push(await measureReads(p, () => p.blockNumberOnce()));
      }
    }
    // Peak RSS over the whole run: every round of transactions, calls and block numbers.
    const rss = new Map(peers.map((p) => [p, peakRssMiB(p.pid)]));

    console.log(
      `workload: ${TXS} set(uint256) txs from ${SENDERS} senders (${rounds} rounds per node, alternating); ` +
        `${READS} calls and ${READS} block-number requests from ${READERS} clients`,
    );
    console.log(
      `load average (1 min, ${cpus().length} cores): ${loadAtStart} at the start, ${load()} at the end`,
    );
    for (const p of peers) {
      const runs = tx.get(p)!;
      const b = best(runs, (x) => x.txPerSec);
      console.log(
        `${p.name.padEnd(15)} ${b.txPerSec.toFixed(0).padStart(6)} tx/s best of [${runs.map((x) => x.txPerSec.toFixed(0)).join(', ')}]` +
          `  CPU per tx: server ${b.serverCpuMsPerTx.toFixed(2)} ms (main thread ${b.serverMainCpuMsPerTx.toFixed(2)}), client ${b.clientCpuMsPerTx.toFixed(2)} ms`,
      );
    }
    for (const p of readRounds > 0 ? peers : [])
      console.log(`${p.name.padEnd(15)} call            ${fmt(best(call.get(p)!, (t) => -t.p50))}`);
    for (const p of readRounds > 0 ? peers : [])
      console.log(`${p.name.padEnd(15)} block number    ${fmt(best(height.get(p)!, (t) => -t.p50))}`);
    for (const p of peers)
      console.log(`${p.name.padEnd(15)} peak RSS        ${rss.get(p)!.toFixed(0)} MiB (all rounds)`);

    const dev = peers[0];
    const ab = peers.find((p) => p.name.startsWith('devnode@'));
    if (ab !== undefined) {
      // Every round counts for the CPU figures (the best round by tx/s is a noisy pick).
      const mean = (p: Peer, f: (r: TxRun) => number) => {
        const runs = tx.get(p)!;
        return runs.reduce((a, r) => a + f(r), 0) / runs.length;
      };
      const main = (p: Peer) => mean(p, (r) => r.serverMainCpuMsPerTx);
      const all = (p: Peer) => mean(p, (r) => r.serverCpuMsPerTx);
      console.log(
        `a/b vs ${ab.name}: tx/s (best) ${(best(tx.get(dev)!, (x) => x.txPerSec).txPerSec / best(tx.get(ab)!, (x) => x.txPerSec).txPerSec).toFixed(2)}x,` +
          ` server CPU per tx (mean of rounds) main thread ${main(dev).toFixed(3)} vs ${main(ab).toFixed(3)} ms,` +
          ` whole process ${all(dev).toFixed(3)} vs ${all(ab).toFixed(3)} ms`,
      );
    }
    const bestTx = (p: Peer) => best(tx.get(p)!, (x) => x.txPerSec).txPerSec;
    const reqPerSec = (m: Map<Peer, ReadRun[]>, p: Peer) => READS / best(m.get(p)!, (t) => -t.p50).seconds;
    const verdict = (ok: boolean) => (ok ? 'ok' : 'GOAL MISSED');
    const hh = peers.find((p) => p.name === 'hardhat');
    if (hh !== undefined) {
      const ratio = bestTx(dev) / bestTx(hh);
      console.log(`goal throughput >= 4x hardhat: ${ratio.toFixed(2)}x ${verdict(ratio >= 4)}`);
    }
    const anvil = peers.find((p) => p.name.startsWith('anvil'));
    if (anvil !== undefined) {
      const ratio = bestTx(dev) / bestTx(anvil);
      console.log(`goal throughput > anvil's best round: ${ratio.toFixed(2)}x ${verdict(ratio > 1)}`);
      for (const [what, m] of readRounds > 0
        ? ([
            ['call', call],
            ['block number', height],
          ] as const)
        : []) {
        const r = reqPerSec(m, dev) / reqPerSec(m, anvil);
        const d = best(m.get(dev)!, (t) => -t.p50);
        const a = best(m.get(anvil)!, (t) => -t.p50);
        const p50 = d.p50 / a.p50;
        const cpu = d.serverCpuMsPerReq / a.serverCpuMsPerReq;
        console.log(
          `goal ${what} >= anvil: ${r.toFixed(2)}x req/s, p50 ${p50.toFixed(2)}x anvil's ${verdict(r >= 1 && p50 <= 1)}` +
            ` (server CPU per request ${cpu.toFixed(2)}x anvil's)`,
        );
      }
      const limit = rss.get(anvil)! * 1.5;
      console.log(
        `goal devnode peak RSS <= anvil's + 50% (${limit.toFixed(0)} MiB): ${rss.get(dev)!.toFixed(0)} MiB ${verdict(rss.get(dev)! <= limit)}`,
      );
    }
  } finally {
    for (const p of peers) await p.stop();
  }
}

// Run as a script (not when devnode-growth.ts imports the helpers above).
if (require.main === module) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
