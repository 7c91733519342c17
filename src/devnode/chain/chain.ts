// The dev node's chain engine: transaction pool with the real node's checks, a sealer that
// batches the pool into blocks, EVM execution, and a block log for durability.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { cryptoSuite, type CryptoSuite } from '../../protocol/crypto/suite';
import { asError } from '../../protocol/unknownValues';
import { fromHex, toHex } from '../../protocol/hex';
import { merkleRoot } from '../../protocol/merkle';
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
import { BlockLog, readLog } from '../storage/blockLog';
import { checkMeta, readMeta, writeMeta, type ChainMeta } from '../storage/meta';
import { lockDataDir, type DirLock } from '../storage/dirLock';
import { EvmExecutor, normalizeAddress, type BlockEnv } from '../evm/executor';
import { DEFAULT_SEED, accountKey, nodeKey } from './keys';
import { NonceWindow } from './nonceWindow';
import { decodeSubmission, equalBytes } from './validate';
import { BLOCK_LIMIT, TxPool, type Committed } from './pool';
import {
  genesisHeader,
  headerHash,
  nodeIdBytes,
  parseCompatibilityVersion,
  signHeader,
  type SealerKey,
} from './header';
import { decodeRecord, encodeRecord, type BlockRecord } from './record';
import { Mutex } from './mutex';
import { BlockStore } from './blockStore';
import { storedTransaction } from './storedTx';
import {
  TxRejected,
  type CallOutcome,
  type ChainOptions,
  type DevAccount,
  type DevChain,
  type SimNode,
  type StoredBlock,
  type StoredReceipt,
  type StoredTransaction,
  type TotalTxCount,
} from './types';

export const COMPATIBILITY_VERSION = '3.16.4';
export const DEFAULT_TX_COUNT_LIMIT = 1000;
export const DEFAULT_TX_GAS_LIMIT = 3_000_000_000;

const ZERO_ADDRESS = '0x' + '0'.repeat(40);
/** Index slots per block in the transaction index (far above any tx_count_limit a block can hold). */
const TX_SLOTS = 2 ** 24;

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

class Chain implements DevChain {
  readonly suite: CryptoSuite;
  readonly nodes: SimNode[] = [];
  readonly accounts: DevAccount[] = [];
  readonly options: ChainOptions;

  private readonly builtins: Builtins;
  private readonly tables = new MemoryTableStore();
  private readonly executor: EvmExecutor;
  private readonly blocks = new BlockStore();
  private readonly byHash = new Map<string, number>();
  /** Transaction hash → block number * TX_SLOTS + index (one number, no object per entry). */
  private readonly txIndex = new Map<string, number>();
  private readonly abis = new Map<string, string>();
  private readonly nonces = new NonceWindow(BLOCK_LIMIT);
  private readonly sealerKeys = new Map<string, SealerKey>();
  private readonly pool: TxPool;
  private readonly listeners = new Set<(b: StoredBlock) => void>();
  private readonly lock = new Mutex();
  private totals = { transactionCount: 0, failedTransactionCount: 0 };
  private log: BlockLog | undefined;
  private dirLock: DirLock | undefined;
  private sealing = false;
  private sealScheduled = false;
  private timer: NodeJS.Timeout | undefined;
  private closed = false;
  private broken: Error | undefined;
  private genesis!: GenesisOptions;

  constructor(options: ChainOptions) {
    validateOptions(options);
    this.options = { ...options };
    this.suite = cryptoSuite(options.sm);
    this.builtins = options.builtins ?? loadBuiltins();
    const authEnabledNext = () => this.authEnabled(this.blockNumber() + 1);
    const facts: ChainFacts = {
      chainId: options.chainId,
      groupId: options.groupId,
      connectedNodeIds: () => this.nodes.map((n) => n.nodeId),
      nodeBlockNumber: () => this.blockNumber(),
      get authEnabled() {
        return authEnabledNext();
      },
    };
    this.pool = new TxPool({
      suite: this.suite,
      chainId: options.chainId,
      groupId: options.groupId,
      committedNonces: this.nonces,
      blockNumber: () => this.blockNumber(),
    });
    this.executor = new EvmExecutor({
      suite: this.suite,
      builtins: this.builtins,
      tables: this.tables,
      facts,
      blockHash: (n) => this.blocks.hash(n),
    });
  }

  // ---- start-up -------------------------------------------------------------------------------

