// The nodes devnode.bench.ts compares, each behind its JSON-RPC port on loopback with the Counter
// contract deployed: the dev node (an esbuild bundle under plain node, as dist/devnode-cli.js),
// Hardhat's node (`hardhat node`) and Foundry's anvil (the binary of
// @foundry-rs/anvil-linux-amd64). Hardhat and anvil get ethers-signed type-2 transactions.

import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { HDNodeWallet, Interface, Transaction as EthTx, Wallet } from 'ethers';
import { anvilHome } from './lib/anvilHome';
import { bundleForNode } from './lib/bundle';
import { checkWord } from './lib/counter';
import { freePort, stopChild, waitForLine } from './lib/processes';
import type { ReadRequest } from './lib/loadClient';
import { Rpc } from './lib/rpcClient';

/** Transactions per round and the concurrent senders sending them. */
export const TXS = 2000;
export const SENDERS = 8;

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

/** Keys written so far (every round writes TXS new ones, 1-based), shared by all peers. */
function keyOf(round: number, i: number): number {
  return round * TXS + i + 1;
}

/** A block number answer must be a height (the chain has blocks by the time reads run). */
function checkHeight(h: number): void {
  if (!Number.isSafeInteger(h) || h <= 0) throw new Error(`block number answered ${h}`);
}

/** One node under test, set up with the counter deployed; transactions are signed per round. */
export interface Peer {
  name: string;
  pid: number;
  rpc: Rpc;
  /** Pre-signs TXS set() transactions, grouped per sender (signing is not timed). */
  signRound(): Promise<string[][]>;
  send(tx: string): Promise<void>;
  /** The JSON-RPC endpoint, and the reads as requests for the load client: m(k), whose answer
   * is checked, and the block number. */
  url: string;
  callRequest(k: number): ReadRequest;
  blockNumberRequest(): ReadRequest;
  stop(): Promise<void>;
  /** The dev node's process (its stdout carries V8's --trace-* output, for devnode-server-cpu.ts). */
  child?: ChildProcess;
}

export async function startDevnodePeer(
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
    const callData = (k: number) => iface.encodeFunctionData('m', [k]);
    return {
      name,
      pid: child.pid!,
      rpc,
      child,
      url: info.url,
      callRequest: (k) => ({
        method: 'call',
        params: ['group0', '', address, callData(k)],
        check(result) {
          const r = result as { status: number; output: string };
          if (r.status !== 0) throw new Error('dev node call failed');
          checkWord(r.output, k);
        },
      }),
      blockNumberRequest: () => ({
        method: 'getBlockNumber',
        params: ['group0', ''],
        check: (result) => checkHeight(typeof result === 'number' ? result : NaN),
      }),
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
export async function startHardhatPeer(
  counter: { abi: unknown[]; bytecode: string },
  work: string,
): Promise<Peer> {
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
/** anvil as a peer; `extra` are flags for anvil (the benches' --anvil-args). */
export async function startAnvilPeer(
  counter: { abi: unknown[]; bytecode: string },
  extra: string[] = [],
): Promise<Peer> {
  const bin = join(
    dirname(createRequire(__filename).resolve('@foundry-rs/anvil-linux-amd64/package.json')),
    'bin',
    'anvil',
  );
  const port = await freePort();
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
    url: `http://127.0.0.1:${port}`,
    callRequest: (k) => ({
      method: 'eth_call',
      params: [{ to: address, data: iface.encodeFunctionData('m', [k]) }, 'latest'],
      check: (result) => checkWord(result as string, k),
    }),
    blockNumberRequest: () => ({
      method: 'eth_blockNumber',
      params: [],
      check: (result) => checkHeight(typeof result === 'string' ? Number(result) : NaN),
    }),
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
    async stop() {
      rpc.close();
      await stopChild(child);
    },
  };
}
