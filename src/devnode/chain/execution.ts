// Execution: runs transactions on the world state (EVM and built-in tables) and builds the
// signed block; answers read-only calls; reads the system config in force at a block.

import type { ExecDiagnostics } from '../evm/diagnostics';
import { TraceRecorder, type Trace, type TraceLimits } from '../evm/trace';
import type { CryptoSuite } from '../../protocol/crypto/suite';
import { toHex } from '../../protocol/hex';
import { hashReceipt, type TransactionReceiptData } from '../../protocol/receipt';
import type { BlockHeaderData } from '../../protocol/block';
import { TransactionStatus } from '../../protocol/rpc/status';
import type {
  Builtins,
  ChainFacts,
  ConsensusNode,
  GenesisOptions,
  SystemConfigEntry,
} from '../builtin/types';
import { MemoryTableStore } from '../storage/tableStore';
import { EvmExecutor } from '../evm/executor';
import type { BlockEnv } from '../evm/execTypes';
import { normalizeAddressPadded } from '../../protocol/address';
import { JournaledStateManager } from '../evm/stateManager';
import type { KvBatch, KvStore } from '../storage/kv';
import type { CacheStats } from '../storage/boundedCache';
import { genesisHeader, headerHash, type SealerKey } from './header';
import type { CallOutcome, SimulationOutcome, StoredBlock, StoredReceipt, StoredTransaction } from './types';
import { updateWeb3Nonces, web3NonceOf } from './web3Nonces';
import { assembleBlock } from './blockAssembly';
import { BlockConfig } from './blockConfig';
import { Address } from '@ethereumjs/util';
import { fromHex } from '../../protocol/hex';

export { COMPATIBILITY_VERSION, DEFAULT_TX_COUNT_LIMIT, DEFAULT_TX_GAS_LIMIT } from './blockConfig';

const ZERO_ADDRESS = '0x' + '0'.repeat(40);

/** The parent blocks execution reads (BLOCKHASH, parent hash and state root). */
export interface ChainHeads {
  header(n: number): BlockHeaderData | undefined;
  hash(n: number): Uint8Array | undefined;
}

export interface ExecutionOptions {
  /** The chain store the state and tables are read from. */
  kv: KvStore;
  suite: CryptoSuite;
  builtins: Builtins;
  /** auth_check default when the config table has no value. */
  authCheck: boolean;
  chain: ChainHeads;
  facts: ChainFacts;
  sealerKeys: Map<string, SealerKey>;
  say(level: 'error', message: string): void;
  /** Receives console.log lines and failure points (devnode diagnostics); txHash "" for calls. */
  onDiagnostics?(d: ExecDiagnostics, txHash: string): void;
}

/** A built block and the ABIs of the contracts it deployed. */
export interface BuiltBlock {
  block: StoredBlock;
  abis: Map<string, string>;
}

export class Execution {
  private readonly tables: MemoryTableStore;
  private readonly state: JournaledStateManager;
  private readonly executor: EvmExecutor;
  private readonly config: BlockConfig;

  constructor(private readonly o: ExecutionOptions) {
    this.tables = new MemoryTableStore(o.kv);
    this.state = new JournaledStateManager(o.kv);
    this.config = new BlockConfig(o.builtins, this.tables, o.authCheck);
    this.executor = new EvmExecutor({
      state: this.state,
      suite: o.suite,
      builtins: o.builtins,
      tables: this.tables,
      facts: o.facts,
      blockHash: (n) => o.chain.hash(n),
    });
    // A reopened store skips genesis: built-ins that resolve addresses through the tables
    // (table contracts, 0x1011) must still see them.
    o.builtins.attach?.(this.tables);
  }

  /**
   * Binds the shared built-ins to this execution's tables again (a replica's Execution, built for
   * a trace, binds them to its own store).
   */
  reattach(): void {
    this.o.builtins.attach?.(this.tables);
  }

  /** The state and table read caches against their bounds. */
  cacheStats(): Record<string, CacheStats> {
    return { ...this.state.cacheStats(), ...this.tables.cacheStats() };
  }

  /** Moves the writes of the block just built into its commit batch. */
  flushInto(batch: KvBatch): void {
    this.state.flushInto(batch);
    this.tables.flushInto(batch);
  }

