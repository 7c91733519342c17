// Dev node vs Hardhat's node and Foundry's anvil on the same workload, in the same run, each as
// a separate process behind its JSON-RPC port on loopback:
//   - a contract's set(k) (m[k] = k, a storage write, and an event): 2,000 pre-signed
//     transactions from 8 concurrent senders, timed from the first send to the last receipt;
//   - calls of m(k) with varying k (so no result cache can answer them; every answer is checked)
//     and block-number requests, one in flight on each of 16 keep-alive connections
//     (bench/lib/loadClient.ts): 20 slices of each per peer (2,000 calls, 8,000 block numbers),
//     peers rotated each slice, summed (bench/lib/reads.ts says why; --read-slices N).
// Prints tx/s for each and the ratios, CPU per transaction (whole server process and its main
// thread, the serial part), the server's CPU per call and per block-number request (less
// disturbed by other load than req/s), peak RSS, and the machine's load average during the run. Goals: throughput >= 4x Hardhat and above anvil's
// best round, calls and block number >= anvil, peak RSS <= anvil's + 50%.
//
// Run: npm run bench -- devnode   (or: node --import tsx bench/devnode.bench.ts); options: USAGE
// below (--help prints it).
// The dev node runs as an esbuild bundle under plain node (as dist/devnode-cli.js does), Hardhat
// as `hardhat node`, anvil as the binary of @foundry-rs/anvil-linux-amd64; all on loopback,
// driven by the same HTTP client. Hardhat and anvil get ethers-signed type-2 transactions.

import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type Peer,
  SENDERS,
  TXS,
  bundleDevnode,
  startAnvilPeer,
  startDevnodePeer,
  startHardhatPeer,
} from './devnode-peers';
import { runSenders } from './lib/concurrency';
import { arg, args, flag, helpIfAsked, intArg, numberArg, optionalIntArg } from './lib/args';
import { compileCounter } from './lib/counter';
import { cpuSeconds, peakRssMiB } from './lib/processes';
import { READERS, SLICE_SIZE, formatSeries, measureReads } from './lib/reads';
import { sourceAt } from './lib/sourceAt';

const USAGE = `node --import tsx bench/devnode.bench.ts [options]   (or: npm run bench -- devnode.bench [options])
  --rounds N            transaction rounds per node, alternating (default 3)
  --read-slices N       slices of calls and of block-number requests per node (default 20)
  --tx-only             skip the calls and block-number requests (the transaction path alone)
  --devnode-only        skip the peers (Hardhat and anvil)
  --no-hardhat          skip Hardhat's node
  --no-anvil            skip anvil
  --anvil-args "..."    flags passed to anvil
  --durable             also the dev node with a data directory (fsync per block)
  --ab "<node flags>"   (repeatable) the dev node under those node/V8 flags as a peer "devnode B", "devnode C"...
  --ab-ref <git ref>    the dev node built from that commit as a peer "devnode@<ref>" (with --durable, its
                        durable node too): an A/B of a code change in one run
  --growth [N]          only the growth bench (devnode-growth.ts): N transactions (default 1,000,000)
                        against the dev node CLI with --data, then a restart
    --budget MIN        stop sending after MIN minutes and measure the restart there
    --growth-data DIR   use and keep DIR, continuing an existing chain
    --growth-from K     start the keys after K (a continued chain's nonces and slots stay new)
    --growth-slice N    report every N transactions
  --help, -h            print this and exit
Environment:
  BENCH_DEVNODE_NODE_ARGS  node flags for the dev node process (e.g. "--cpu-prof")
  BENCH_GROWTH_NODE_ARGS   node flags for the growth bench's dev node CLI
  BENCH_GROWTH_CLI         the dev node CLI the growth bench runs (default: the bundle it builds)`;

helpIfAsked(USAGE);
// Read before anything starts: a wrong value stops the bench with a message (bench/lib/args.ts).
const ROUNDS = intArg('--rounds', 3);
const SLICES = flag('--tx-only') ? 0 : intArg('--read-slices', 20);
const GROWTH = optionalIntArg('--growth', 1_000_000);
const GROWTH_OPTIONS = {
  budget: numberArg('--budget', Infinity),
  dataDir: arg('--growth-data', '') || undefined,
  firstKey: intArg('--growth-from', 0, 0),
  slice: intArg('--growth-slice', 0, 1),
};
const ANVIL_ARGS = arg('--anvil-args', '').split(' ').filter(Boolean);
const AB_FLAGS = args('--ab').map((f) => f.split(' ').filter(Boolean));
const AB_REF = arg('--ab-ref', '');

