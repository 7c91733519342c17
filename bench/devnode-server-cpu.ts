// Where the dev node's server CPU per `call` and per getBlockNumber goes over HTTP: the devnode
// bench's dev node (the same bundle, the same transaction rounds first, so heap and caches are as
// there) and its read phases, measured per phase from outside the process:
//   - CPU per request of each thread, grouped by name (/proc/<pid>/task/*/stat: the main thread
//     "node", V8's workers "V8 DefaultWorke" (GC, compiler), libuv's pool, RocksDB's threads);
//   - context switches per request of the main thread (voluntary: it waited for work);
//   - with --trace (V8's --trace-gc --trace-opt --trace-deopt on the dev node's stdout): GCs,
//     optimizations and deopts per 1,000 requests (--print-deopts prints each deopt);
//   - with --strace: syscalls per request (`strace -c -f` attached during the phase; it slows
//     the server, so its CPU figures are then not the bench's);
//   - with --perf <dir>: `perf record` of the phase (needs --node-args "--perf-basic-prof").
//
// Run: node --import tsx bench/devnode-server-cpu.ts [options] (USAGE below; --help prints it).

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { SENDERS, TXS, bundleDevnode, startAnvilPeer, startDevnodePeer, type Peer } from './devnode-peers';
import { arg, flag, helpIfAsked, intArg } from './lib/args';
import { runSenders } from './lib/concurrency';
import { LoadClient, type ReadRequest } from './lib/loadClient';
import { compileCounter } from './lib/counter';
import { threadStats } from './lib/processes';
import { sourceAt } from './lib/sourceAt';

const READERS = 16;

const USAGE = `node --import tsx bench/devnode-server-cpu.ts [options]
  --rounds N            transaction rounds before the reads (default 3)
  --reads N             requests per read phase (default 5000)
  --trace               V8's --trace-gc --trace-opt --trace-deopt on the dev node: GCs, optimizations, deopts
  --print-deopts        with --trace, print each deopt
  --strace              syscalls per request (strace -c -f attached during each phase; slows the server)
  --perf <dir>          perf record of each phase into <dir> (needs --node-args "--perf-basic-prof")
  --node-args "<flags>" node flags for the dev node
  --ref <git ref>       the dev node of that commit instead of this tree's
  --anvil               anvil instead of the dev node, measured the same way
  --anvil-args "..."    flags passed to anvil
  --help, -h            print this and exit
Environment:
  BENCH_DEVNODE_NODE_ARGS  node flags for the dev node process (before --node-args)`;

helpIfAsked(USAGE);

interface ThreadTimes {
  /** CPU ticks (1/100 s) and voluntary/involuntary context switches per thread name. */
  ticks: Map<string, number>;
  count: Map<string, number>;
  vcs: number;
  ivcs: number;
}

/** Every thread of `pid` by name: CPU ticks; the main thread's context switches. */
function threadTimes(pid: number): ThreadTimes {
  const t: ThreadTimes = { ticks: new Map(), count: new Map(), vcs: 0, ivcs: 0 };
  for (const th of threadStats(pid)) {
    const group = th.main ? 'main thread' : th.name.replace(/[0-9]+$/, '');
    t.ticks.set(group, (t.ticks.get(group) ?? 0) + Math.round(th.cpu * 100));
    t.count.set(group, (t.count.get(group) ?? 0) + 1);
    if (th.main) {
      const status = readFileSync(th.statusPath, 'utf8');
      t.vcs = Number(/^voluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1]);
      t.ivcs = Number(/^nonvoluntary_ctxt_switches:\s+(\d+)/m.exec(status)?.[1]);
    }
  }
  return t;
}

