// Debugger: opening a transaction of about 100,000 EVM steps — the devnode's trace
// (devnode_debugTraceTransaction: replay and record), its JSON round trip (the RPC hop), and the
// adapter's trace model (Solidity line of every step) — against the peer of running the same
// call untraced on the same node. The target: opened in under 2 s.
// Then the replay: on a chain of some thousands of transactions, opening a recent transaction
// the first time (replay from genesis), and again after new blocks (the devnode's replica only
// advances over them), against the untraced call on the same chain.
//
// `node --import tsx bench/debugger.bench.ts` (or `npm run bench debugger`).

import { Interface } from 'ethers';
import { fromHex } from '../src/protocol/hex';
import { DEFAULT_TRACE_LIMITS } from '../src/devnode/evm/trace';
import { TraceModel, type Trace } from '../src/extension/debug/traceModel';
import { newChain, signedTx } from '../test/unit/devnode/chain-fixtures';
import type { DevChain } from '../src/devnode/chain/types';
import { compileWith, lookupIn } from '../test/unit/extension/debug-fixture';
import { helpIfAsked } from './lib/args';

helpIfAsked(
  `node --import tsx bench/debugger.bench.ts   (or: npm run bench -- debugger)
  --help, -h            print this and exit
Environment:
  DEBUGGER_BENCH_TXS    transactions on the long chain of the replay part (default 3000)`,
);

const LOOP_SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Loop {
    uint256 public total;
    function run(uint256 n) public {
        uint256 t = total;
        for (uint256 i = 0; i < n; i++) { t += i; }
        total = t;
    }
}
`;

async function main(): Promise<void> {
  const build = compileWith('solc', LOOP_SOURCE).Loop;
  const chain = await newChain();
  try {
    const key = chain.accounts[0].privateKey;
    const d = await chain.submit(signedTx(chain, key, { input: build.bytecode }).raw);
    const addr = '0x' + d.receipt.data.contractAddress;
    const data = new Interface(JSON.stringify(build.abi)).encodeFunctionData('run', [1300]);
    const { raw, hash } = signedTx(chain, key, { to: addr, input: fromHex(data) });
    await chain.submit(raw);

    let t = performance.now();
    await chain.call(addr, fromHex(data));
    const plain = performance.now() - t;

    t = performance.now();
    const traced = (await chain.traceTransaction(hash, DEFAULT_TRACE_LIMITS))!;
    const traceMs = performance.now() - t;
    t = performance.now();
    // The RPC reply as the extension receives it (shape: src/devnode/evm/trace.ts).

    const wire = JSON.parse(JSON.stringify(traced)) as { trace: Trace };
    const jsonMs = performance.now() - t;
    t = performance.now();
    const located = (m: TraceModel) => m.locations.filter((l) => l !== undefined).length;
    const model = new TraceModel(wire.trace, lookupIn(build));
    model.stepOver(0);
    const modelMs = performance.now() - t;
    const total = traceMs + jsonMs + modelMs;
    console.log(`steps: ${traced.trace.steps.length} (${located(model)} with a Solidity line)`);
    console.log(`untraced call (peer): ${plain.toFixed(0)} ms`);
    console.log(
      `devnode trace: ${traceMs.toFixed(0)} ms (${(traceMs / plain).toFixed(1)}x the untraced call)`,
    );
    console.log(`JSON round trip: ${jsonMs.toFixed(0)} ms; trace model: ${modelMs.toFixed(0)} ms`);
    console.log(`opened in ${total.toFixed(0)} ms (target < 2000 ms): ${total < 2000 ? 'ok' : 'OVER'}`);
  } finally {
    await chain.close();
  }
  await longChain(build);
}

/** Signs and submits `n` small transactions, `batch` at a time (several per block). */
async function fill(chain: DevChain, to: string, n: number, batch: number): Promise<void> {
  const key = chain.accounts[0].privateKey;
  const iface = new Interface(JSON.stringify(compileWith('solc', LOOP_SOURCE).Loop.abi));
  for (let i = 0; i < n; i += batch) {
    const raws = [];
    for (let k = i; k < Math.min(n, i + batch); k++)
      raws.push(signedTx(chain, key, { to, input: fromHex(iface.encodeFunctionData('run', [k % 7])) }).raw);
    await Promise.all(raws.map((r) => chain.submit(r)));
  }
}

async function longChain(build: ReturnType<typeof compileWith>[string]): Promise<void> {
  const TXS = Number(process.env.DEBUGGER_BENCH_TXS ?? 3000);
  const chain = await newChain();
  try {
    const key = chain.accounts[0].privateKey;
    const d = await chain.submit(signedTx(chain, key, { input: build.bytecode }).raw);
    const addr = '0x' + d.receipt.data.contractAddress;
    await fill(chain, addr, TXS, 20);
    const data = new Interface(JSON.stringify(build.abi)).encodeFunctionData('run', [50]);
    const open = async (): Promise<{ ms: number; replayed: number }> => {
      const { raw, hash } = signedTx(chain, key, { to: addr, input: fromHex(data) });
      await chain.submit(raw);
      const t = performance.now();
      const traced = (await chain.traceTransaction(hash, DEFAULT_TRACE_LIMITS))!;
      new TraceModel(JSON.parse(JSON.stringify(traced.trace)) as Trace, lookupIn(build)).stepOver(0);
      return { ms: performance.now() - t, replayed: chain.lastReplayStats!.blocksReplayed };
    };
    const t = performance.now();
    await chain.call(addr, fromHex(data));
    const plain = performance.now() - t;
    const cold = await open();
    await fill(chain, addr, 40, 20);
    const warm = await open();
    const again = await open();
    console.log(`chain of ${TXS + 1} transactions in ${chain.blockNumber()} blocks`);
    console.log(`untraced call (peer): ${plain.toFixed(1)} ms`);
    console.log(`first open (replay from genesis, ${cold.replayed} blocks): ${cold.ms.toFixed(0)} ms`);
    console.log(
      `open after 40 new transactions (replica advanced ${warm.replayed} blocks): ${warm.ms.toFixed(0)} ms (${(cold.ms / warm.ms).toFixed(1)}x faster than from genesis)`,
    );
    console.log(
      `open the next block's transaction: ${again.ms.toFixed(0)} ms (${again.replayed} blocks replayed)`,
    );
  } finally {
    await chain.close();
  }
}

void main();
