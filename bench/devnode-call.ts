// In-process cost of the dev node's `call` (no HTTP): the devnode bench's call workload (the
// Counter contract, m(k) over every key written, each answer checked) driven straight through
// the JSON-RPC handler and through DevChain.call, in the bundled dev node under plain node with
// the CLI's heap policy. Prints CPU per call (process.cpuUsage: load-robust on a shared machine),
// GC time and count per call (PerformanceObserver), and bytes allocated per call.
//
// Run: node --import tsx bench/devnode-call.ts [--calls N] [--keys N] [--ref <git ref>]
//      [--node-args "<flags>"] (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") [--alloc-profile <file>]
// --ref runs the same driver on the dev node of another commit too (an A/B, alternating).

import { resolve } from 'node:path';
import { Interface } from 'ethers';
import { compileCounter } from './lib/counter';
import { arg, helpIfAsked, intArg } from './lib/args';
import { median, runDriver } from './lib/inProcessDriver';

helpIfAsked(
  'node --import tsx bench/devnode-call.ts [--calls N] [--keys N] [--rounds N] [--ref <git ref>] [--passes N]\n' +
    '  [--node-args "<flags>"] [--alloc-profile <file>] [--in-flight N]',
);

// The driver, after the shared prelude (bench/lib/inProcessDriver.ts), bundled with the dev
// node's source (from this checkout or from an A/B ref).
const DRIVER = `
import { PerformanceObserver } from 'node:perf_hooks';
let gcMs = 0, gcs = 0;
new PerformanceObserver((l) => { for (const e of l.getEntries()) { gcMs += e.duration; gcs++; } }).observe({ entryTypes: ['gc'] });
(async () => {
  const { node, rpc } = await startNode();
  const key = fromHex(node.accounts[0].privateKey);
  let nonce = 0;
  const limit = BigInt(await rpc('getBlockNumber', ['group0', ''])) + 900n;
  const sign = (to, input, abi) => {
    const data = { version: 0, chainID: 'chain0', groupID: 'group0', blockLimit: limit, nonce: 'c-' + nonce++, to, input: fromHex(input), abi };
    const hash = hashTransactionData(data, ecdsaSuite);
    return toHex(encodeTransaction({ data, dataHash: hash, signature: ecdsaSuite.sign(hash, key) }));
  };
  const dep = await rpc('sendTransaction', ['group0', '', sign('', cfg.bytecode, JSON.stringify(cfg.abi)), false]);
  const address = dep.contractAddress;
  for (let k = 1; k <= cfg.keys; k += 100) {
    const batch = [];
    for (let j = k; j < k + 100 && j <= cfg.keys; j++)
      batch.push(rpc('sendTransaction', ['group0', '', sign(address, cfg.set + word(j), ''), false]));
    await Promise.all(batch);
  }
  const pick = (i) => ((i * 7919) % cfg.keys) + 1;
  const viaHandler = async (i) => {
    const k = pick(i);
    const r = await rpc('call', ['group0', '', address, cfg.m + word(k)]);
    if (r.status !== 0 || BigInt(r.output) !== BigInt(k)) throw new Error('m(' + k + ') answered ' + r.output);
  };
  const viaChain = async (i) => {
    const k = pick(i);
    const r = await node.chain.call(address, fromHex(cfg.m + word(k)));
    if (r.status !== 0 || BigInt(toHex(r.output)) !== BigInt(k)) throw new Error('m(' + k + ') failed');
  };
  const measure = async (f, n) => {
    gcMs = 0; gcs = 0;
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    // cfg.inFlight calls at a time, as a server with that many clients interleaves them.
    const c = cfg.inFlight;
    if (c > 1) for (let i = 0; i < n; i += c) await Promise.all(Array.from({ length: Math.min(c, n - i) }, (_, j) => f(i + j)));
    else for (let i = 0; i < n; i++) await f(i);
    const wall = performance.now() - t0;
    const u = process.cpuUsage(c0);
    await new Promise((r) => setImmediate(r));
    return { cpuUs: (u.user + u.system) / n, wallUs: (wall * 1000) / n, gcUs: (gcMs * 1000) / n, gcPer1k: (gcs * 1000) / n };
  };
  for (let w = 0; w < 3; w++) { await measure(viaHandler, cfg.calls / 2); await measure(viaChain, cfg.calls / 2); }
  const out = { handler: [], chain: [] };
  for (let r = 0; r < cfg.rounds; r++) {
    out.handler.push(await measure(viaHandler, cfg.calls));
    out.chain.push(await measure(viaChain, cfg.calls));
  }
  if (cfg.allocProfile) {
    // Every allocation sampled, also those already collected (what the GC has to deal with).
    const { Session } = await import('node:inspector');
    const session = new Session();
    session.connect();
    const post = (m, p) => new Promise((res, rej) => session.post(m, p, (e, r) => (e ? rej(e) : res(r))));
    await post('HeapProfiler.startSampling', { samplingInterval: 256, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    for (let i = 0; i < cfg.calls; i++) await viaHandler(i);
    const { profile } = await post('HeapProfiler.stopSampling');
    require('node:fs').writeFileSync(cfg.allocProfile, JSON.stringify({ ...profile, calls: cfg.calls }));
  }
  process.stdout.write(JSON.stringify(out) + '\\n');
  await node.stop();
  process.exit(0);
})().catch((e) => { console.error(e); process.exit(1); });
`;

