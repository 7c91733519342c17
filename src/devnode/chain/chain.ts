// The dev node's chain: wires the transaction pool (pool.ts), the sealer (sealer.ts), execution
// (execution.ts), the committed chain and its indexes (ledger.ts) and the data directory
// (persistence.ts) behind the DevChain interface the RPC layer uses; its synchronous reads are
// chainReader.ts. State, blocks and indexes live in one key-value store (storage/kv.ts): RocksDB
// with a data directory, memory without.

import { cryptoSuite, type CryptoSuite } from '../../protocol/crypto/suite';
import { equalBytes, toHex } from '../../protocol/hex';
import type { Builtins, ChainFacts, GenesisOptions } from '../builtin/types';
import type { Trace, TraceLimits } from '../evm/trace';
import { TraceReplica, type ReplaySource, type ReplayStats, type TxTrace } from './traceReplay';
import { KEY_WEB3_CHAIN_ID } from '../../protocol/builtin/sysconfig';
import { normalizeAddressPadded } from '../../protocol/address';
import * as setup from './chainSetup';
import { TxPool, type Committed, type Pending } from './pool';
import type { BlockRecord } from './record';
import { Mutex } from './mutex';
import { Ledger } from './ledger';
import { ChainReader, CLOSED } from './chainReader';
import { DiagnosticsStore } from './diagnosticsStore';
import type { DataDir } from './persistence';
import { signHeader, type SealerKey } from './header';
import { MemoryKv, type KvStore } from '../storage/kv';
import type { CacheStats } from '../storage/boundedCache';
import { Sealer } from './sealer';
import { Execution, type BuiltBlock } from './execution';
import { DEFAULT_TX_COUNT_LIMIT } from './blockConfig';
import {
  TxRejected,
  type CallOutcome,
  type SimulationOutcome,
  type ChainOptions,
  type DevAccount,
  type DevChain,
  type SimNode,
  type StoredBlock,
} from './types';

export { COMPATIBILITY_VERSION, DEFAULT_TX_COUNT_LIMIT, DEFAULT_TX_GAS_LIMIT } from './blockConfig';

export async function createChain(options: ChainOptions): Promise<DevChain> {
  const chain = new Chain(options);
  try {
    await chain.open();
  } catch (e) {
    await chain.close();
    throw e;
  }
  return chain;
}

class Chain extends ChainReader implements DevChain {
  readonly suite: CryptoSuite;
  readonly nodes: SimNode[] = [];
  readonly accounts: DevAccount[] = [];
  readonly options: ChainOptions;
  readonly diagnostics: DiagnosticsStore;

  private readonly builtins: Builtins;
  /** What the live Execution and the debugger's replica of it share. */
  private executionParts!: ReplaySource['execution'];
  private readonly sealerKeys = new Map<string, SealerKey>();
  protected readonly pool: TxPool;
  private readonly listeners = new Set<(b: StoredBlock) => void>();
  private readonly lock = new Mutex();
  /** The debugger's replica of the chain (built on the first transaction trace). */
  private replica: TraceReplica | undefined;
  private readonly facts: ChainFacts;
  private dataDir: DataDir | undefined;
  private kv: KvStore | undefined;
  private sealer: Sealer | undefined;

  constructor(options: ChainOptions) {
    super();
    setup.validateOptions(options);
    this.options = { ...options };
    this.suite = cryptoSuite(options.sm);
    this.builtins = options.builtins ?? setup.loadBuiltins();
    this.diagnostics = new DiagnosticsStore(
      () => this.kv,
      options.diagnosticsCache,
      () => !this.closed,
    );
    this.facts = setup.chainFacts(
      options,
      this.nodes,
      () => this.ledger.blockNumber(),
      () => this.execution.authEnabled(this.ledger.blockNumber() + 1),
    );
    this.pool = new TxPool({
      suite: this.suite,
      chainId: options.chainId,
      groupId: options.groupId,
      committedNonces: { has: (nonce) => this.ledger.committedNonces.has(nonce) },
      blockNumber: () => this.ledger.blockNumber(),
      web3Nonce: (sender) => this.execution.web3Nonce(sender),
      web3ChainId: () => this.execution.configValue(KEY_WEB3_CHAIN_ID, this.ledger.blockNumber() + 1),
    });
  }

  // ---- start-up -------------------------------------------------------------------------------