interface TxRun {
  txPerSec: number;
  /** Server and client CPU milliseconds per transaction during the run. */
  serverCpuMsPerTx: number;
  /** The server's main (JavaScript) thread alone: the serial part that bounds throughput. */
  serverMainCpuMsPerTx: number;
  clientCpuMsPerTx: number;
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
    if (GROWTH !== undefined) {
      const { runGrowth } = await import('./devnode-growth');
      const { budget, ...options } = GROWTH_OPTIONS;
      await runGrowth(work, GROWTH, budget, options);
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
  const rounds = ROUNDS;
  const counter = compileCounter();
  const server = await bundleDevnode();
  const peers: Peer[] = [];
  try {
    peers.push(await startDevnodePeer(counter, server, 'devnode'));
    // --ab "<node flags>" (repeatable): the same dev node under other node/V8 flags, as further
    // peers "devnode B", "devnode C"... (an A/B in one run).
    let variant = 0;
    for (const flags of AB_FLAGS) {
      const name = `devnode ${String.fromCharCode(66 + variant++)}`;
      peers.push(await startDevnodePeer(counter, server, name, undefined, flags));
    }
    if (flag('--durable')) {
      peers.push(await startDevnodePeer(counter, server, 'devnode --data', mkdtempSync(join(work, 'data-'))));
    }
    const ref = AB_REF;
    if (ref !== '') {
      const base = await bundleDevnode(sourceAt(ref, work), '-ab');
      peers.push(await startDevnodePeer(counter, base, `devnode@${ref}`.slice(0, 15)));
      // With --durable, the other commit's node with a data directory too (a store A/B).
      if (flag('--durable'))
        peers.push(
          await startDevnodePeer(
            counter,
            base,
            `@${ref} --data`.slice(0, 15),
            mkdtempSync(join(work, 'data-ab-')),
          ),
        );
    }
    const only = flag('--devnode-only');
    if (!only && !flag('--no-hardhat')) peers.push(await startHardhatPeer(counter, work));
    if (!only && !flag('--no-anvil')) peers.push(await startAnvilPeer(counter, ANVIL_ARGS));
    const tx = new Map<Peer, TxRun[]>(peers.map((p) => [p, []]));
    const loadAtStart = load();
    for (let r = 0; r < rounds; r++) {
      for (const p of peers) tx.get(p)!.push(await measureTx(p));
    }
    // --tx-only skips the reads (profiling the transaction path alone).
    const slices = SLICES;
    const reads = slices > 0 ? await measureReads(peers, rounds * TXS, slices) : undefined;
    // Peak RSS over the whole run: every round of transactions, calls and block numbers.
    const rss = new Map(peers.map((p) => [p, peakRssMiB(p.pid)]));

    console.log(
      `workload: ${TXS} set(uint256) txs from ${SENDERS} senders (${rounds} rounds per node, alternating); ` +
        `${slices} slices of ${SLICE_SIZE.call} calls and of ${SLICE_SIZE['block number']} block-number requests from ${READERS} clients ` +
        `per node (peers rotated, after a warm-up; figures summed over the slices)`,
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
    for (const [kind, m] of reads ?? [])
      for (const p of peers)
        console.log(`${p.name.padEnd(15)} ${kind.padEnd(15)} ${formatSeries(m.get(p)!)}`);
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
      for (const [kind, m] of reads ?? [])
        console.log(
          `a/b vs ${ab.name}: ${kind} ${(m.get(dev)!.reqPerSec / m.get(ab)!.reqPerSec).toFixed(2)}x req/s,` +
            ` server CPU per request ${m.get(dev)!.serverCpuMsPerReq.toFixed(3)} vs ${m.get(ab)!.serverCpuMsPerReq.toFixed(3)} ms`,
        );
      console.log(
        `a/b vs ${ab.name}: tx/s (best) ${(best(tx.get(dev)!, (x) => x.txPerSec).txPerSec / best(tx.get(ab)!, (x) => x.txPerSec).txPerSec).toFixed(2)}x,` +
          ` server CPU per tx (mean of rounds) main thread ${main(dev).toFixed(3)} vs ${main(ab).toFixed(3)} ms,` +
          ` whole process ${all(dev).toFixed(3)} vs ${all(ab).toFixed(3)} ms`,
      );
    }
    const bestTx = (p: Peer) => best(tx.get(p)!, (x) => x.txPerSec).txPerSec;
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
      for (const [what, m] of reads ?? []) {
        const d = m.get(dev)!;
        const a = m.get(anvil)!;
        const r = d.reqPerSec / a.reqPerSec;
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

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