  async open(): Promise<void> {
    const o = this.options;
    const dir = o.dataDir;
    let seed = o.seed ?? DEFAULT_SEED;
    if (dir !== undefined) {
      mkdirSync(dir, { recursive: true });
      this.dirLock = lockDataDir(dir);
      const stored = readMeta(dir);
      seed = o.seed ?? stored?.seed ?? DEFAULT_SEED;
      const wanted: ChainMeta = {
        format: 1,
        chainId: o.chainId,
        groupId: o.groupId,
        sm: o.sm,
        nodes: o.nodes,
        accounts: o.accounts,
        authCheck: o.authCheck,
        seed,
      };
      if (stored !== undefined) checkMeta(stored, wanted, dir);
      else writeMeta(dir, wanted);
    }
    this.makeKeys(seed);
    await this.writeGenesis();
    if (dir !== undefined) {
      const path = join(dir, 'blocks.log');
      const { records, droppedBytes, dataEnd } = readLog(path);
      if (droppedBytes > 0)
        this.say('warn', `dropped ${droppedBytes} bytes of an incomplete last block record in ${path}`);
      for (const bytes of records) await this.replay(decodeRecord(bytes));
      if (records.length > 0) this.say('info', `restored ${records.length} blocks from ${path}`);
      this.log = await BlockLog.open(path, dataEnd);
    }
    if (o.blockTimeMs > 0) {
      this.timer = setInterval(() => this.onTimer(), o.blockTimeMs);
    }
  }

  private makeKeys(seed: string): void {
    for (let i = 0; i < this.options.nodes; i++) {
      const k = nodeKey(seed, i, this.suite);
      const nodeId = toHex(k.publicKey, false);
      this.sealerKeys.set(nodeId, { nodeId, privateKey: k.privateKey });
      this.nodes.push({
        name: `node${i}`,
        nodeId,
        privateKey: k.privateKey,
        blockNumber: () => this.blockNumber(),
      });
    }
    for (let i = 0; i < this.options.accounts; i++) {
      const k = accountKey(seed, i, this.suite);
      this.accounts.push({ address: k.address, privateKey: k.privateKey });
    }
  }

  private async writeGenesis(): Promise<void> {
    this.genesis = {
      chainId: this.options.chainId,
      groupId: this.options.groupId,
      sm: this.options.sm,
      authCheck: this.options.authCheck,
      sealers: this.nodes.map((n) => ({ nodeId: n.nodeId, weight: 1 })),
      governors: this.accounts.length > 0 ? [{ address: this.accounts[0].address, weight: 1 }] : [],
      txCountLimit: DEFAULT_TX_COUNT_LIMIT,
      txGasLimit: DEFAULT_TX_GAS_LIMIT,
      leaderPeriod: 1,
      compatibilityVersion: COMPATIBILITY_VERSION,
    };
    await this.builtins.genesis(this.tables, this.genesis);
    this.tables.settle();
    const header = genesisHeader(this.genesis);
    this.publish(
      { header, hash: headerHash(header, this.suite), signatureList: [], transactions: [], receipts: [] },
      [],
      [],
    );
  }

  private async replay(r: BlockRecord): Promise<void> {
    if (r.number !== this.blockNumber() + 1)
      throw new Error(`block log out of order: expected block ${this.blockNumber() + 1}, found ${r.number}`);
    const entries = r.txs.map((t) => {
      const { tx, hash } = decodeSubmission(t.raw, this.suite, this.options.chainId);
      const stx = storedTransaction(tx, hash, fromHex(t.sender), t.importTime);
      return { stx, raw: t.raw, nonce: tx.data.nonce };
    });
    const block = await this.buildBlock(r.number, r.timestamp, entries, r.signatures);
    if (!equalBytes(block.hash, r.hash)) {
      throw new Error(
        `replaying block ${r.number} gave hash ${toHex(block.hash)} but the log says ${toHex(r.hash)}; the data directory does not match this dev node version`,
      );
    }
    this.publish(
      block,
      entries.map((e) => e.nonce),
      entries.map((e) => e.raw),
    );
  }

  // ---- queries --------------------------------------------------------------------------------

  blockNumber(): number {
    return this.blocks.length - 1;
  }

  getBlockByNumber(n: number): StoredBlock | undefined {
    return Number.isInteger(n) && n >= 0 ? this.blocks.block(n) : undefined;
  }

  getBlockByHash(hash: Uint8Array): StoredBlock | undefined {
    const n = this.byHash.get(hashKey(hash));
    return n === undefined ? undefined : this.blocks.block(n);
  }

