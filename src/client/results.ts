// Client-side views of results the node returns as JSON text inside JSON (getSyncStatus,
// getConsensusStatus, group info's genesisConfig / iniConfig), and the client model names of
// getTotalTransactionCount. The wire value is always kept next to the parsed one.

import type {
  ConsensusStatus,
  GenesisConfig,
  GroupInfo,
  NodeIniConfig,
  NodeInfo,
  SyncStatus,
  TotalTransactionCount,
} from '../protocol/rpc/types';
import { errorMessage } from '../protocol/unknownValues';

/** getSyncStatus: the parsed object plus the node's string. */
export type SyncStatusResult = SyncStatus & { readonly raw: string };

/** getConsensusStatus: the parsed object plus the node's string. */
export type ConsensusStatusResult = ConsensusStatus & { readonly raw: string };

/** getTotalTransactionCount with the Java SDK model names next to the wire names. */
export interface TotalTransactionCountResult extends TotalTransactionCount {
  /** = transactionCount: all committed transactions. */
  txSum: number;
  /** = failedTransactionCount: committed transactions whose status != 0. */
  failedTxSum: number;
}

/** A group node with its iniConfig parsed (`iniConfigText` keeps the wire string). */
export interface NodeInfoResult extends Omit<NodeInfo, 'iniConfig'> {
  iniConfig: NodeIniConfig | null;
  iniConfigText: string;
}

/** Group info with genesisConfig and the nodes' iniConfig parsed; `raw` is the wire object. */
export interface GroupInfoResult {
  chainID: string;
  groupID: string;
  genesisConfig: GenesisConfig | null;
  /** Group-level ini config: "" on Air nodes, parsed to null then. */
  iniConfig: Record<string, unknown> | null;
  nodeList: NodeInfoResult[];
  raw: GroupInfo;
}

/** Parses a json-str field (jsoncpp text with a trailing "\n"). "" gives null. */
export function parseJsonText<T>(text: unknown, what: string): T | null {
  if (text === null || text === undefined) return null;
  if (typeof text !== 'string') throw new TypeError(`${what}: expected a JSON string, got ${typeof text}`);
  if (text.trim() === '') return null;
  try {
    // The caller names the node's documented JSON shape; the text comes from the node as-is.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
    return JSON.parse(text) as T;
  } catch (err) {
    throw new Error(`${what}: not valid JSON text (${errorMessage(err)})`, { cause: err });
  }
}

function parseStatusText<T extends object>(text: unknown, what: string): T & { readonly raw: string } {
  const parsed = parseJsonText<T>(text, what);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`${what}: expected a JSON object string`);
  return Object.assign(parsed, { raw: String(text) });
}

export function parseSyncStatus(text: unknown): SyncStatusResult {
  return parseStatusText<SyncStatus>(text, 'getSyncStatus');
}

export function parseConsensusStatus(text: unknown): ConsensusStatusResult {
  return parseStatusText<ConsensusStatus>(text, 'getConsensusStatus');
}

export function withTxSums(count: TotalTransactionCount): TotalTransactionCountResult {
  if (!count || typeof count !== 'object')
    throw new TypeError('getTotalTransactionCount: expected an object');
  return { ...count, txSum: count.transactionCount, failedTxSum: count.failedTransactionCount };
}

export function parseNodeInfo(node: NodeInfo): NodeInfoResult {
  const { iniConfig, ...rest } = node;
  return {
    ...rest,
    iniConfig: parseJsonText<NodeIniConfig>(iniConfig, 'node iniConfig'),
    iniConfigText: iniConfig,
  };
}

export function parseGroupInfo(info: GroupInfo): GroupInfoResult {
  if (!info || typeof info !== 'object') throw new TypeError('group info: expected an object');
  return {
    chainID: info.chainID,
    groupID: info.groupID,
    genesisConfig: parseJsonText<GenesisConfig>(info.genesisConfig, 'genesisConfig'),
    iniConfig: parseJsonText<Record<string, unknown>>(info.iniConfig, 'group iniConfig'),
    nodeList: (info.nodeList ?? []).map(parseNodeInfo),
    raw: info,
  };
}

/** True when the group runs SM2/SM3: node type 1 or iniConfig.smCryptoType. */
export function isSmGroup(info: GroupInfoResult): boolean {
  const node = info.nodeList[0];
  if (!node) throw new Error(`group ${info.groupID} has no nodes: cannot tell its crypto type`);
  return node.iniConfig ? node.iniConfig.smCryptoType === true : node.type === 1;
}
