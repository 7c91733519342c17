// Why anvil slows down round after round in the devnode bench: a probe (not part of
// `npm run bench`; run `node --import tsx bench/anvil-history.ts [anvil flags]`). One sender
// sends 4,000 plain transfers to an automining anvil; after every 1,000 blocks it prints the
// send latency (each send mines a block), receipt lookups for old and new transactions, and
// eth_blockNumber, with anvil's RSS. Compare a run with default flags against one with
// `--prune-history` (anvil keeps no per-block state history then).

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { HDNodeWallet, Transaction, Wallet } from 'ethers';
import { anvilHome } from './lib/anvilHome';
import { helpIfAsked } from './lib/args';

helpIfAsked(
  `node --import tsx bench/anvil-history.ts [anvil flags]   (a probe, not part of npm run bench)
  every argument goes to anvil (e.g. --prune-history); --help, -h prints this and exits`,
);

const MNEMONIC = 'test test test test test test test test test test test junk';

async function main(): Promise<void> {
  const bin = join(
    dirname(createRequire(__filename).resolve('@foundry-rs/anvil-linux-amd64/package.json')),
    'bin',
    'anvil',
  );
  const home = anvilHome();
  const child = spawn(bin, ['--port', '0', '--host', '127.0.0.1', ...process.argv.slice(2)], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: home.env,
  });
  home.track(child);
  const port = await new Promise<number>((resolve) => {
    child.stdout.on('data', (d: Buffer) => {
      const m = /Listening on 127\.0\.0\.1:(\d+)/.exec(String(d));
      if (m) resolve(Number(m[1]));
    });
  });
  const rpc = async (method: string, params: unknown[]): Promise<unknown> => {
    const r = await fetch(`http://127.0.0.1:${port}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });

    const j = (await r.json()) as { result?: unknown; error?: unknown };
    if (j.error !== undefined) throw new Error(JSON.stringify(j.error));
    return j.result;
  };
  const w = new Wallet(HDNodeWallet.fromPhrase(MNEMONIC, undefined, "m/44'/60'/0'/0/1").privateKey);
  const hashes: string[] = [];
  const avg = async (n: number, f: (i: number) => Promise<unknown>) => {
    const t = performance.now();
    for (let i = 0; i < n; i++) await f(i);
    return (performance.now() - t) / n;
  };
  try {
    for (const stop of [1000, 2000, 3000, 4000]) {
      const from = hashes.length;
      const send = await avg(stop - from, async () => {
        const tx = Transaction.from({
          type: 2,
          chainId: 31337,
          nonce: hashes.length,
          gasLimit: 21000,
          to: w.address,
          value: 1n,
          maxFeePerGas: 20_000_000_000n,
          maxPriorityFeePerGas: 1_000_000_000n,
        });
        tx.signature = w.signingKey.sign(tx.unsignedHash);
        hashes.push(String(await rpc('eth_sendRawTransaction', [tx.serialized])));
      });
      const oldR = await avg(100, (i) => rpc('eth_getTransactionReceipt', [hashes[(i * 37) % 500]]));
      const newR = await avg(100, (i) => rpc('eth_getTransactionReceipt', [hashes[hashes.length - 1 - i]]));
      const bn = await avg(100, () => rpc('eth_blockNumber', []));
      const rss =
        Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]) / 1024;
      console.log(
        `${stop} blocks: send ${send.toFixed(2)} ms/tx, receipt old ${oldR.toFixed(2)} ms, new ${newR.toFixed(2)} ms, eth_blockNumber ${bn.toFixed(2)} ms, RSS ${rss.toFixed(0)} MiB`,
      );
    }
  } finally {
    child.kill();
  }
}

void main();
