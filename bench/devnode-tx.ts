// In-process cost of the dev node's transactions (no HTTP): the devnode bench's transaction
// workload (the Counter contract's set(k): two storage writes and an event, from 8 senders)
// driven straight through the JSON-RPC handler, in the bundled dev node under plain node with
// the CLI's heap policy. Prints CPU per transaction for the whole process and for the EVM
// executor's share (EvmExecutor.run, process.cpuUsage around it: load-robust on a shared machine).
//
// Run: node --import tsx bench/devnode-tx.ts [--txs N] [--rounds N] [--ref <git ref>]
//      [--node-args "<flags>"] (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof")
// --direct-only runs only the executor loop (for a profile of it).
// --ref runs the same driver on the dev node of another commit too (an A/B, alternating A B A B).

import { Interface } from 'ethers';
import { compileCounter } from './lib/counter';
import { arg, flag, helpIfAsked, intArg } from './lib/args';
import { median, runDriver } from './lib/inProcessDriver';

helpIfAsked(
  'node --import tsx bench/devnode-tx.ts [--txs N] [--rounds N] [--passes N] [--ref <git ref>]\n' +
    '  [--node-args "<flags>"] [--direct-only]',
);

// The driver, after the shared prelude (bench/lib/inProcessDriver.ts).
const DRIVER = `
import { EvmExecutor } from './src/devnode/evm/executor';
let evmUs = 0;
if (!cfg.directOnly) {
  // The executor's share under the concurrent load (it awaits, so a little of what runs between
  // its steps is counted too).
  const run = EvmExecutor.prototype.run;
  EvmExecutor.prototype.run = async function (...a) {
    const c0 = process.cpuUsage();
    try { return await run.apply(this, a); } finally { const c = process.cpuUsage(c0); evmUs += c.user + c.system; }
  };
}
(async () => {
  const { node, rpc } = await startNode();
  const keys = node.accounts.slice(0, 8).map((a) => fromHex(a.privateKey));
  let nonce = 0;
  let limit = 0n;
  const sign = (key, to, input, abi) => {
    const data = { version: 0, chainID: 'chain0', groupID: 'group0', blockLimit: limit, nonce: 't-' + nonce++, to, input: fromHex(input), abi };
    const hash = hashTransactionData(data, ecdsaSuite);
    return toHex(encodeTransaction({ data, dataHash: hash, signature: ecdsaSuite.sign(hash, key) }));
  };
  limit = BigInt(await rpc('getBlockNumber', ['group0', ''])) + 900n;
  const dep = await rpc('sendTransaction', ['group0', '', sign(keys[0], '', cfg.bytecode, JSON.stringify(cfg.abi)), false]);
  const address = dep.contractAddress;
  let k = 0;
  const measure = async (n) => {
    limit = BigInt(await rpc('getBlockNumber', ['group0', ''])) + 900n;
    const txs = [];
    for (let i = 0; i < n; i++) { k++; txs.push(sign(keys[i % 8], address, cfg.set + word(k), '')); }
    evmUs = 0;
    const c0 = process.cpuUsage();
    // 8 senders, each sending its next transaction when the previous one's receipt is back.
    let next = 0;
    const sender = async () => {
      while (next < n) {
        const r = await rpc('sendTransaction', ['group0', '', txs[next++], false]);
        if (r.status !== 0) throw new Error('set failed: ' + JSON.stringify(r));
      }
    };
    await Promise.all(Array.from({ length: 8 }, sender));
    const c = process.cpuUsage(c0);
    return { cpuUs: (c.user + c.system) / n, evmUs: evmUs / n };
  };
  // The executor alone: the same transactions run one after another on EvmExecutor.run (as a
  // block's execution does), nothing else in between.
  const execution = node.chain.execution;
  const executor = execution.executor;
  const origin = node.accounts[0].address.toLowerCase();
  const direct = async (n) => {
    const number = node.chain.blockNumber() + 1;
    const input = [];
    for (let i = 0; i < n; i++) { k++; input.push(fromHex(cfg.set + word(k))); }
    const c0 = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      const o = await executor.run({ origin, to: address, input: input[i], readOnly: false }, execution.blockEnv(number, Date.now(), i));
      if (o.status !== 0 || o.logs.length !== 1) throw new Error('set failed: ' + o.status);
    }
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / n;
  };
  if (cfg.directOnly) {
    // Profiling the executor: only its loop.
    await direct(cfg.txs / 2);
    const out = [];
    for (let r = 0; r < cfg.rounds; r++) out.push({ cpuUs: 0, evmUs: 0, directUs: await direct(cfg.txs) });
    process.stdout.write(JSON.stringify(out) + '\\n');
    await node.stop();
    process.exit(0);
  }
  await measure(cfg.txs / 2);
  await direct(cfg.txs / 2);
  const out = [];
  for (let r = 0; r < cfg.rounds; r++) out.push({ ...(await measure(cfg.txs)), directUs: await direct(cfg.txs) });
  process.stdout.write(JSON.stringify(out) + '\\n');
  await node.stop();
  process.exit(0);
})().catch((e) => { console.error(e); process.exit(1); });
`;

interface Round {
  cpuUs: number;
  evmUs: number;
  directUs: number;
}

async function main(): Promise<void> {
  const txs = intArg('--txs', 2000);
  const rounds = intArg('--rounds', 3);
  const nodeArgs = arg('--node-args', '').split(' ').filter(Boolean);
  const counter = compileCounter();
  const iface = new Interface(counter.abi as never);
  const perProcess = await runDriver<Round[]>({
    name: 'tx',
    driver: DRIVER,
    cfg: {
      bytecode: counter.bytecode,
      abi: counter.abi,
      set: iface.getFunction('set')!.selector,
      txs,
      rounds,
      directOnly: flag('--direct-only'),
    },
    ref: arg('--ref', ''),
    passes: intArg('--passes', 2),
    nodeArgs,
    keepBundles: nodeArgs.length > 0,
  });
  console.log(
    `in-process transactions: ${txs} set(k) per round from 8 senders, ${rounds} rounds per process`,
  );
  for (const [name, processes] of perProcess) {
    const list = processes.flat();
    console.log(
      `${name.padEnd(12)} CPU/tx ${list.map((r) => r.cpuUs.toFixed(0)).join('/')} µs (median ${median(list.map((r) => r.cpuUs)).toFixed(1)})` +
        `  EvmExecutor.run ${list.map((r) => r.evmUs.toFixed(1)).join('/')} µs (median ${median(list.map((r) => r.evmUs)).toFixed(1)})` +
        `  alone ${list.map((r) => r.directUs.toFixed(1)).join('/')} µs (median ${median(list.map((r) => r.directUs)).toFixed(1)}, min ${Math.min(...list.map((r) => r.directUs)).toFixed(1)})`,
    );
  }
}

void main().catch((e) => {
  console.error(e);
  process.exit(1);
});
