// In-process dev node: a chain, its simulated group, and the JSON-RPC port. Used by tests and
// by the CLI (which the VS Code extension runs as a child process).

import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toHex } from '../protocol/hex';
import { createChain } from './chain';
import type { ChainOptions, DevChain } from './chain/types';
import { SimGroup } from './group/simGroup';
import { createRpcHandler, type RpcHandler } from './rpc/dispatch';
import { FilterStore } from './rpc/filters';
import { methods } from './rpc/methods';
import { startHttpServer } from './server/http';
import { handledAfterPoll } from './server/turnBatch';
import type { Web3Server } from './web3/server';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface DevnodeOptions {
  host?: string;
  /** 20200 by default; 0 picks a free port. */
  port?: number;
  /** Persistent data directory; omitted keeps the chain in memory. */
  dataDir?: string;
  /** Wipe the data directory first. */
  fresh?: boolean;
  chainId?: string;
  groupId?: string;
  sm?: boolean;
  /** Simulated sealers (default 4). */
  nodes?: number;
  /** Funded dev accounts; account 0 is the governor (default 10). */
  accounts?: number;
  /** 0 (default): seal as soon as transactions arrive. */
  blockTimeMs?: number;
  /**
   * Mutual TLS with certificates under <dataDir>/sdk (or a temporary folder); with `sm`, SM TLS
   * (TLCP) with SM2 certificates laid out as build_chain.sh -s does.
   */
  tls?: boolean;
  /** Committee permission checks (default on). */
  auth?: boolean;
  seed?: string;
  bodyLimit?: number;
  logLevel?: LogLevel;
  /** Serve the Web3 (Ethereum) JSON-RPC too, on loopback; implied by web3Port. */
  web3?: boolean;
  /** Web3 JSON-RPC port (default 8545; 0 picks a free port). */
  web3Port?: number;
  log?: (level: Exclude<LogLevel, 'silent'>, message: string) => void;
  /** Transactions whose diagnostics stay in memory (default 10,000; older ones are read from the store). */
  diagnosticsCache?: number;
}

export interface DevnodeAccountInfo {
  address: string;
  /** "0x" + 64 hex. */
  privateKey: string;
}

export interface DevnodeNodeInfo {
  name: string;
  nodeId: string;
}

export interface Devnode {
  url: string;
  port: number;
  chainId: string;
  groupId: string;
  sm: boolean;
  accounts: DevnodeAccountInfo[];
  nodes: DevnodeNodeInfo[];
  chain: DevChain;
  group: SimGroup;
  /** The JSON-RPC handler without HTTP (body text → response text). */
  handle: RpcHandler;
  /** With TLS: the folder holding ca.crt, sdk.crt, sdk.key. */
  sdkCertDir?: string;
  /** The Web3 JSON-RPC URL when it is on. */
  web3Url?: string;
  stop(): Promise<void>;
}

export const DEFAULT_PORT = 20200;
// A sendTransaction request (a guess from the text: it only decides when the handler runs).
const SEND_TRANSACTION = /"method"\s*:\s*"sendTransaction"/;
export const DEFAULTS = { host: '127.0.0.1', chainId: 'chain0', groupId: 'group0', nodes: 4, accounts: 10 };

/** The chain's identity file (storage/meta.ts): its presence marks a dev node data directory. */
const CHAIN_META_FILE = 'chain.json';

/** --fresh: wipes a dev node data directory, and refuses anything that does not look like one. */
function wipeDataDir(dir: string): void {
  if (!existsSync(dir)) return;
  if (readdirSync(dir).length > 0 && !existsSync(join(dir, CHAIN_META_FILE))) {
    throw new Error(
      `refusing to wipe ${dir}: it is not empty and holds no dev node chain (${CHAIN_META_FILE})`,
    );
  }
  rmSync(dir, { recursive: true, force: true });
}

const LEVELS: Record<LogLevel, number> = { debug: 0, info: 1, warn: 2, error: 3, silent: 4 };