  async open(): Promise<void> {
    const o = this.options;
    const opened = await setup.openDataDir(o, (level, message) => this.say(level, message));
    this.dataDir = opened.dataDir;
    const seed = opened.seed;
    const kv = (this.kv = this.dataDir?.kv ?? new MemoryKv());
    // A node's block number is a read like the chain's own: it refuses once closed.
    const keys = setup.makeKeys(seed, this.options, this.suite, () => this.blockNumber());
    for (const [id, key] of keys.sealerKeys) this.sealerKeys.set(id, key);
    this.nodes.push(...keys.nodes);
    this.accounts.push(...keys.accounts);
    this.ledger = new Ledger(kv, {
      keepSignatures: this.suite.sm,
      sign: (header, hash) => signHeader(hash, header.sealerList, this.sealerKeys, this.suite),
    });
    this.executionParts = {
      suite: this.suite,
      builtins: this.builtins,
      authCheck: o.authCheck,
      chain: this.ledger,
      facts: this.facts,
      sealerKeys: this.sealerKeys,
    };
    this.execution = new Execution({
      ...this.executionParts,
      kv,
      say: (level, message) => this.say(level, message),
      onDiagnostics: (d, txHash) => {
        if (txHash !== '') this.diagnostics.record(txHash, d);
        // console.log output goes to the node's log, as Hardhat's node prints it.
        for (const line of d.consoleLogs)
          this.say('info', `console.log (${txHash === '' ? 'call' : `tx ${txHash}`}): ${line}`);
      },
    });
    if (this.ledger.blockNumber() < 0) await this.writeGenesis();
    else
      this.say(
        'info',
        `opened the chain at block ${this.ledger.blockNumber()} from ${kv.location ?? 'memory'}`,
      );
    if (this.dataDir !== undefined && this.dataDir.fundedAccounts === undefined)
      this.say('warn', setup.unfundedWarning(this.dataDir.dir));
    if (this.dataDir?.needsMigration === true)
      await this.dataDir.migrate(
        (r) => this.replay(r),
        (level, message) => this.say(level, message),
      );
    this.sealer = new Sealer({
      pool: this.pool,
      lock: this.lock,
      blockTimeMs: o.blockTimeMs,
      blockNumber: () => this.ledger.blockNumber(),
      timestamp: (n) => this.ledger.header(n)!.timestamp,
      txCountLimit: (n) => Number(this.execution.configValue('tx_count_limit', n) ?? DEFAULT_TX_COUNT_LIMIT),
      build: (number, timestamp, batch) => this.execution.build(number, timestamp, batch, undefined),
      persist: (built, batch) => this.commit(built, batch),
      publish: (block) => this.publish(block),
      say: (level, message) => this.say(level, message),
    });
  }

  private genesisOptions(): GenesisOptions {
    return setup.genesisOptions(this.options, this.nodes, this.accounts, this.fundedAccounts());
  }

  /**
   * Dev accounts the genesis state funds: all of them in memory and in a new data directory;
   * what the directory recorded otherwise (0 for one created before genesis funding).
   */
  private fundedAccounts(): number {
    if (this.dataDir === undefined) return this.accounts.length;
    return this.dataDir.fundedAccounts ?? 0;
  }

  private async writeGenesis(): Promise<void> {
    const block = await this.execution.genesis(this.genesisOptions());
    await this.commit({ block, abis: new Map() }, []);
    this.publish(block);
  }

  private async replay(r: BlockRecord): Promise<void> {
    if (r.number !== this.ledger.blockNumber() + 1)
      throw new Error(
        `block log out of order: expected block ${this.ledger.blockNumber() + 1}, found ${r.number}`,
      );
    const entries = setup.replayEntries(r, this.suite, this.options.chainId);
    const built = await this.execution.build(r.number, r.timestamp, entries, r.signatures);
    if (!equalBytes(built.block.hash, r.hash)) {
      throw new Error(
        `replaying block ${r.number} gave hash ${toHex(built.block.hash)} but the log says ${toHex(r.hash)}; the data directory does not match this dev node version`,
      );
    }
    await this.commit(built, entries);
    this.publish(built.block);
  }

  /**
   * Writes the block, its indexes, the state it produced and its transactions' diagnostics in one
   * atomic, durable commit.
   */
  private async commit(built: BuiltBlock, entries: Pick<Pending, 'nonce' | 'raw'>[]): Promise<void> {
    // Most blocks have no diagnostics: their transactions' hashes are not needed then.
    const hashes = this.diagnostics.hasPending ? built.block.transactions.map((t) => toHex(t.hash)) : [];
    await this.ledger.commit(
      built.block,
      entries.map((e) => e.nonce),
      entries.map((e) => e.raw),
      built.abis,
      (batch) => {
        this.execution.flushInto(batch);
        this.diagnostics.addToBatch(hashes, batch);
      },
    );
    this.diagnostics.committed(hashes);
  }

