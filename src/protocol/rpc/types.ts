// JSON results of the FISCO BCOS 3.x JSON-RPC methods, exactly as a real node (v3.x, jsoncpp)
// serializes them. The devnode produces these shapes and the client consumes them, so every
// quirk of the real node is kept: see reference/rpc-shapes.md and protocol.md §8.
//
// Notation used in comments: "hex0x" = "0x" + lowercase hex ("0x" when empty); "hex" = lowercase
// hex without 0x; "dec-str" = decimal digits in a string; "json-str" = compact JSON text ending
// in "\n" (jsoncpp FastWriter, keys sorted).

/** Receipt log entry. `address` has NO 0x prefix (unlike topics and data). */
export interface LogEntryJson {
  /** 40 lowercase hex, no 0x (e.g. "6849f21d1e455e9f0712b1e99fa4fcd23758e8f1"). */
  address: string;
  /** hex0x */
  data: string;
  /** hex0x, 32 bytes each */
  topics: string[];
}

/** Fields shared by the receipt of getTransactionReceipt and of sendTransaction. */
export interface ReceiptCommonJson {
  blockNumber: number;
  /** EIP-55 casing computed with the chain hash (SM3 on SM chains) for deployments, else "". */
  checksumContractAddress: string;
  /** "0x" + 40 lowercase hex for deployments, else "". */
  contractAddress: string;
  /** "0x" + 40 lowercase hex: the recovered sender. */
  from: string;
  /** dec-str, e.g. "24363". */
  gasUsed: string;
  /** Receipt hash, hex0x. On sendTransaction it is the literal "0x" when status != 0. */
  hash: string;
  logEntries: LogEntryJson[];
  /** Normally "". */
  message: string;
  /** hex0x: return data, or revert data when status = 16. */
  output: string;
  /** TransactionStatus: 0 success, 16 revert… (see protocol/rpc/status.ts). */
  status: number;
  /** The tx `to` verbatim as the sender wrote it; "" for deployments. */
  to: string;
  /** hex0x, 32 bytes. */
  transactionHash: string;
  /** Receipt version = transaction version (0, 1 or 2). */
  version: number;
  /** Only for v1/v2 receipts: "" when zero, else "0x…". */
  effectiveGasPrice?: string;
}

/**
 * Result of getTransactionReceipt. `input`, `from`, `to`, `extraData` and `transactionProof`
 * are copied from the node's internal getTransaction (null only if that lookup failed).
 */
export interface ReceiptJson extends ReceiptCommonJson {
  /** Raw text (not hex). */
  extraData: string;
  /** hex0x: the transaction input. */
  input: string;
  /** `null` when withProof = false; `[]` (an empty placeholder) when withProof = true. */
  transactionProof: string[] | null;
  /** Only with withProof = true: always `[]` (placeholder). */
  receiptProof?: string[];
  /** Only with withProof = true: merkle proof, hex without 0x. */
  txReceiptProof?: string[];
}

/**
 * Result of sendTransaction (the node waits for the commit). Differs from ReceiptJson:
 * `hash` is "0x" when status != 0; no `transactionProof`; `input`/`extraData` present only
 * with `[rpc] return_input_params=true` (the default since 3.3.0); with withProof = true both
 * `receiptProof` and `txReceiptProof` carry the same real proof.
 */
export interface SendTransactionReceiptJson extends ReceiptCommonJson {
  extraData?: string;
  input?: string;
  receiptProof?: string[];
  txReceiptProof?: string[];
}

/** Result of call: a revert is a normal result with status 16 and the revert data in output. */
export interface CallResult {
  /** Current block height. */
  blockNumber: number;
  /** hex0x */
  output: string;
  status: number;
}

/** Result of getTransaction (wire name; clients call it getTransactionByHash). */
export interface TransactionJson {
  /** ABI JSON text stored with a deployment, else "". */
  abi: string;
  blockLimit: number;
  chainID: string;
  /** Raw text, not hex. */
  extraData: string;
  /** "0x" + 40 lowercase hex. */
  from: string;
  groupID: string;
  /** hex0x, 32 bytes. */
  hash: string;
  /** ms since epoch (tx pool arrival time). */
  importTime: number;
  /** hex0x */
  input: string;
  /** Hex of the nonce string's bytes, NO 0x (since 3.3.0; "3231…" for the text "21…"). */
  nonce: string;
  /** hex0x: 65 bytes (secp256k1 r‖s‖v) or 128 bytes (SM2 r‖s‖pub). */
  signature: string;
  /** Verbatim as the sender wrote it; "" for deployments. */
  to: string;
  version: number;
  // version >= 1
  value?: string;
  gasPrice?: string;
  gasLimit?: number;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  /** version >= 2: one JSON number per raw byte. */
  extension?: number[];
  /** Only with withProof = true: always `[]` (placeholder). */
  transactionProof?: string[];
  /** Only with withProof = true: merkle proof, hex without 0x. */
  txProof?: string[];
}