/** Counts V8's trace lines on the dev node's stdout by kind. */
function traceCounter(child: ChildProcess | undefined): Map<string, number> {
  const counts = new Map<string, number>();
  const kinds: [string, RegExp][] = [
    ['scavenge', /Scavenge/],
    ['mark-compact', /Mark-Compact|Mark-sweep|Mark-Sweep/],
    ['optimized', /\[completed (optimizing|compiling)/],
    ['marked for opt', /\[marking .* for optimiz/],
    ['deopt', /\[bailout \(kind: deopt/],
  ];
  let rest = '';
  child?.stdout?.on('data', (chunk: Buffer) => {
    const lines = (rest + chunk.toString('latin1')).split('\n');
    rest = lines.pop() ?? '';
    for (const l of lines)
      for (const [k, re] of kinds)
        if (re.test(l)) {
          counts.set(k, (counts.get(k) ?? 0) + 1);
          if (k === 'deopt' && flag('--print-deopts')) console.log(`  ${l.slice(0, 200)}`);
        }
  });
  return counts;
}

async function attached(cmd: string, args: string[]): Promise<() => Promise<void>> {
  const p = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'] });
  await new Promise((r) => setTimeout(r, 500)); // let it attach
  return () =>
    new Promise<void>((done) => {
      p.once('exit', () => done());
      p.kill('SIGINT');
    });
}

/** The syscall rows of an `strace -c` summary, per request. */
function straceRows(file: string, reads: number): string[] {
  const rows: string[] = [];
  for (const l of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*([\d.]+)\s+([\d.]+)\s+(\d+)\s+(\d+)\s+(?:(\d+)\s+)?(\w+)$/.exec(l);
    if (m && m[6] !== 'total' && Number(m[4]) / reads >= 0.01)
      rows.push(`${m[6]} ${(Number(m[4]) / reads).toFixed(2)}`);
  }
  return rows;
}

async function phase(
  peer: Peer,
  what: string,
  requests: ReadRequest[],
  client: LoadClient,
  traces: Map<string, number>,
): Promise<void> {
  const reads = requests.length;
  const work = mkdtempSync(join(tmpdir(), 'srvcpu-'));
  const stops: (() => Promise<void>)[] = [];
  const straceOut = join(work, 'strace');
  if (flag('--strace'))
    stops.push(await attached('strace', ['-c', '-f', '-o', straceOut, '-p', String(peer.pid)]));
  const perfDir = arg('--perf', '');
  if (perfDir)
    stops.push(
      await attached('perf', [
        'record',
        '-F',
        '997',
        '-g',
        '-o',
        join(perfDir, `${what.replace(' ', '-')}-${Date.now()}.data`),
        '-p',
        String(peer.pid),
      ]),
    );
  const tr0 = new Map(traces);
  const t0 = threadTimes(peer.pid);
  const timing = await client.run(requests);
  const t1 = threadTimes(peer.pid);
  const tr1 = new Map(traces);
  for (const s of stops) await s();
  const perReq = (ticks: number) => ((ticks * 10) / reads).toFixed(4);
  let all = 0;
  const parts: string[] = [];
  for (const [name, v] of t1.ticks) {
    const d = v - (t0.ticks.get(name) ?? 0);
    all += d;
    if (d > 0) parts.push(`${name} (${t1.count.get(name)}) ${perReq(d)}`);
  }
  console.log(
    `${what.padEnd(13)} ${(reads / timing.seconds).toFixed(0).padStart(6)} req/s, load ${loadavg()[0].toFixed(1)}` +
      `  server CPU ms/req ${perReq(all)}: ${parts.join(', ')}`,
  );
  console.log(
    `${''.padEnd(13)} main thread context switches per request: voluntary ${((t1.vcs - t0.vcs) / reads).toFixed(2)}, involuntary ${((t1.ivcs - t0.ivcs) / reads).toFixed(2)}`,
  );
  if (tr1.size > 0)
    console.log(
      `${''.padEnd(13)} per 1,000 requests: ` +
        [...tr1].map(([k, v]) => `${k} ${(((v - (tr0.get(k) ?? 0)) * 1000) / reads).toFixed(2)}`).join(', '),
    );
  if (flag('--strace'))
    console.log(`${''.padEnd(13)} syscalls per request: ${straceRows(straceOut, reads).join(', ')}`);
  rmSync(work, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const rounds = intArg('--rounds', 3);
  const reads = intArg('--reads', 5000);
  const nodeArgs = arg('--node-args', '').split(' ').filter(Boolean);
  if (flag('--trace')) nodeArgs.push('--trace-gc', '--trace-opt', '--trace-deopt');
  const work = mkdtempSync(join(tmpdir(), 'srvcpu-src-'));
  const ref = arg('--ref', '');
  const counter = compileCounter();
  const anvil = flag('--anvil');
  const server = anvil ? '' : ref ? await bundleDevnode(sourceAt(ref, work), '-ab') : await bundleDevnode();
  const peer = anvil
    ? await startAnvilPeer(counter, arg('--anvil-args', '').split(' ').filter(Boolean))
    : await startDevnodePeer(counter, server, 'devnode', undefined, nodeArgs);
  const traces = traceCounter(peer.child);
  const clients: LoadClient[] = [];
  try {
    // As devnode.bench.ts: the transaction rounds first, then the reads over every key written.
    for (let r = 0; r < rounds; r++) await runSenders(await peer.signRound(), (tx) => peer.send(tx));
    console.log(
      `${anvil ? 'anvil' : ref || 'this tree'}: ${rounds} rounds of ${TXS} transactions (${SENDERS} senders) done`,
    );
    // The devnode bench's load client (bench/lib/loadClient.ts), 16 connections.
    const client = new LoadClient(peer.url, READERS);
    clients.push(client);
    const written = rounds * TXS;
    const calls = () => Array.from({ length: reads }, (_, i) => peer.callRequest(((i * 7919) % written) + 1));
    const heights = () => Array.from({ length: reads }, () => peer.blockNumberRequest());
    for (let r = 0; r < 2; r++) {
      await phase(peer, 'call', calls(), client, traces);
      await phase(peer, 'block number', heights(), client, traces);
    }
  } finally {
    for (const c of clients) c.close();
    await peer.stop();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