  /** Writes the genesis tables and returns block 0. */
  async genesis(g: GenesisOptions): Promise<StoredBlock> {
    await this.o.builtins.genesis(this.tables, g);
    this.tables.settle();
    // The same account state the EVM's value transfers and BalancePrecompiled use.
    for (const a of g.alloc ?? []) await this.executor.setBalance(a.address, a.balance);
    this.state.settle();
    const header = genesisHeader(g);
    return {
      header,
      hash: headerHash(header, this.o.suite),
      signatureList: [],
      transactions: [],
      receipts: [],
    };
  }

  /** Executes the transactions on the current state and builds the signed block. */
  async build(
    number: number,
    timestamp: number,
    entries: { stx: StoredTransaction }[],
    signatures: { sealerIndex: number; signature: Uint8Array }[] | undefined,
  ): Promise<BuiltBlock> {
    this.config.resetEnv();
    const suite = this.o.suite;
    const abis = new Map<string, string>();
    const transactions: StoredTransaction[] = [];
    const receipts: StoredReceipt[] = [];
    let gasTotal = 0n;
    for (let i = 0; i < entries.length; i++) {
      const stx = entries[i].stx;
      stx.blockNumber = number;
      stx.index = i;
      const data = await this.execute(stx, this.blockEnv(number, timestamp, i), abis);
      gasTotal += BigInt(data.gasUsed);
      transactions.push(stx);
      receipts.push({
        data,
        hash: hashReceipt(data, suite),
        transactionHash: stx.hash,
        index: i,
        message: '',
      });
    }
    updateWeb3Nonces(this.tables, transactions);
    this.tables.settle();
    const parent = { header: this.o.chain.header(number - 1)!, hash: this.o.chain.hash(number - 1)! };
    const parts = { number, timestamp, parent, transactions, receipts, gasTotal, signatures };
    const block = assembleBlock(parts, this.config, suite, this.o.sealerKeys);
    this.config.resetEnv();
    return { block, abis };
  }

  /** Read-only execution on the state after block `latest`. Callers serialize with `build`. */
  async call(latest: number, to: string, data: Uint8Array, from?: string): Promise<CallOutcome> {
    const target = normalizeAddressPadded(to);
    const origin = from === undefined || from === '' ? ZERO_ADDRESS : normalizeAddressPadded(from);
    const outcome = await this.executor.run(
      { origin, to: target, input: data, readOnly: true },
      this.blockEnv(latest + 1, Date.now(), 0),
    );
    if (outcome.diagnostics) this.o.onDiagnostics?.(outcome.diagnostics, '');
    return {
      blockNumber: latest,
      status: outcome.status,
      output: outcome.output,
      ...(outcome.diagnostics ? { diagnostics: outcome.diagnostics } : {}),
    };
  }

  /** `call` that also reports the gas used; `to` '' simulates a deployment (eth_estimateGas). */
  async simulate(latest: number, to: string, data: Uint8Array, from?: string): Promise<SimulationOutcome> {
    const target = to === '' ? '' : normalizeAddressPadded(to);
    const origin = from === undefined || from === '' ? ZERO_ADDRESS : normalizeAddressPadded(from);
    // Not static: estimating a state-changing transaction or a deployment must run its writes
    // (then discard them); the README lists this as a deviation from the node's scheduler.
    const outcome = await this.executor.run(
      { origin, to: target, input: data, readOnly: true, isStatic: false },
      this.blockEnv(latest + 1, Date.now(), 0),
    );
    return { blockNumber: latest, status: outcome.status, output: outcome.output, gasUsed: outcome.gasUsed };
  }

  codeAt(address: string): Uint8Array {
    return this.executor.codeAt(address);
  }

  /** An account's balance at the latest committed state. */
  balanceOf(address: string): Promise<bigint> {
    return this.executor.balanceOf(address);
  }

  /** A read-only call at the state after block `latest`, step by step (nothing is kept). */
  async traceCall(
    latest: number,
    to: string,
    data: Uint8Array,
    from: string | undefined,
    limits: TraceLimits,
  ): Promise<{ status: number; output: Uint8Array; trace: Trace }> {
    const origin = from === undefined || from === '' ? ZERO_ADDRESS : normalizeAddressPadded(from);
    const recorder = this.traceRecorder(limits);
    const out = await this.executor.run(
      { origin, to: normalizeAddressPadded(to), input: data, readOnly: true },
      this.blockEnv(latest + 1, Date.now(), 0),
      recorder,
    );
    return { status: out.status, output: out.output, trace: recorder.finish() };
  }

