// The seam between the devnode's chain engine (pool, sealer, EVM, storage) and its
// JSON-RPC layer. The RPC layer formats these records into the exact JSON of a real node.

import type { CryptoSuite } from '../../protocol/crypto/suite';
import type { Transaction } from '../../protocol/transaction';
import type { TransactionReceiptData } from '../../protocol/receipt';
import type { BlockHeaderData } from '../../protocol/block';
import type { Builtins, ConsensusNode, SystemConfigEntry } from '../builtin/types';
import type { ExecDiagnostics } from '../evm/diagnostics';
import type { DiagnosticsStore } from './diagnosticsStore';
import type { CacheStats } from '../storage/boundedCache';
import type { Trace, TraceLimits } from '../evm/trace';
import type { ReplayStats, TxTrace } from './traceReplay';

/** A rejection with the code and message the real node puts in the JSON-RPC error. */
export class TxRejected extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'TxRejected';
  }
}

export interface SimNode {
  /** Node name as `getGroupNodeInfo` and node-named requests use it (e.g. "node0"). */
  name: string;
  /** 128 lowercase hex, no 0x: the node's public key. */
  nodeId: string;
  privateKey: Uint8Array;
  /** Highest block this node has (all nodes follow the chain; a lagging node is allowed). */
  blockNumber(): number;
}

export interface StoredTransaction {
  tx: Transaction; // as decoded, sender filled by recovery, importTime set on arrival
  hash: Uint8Array;
  sender: string; // 0x + 40 lowercase hex
  blockNumber: number;
  index: number;
}

export interface StoredReceipt {
  data: TransactionReceiptData;
  hash: Uint8Array;
  /** Tx facts echoed by getTransactionReceipt. */
  transactionHash: Uint8Array;
  index: number;
  message: string;
}

export interface StoredBlock {
  header: BlockHeaderData;
  hash: Uint8Array;
  signatureList: { sealerIndex: number; signature: Uint8Array }[];
  transactions: StoredTransaction[];
  receipts: StoredReceipt[];
}

export interface CallOutcome {
  blockNumber: number;
  status: number;
  output: Uint8Array;
  /** console.log lines and failure point (devnode only). */
  diagnostics?: ExecDiagnostics;
}

export interface SimulationOutcome extends CallOutcome {
  /** Gas the execution used (what eth_estimateGas answers). */
  gasUsed: bigint;
}

export interface TotalTxCount {
  blockNumber: number;
  transactionCount: number;
  failedTransactionCount: number;
}

export interface ChainOptions {
  chainId: string;
  groupId: string;
  sm: boolean;
  /** Simulated group size (sealers at genesis). */
  nodes: number;
  /** Dev accounts funded at genesis; account 0 is the governor. */
  accounts: number;
  /** 0 = seal as soon as transactions arrive, batching what is pending. */
  blockTimeMs: number;
  authCheck: boolean;
  /** Directory for persistence; undefined keeps the chain in memory. */
  dataDir?: string;
  /** Deterministic seed for node and dev-account keys (so a restart finds the same keys). */
  seed?: string;
  log?: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;
  /** Built-in contracts; defaults to `createBuiltins()` from ../builtin (tests may pass stand-ins). */
  builtins?: Builtins;
  /** Transactions whose diagnostics stay decoded in memory (default 10,000; the rest are read from the store). */
  diagnosticsCache?: number;
}

export interface DevAccount {
  address: string;
  privateKey: Uint8Array;
}

export interface DevChain {
  readonly options: ChainOptions;
  readonly suite: CryptoSuite;
  readonly nodes: SimNode[];
  readonly accounts: DevAccount[];
  /** console.log lines and failure points of committed transactions, by "0x" hash (devnode only; kept in the chain store). */
  readonly diagnostics: DiagnosticsStore;

  blockNumber(): number;
  /**
   * Every in-memory structure that could grow with the chain (read caches, diagnostics) against
   * its bounds, by name: memory stays flat however long the chain gets.
   */
  cacheStats(): Record<string, CacheStats>;
  /**
   * Validates (in the real node's order and codes), pools, and resolves once the transaction
   * is committed. Throws TxRejected for pool rejections (10000…) and decode/hash/chain-id (-1).
   */
  submit(raw: Uint8Array): Promise<{ tx: StoredTransaction; receipt: StoredReceipt; block: StoredBlock }>;
  /** Read-only execution at the latest state. `from` is the recovered signer of a signed call. */
  call(to: string, data: Uint8Array, from?: string): Promise<CallOutcome>;
  /** Debugger trace of a committed transaction, re-executed on the state before it (devnode only). */
  traceTransaction(hash: Uint8Array, limits: TraceLimits): Promise<TxTrace | undefined>;
  /** How much the last transaction trace replayed (the replica is reused between traces). */
  readonly lastReplayStats: ReplayStats | undefined;
  /** Debugger trace of a read-only call at the latest state (devnode only). */
  traceCall(
    to: string,
    data: Uint8Array,
    from: string | undefined,
    limits: TraceLimits,
  ): Promise<{ status: number; output: Uint8Array; trace: Trace }>;
  /** `call` that also reports the gas used; `to` '' simulates a deployment of `data`. */
  simulate(to: string, data: Uint8Array, from?: string): Promise<SimulationOutcome>;
  /** The account nonce committed Web3 transactions left; undefined when the account has none. */
  web3Nonce(address: string): bigint | undefined;
  /** One past the highest nonce of `address`'s pooled Web3 transactions; undefined when none. */
  pendingWeb3Nonce(address: string): bigint | undefined;

  getBlockByNumber(n: number): StoredBlock | undefined;
  getBlockByHash(hash: Uint8Array): StoredBlock | undefined;
  getTransaction(hash: Uint8Array): StoredTransaction | undefined;
  getReceipt(hash: Uint8Array): StoredReceipt | undefined;
  getCode(address: string): Promise<Uint8Array>;
  /** An account's balance (wei) in the latest state: the field BALANCE, 0x1011 and value transfers use. */
  balance(address: string): Promise<bigint>;
  /** A contract storage slot (32 bytes, zeros when unset). */
  getStorageAt(address: string, slot: Uint8Array): Promise<Uint8Array>;
  getAbi(address: string): string;
  pendingCount(): number;
  totalTransactionCount(): TotalTxCount;
  systemConfig(key: string): SystemConfigEntry | undefined;
  consensusNodes(): ConsensusNode[];
  /** Current PBFT view: moves only on view changes (timeouts), not with sealed blocks. */
  pbftView(): number;

  onBlock(listener: (block: StoredBlock) => void): () => void;
  close(): Promise<void>;
}
