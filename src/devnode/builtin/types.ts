// The seam between the devnode's core (transaction pool, sealer, EVM, storage) and the
// built-in contracts (BFS, consensus, system config, tables, committee, contract auth).
// The core owns persistence and journaling; built-ins only read and write through TableStore.

import type { CryptoSuite } from '../../protocol/crypto/suite';

/**
 * Key-value tables as FISCO BCOS keeps them (s_config, s_consensus, /apps/..., u_<table>).
 * Writes made while executing one transaction are journaled and dropped if it fails.
 * Values are strings; structured records are stored as JSON text.
 */
export interface TableStore {
  get(table: string, key: string): string | undefined;
  /** `undefined` deletes the key. */
  set(table: string, key: string, value: string | undefined): void;
  /** Keys of a table in ascending (byte-wise) order. */
  keys(table: string): string[];
  hasTable(table: string): boolean;
}

export interface LogRecord {
  address: string; // 0x + 40 lowercase hex
  topics: Uint8Array[];
  data: Uint8Array;
}

export interface PrecompiledContext {
  /** msg.sender: 0x + 40 lowercase hex. */
  caller: string;
  /** tx.origin: 0x + 40 lowercase hex. */
  origin: string;
  /** Number of the block being built (for calls: the latest block + 1, as the node does). */
  blockNumber: number;
  /** Block timestamp in ms. */
  timestamp: number;
  /** True for `call` (read-only) and STATICCALL: writes must fail. */
  isStatic: boolean;
  suite: CryptoSuite;
  store: TableStore;
  /** Node facts the built-ins need (group size, node ids known to the simulated group). */
  chain: ChainFacts;
  emit(log: LogRecord): void;
  /**
   * Calls another contract (built-in or EVM) as `caller`, within the same transaction journal.
   * Used by the committee to execute a passed proposal against 0x1000/0x1003/0x1005.
   */
  callInternal(to: string, input: Uint8Array, caller: string): Promise<PrecompiledResult>;
  /** Code at an address ('' when none): the auth contract checks that a contract exists. */
  codeAt(address: string): Promise<Uint8Array>;
  /**
   * Account balances (feature_balance), kept in the EVM state so BALANCE and value transfers see
   * them; journaled with the transaction. `sub` throws NotEnoughCash when the balance is short.
   */
  balances?: {
    get(address: string): Promise<bigint>;
    add(address: string, value: bigint): Promise<void>;
    sub(address: string, value: bigint): Promise<void>;
  };
}

export interface ChainFacts {
  chainId: string;
  groupId: string;
  /** Node ids (128 lowercase hex, no 0x) of every node the simulated group has P2P links with. */
  connectedNodeIds(): string[];
  /** Latest committed block number of a given node (for the "within 10 blocks" sealer rule). */
  nodeBlockNumber(nodeId: string): number;
  /** Is the committee enforcing permissions (auth check on)? */
  authEnabled: boolean;
}

export interface PrecompiledResult {
  /** Receipt status: 0 success, 15 PrecompiledError, 16 RevertInstruction, 18 PermissionDenied… */
  status: number;
  /** ABI-encoded return data, or Error(string) revert data when status = 16. */
  output: Uint8Array;
  /** Gas the call used; the core supplies a default when absent. */
  gasUsed?: bigint;
}

export interface Precompiled {
  /** 0x-prefixed lowercase address padded to 40 hex digits, e.g. 0x000…100e. */
  readonly address: string;
  readonly name: string;
  /** Its ABI, when it has one: names the method of a failed call in the failure point. */
  readonly abi?: readonly string[];
  execute(ctx: PrecompiledContext, input: Uint8Array): Promise<PrecompiledResult> | PrecompiledResult;
}

export interface ConsensusNode {
  nodeId: string; // 128 lowercase hex, no 0x
  type: 'consensus_sealer' | 'consensus_observer' | 'consensus_candidate_sealer';
  weight: number;
  /**
   * rPBFT term weight: 0 from genesis and 2-argument addSealer (NodeConfig::parseConsensusNodeList,
   * ConsensusPrecompiled addSealerImpl), set by 3-argument addSealer and setTermWeight.
   */
  termWeight?: number;
  /** First block number at which this entry is in force. */
  enableNumber: number;
}

export interface SystemConfigEntry {
  value: string;
  enableNumber: number;
}

export interface GenesisOptions {
  chainId: string;
  groupId: string;
  sm: boolean;
  authCheck: boolean;
  /** Initial sealers with their weights. */
  sealers: { nodeId: string; weight: number }[];
  /** Committee governors (auth mode): address + weight. */
  governors: { address: string; weight: number }[];
  txCountLimit: number;
  txGasLimit: number;
  leaderPeriod: number;
  compatibilityVersion: string; // "3.16.4"
  /**
   * Account balances set in the genesis state (GenesisConfig m_allocs, written by
   * Ledger::buildGenesisBlock's importGenesisState into the account table's balance field).
   */
  alloc?: { address: string; balance: bigint }[];
}

/** How a transaction or call reaches a contract: what the auth hooks look at. */
export interface InvocationInfo {
  origin: string;
  caller: string;
  /** '' for a deployment. */
  to: string;
  /** First 4 bytes of input for a call; empty for a deployment. */
  selector: Uint8Array;
  blockNumber: number;
}

export interface AuthDecision {
  ok: boolean;
  /** When refused: the receipt status (18 PermissionDenied, 21 ContractFrozen, 22 AccountFrozen…). */
  status?: number;
  /** Revert text placed in output as Error(string), when the real node does so. */
  message?: string;
}

export interface AuthHooks {
  checkDeploy(store: TableStore, info: InvocationInfo): AuthDecision;
  checkCall(store: TableStore, info: InvocationInfo): AuthDecision;
  /**
   * The account status of tx.origin for a transaction's top-level frame (AccountManager at
   * 0x10003): frozen → 22, abolished → 23. Checked before the target, built-ins included.
   */
  checkAccount?(store: TableStore, info: InvocationInfo): AuthDecision;
  /** Called after a successful deployment: records the admin of the new contract. */
  onDeployed(store: TableStore, contract: string, info: InvocationInfo): void;
}

/** What the core receives from `createBuiltins()` in ./index.ts. */
export interface Builtins {
  precompiles: Map<string, Precompiled>;
  /** Binds the chain's store (also when it is reopened and genesis does not run again). */
  attach?(store: TableStore): void;
  /** Writes the genesis state (config, consensus list, BFS tree, committee) into an empty store. */
  genesis(store: TableStore, options: GenesisOptions): Promise<void> | void;
  /** Value of a system config key in force at `blockNumber`. */
  systemConfig(store: TableStore, key: string, blockNumber: number): SystemConfigEntry | undefined;
  /** The consensus node list in force at `blockNumber`. */
  consensusNodes(store: TableStore, blockNumber: number): ConsensusNode[];
  auth: AuthHooks;
  /**
   * Code the node keeps for a contract that runs natively (a table contract's
   * "[PRECOMPILED],<impl>,/tables/<name>" marker), so getCode and EXTCODESIZE see it.
   */
  nativeCode?(store: TableStore, address: string): Uint8Array | undefined;
}