  private publish(block: StoredBlock): void {
    for (const l of this.listeners) {
      try {
        l(block);
      } catch (e) {
        this.say('warn', `block listener failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }

  // ---- queries (the synchronous ones: chainReader.ts) -------------------------------------------

  // eslint-disable-next-line @typescript-eslint/require-await -- async so a bad address rejects
  async getCode(address: string): Promise<Uint8Array> {
    this.assertOpen();
    return this.execution.codeAt(address);
  }

  async getStorageAt(address: string, slot: Uint8Array): Promise<Uint8Array> {
    normalizeAddressPadded(address);
    return this.runOpen(() => this.execution.storageAt(address, slot));
  }

  async balance(address: string): Promise<bigint> {
    normalizeAddressPadded(address);
    return this.runOpen(() => this.execution.balanceOf(address));
  }

  cacheStats(): Record<string, CacheStats> {
    return {
      ...this.execution.cacheStats(),
      ...this.ledger.cacheStats(),
      diagnostics: this.diagnostics.cacheStats(),
    };
  }

  onBlock(listener: (block: StoredBlock) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- transactions ---------------------------------------------------------------------------

  submit(raw: Uint8Array): Promise<Committed> {
    try {
      this.assertOpen();
      if (this.sealer === undefined) throw new Error(CLOSED);
      if (this.sealer.broken !== undefined) throw this.sealer.broken;
      const committed = this.pool.add(raw);
      this.sealer.kick();
      return committed;
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
  }

  call(to: string, data: Uint8Array, from?: string): Promise<CallOutcome> {
    // Checked before queueing, as before: a malformed address never waits for a block.
    try {
      normalizeAddressPadded(to);
      if (from !== undefined && from !== '') normalizeAddressPadded(from);
    } catch (e) {
      return Promise.reject(e instanceof Error ? e : new Error(String(e)));
    }
    // Not async: an async function returning this promise would resolve through two more turns.
    return this.runOpen(() => this.execution.call(this.ledger.blockNumber(), to, data, from));
  }

  // ---- debugger traces (devnode extensions) --------------------------------------------------

  async traceTransaction(hash: Uint8Array, limits: TraceLimits): Promise<TxTrace | undefined> {
    this.assertOpen();
    const stx = this.ledger.transaction(hash);
    if (stx === undefined) return undefined;
    this.replica ??= new TraceReplica({
      execution: this.executionParts,
      genesis: this.genesisOptions(),
      block: (n) => this.ledger.block(n),
      // One block of replay at a time under the chain's lock, so a long first replay does not
      // stop sealing; the shared built-ins are bound back to the live tables after each.
      exclusive: (fn) => this.runOpen(() => fn().finally(() => this.execution.reattach())),
    });
    return this.replica.trace(stx.blockNumber, stx.index, limits);
  }

  /** How much the last transaction trace replayed (tests, bench). */
  get lastReplayStats(): ReplayStats | undefined {
    return this.replica?.lastStats;
  }

  async traceCall(
    to: string,
    data: Uint8Array,
    from: string | undefined,
    limits: TraceLimits,
  ): Promise<{ status: number; output: Uint8Array; trace: Trace }> {
    normalizeAddressPadded(to);
    if (from !== undefined && from !== '') normalizeAddressPadded(from);
    return this.runOpen(() => this.execution.traceCall(this.ledger.blockNumber(), to, data, from, limits));
  }

  async simulate(to: string, data: Uint8Array, from?: string): Promise<SimulationOutcome> {
    if (to !== '') normalizeAddressPadded(to);
    if (from !== undefined && from !== '') normalizeAddressPadded(from);
    return this.runOpen(() => this.execution.simulate(this.ledger.blockNumber(), to, data, from));
  }

  // ---- shutdown -------------------------------------------------------------------------------

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.sealer?.stop();
    // Let a block in flight finish so its senders get their receipts; then refuse the rest.
    await this.lock.run(async () => {});
    this.pool.dropAll(new TxRejected(10010, 'TransactionPoolTimeout'));
    if (this.dataDir !== undefined) await this.dataDir.close();
    else await this.kv?.close();
    this.dataDir = undefined;
    this.kv = undefined;
  }

  /**
   * Work under the chain's lock that refuses once close() has begun, also when it began while the
   * work waited: close() takes the lock after the work queued before it, then the store is gone.
   */
  private runOpen<T>(fn: () => Promise<T>): Promise<T> {
    return this.lock.run(() => (this.closed ? Promise.reject(new Error(CLOSED)) : fn()));
  }

  private say(level: 'debug' | 'info' | 'warn' | 'error', message: string): void {
    this.options.log?.(level, message);
  }
}
