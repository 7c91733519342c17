// The one seam between the extension UI and the SDK: everything the views, commands and webviews
// need from a chain, for one connection and group. `sdkChainApi.ts` implements it over the
// client; tests implement it with fakes. No vscode import.

import type {
  BlockHeaderJson,
  BlockTransactionJson,
  CallResult,
  LogEntryJson,
  NodeProtocolJson,
  ReceiptCommonJson,
  SystemConfigJson,
} from '../../protocol/rpc/types';
import type { DevTools } from './devTools';

export interface Signer {
  address: string;
  /** 0x hex private key; only handed to the SDK to sign, never stored outside SecretStorage. */
  privateKey: string;
  sm: boolean;
}

export interface NodeSummary {
  name: string;
  nodeId: string;
  role: 'sealer' | 'observer' | 'candidate' | 'none';
  weight?: number;
  version?: string;
  protocol?: NodeProtocolJson;
  sm?: boolean;
  authCheck?: boolean;
}

export interface NodeStatus {
  blockNumber: number;
  pendingTxs: number;
  pbftView?: number;
  isSyncing?: boolean;
  knownHighest?: number;
}

export interface GroupSummary {
  group: string;
  chainId: string;
  nodes: NodeSummary[];
}

// Chain JSON is the protocol's (src/protocol/rpc/types.ts). Receipts and transactions are the
// parts both RPC paths give: a receipt comes from getTransactionReceipt or from sendTransaction
// (no transactionProof, input only on newer nodes), a block's transactions are hashes or
// getTransaction objects without proofs.

/** Block header as the node serializes it, with its transactions when asked for. */
export interface BlockJson extends BlockHeaderJson {
  transactions?: (string | TransactionJson)[];
}

/** A transaction: getTransaction's object, or one inside a block (no proof fields). */
export type TransactionJson = BlockTransactionJson;

/** A receipt log entry (address without 0x). */
export type LogJson = LogEntryJson;

/** A receipt from getTransactionReceipt or sendTransaction: the fields both carry, input when given. */
export type ReceiptJson = ReceiptCommonJson & { input?: string; extraData?: string };

/** Result of call: a revert is a normal result with status 16 and the revert data in output. */
export type CallResultJson = CallResult;

export interface BfsEntry {
  name: string;
  /** directory | contract | link */
  type: string;
  /** For links: target address. */
  address?: string;
  /** For links: the stored ABI JSON. */
  abi?: string;
}

export interface BfsPage {
  entries: BfsEntry[];
  /** Entries not yet returned after this page. */
  left: number;
}

export interface Governor {
  address: string;
  weight: number;
}

export interface CommitteeInfo {
  governors: Governor[];
  participatesRate: number;
  winRate: number;
}

export interface ProposalInfo {
  id: number;
  proposer: string;
  /** Numeric proposal type as the chain stores it. */
  proposalType: number;
  resourceId: string;
  blockNumberInterval: number;
  /** Numeric status as the chain stores it. */
  status: number;
  agreeVoters: string[];
  againstVoters: string[];
}

/** Outcome of a write: the receipt plus what the contract returned, decoded. */
export interface WriteResult {
  /** The transaction's receipt (absent only when the SDK reports just an id). */
  receipt?: ReceiptJson;
  /** Precompiled return code or proposal id when the function returns an integer. */
  value?: bigint;
  /** Human message (RetCode message, revert reason, status name). */
  message: string;
  ok: boolean;
}

export type ProposalRequest =
  | { kind: 'updateGovernor'; account: string; weight: number }
  | { kind: 'setRate'; participatesRate: number; winRate: number }
  | { kind: 'setDeployAuthType'; authType: 1 | 2 }
  | { kind: 'modifyDeployAuth'; account: string; open: boolean }
  | { kind: 'resetAdmin'; newAdmin: string; contract: string }
  | { kind: 'setConsensusWeight'; nodeId: string; weight: number; addFlag: boolean }
  | { kind: 'addObserver'; nodeId: string }
  | { kind: 'removeNode'; nodeId: string }
  | { kind: 'setSysConfig'; key: string; value: string }
  | { kind: 'upgradeVoteComputer'; address: string };

/** Condition operators of CRUD table queries (≥ 3.2: any column; earlier chains: gt/ge/lt/le on the key). */
export const CONDITION_OPS = [
  'gt',
  'ge',
  'lt',
  'le',
  'eq',
  'ne',
  'startsWith',
  'endsWith',
  'contains',
] as const;
export type ConditionOpName = (typeof CONDITION_OPS)[number];

/** One condition of a CRUD select / count / update / remove; several are ANDed. */
export interface TableCondition {
  field: string;
  op: ConditionOpName;
  value: string;
}

export interface TableSchemaInfo {
  keyField: string;
  valueFields: string[];
  /** Key order on ≥ 3.2 chains. */
  keyOrder?: 'lexicographic' | 'numerical';
}

/** A table row as { column: value }, the key column included. */
export type TableRow = Record<string, string>;

/** A deploy-permission entry derived from the committee's proposal history. */
export interface DeployAuthEntry {
  account: string;
  /** The latest executed modifyDeployAuth proposal naming the account. */
  lastProposalId: number;
  /** checkDeployAuth now: may the account deploy? */
  canDeploy: boolean;
}