  getTransaction(hash: Uint8Array): StoredTransaction | undefined {
    const at = this.txIndex.get(hashKey(hash));
    return at === undefined ? undefined : this.blocks.transaction(Math.floor(at / TX_SLOTS), at % TX_SLOTS);
  }

  getReceipt(hash: Uint8Array): StoredReceipt | undefined {
    const at = this.txIndex.get(hashKey(hash));
    return at === undefined ? undefined : this.blocks.receipt(Math.floor(at / TX_SLOTS), at % TX_SLOTS);
  }

  getCode(address: string): Promise<Uint8Array> {
    try {
      return Promise.resolve(this.executor.codeAt(address));
    } catch (e) {
      return Promise.reject(asError(e));
    }
  }

  getAbi(address: string): string {
    return this.abis.get(normalizeAddress(address)) ?? '';
  }

  pendingCount(): number {
    return this.pool.size;
  }

  totalTransactionCount(): TotalTxCount {
    return { blockNumber: this.blockNumber(), ...this.totals };
  }

  systemConfig(key: string): SystemConfigEntry | undefined {
    return this.builtins.systemConfig(this.tables, key, this.blockNumber() + 1);
  }

  consensusNodes(): ConsensusNode[] {
    return this.builtins.consensusNodes(this.tables, this.blockNumber() + 1);
  }

  pbftView(): number {
    // bcos-pbft moves the view only on a view change (PBFTEngine::onTimeout → incToView,
    // reachNewView → setView); committing a block leaves it alone, and the leader rotates with
    // the block number: leaderIndex(n) = (n / leader_period + view) % sealers. The simulated
    // group never times out, so its view stays at the initial 0.
    return 0;
  }