export interface ParentInfoJson {
  /** hex0x */
  blockHash: string;
  blockNumber: number;
}

export interface SignatureJson {
  sealerIndex: number;
  /** hex0x */
  signature: string;
}

/** Block header keys (always present). */
export interface BlockHeaderJson {
  consensusWeights: number[];
  /** hex0x ("0x" normally; genesis: hex of the genesis config text). */
  extraData: string;
  /** dec-str */
  gasUsed: string;
  /** hex0x */
  hash: string;
  number: number;
  parentInfo: ParentInfoJson[];
  /** hex0x (32 zero bytes when empty). */
  receiptsRoot: string;
  /** Index into sealerList. */
  sealer: number;
  /** "0x" + 128 hex: 0x-prefixed here, unlike getSealerList node IDs. */
  sealerList: string[];
  signatureList: SignatureJson[];
  stateRoot: string;
  /** ms */
  timestamp: number;
  txsRoot: string;
  /** Chain compatibility version, e.g. 50528256 = 0x03030000 = 3.3.0. */
  version: number;
}

/** A transaction inside a block: the getTransaction object without proof fields. */
export type BlockTransactionJson = Omit<TransactionJson, 'transactionProof' | 'txProof'>;

/**
 * Result of getBlockByNumber / getBlockByHash. `transactions` is absent when onlyHeader = true
 * (the node's default); it holds hex0x hashes when onlyTxHash = true, else full objects.
 */
export interface BlockJson extends BlockHeaderJson {
  transactions?: string[] | BlockTransactionJson[];
}

export interface TotalTransactionCount {
  blockNumber: number;
  failedTransactionCount: number;
  transactionCount: number;
}

export interface SystemConfigJson {
  /** Block from which the value is in force. */
  blockNumber: number;
  /** Always a string, even for numeric configs. */
  value: string;
}

/** getSealerList / getNodeListByType entry. Node IDs have no 0x. */
export interface SealerEntry {
  /** 128 hex, no 0x. */
  nodeID: string;
  weight: number;
  /** Since node v3.12.0. */
  termWeight?: number;
}

export interface SyncPeerStatus {
  archivedBlockNumber: number;
  blockNumber: number;
  /** hex, no 0x */
  genesisHash: string;
  /** hex, no 0x */
  latestHash: string;
  nodeID: string;
}

/** The object inside the json-str that getSyncStatus returns. */
export interface SyncStatus {
  archivedBlockNumber: number;
  blockNumber: number;
  /** hex, no 0x */
  genesisHash: string;
  isSyncing: boolean;
  knownHighestNumber: number;
  /** hex, no 0x */
  knownLatestHash: string;
  /** hex, no 0x */
  latestHash: string;
  nodeID: string;
  /** Other nodes (self excluded). */
  peers: SyncPeerStatus[];
}

export interface ConsensusNodeEntry {
  index: number;
  nodeID: string;
  weight: number;
  /** Since node v3.12.0. */
  termWeight?: number;
}

/** The object inside the json-str that getConsensusStatus returns. */
export interface ConsensusStatus {
  blockNumber: number;
  changeCycle: number;
  /** A COUNT of connected nodes, despite the name. */
  connectedNodeList: number;
  consensusNodeList: ConsensusNodeEntry[];
  consensusNodesNum: number;
  /** hex, no 0x */
  hash: string;
  index: number;
  isConsensusNode: boolean;
  leaderIndex: number;
  maxFaultyQuorum: number;
  minRequiredQuorum: number;
  nodeID: string;
  timeout: boolean;
  view: number;
}

export interface GroupNodeIDInfo {
  group: string;
  nodeIDList: string[];
}

export interface PeerInfo {
  /** "ip:port"; omitted when the address is empty. */
  endPoint?: string;
  groupNodeIDInfo: GroupNodeIDInfo[];
  p2pNodeID: string;
}

/** Result of getPeers. */
export interface PeersInfo extends PeerInfo {
  peers: PeerInfo[];
}

/** Result of getGroupList. `groupList` is omitted when the node has no group. */
export interface GroupListJson {
  /** Always 0. */
  code: number;
  groupList?: string[];
  /** Always "success". */
  msg: string;
}

export interface NodeProtocolJson {
  /** e.g. 50528256 = 3.3.0 */
  compatibilityVersion: number;
  maxSupportedVersion: number;
  minSupportedVersion: number;
}

