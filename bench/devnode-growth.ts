// Growth bench (opt-in: `node --import tsx bench/devnode.bench.ts --growth [N] [--budget MIN]`,
// default 1,000,000 transactions): the dev node CLI as users run it (an esbuild bundle of
// src/devnode/cli.ts, like dist/devnode-cli.js) with --data takes N set(k) transactions
// (m[k] = k and an event, each k new) from 10 accounts, 64 requests in flight. A worker thread
// signs the next chunk while this one is sent. Every 10% (100,000 at the default) it prints the
// slice's throughput and the node's CPU time per transaction, also by thread (on a shared machine throughput
// follows the load, CPU per transaction does not), the node's RSS (total, anonymous = heap and
// native allocations, file = pages of the mapped store and binaries the kernel may drop), the
// data directory's size, and the p50 latency of calls on keys written in the first slice and of
// fetching blocks from the first slice. Then it stops the node (SIGTERM) and times three restarts from process spawn to the
// first answered getBlockNumber. `--budget MIN` stops sending after the slice that passes MIN
// minutes and measures the restart at the height reached (the table says so).
// Goals (issue 14): restart < 1 s at any height, RSS < 250 MiB at 1,000,000, the last slice's
// throughput >= 80% of the first.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { Interface } from 'ethers';
import type { SignJob } from './growth-signer';
import { bundleForNode } from './lib/bundle';
import { runConcurrent } from './lib/concurrency';
import { compileCounter } from './lib/counter';
import { cpuSeconds, stopChild, threadStats, waitForLine } from './lib/processes';
import { Rpc } from './lib/rpcClient';

/** Requests in flight (the Rpc client keeps up to 64 sockets). */
const IN_FLIGHT = 64;
/** Transactions signed ahead at a time (well inside the block_limit window of 1000 blocks). */
const CHUNK = 5_000;
const PROBES = 200;

/** RSS, its anonymous part (heap, native allocations) and its file-backed part (mapped files). */
function rssMiB(pid: number): { total: number; anon: number; file: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
  return { total: kb('VmRSS'), anon: kb('RssAnon'), file: kb('RssFile') + kb('RssShmem') };
}

/**
 * CPU seconds per thread group: "main" (the JS thread), then by thread name (RocksDB's
 * "rocksdb:low"/"rocksdb:high" compactions and flushes, libuv's and V8's helpers).
 */
function threadCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of threadStats(pid)) {
    const name = t.main ? 'main' : t.name;
    out.set(name, (out.get(name) ?? 0) + t.cpu);
  }
  return out;
}

/** "main 0.31, rocksdb:low 0.12, ..." ms per transaction between two threadCpu samples. */
function threadCpuLine(before: Map<string, number>, after: Map<string, number>, txs: number): string {
  return [...after]
    .map(([name, s]) => [name, ((s - (before.get(name) ?? 0)) * 1000) / txs] as const)
    .filter(([, ms]) => ms >= 0.005)
    .sort((a, b) => b[1] - a[1])
    .map(([name, ms]) => `${name} ${ms.toFixed(3)}`)
    .join(', ');
}

/** Size of the files under `dir`, subdirectories included (the store is a directory). */
function dirMiB(dir: string): number {
  let bytes = 0;
  for (const f of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const st = statSync(join(dir, f), { throwIfNoEntry: false });
    if (st?.isFile() === true) bytes += st.size;
  }
  return bytes / 2 ** 20;
}

/**
 * Bundles `entry` as esbuild.js bundles dist/devnode-cli.js (the store packages and secp256k1 external): the
 * CLI, and the signing worker (a worker thread does not inherit tsx's loader).
 */

interface ReadyInfo {
  url: string;
  accounts: { address: string; privateKey: string }[];
}