export interface MethodAuthInfo {
  authType: number;
  access: string[];
  block: string[];
}

export interface ChainApi {
  readonly group: string;
  readonly sm: boolean;
  /** Logs, live events and devnode diagnostics (chain/devTools.ts); absent in simple fakes. */
  readonly devTools?: DevTools;

  // queries (node: node name for node-named requests; '' / undefined lets the RPC pick)
  blockNumber(node?: string): Promise<number>;
  nodeStatus(node?: string): Promise<NodeStatus>;
  groupSummary(): Promise<GroupSummary>;
  groupList(): Promise<string[]>;
  block(id: number | string, fullTransactions: boolean): Promise<BlockJson>;
  transaction(hash: string): Promise<TransactionJson | null>;
  receipt(hash: string): Promise<ReceiptJson | null>;
  abiOf(address: string): Promise<string>;
  code(address: string): Promise<string>;
  call(to: string, data: string, from?: string): Promise<CallResultJson>;
  systemConfig(key: string): Promise<SystemConfigJson | undefined>;
  /** Keys supported by the node (from featureKeys/supportConfigs or a known default list). */
  systemConfigKeys(): Promise<string[]>;
  /** Every key the chain has a value for, with its value and the block it is in force from. */
  systemConfigs(): Promise<{ key: string; value: string; blockNumber: number }[]>;

  // transactions
  /** `value` (wei) makes a version-1 transaction carrying it; absent sends a version-0 one. */
  send(signer: Signer, to: string, data: string, abi?: string, value?: bigint): Promise<ReceiptJson>;
  deploy(signer: Signer, bytecodeWithArgs: string, abi: string, value?: bigint): Promise<ReceiptJson>;

  // BFS
  bfsList(path: string, offset: number, limit: number): Promise<BfsPage>;
  bfsMkdir(signer: Signer, path: string): Promise<WriteResult>;
  bfsLink(signer: Signer, path: string, address: string, abi: string): Promise<WriteResult>;
  bfsReadlink(path: string): Promise<string>;

  // consensus and system config (the SDK services check the request first and go through a
  // committee proposal when auth check is on)
  addSealer(signer: Signer, nodeId: string, weight: number): Promise<WriteResult>;
  addObserver(signer: Signer, nodeId: string): Promise<WriteResult>;
  removeNode(signer: Signer, nodeId: string): Promise<WriteResult>;
  setWeight(signer: Signer, nodeId: string, weight: number): Promise<WriteResult>;
  setSystemConfig(signer: Signer, key: string, value: string): Promise<WriteResult>;

  // KV tables
  kvCreate(signer: Signer, table: string, keyField: string, valueFields: string[]): Promise<WriteResult>;
  kvSet(signer: Signer, table: string, key: string, value: string): Promise<WriteResult>;
  kvGet(table: string, key: string): Promise<string | undefined>;
  kvDesc(table: string): Promise<{ keyField: string; valueFields: string[] }>;

  // CRUD tables
  tableCreate(signer: Signer, table: string, keyField: string, valueFields: string[]): Promise<WriteResult>;
  tableDesc(table: string): Promise<TableSchemaInfo>;
  tableRow(table: string, key: string): Promise<TableRow | null>;
  tableSelect(
    table: string,
    conditions: TableCondition[],
    limit: { offset: number; count: number },
  ): Promise<TableRow[]>;
  tableCount(table: string, conditions: TableCondition[]): Promise<number>;
  tableInsert(signer: Signer, table: string, row: TableRow): Promise<WriteResult>;
  /** By key (a string) or by conditions; `fields` are the value columns to change. */
  tableUpdate(
    signer: Signer,
    table: string,
    where: string | TableCondition[],
    fields: TableRow,
  ): Promise<WriteResult>;
  tableRemove(signer: Signer, table: string, where: string | TableCondition[]): Promise<WriteResult>;

  // governance and permissions
  authEnabled(): Promise<boolean>;
  committee(): Promise<CommitteeInfo>;
  proposalCount(): Promise<number>;
  proposal(id: number): Promise<ProposalInfo>;
  createProposal(signer: Signer, request: ProposalRequest): Promise<WriteResult>;
  vote(signer: Signer, id: number, agree: boolean): Promise<WriteResult>;
  revoke(signer: Signer, id: number): Promise<WriteResult>;
  deployAuthType(): Promise<number>;
  checkDeployAuth(account: string): Promise<boolean>;
  /**
   * Accounts named by executed modifyDeployAuth proposals (the chain has no listing query), each
   * with its current checkDeployAuth answer.
   */
  deployAuthList(): Promise<DeployAuthEntry[]>;
  admin(contract: string): Promise<string>;
  methodAuth(contract: string, selector: string): Promise<MethodAuthInfo>;
  setMethodAuthType(
    signer: Signer,
    contract: string,
    selector: string,
    authType: number,
  ): Promise<WriteResult>;
  setMethodAuth(
    signer: Signer,
    contract: string,
    selector: string,
    account: string,
    open: boolean,
  ): Promise<WriteResult>;

  /** Keccak-256 or SM3 of UTF-8 text (0x + 64 hex): selectors and event topics on this chain. */
  hashText(text: string): string;
  close(): void;
}