interface Round {
  cpuUs: number;
  wallUs: number;
  gcUs: number;
  gcPer1k: number;
}

async function main(): Promise<void> {
  const calls = intArg('--calls', 10000);
  const keys = intArg('--keys', 2000);
  const rounds = intArg('--rounds', 3);
  // Processes per build in an A/B (more for a small difference on a loaded machine).
  const passes = intArg('--passes', 2);
  const ref = arg('--ref', '');
  const nodeArgs = arg('--node-args', '').split(' ').filter(Boolean);
  // --alloc-profile <file>: a sampling allocation profile of one more round through the handler.
  const allocProfile = arg('--alloc-profile', '');
  // --in-flight N: N calls issued at once and awaited together (default 1, one after another).
  const inFlight = intArg('--in-flight', 1);
  const counter = compileCounter();
  const iface = new Interface(counter.abi as never);
  const results = await runDriver<{ handler: Round[]; chain: Round[] }>({
    name: 'call',
    driver: DRIVER,
    cfg: {
      bytecode: counter.bytecode,
      abi: counter.abi,
      set: iface.getFunction('set')!.selector,
      m: iface.getFunction('m')!.selector,
      keys,
      calls,
      rounds,
      inFlight,
      allocProfile: allocProfile === '' ? undefined : resolve(allocProfile),
    },
    ref,
    passes,
    nodeArgs,
    // The bundles stay only for a profile, whose lines point into them.
    keepBundles: nodeArgs.length > 0 || allocProfile !== '',
  });
  console.log(
    `in-process call: ${calls} calls of m(k) per round over ${keys} keys, ${rounds} rounds per process, ${inFlight} in flight`,
  );
  const f = (x: Round[]) =>
    x.map((r) => `${r.cpuUs.toFixed(1)}`).join('/') +
    ` µs CPU (median ${median(x.map((r) => r.cpuUs)).toFixed(1)}), GC ${median(x.map((r) => r.gcUs)).toFixed(1)} µs, ` +
    `${median(x.map((r) => r.gcPer1k)).toFixed(1)} GCs per 1k`;
  for (const [name, list] of results) {
    for (const r of list) {
      console.log(`${name.padEnd(12)} handler ${f(r.handler)}`);
      console.log(`${name.padEnd(12)} chain   ${f(r.chain)}`);
    }
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