export async function startDevnode(options: DevnodeOptions = {}): Promise<Devnode> {
  const threshold = LEVELS[options.logLevel ?? 'info'];
  const log = (level: Exclude<LogLevel, 'silent'>, message: string) => {
    if (LEVELS[level] >= threshold) options.log?.(level, message);
  };
  const dataDir = options.dataDir;
  if (dataDir !== undefined) {
    if (options.fresh) wipeDataDir(dataDir);
    mkdirSync(dataDir, { recursive: true });
  }
  const chainOptions: ChainOptions = {
    chainId: options.chainId ?? DEFAULTS.chainId,
    groupId: options.groupId ?? DEFAULTS.groupId,
    sm: options.sm ?? false,
    nodes: options.nodes ?? DEFAULTS.nodes,
    accounts: options.accounts ?? DEFAULTS.accounts,
    blockTimeMs: options.blockTimeMs ?? 0,
    authCheck: options.auth ?? true,
    dataDir,
    seed: options.seed,
    log,
    diagnosticsCache: options.diagnosticsCache,
  };
  const chain = await createChain(chainOptions);
  let tempCertDir: string | undefined;
  try {
    const group = new SimGroup(chain);
    const handle = createRpcHandler({ chain, group, filters: new FilterStore(chain) }, methods);
    let tls;
    let smTls;
    if (options.tls) {
      const certRoot = dataDir ?? (tempCertDir = mkdtempSync(join(tmpdir(), 'bcos-devnode-tls-')));
      // An SM chain serves SM TLS, as build_chain.sh -s configures ([rpc] sm_ssl=true).
      // Loaded on demand: the certificate libraries (@peculiar/x509) cost ~80 ms of start-up.
      if (chainOptions.sm) smTls = (await import('./tls/smCerts')).ensureSmTlsMaterial(certRoot);
      else tls = await (await import('./tls/certs')).ensureTlsMaterial(certRoot);
    }
    const server = await startHttpServer({
      host: options.host ?? DEFAULTS.host,
      port: options.port ?? DEFAULT_PORT,
      // Requests read together are handled together (server/turnBatch.ts), but a transaction at
      // once: the sealer's next block (after this turn) takes what the pool holds by then.
      handler: handledAfterPoll(handle, (body) => SEND_TRANSACTION.test(body)),
      tls,
      smTls: smTls && { trusted: smTls.trusted, credentials: smTls.credentials },
      bodyLimit: options.bodyLimit,
      ws: {
        handle,
        handshake: () => ({
          groupInfoList: [group.groupInfo()],
          groupBlockNumber: [{ [chainOptions.groupId]: chain.blockNumber() }],
        }),
        events: {
          groupId: chainOptions.groupId,
          blockNumber: () => chain.blockNumber(),
          block: (n) => chain.getBlockByNumber(n),
          onBlock: (listener) => chain.onBlock(() => listener()),
        },
        onBlock: (listener) =>
          chain.onBlock((block) =>
            listener(
              chain.nodes.map((n) => ({
                group: chainOptions.groupId,
                nodeName: n.name,
                blockNumber: block.header.blockNumber,
              })),
            ),
          ),
      },
    });
    log('info', `JSON-RPC listening on ${server.url}`);
    let web3: Web3Server | undefined;
    if (options.web3 === true || options.web3Port !== undefined) {
      try {
        web3 = await startWeb3Service(chain, options, log);
      } catch (e) {
        await server.close();
        throw e;
      }
    }
    let stopped: Promise<void> | undefined;
    return {
      url: server.url,
      port: server.port,
      chainId: chainOptions.chainId,
      groupId: chainOptions.groupId,
      sm: chainOptions.sm,
      accounts: chain.accounts.map((a) => ({ address: a.address, privateKey: toHex(a.privateKey) })),
      nodes: chain.nodes.map((n) => ({ name: n.name, nodeId: n.nodeId })),
      chain,
      group,
      handle,
      sdkCertDir: smTls?.sdkDir ?? tls?.sdkDir,
      web3Url: web3?.url,
      stop: () =>
        (stopped ??= (async () => {
          await web3?.close();
          await server.close();
          await chain.close();
          if (tempCertDir) rmSync(tempCertDir, { recursive: true, force: true });
        })()),
    };
  } catch (e) {
    await chain.close();
    if (tempCertDir) rmSync(tempCertDir, { recursive: true, force: true });
    throw e;
  }
}

/** The Web3 service beside the node RPC: always on loopback, secp256k1 chains only. */
async function startWeb3Service(
  chain: DevChain,
  options: DevnodeOptions,
  log: (level: Exclude<LogLevel, 'silent'>, message: string) => void,
): Promise<Web3Server> {
  // Web3 transactions are secp256k1/keccak256 (Web3Transaction::takeToTarsTransaction); an SM
  // node's signature check (SM2) cannot verify them.
  if (chain.options.sm)
    throw new Error('--web3 needs a secp256k1 chain: Web3 transactions cannot be verified on an SM chain');
  // Loaded on demand: a node without --web3 does not evaluate the Web3 modules at start-up.
  const { DEFAULT_WEB3_PORT, startWeb3Server } = await import('./web3/server');
  let web3: Web3Server;
  try {
    web3 = await startWeb3Server({
      host: '127.0.0.1',
      port: options.web3Port ?? DEFAULT_WEB3_PORT,
      chain,
      warn: (message) => log('warn', message),
    });
  } catch (e) {
    throw new Error(`Web3 JSON-RPC: ${e instanceof Error ? e.message : String(e)}`, { cause: e });
  }
  log('info', `Web3 JSON-RPC listening on ${web3.url}`);
  return web3;
}
