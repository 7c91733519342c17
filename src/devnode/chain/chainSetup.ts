// The chain's start-up pieces that need none of its running parts: option checks, the built-ins,
// the simulated nodes' and dev accounts' keys, the genesis options, and the entries of a block
// record read back for a replay (a data directory's migration).

import type { CryptoSuite } from '../../protocol/crypto/suite';
import { fromHex, toHex } from '../../protocol/hex';
import { TransactionType } from '../../protocol/transaction';
import type { Builtins, ChainFacts, GenesisOptions } from '../builtin/types';
import { COMPATIBILITY_VERSION, DEFAULT_TX_COUNT_LIMIT, DEFAULT_TX_GAS_LIMIT } from './blockConfig';
import type { SealerKey } from './header';
import { DEFAULT_SEED, DEV_BALANCE, accountKey, nodeKey } from './keys';
import { DataDir } from './persistence';
import type { Pending } from './pool';
import type { BlockRecord } from './record';
import { storedTransaction } from './storedTx';
import type { ChainOptions, DevAccount, SimNode } from './types';
import { decodeSubmission } from './validate';

export function validateOptions(o: ChainOptions): void {
  const bad = (m: string) => {
    throw new Error(`invalid chain options: ${m}`);
  };
  if (typeof o.chainId !== 'string' || !/^[A-Za-z0-9_]+$/.test(o.chainId))
    bad('chainId must be alphanumeric');
  if (typeof o.groupId !== 'string' || o.groupId === '') bad('groupId must be a non-empty string');
  if (!Number.isInteger(o.nodes) || o.nodes < 1 || o.nodes > 64) bad('nodes must be an integer in 1..64');
  if (!Number.isInteger(o.accounts) || o.accounts < 1 || o.accounts > 1000)
    bad('accounts must be an integer in 1..1000');
  if (!Number.isFinite(o.blockTimeMs) || o.blockTimeMs < 0) bad('blockTimeMs must be >= 0');
}

export function loadBuiltins(): Builtins {
  // Loaded lazily so the engine can be tested with stand-in built-ins.
  // eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-type-assertion -- a lazy require is untyped
  const mod = require('../builtin/index') as { createBuiltins(): Builtins };
  return mod.createBuiltins();
}

/** What the built-ins learn of the chain (read at each use). */
export function chainFacts(
  o: ChainOptions,
  nodes: readonly SimNode[],
  blockNumber: () => number,
  authEnabled: () => boolean,
): ChainFacts {
  return {
    chainId: o.chainId,
    groupId: o.groupId,
    connectedNodeIds: () => nodes.map((n) => n.nodeId),
    nodeBlockNumber: () => blockNumber(),
    get authEnabled() {
      return authEnabled();
    },
  };
}

/** Opens `--data`'s directory (none without it) and the key seed the chain uses. */
export async function openDataDir(
  o: ChainOptions,
  say: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void,
): Promise<{ dataDir: DataDir | undefined; seed: string }> {
  if (o.dataDir === undefined) return { dataDir: undefined, seed: o.seed ?? DEFAULT_SEED };
  const params = {
    chainId: o.chainId,
    groupId: o.groupId,
    sm: o.sm,
    nodes: o.nodes,
    accounts: o.accounts,
    authCheck: o.authCheck,
  };
  return DataDir.open(o.dataDir, params, o.seed, DEFAULT_SEED, say);
}

export function unfundedWarning(dir: string): string {
  return `data directory ${dir} was created before the dev node funded its dev accounts at genesis: they keep the balances the chain holds (0 unless funded through BalancePrecompiled), so Web3 transactions from them are refused for lack of funds; start with --fresh for a chain whose dev accounts hold ${DEV_BALANCE / 10n ** 18n} ether each`;
}

/** The simulated nodes' and the dev accounts' keys derived from `seed`. */
export function makeKeys(
  seed: string,
  options: Pick<ChainOptions, 'nodes' | 'accounts'>,
  suite: CryptoSuite,
  blockNumber: () => number,
): { sealerKeys: Map<string, SealerKey>; nodes: SimNode[]; accounts: DevAccount[] } {
  const sealerKeys = new Map<string, SealerKey>();
  const nodes: SimNode[] = [];
  const accounts: DevAccount[] = [];
  for (let i = 0; i < options.nodes; i++) {
    const k = nodeKey(seed, i, suite);
    const nodeId = toHex(k.publicKey, false);
    sealerKeys.set(nodeId, { nodeId, privateKey: k.privateKey });
    nodes.push({ name: `node${i}`, nodeId, privateKey: k.privateKey, blockNumber });
  }
  for (let i = 0; i < options.accounts; i++) {
    const k = accountKey(seed, i, suite);
    accounts.push({ address: k.address, privateKey: k.privateKey });
  }
  return { sealerKeys, nodes, accounts };
}

/** Genesis with the simulated sealers, the first dev account as governor, `funded` accounts funded. */
export function genesisOptions(
  options: ChainOptions,
  nodes: readonly SimNode[],
  accounts: readonly DevAccount[],
  funded: number,
): GenesisOptions {
  return {
    chainId: options.chainId,
    groupId: options.groupId,
    sm: options.sm,
    authCheck: options.authCheck,
    sealers: nodes.map((n) => ({ nodeId: n.nodeId, weight: 1 })),
    governors: accounts.length > 0 ? [{ address: accounts[0].address, weight: 1 }] : [],
    txCountLimit: DEFAULT_TX_COUNT_LIMIT,
    txGasLimit: DEFAULT_TX_GAS_LIMIT,
    leaderPeriod: 1,
    compatibilityVersion: COMPATIBILITY_VERSION,
    alloc: accounts.slice(0, funded).map((a) => ({ address: a.address, balance: DEV_BALANCE })),
  };
}

/** A logged block's transactions as the sealer would have taken them from the pool. */
export function replayEntries(
  r: BlockRecord,
  suite: CryptoSuite,
  chainId: string,
): Pick<Pending, 'stx' | 'raw' | 'nonce'>[] {
  return r.txs.map((t) => {
    const { tx, hash } = decodeSubmission(t.raw, suite, chainId);
    const stx = storedTransaction(tx, hash, fromHex(t.sender), t.importTime);
    // The same nonce key the pool gives a Web3 transaction (pool.ts admitWeb3).
    const nonce =
      tx.type === TransactionType.Web3Transaction
        ? `web3:${stx.sender}:${BigInt(tx.data.nonce)}`
        : tx.data.nonce;
    return { stx, raw: t.raw, nonce };
  });
}