export interface ServiceInfoJson {
  serviceName: string;
  type: number;
}

/** Node object of getGroupInfo().nodeList and of getGroupNodeInfo. */
export interface NodeInfo {
  /** json-str holding a NodeIniConfig. */
  iniConfig: string;
  /** false on Air nodes. */
  microService: boolean;
  name: string;
  nodeID: string;
  protocol: NodeProtocolJson;
  serviceInfo: ServiceInfoJson[];
  /** 0 = non-SM, 1 = SM. */
  type: number;
  /** Since v3.6.0. */
  featureKeys?: string[];
  /** Since v3.9.0. */
  supportConfigs?: string[];
}

/** Result of getGroupInfo (null for an unknown group); getGroupInfoList returns an array. */
export interface GroupInfo {
  chainID: string;
  /** json-str holding a GenesisConfig. */
  genesisConfig: string;
  groupID: string;
  /** "" at group level on Air nodes. */
  iniConfig: string;
  nodeList: NodeInfo[];
}

/** Inside GroupInfo.genesisConfig. */
export interface GenesisConfig {
  blockTxCountLimit: number;
  consensusLeaderPeriod: number;
  consensusType: string;
  sealerList: { nodeID: string; weight: number }[];
  txGasLimit: number;
}

export interface BinaryInfo {
  buildTime: string;
  gitCommitHash: string;
  platform: string;
  version: string;
}

/** Inside NodeInfo.iniConfig. */
export interface NodeIniConfig {
  binaryInfo: BinaryInfo;
  chainID: string;
  gatewayServiceName: string;
  groupID: string;
  isAuthCheck: boolean;
  isSerialExecute: boolean;
  isWasm: boolean;
  nodeID: string;
  nodeName: string;
  rpcServiceName: string;
  smCryptoType: boolean;
}

/** A log of getLogs / getFilterLogs / getFilterChanges (bcos-rpc LogMatcher::matches). */
export interface LogJson {
  /** "0x" + 40 lowercase hex (unlike receipt log entries). */
  address: string;
  blockHash: string;
  /** Hex quantity ("0x1a"). */
  blockNumber: string;
  data: string;
  /** Hex quantity: index of the log within its receipt. */
  logIndex: string;
  removed: boolean;
  topics: string[];
  transactionHash: string;
  /** Hex quantity. */
  transactionIndex: string;
}

/**
 * The filter object of newFilter / getLogs as the node reads it (FilterRequest::fromJson):
 * fromBlock, toBlock, address and topics must all be present; blockhash is optional.
 */
export interface FilterObjectJson {
  /** Hex quantity, "latest" or "earliest". */
  fromBlock: string;
  toBlock: string;
  address: string | string[];
  /** Per position: a topic, any of several, or null for any. */
  topics: (string | string[] | null)[];
  blockhash?: string;
}

/** One log of an EVENT_LOG_PUSH (bcos-rpc EventSubMatcher::matches). */
export interface EventPushLogJson {
  /** 40 lowercase hex, NO 0x (the log entry's address verbatim). */
  address: string;
  blockNumber: number;
  data: string;
  logIndex: number;
  topics: string[];
  transactionHash: string;
  transactionIndex: number;
}

/** Result type of each JSON-RPC method by wire name. */
export interface RpcResults {
  sendTransaction: SendTransactionReceiptJson;
  call: CallResult;
  getCode: string;
  getABI: string;
  getBlockNumber: number;
  getTotalTransactionCount: TotalTransactionCount;
  getBlockByNumber: BlockJson;
  getBlockByHash: BlockJson;
  getBlockHashByNumber: string;
  getTransaction: TransactionJson | null;
  getTransactionReceipt: ReceiptJson;
  getPendingTxSize: number;
  getPeers: PeersInfo;
  getSyncStatus: string;
  getSystemConfigByKey: SystemConfigJson;
  getObserverList: string[];
  getSealerList: SealerEntry[];
  getNodeListByType: SealerEntry[];
  getPbftView: number;
  getConsensusStatus: string;
  getGroupInfo: GroupInfo | null;
  getGroupList: GroupListJson;
  getGroupPeers: string[];
  getGroupInfoList: GroupInfo[];
  getGroupNodeInfo: NodeInfo | null;
  newBlockFilter: string;
  newPendingTransactionFilter: string;
  newFilter: string;
  uninstallFilter: boolean;
  getFilterChanges: string[] | LogJson[];
  getFilterLogs: LogJson[];
  getLogs: LogJson[];
}

export type RpcMethod = keyof RpcResults;