async function startNode(cli: string, dataDir: string): Promise<{ child: ChildProcess; info: ReadyInfo }> {
  // BENCH_GROWTH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" passes node flags to the dev node.
  const extra = (process.env.BENCH_GROWTH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args = [...extra, cli, '--data', dataDir, '--port', '0', '--json', '--log-level', 'warn'];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await waitForLine(child, (l) => l.startsWith('{'), 'dev node');
  return { child, info: JSON.parse(line) as ReadyInfo };
}

/** Signs chunks on a worker thread, one request at a time. */
class Signer {
  private constructor(private readonly worker: Worker) {}

  static async start(): Promise<Signer> {
    return new Signer(
      new Worker(await bundleForNode({ file: 'bench/growth-signer.ts' }, 'devnode-growth-signer')),
    );
  }

  sign(job: SignJob): Promise<string[]> {
    return new Promise((resolve, reject) => {
      const fail = (e: Error) => reject(e);
      this.worker.once('message', (txs: string[]) => {
        this.worker.off('error', fail);
        resolve(txs);
      });
      this.worker.once('error', fail);
      this.worker.postMessage(job);
    });
  }

  close(): Promise<number> {
    return this.worker.terminate();
  }
}

export interface GrowthOptions {
  /** Use (and keep) this data directory, continuing the chain it holds. */
  dataDir?: string;
  /** Keys start after this (a continued chain needs new nonces and slots). */
  firstKey?: number;
  /** Transactions per reported slice (default a tenth of the total). */
  slice?: number;
}

export async function runGrowth(
  work: string,
  total: number,
  budgetMinutes = Infinity,
  options: GrowthOptions = {},
): Promise<void> {
  // BENCH_GROWTH_CLI=<bundle> runs a CLI bundled earlier (an A/B of two builds on copies of one chain).
  const cli =
    process.env.BENCH_GROWTH_CLI ??
    (await bundleForNode({ file: 'src/devnode/cli.ts' }, 'devnode-growth-cli'));
  const signer = await Signer.start();
  let dataDir = options.dataDir;
  if (dataDir === undefined) dataDir = mkdtempSync(join(work, 'growth-'));
  else mkdirSync(dataDir, { recursive: true });
  const { child, info } = await startNode(cli, dataDir);
  try {
    await push(child, info, signer, dataDir, total, budgetMinutes, cli, options);
  } finally {
    await signer.close();
    await stopChild(child);
  }
}

async function push(
  child: ChildProcess,
  info: ReadyInfo,
  signer: Signer,
  dataDir: string,
  total: number,
  budgetMinutes: number,
  cli: string,
  options: GrowthOptions,
): Promise<void> {
  const keyBase = options.firstKey ?? 0;
  const counter = compileCounter();
  const rpc = new Rpc(info.url);
  const head = async () => BigInt(await rpc.call<number>('getBlockNumber', ['group0', '']));
  const send = async (tx: string) => {
    const r = await rpc.call<{ status: number; contractAddress: string }>('sendTransaction', [
      'group0',
      '',
      tx,
      false,
    ]);
    if (r.status !== 0) throw new Error(`transaction failed: status ${r.status}`);
    return r;
  };
  const { ecdsaSuite } = await import('../src/protocol/crypto/suite');
  const { encodeTransaction, hashTransactionData } = await import('../src/protocol/transaction');
  const { fromHex, toHex } = await import('../src/protocol/hex');
  const deployData = {
    version: 0,
    chainID: 'chain0',
    groupID: 'group0',
    blockLimit: (await head()) + 500n,
    nonce: `growth-deploy-${keyBase}`,
    to: '',
    input: fromHex(counter.bytecode),
    abi: '',
  };
  const deployHash = hashTransactionData(deployData, ecdsaSuite);
  const deployed = await send(
    toHex(
      encodeTransaction({
        data: deployData,
        dataHash: deployHash,
        signature: ecdsaSuite.sign(deployHash, fromHex(info.accounts[0].privateKey)),
      }),
    ),
  );
  const address = deployed.contractAddress;
  const iface = new Interface(counter.abi as never);
  const selector = iface.getFunction('set')!.selector.slice(2);
  const keys = info.accounts.map((a) => a.privateKey);
  /** Signs keys from..from+n-1 (1-based keys: m[k] = k). */
  const signChunk = async (from: number, n: number) =>
    signer.sign({
      keys,
      to: address,
      selector,
      firstKey: keyBase + from + 1,
      count: n,
      blockLimit: ((await head()) + 900n).toString(),
    });

  const slice =
    options.slice !== undefined && options.slice > 0 ? options.slice : Math.max(1, Math.floor(total / 10));
  const startBlock = Number(await head());
  const firstSliceBlocks = { from: startBlock, to: startBlock };
  const started = performance.now();
  console.log(
    `growth: ${total} set(k) transactions from ${keys.length} accounts, ${IN_FLIGHT} in flight, into ${dataDir}`,
  );
  console.log(
    '     txs   tx/s (slice)   node CPU ms/tx   RSS MiB (anon / file)   data MiB   old-key call p50   old-block p50   elapsed',
  );
  let first = 0;
  let last = 0;
  let firstCpuMs = 0;
  let lastCpuMs = 0;
  let sent = 0;
  let next = signChunk(0, Math.min(CHUNK, total));
  while (sent < total) {
    let sendSeconds = 0;
    const sliceStart = sent;
    const cpuStart = cpuSeconds(child.pid!);
    const threadsStart = threadCpu(child.pid!);
    const sliceEnd = Math.min(total, sent + slice);
    while (sent < sliceEnd) {
      const txs = await next;
      const after = sent + txs.length;
      // The next chunk is signed while this one is sent.
      if (after < total) next = signChunk(after, Math.min(CHUNK, total - after));
      let i = 0;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          for (let j = i++; j < txs.length; j = i++) await send(txs[j]);
        }),
      );
      sendSeconds += (performance.now() - t0) / 1000;
      sent = after;
    }
    const tps = (sent - sliceStart) / sendSeconds;
    // On a shared machine tx/s follows the load; the node's CPU per transaction does not.
    const cpuMs = ((cpuSeconds(child.pid!) - cpuStart) * 1000) / (sent - sliceStart);
    const threads = threadCpuLine(threadsStart, threadCpu(child.pid!), sent - sliceStart);
    if (firstCpuMs === 0) firstCpuMs = cpuMs;
    lastCpuMs = cpuMs;
    if (first === 0) {
      first = tps;
      firstSliceBlocks.to = Number(await head());
    }
    last = tps;
    const oldKey = await runConcurrent(PROBES, 4, async (i) => {
      const k = keyBase + ((i * 7919) % slice) + 1;
      const out = await rpc.call<{ output: string }>('call', [
        'group0',
        '',
        address,
        iface.encodeFunctionData('m', [k]),
      ]);
      if (BigInt(out.output) !== BigInt(k)) throw new Error(`m(${k}) answered ${out.output}`);
    });
    const span = firstSliceBlocks.to - firstSliceBlocks.from + 1;
    const oldBlock = await runConcurrent(PROBES, 4, async (i) => {
      const n = firstSliceBlocks.from + ((i * 7919) % span);
      await rpc.call('getBlockByNumber', ['group0', '', n, false, false]);
    });
    const rss = rssMiB(child.pid!);
    const minutes = (performance.now() - started) / 60_000;
    console.log(
      `${String(sent).padStart(8)}   ${tps.toFixed(0).padStart(8)}      ${cpuMs.toFixed(2).padStart(11)}      ${rss.total.toFixed(0).padStart(6)} (${rss.anon.toFixed(0)} / ${rss.file.toFixed(0)})   ${dirMiB(dataDir).toFixed(0).padStart(11)}   ${oldKey.p50.toFixed(2).padStart(10)} ms      ${oldBlock.p50.toFixed(2).padStart(8)} ms   ${minutes.toFixed(1).padStart(5)} min`,
    );
    console.log(`          node CPU ms/tx by thread: ${threads}`);
    if (minutes >= budgetMinutes && sent < total) {
      console.log(`time budget of ${budgetMinutes} min spent: stopping at ${sent} of ${total} transactions`);
      break;
    }
  }
  const height = await head();
  rpc.close();
  await stopChild(child);
  const restarts: number[] = [];
  for (let round = 0; round < 3; round++) {
    const t0 = performance.now();
    const again = await startNode(cli, dataDir);
    const rpc2 = new Rpc(again.info.url);
    const restartedAt = BigInt(await rpc2.call<number>('getBlockNumber', ['group0', '']));
    restarts.push((performance.now() - t0) / 1000);
    rpc2.close();
    await stopChild(again.child);
    if (restartedAt !== height)
      throw new Error(`restart came back at block ${restartedAt}, expected ${height}`);
  }
  const median = [...restarts].sort((a, b) => a - b)[1];
  console.log(
    `restart (spawn to first getBlockNumber answer) at block ${height}, ${sent} transactions: ${restarts.map((s) => s.toFixed(2)).join(', ')} s, median ${median.toFixed(2)} s (goal < 1 s: ${median < 1 ? 'ok' : 'GOAL MISSED'})`,
  );
  console.log(
    `last slice ${last.toFixed(0)} tx/s vs first ${first.toFixed(0)} tx/s: ${((100 * last) / first).toFixed(0)}% (goal >= 80%: ${last >= 0.8 * first ? 'ok' : 'GOAL MISSED'})`,
  );
  // The same goal in node CPU per transaction (the throughput an idle core would give).
  console.log(
    `node CPU per transaction, last slice ${lastCpuMs.toFixed(2)} ms vs first ${firstCpuMs.toFixed(2)} ms: capacity ${((100 * firstCpuMs) / lastCpuMs).toFixed(0)}% of the first (goal >= 80%: ${firstCpuMs >= 0.8 * lastCpuMs ? 'ok' : 'GOAL MISSED'})`,
  );
}
