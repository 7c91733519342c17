// JSON results about nodes and groups: sealers, sync and consensus status, peers, group info.
// Shapes as a real node (v3.x, jsoncpp) serializes them; notation as in types.ts ("hex0x",
// "hex", "dec-str", "json-str").

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
