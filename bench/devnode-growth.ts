// Growth bench (opt-in: `node --import tsx bench/devnode.bench.ts --growth [N]`, default
// 1,000,000 transactions): a dev node with --data takes N set(k) transactions (m[k] = k and an
// event, each k new) from 32 concurrent senders. Every 10% (100,000 at the default) it prints
// the slice's throughput, the node's RSS, the data directory's size, and the p50 latency of
// calls on keys written in the first slice and of fetching blocks from the first slice. Then it
// stops the node (SIGTERM) and times a restart to the first answer.
// Goals (issue 14): restart < 1 s at any height, RSS < 250 MiB at 1,000,000, the last slice's
// throughput >= 80% of the first.

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { Rpc, bundleDevnode, compileCounter, runConcurrent, stopChild, waitForLine } from './devnode.bench';

const SENDERS = 32;
/** Transactions signed ahead at a time (well inside the block_limit window of 1000 blocks). */
const CHUNK = 4_000;
const PROBES = 200;

/** RSS, and its anonymous part (heap; the rest is mapped files such as the LMDB store's pages). */
function rssMiB(pid: number): { total: number; anon: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) / 1024;
  return { total: kb('VmRSS'), anon: kb('RssAnon') };
}

function dirMiB(dir: string): number {
  let bytes = 0;
  for (const f of readdirSync(dir)) bytes += statSync(join(dir, f)).size;
  return bytes / 2 ** 20;
}

async function startNode(server: string, dataDir: string): Promise<{ child: ChildProcess; info: ReadyInfo }> {
  const child = spawn(process.execPath, [server, dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  const line = await waitForLine(child, (l) => l.startsWith('{'), 'dev node');
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- our own bench server's ready line
  return { child, info: JSON.parse(line) as ReadyInfo };
}

interface ReadyInfo {
  url: string;
  accounts: { address: string; privateKey: string }[];
}

export async function runGrowth(work: string, total: number): Promise<void> {
  const counter = compileCounter();
  const server = await bundleDevnode(work);
  const dataDir = mkdtempSync(join(work, 'growth-'));
  const { child, info } = await startNode(server, dataDir);
  const rpc = new Rpc(info.url);
  const { ecdsaSuite } = await import('../src/protocol/crypto/suite');
  const { encodeTransaction, hashTransactionData } = await import('../src/protocol/transaction');
  const { fromHex, toHex } = await import('../src/protocol/hex');
  const keys = info.accounts.map((a) => fromHex(a.privateKey));
  let nonce = 0;
  const sign = (key: Uint8Array, to: string, input: string, blockLimit: bigint) => {
    const data = {
      version: 0,
      chainID: 'chain0',
      groupID: 'group0',
      blockLimit,
      nonce: `growth-${nonce++}`,
      to,
      input: fromHex(input),
      abi: '',
    };
    const hash = hashTransactionData(data, ecdsaSuite);
    return toHex(encodeTransaction({ data, dataHash: hash, signature: ecdsaSuite.sign(hash, key) }));
  };
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
  const deployed = await send(sign(keys[0], '', counter.bytecode, (await head()) + 500n));
  const address = deployed.contractAddress;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion -- solc's ABI output
  const iface = new Interface(counter.abi as never);
  const slice = Math.max(1, Math.floor(total / 10));
  const firstSliceBlocks = { from: 1, to: 1 };
  console.log(`growth: ${total} set(k) transactions from ${SENDERS} senders into ${dataDir}`);
  console.log('     txs    tx/s (slice)   RSS MiB (anon)   data MiB   old-key call p50   old-block p50');
  let first = 0;
  let last = 0;
  let sent = 0;
  while (sent < total) {
    let sendSeconds = 0;
    const sliceEnd = Math.min(total, sent + slice);
    while (sent < sliceEnd) {
      const n = Math.min(CHUNK, sliceEnd - sent);
      const limit = (await head()) + 900n;
      const txs = Array.from({ length: n }, (_, i) =>
        sign(keys[(sent + i) % keys.length], address, iface.encodeFunctionData('set', [sent + i + 1]), limit),
      );
      let next = 0;
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: SENDERS }, async () => {
          for (let i = next++; i < n; i = next++) await send(txs[i]);
        }),
      );
      sendSeconds += (performance.now() - t0) / 1000;
      sent += n;
    }
    const tps = slice / sendSeconds;
    if (first === 0) {
      first = tps;
      firstSliceBlocks.to = Number(await head());
    }
    last = tps;
    const oldKey = await runConcurrent(PROBES, 4, async (i) => {
      const k = ((i * 7919) % slice) + 1;
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
    console.log(
      `${String(sent).padStart(8)}   ${tps.toFixed(0).padStart(8)}      ${rssMiB(child.pid!).total.toFixed(0).padStart(7)} (${rssMiB(child.pid!).anon.toFixed(0)})   ${dirMiB(dataDir).toFixed(0).padStart(8)}   ${oldKey.p50.toFixed(2).padStart(10)} ms      ${oldBlock.p50.toFixed(2).padStart(8)} ms`,
    );
  }
  const height = await head();
  rpc.close();
  await stopChild(child);
  const t0 = performance.now();
  const again = await startNode(server, dataDir);
  const rpc2 = new Rpc(again.info.url);
  const restartedAt = BigInt(await rpc2.call<number>('getBlockNumber', ['group0', '']));
  const restart = (performance.now() - t0) / 1000;
  rpc2.close();
  await stopChild(again.child);
  if (restartedAt !== height)
    throw new Error(`restart came back at block ${restartedAt}, expected ${height}`);
  console.log(
    `restart to first answer at block ${height}: ${restart.toFixed(2)} s (goal < 1 s: ${restart < 1 ? 'ok' : 'GOAL MISSED'})`,
  );
  console.log(
    `last slice ${last.toFixed(0)} tx/s vs first ${first.toFixed(0)} tx/s: ${((100 * last) / first).toFixed(0)}% (goal >= 80%: ${last >= 0.8 * first ? 'ok' : 'GOAL MISSED'})`,
  );
}