  /**
   * Runs the transactions of block `number` before `index` on the current state (the state after
   * block number-1), then transaction `index` step by step. Used on a replica of the chain only:
   * the writes stay in this execution's overlay.
   */
  async traceInBlock(
    number: number,
    timestamp: number,
    stxs: StoredTransaction[],
    index: number,
    limits: TraceLimits,
  ): Promise<{ receipt: TransactionReceiptData; trace: Trace }> {
    this.config.resetEnv();
    const abis = new Map<string, string>();
    for (let i = 0; i < index; i++) await this.execute(stxs[i], this.blockEnv(number, timestamp, i), abis);
    const recorder = this.traceRecorder(limits);
    const receipt = await this.execute(stxs[index], this.blockEnv(number, timestamp, index), abis, recorder);
    return { receipt, trace: recorder.finish() };
  }

  private traceRecorder(limits: TraceLimits): TraceRecorder {
    return new TraceRecorder(
      limits,
      (a) => this.codeAt(a),
      (a, max) => this.state.storageSlots(a, max),
    );
  }

  /** A contract storage slot, 32 bytes (zeros when unset). */
  async storageAt(address: string, slot: Uint8Array): Promise<Uint8Array> {
    const value = await this.state.getStorage(new Address(fromHex(normalizeAddressPadded(address))), slot);
    const out = new Uint8Array(32);
    out.set(value.subarray(Math.max(0, value.length - 32)), 32 - Math.min(32, value.length));
    return out;
  }

  web3Nonce(address: string): bigint | undefined {
    return web3NonceOf(this.tables, normalizeAddressPadded(address));
  }

  // ---- config in force at a block ---------------------------------------------------------

  configValue(key: string, number: number): string | undefined {
    return this.config.configValue(key, number);
  }

  systemConfig(key: string, number: number): SystemConfigEntry | undefined {
    return this.config.systemConfig(key, number);
  }

  consensusNodes(number: number): ConsensusNode[] {
    return this.config.consensusNodes(number);
  }

  authEnabled(number: number): boolean {
    return this.config.authEnabled(number);
  }

  private blockEnv(number: number, timestamp: number, txIndex: number): BlockEnv {
    return this.config.blockEnv(number, timestamp, txIndex);
  }

  private async execute(
    stx: StoredTransaction,
    env: BlockEnv,
    abis: Map<string, string>,
    tracer?: TraceRecorder,
  ): Promise<TransactionReceiptData> {
    const d = stx.tx.data;
    const receipt = (
      status: number,
      gasUsed: bigint,
      output: Uint8Array,
      contractAddress = '',
      logs: TransactionReceiptData['logEntries'] = [],
    ) => ({
      version: d.version,
      gasUsed: gasUsed.toString(),
      contractAddress,
      status,
      output,
      logEntries: logs,
      blockNumber: env.number,
      effectiveGasPrice: '',
    });
    let to: string;
    try {
      to = d.to === '' ? '' : normalizeAddressPadded(d.to);
    } catch {
      return receipt(TransactionStatus.CallAddressError, 0n, new Uint8Array(0));
    }
    let out;
    try {
      out = await this.executor.run(
        { origin: stx.sender, to, input: d.input, readOnly: false, value: txValue(d.value) },
        env,
        tracer,
      );
    } catch (e) {
      // An engine fault fails this transaction only (its writes are already undone), like the
      // node's catch-all status Unknown; the chain goes on.
      this.o.say(
        'error',
        `transaction ${toHex(stx.hash)} failed inside the engine: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
      );
      return receipt(TransactionStatus.Unknown, 0n, new Uint8Array(0));
    }
    if (out.diagnostics && tracer === undefined) this.o.onDiagnostics?.(out.diagnostics, toHex(stx.hash));
    if (out.contractAddress !== '' && d.abi !== '') abis.set('0x' + out.contractAddress, d.abi);
    return receipt(
      out.status,
      out.gasUsed,
      out.output,
      out.contractAddress,
      out.logs.map((l) => ({ address: l.address, topic: l.topics, data: l.data })),
    );
  }
}

/** A version-1 transaction's value ("0x…" hex, checked by the pool; "" or absent is 0). */
function txValue(hex: string | undefined): bigint {
  return hex === undefined || hex === '' || hex === '0x' ? 0n : BigInt(hex);
}