  onBlock(listener: (block: StoredBlock) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // ---- transactions ---------------------------------------------------------------------------

  submit(raw: Uint8Array): Promise<Committed> {
    try {
      if (this.closed) throw new Error('the chain is closed');
      if (this.broken !== undefined) throw this.broken;
      const committed = this.pool.add(raw);
      this.kick();
      return committed;
    } catch (e) {
      return Promise.reject(asError(e));
    }
  }

  async call(to: string, data: Uint8Array, from?: string): Promise<CallOutcome> {
    const target = normalizeAddress(to);
    const origin = from === undefined || from === '' ? ZERO_ADDRESS : normalizeAddress(from);
    return this.lock.run(async () => {
      const number = this.blockNumber();
      const outcome = await this.executor.run(
        { origin, to: target, input: data, readOnly: true },
        this.blockEnv(number + 1, Date.now(), 0),
      );
      return { blockNumber: number, status: outcome.status, output: outcome.output };
    });
  }

  // ---- sealing --------------------------------------------------------------------------------

  /**
   * With block time 0, seals after the current event-loop turn: everything that arrived in the
   * meantime (and everything that arrives while a block is executed or written) shares a block.
   * Batching matters: pre-signed transactions must land within block_limit blocks.
   */
  private kick(): void {
    if (this.options.blockTimeMs > 0) return; // the interval timer seals
    if (this.closed || this.sealing || this.sealScheduled || this.pool.size === 0) return;
    this.sealScheduled = true;
    setImmediate(() => {
      this.sealScheduled = false;
      void this.sealLoop();
    });
  }

  private onTimer(): void {
    if (this.closed || this.sealing || this.pool.size === 0) return;
    void this.sealLoop();
  }

  private async sealLoop(): Promise<void> {
    if (this.sealing) return;
    this.sealing = true;
    try {
      do {
        await this.lock.run(() => this.sealOne());
      } while (
        this.pool.size > 0 &&
        this.options.blockTimeMs === 0 &&
        !this.closed &&
        this.broken === undefined
      );
    } finally {
      this.sealing = false;
    }
  }

  private async sealOne(): Promise<void> {
    const number = this.blockNumber() + 1;
    const limit = Math.max(1, Number(this.configValue('tx_count_limit', number) ?? DEFAULT_TX_COUNT_LIMIT));
    const batch = this.pool.take(limit, number);
    if (batch.length === 0) return;
    const timestamp = Math.max(Date.now(), this.blocks.header(number - 1)!.timestamp);
    let block: StoredBlock;
    try {
      block = await this.buildBlock(number, timestamp, batch, undefined);
      if (this.log !== undefined) {
        await this.log.append(
          encodeRecord({
            number,
            timestamp,
            sealer: block.header.sealer,
            hash: block.hash,
            // Only SM2 signatures are randomized and must be kept; secp256k1 ones are re-derived.
            signatures: this.suite.sm ? block.signatureList : [],
            txs: batch.map((p) => ({
              raw: p.raw,
              importTime: p.stx.tx.importTime ?? 0,
              sender: p.stx.sender,
            })),
          }),
        );
      }
    } catch (e) {
      // State may hold a half-applied block: refuse further work rather than diverge.
      this.broken = new Error(
        `block ${number} could not be committed: ${e instanceof Error ? e.message : String(e)}`,
      );
      this.say('error', this.broken.message);
      for (const p of batch) this.pool.drop(p, this.broken);
      this.pool.dropAll(this.broken);
      return;
    }
    this.publish(
      block,
      batch.map((p) => p.nonce),
      batch.map((p) => p.raw),
    );
    this.pool.settle(batch);
    for (const p of batch) p.resolve({ tx: p.stx, receipt: block.receipts[p.stx.index], block });
  }

  /** Executes the transactions on the current state and builds the signed block. */
  private async buildBlock(
    number: number,
    timestamp: number,
    entries: { stx: StoredTransaction }[],
    signatures: { sealerIndex: number; signature: Uint8Array }[] | undefined,
  ): Promise<StoredBlock> {
    const transactions: StoredTransaction[] = [];
    const receipts: StoredReceipt[] = [];
    let gasTotal = 0n;
    for (let i = 0; i < entries.length; i++) {
      const stx = entries[i].stx;
      stx.blockNumber = number;
      stx.index = i;
      const data = await this.execute(stx, this.blockEnv(number, timestamp, i));
      gasTotal += BigInt(data.gasUsed);
      transactions.push(stx);
      receipts.push({
        data,
        hash: hashReceipt(data, this.suite),
        transactionHash: stx.hash,
        index: i,
        message: '',
      });
    }
    this.tables.settle();
    const parent = { header: this.blocks.header(number - 1)!, hash: this.blocks.hash(number - 1)! };
    const txsRoot = merkleRoot(
      transactions.map((t) => t.hash),
      this.suite,
    );
    const receiptRoot = merkleRoot(
      receipts.map((r) => r.hash),
      this.suite,
    );
    const nodes = this.builtins
      .consensusNodes(this.tables, number)
      .filter((n) => n.type === 'consensus_sealer');
    const period = Math.max(1, Number(this.configValue('consensus_leader_period', number) ?? 1));
    const header: BlockHeaderData = {
      version: this.compatibilityVersion(number),
      parentInfo: [{ blockNumber: number - 1, blockHash: parent.hash }],
      txsRoot,
      receiptRoot,
      // Any 32 bytes are allowed; chain the parent's so equal states get equal roots on replay.
      stateRoot: this.suite.hash(Buffer.concat([parent.header.stateRoot, txsRoot, receiptRoot])),
      blockNumber: number,
      gasUsed: gasTotal.toString(),
      timestamp,
      sealer: nodes.length === 0 ? 0 : Math.floor(number / period) % nodes.length,
      sealerList: nodes.map((n) => this.nodeIdBytes(n.nodeId)),
      extraData: new Uint8Array(0),
      consensusWeights: nodes.map((n) => n.weight),
    };
    const hash = headerHash(header, this.suite);
    const block: StoredBlock = { header, hash, transactions, receipts, signatureList: [] };
    if (signatures !== undefined && signatures.length > 0) {
      block.signatureList = signatures;
    } else if (this.suite.sm) {
      block.signatureList = signHeader(hash, header.sealerList, this.sealerKeys, this.suite);
    } else {
      // secp256k1 signatures are deterministic (RFC 6979): make them when first read, which
      // keeps four signatures per block off the sealing path.
      const sign = () => signHeader(hash, header.sealerList, this.sealerKeys, this.suite);
      let memo: StoredBlock['signatureList'] | undefined;
      Object.defineProperty(block, 'signatureList', { enumerable: true, get: () => (memo ??= sign()) });
    }
    return block;
  }

  private async execute(stx: StoredTransaction, env: BlockEnv): Promise<TransactionReceiptData> {
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
      to = d.to === '' ? '' : normalizeAddress(d.to);
    } catch {
      return receipt(TransactionStatus.CallAddressError, 0n, new Uint8Array(0));
    }
    let out;
    try {
      out = await this.executor.run({ origin: stx.sender, to, input: d.input, readOnly: false }, env);
    } catch (e) {
      // An engine fault fails this transaction only (its writes are already undone), like the
      // node's catch-all status Unknown; the chain goes on.
      this.say(
        'error',
        `transaction ${toHex(stx.hash)} failed inside the engine: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
      );
      return receipt(TransactionStatus.Unknown, 0n, new Uint8Array(0));
    }
    if (out.contractAddress !== '' && d.abi !== '') this.abis.set('0x' + out.contractAddress, d.abi);
    return receipt(
      out.status,
      out.gasUsed,
      out.output,
      out.contractAddress,
      out.logs.map((l) => ({ address: l.address, topic: l.topics, data: l.data })),
    );
  }

  private readonly nodeIdCache = new Map<string, Uint8Array>();

  /** One byte array per node id, shared by every header that lists it. */
  private nodeIdBytes(nodeId: string): Uint8Array {
    let bytes = this.nodeIdCache.get(nodeId);
    if (bytes === undefined) {
      bytes = nodeIdBytes(nodeId).slice();
      this.nodeIdCache.set(nodeId, bytes);
    }
    return bytes;
  }

  private publish(block: StoredBlock, nonces: string[], raws: Uint8Array[]): void {
    const n = block.header.blockNumber;
    if (n !== this.blocks.length) throw new Error(`block ${n} published out of order`);
    this.envBase = undefined;
    this.blocks.add(block, raws);
    this.byHash.set(hashKey(block.hash), n);
    block.transactions.forEach((t, index) => this.txIndex.set(hashKey(t.hash), n * TX_SLOTS + index));
    for (const r of block.receipts) {
      this.totals.transactionCount++;
      if (r.data.status !== 0) this.totals.failedTransactionCount++;
    }
    if (n > 0) this.nonces.add(n, nonces);
    for (const l of this.listeners) {
      try {
        l(block);
      } catch (e) {
        this.say('warn', `block listener failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    }
  }

  // ---- config ---------------------------------------------------------------------------------

  private configValue(key: string, number: number): string | undefined {
    return this.builtins.systemConfig(this.tables, key, number)?.value;
  }

  private authEnabled(number: number): boolean {
    const v = this.configValue('auth_check_status', number);
    return v === undefined ? this.options.authCheck : v !== '0' && v !== '';
  }

  private compatibilityVersion(number: number): number {
    const v = this.configValue('compatibility_version', number);
    try {
      return parseCompatibilityVersion(v ?? COMPATIBILITY_VERSION);
    } catch {
      return parseCompatibilityVersion(COMPATIBILITY_VERSION);
    }
  }

  /** Config read once per block (values set in block N apply from N+1, so they are stable). */
  private envBase: { number: number; gasLimit: bigint; cancun: boolean; authCheck: boolean } | undefined;

  private blockEnv(number: number, timestamp: number, txIndex: number): BlockEnv {
    let base = this.envBase;
    if (base === undefined || base.number !== number) {
      base = {
        number,
        gasLimit: BigInt(this.configValue('tx_gas_limit', number) ?? DEFAULT_TX_GAS_LIMIT),
        cancun: this.configValue('feature_evm_cancun', number) === '1',
        authCheck: this.authEnabled(number),
      };
      this.envBase = base;
    }
    return {
      number,
      timestamp,
      txIndex,
      gasLimit: base.gasLimit,
      cancun: base.cancun,
      authCheck: base.authCheck,
    };
  }

  // ---- shutdown -------------------------------------------------------------------------------

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer !== undefined) clearInterval(this.timer);
    // Let a block in flight finish so its senders get their receipts; then refuse the rest.
    await this.lock.run(async () => {});
    this.pool.dropAll(new TxRejected(10010, 'TransactionPoolTimeout'));
    await this.log?.close();
    this.log = undefined;
    this.dirLock?.release();
    this.dirLock = undefined;
  }

  private say(level: 'debug' | 'info' | 'warn' | 'error', message: string): void {
    this.options.log?.(level, message);
  }
}

/** Map key of a hash: its bytes as a one-byte-per-char string (half the size of hex). */
function hashKey(hash: Uint8Array): string {
  return Buffer.from(hash.buffer, hash.byteOffset, hash.byteLength).toString('latin1');
}

function validateOptions(o: ChainOptions): void {
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

function loadBuiltins(): Builtins {
  // Loaded lazily so the engine can be tested with stand-in built-ins.
  // A run-time require has no static type; '../builtin/index' exports createBuiltins(): Builtins.
  // eslint-disable-next-line @typescript-eslint/no-require-imports, @typescript-eslint/no-unsafe-type-assertion
  const mod = require('../builtin/index') as { createBuiltins(): Builtins };
  return mod.createBuiltins();
}
