// The Promise forms of the group-bound client's node JSON-RPC operations except logs and filters
// (client.ts adds those, the callback forms and `node()`).
//
// Naming a node: real nodes forward a request to the node named in params[1] ("" = any node).
// Every node-aware method takes an options object last, `{ node: "node0" }`; or bind a view
// with `client.node("node0")`, whose requests all name that node. Methods the node answers
// without a node parameter (getPeers, getGroupList, getGroupInfoList, getGroupInfo,
// getGroupPeers) take only `{ signal, timeoutMs }`.
//
// Params layouts follow the node (reference/rpc-shapes.md, protocol.md §8):
//   [group, node, …] for most methods; [group] for getGroupInfo and getGroupPeers;
//   [group, nodeName] for getGroupNodeInfo; [] for getPeers, getGroupList, getGroupInfoList.

import type {
  BlockJson,
  CallResult,
  GroupListJson,
  NodeInfo,
  PeersInfo,
  ReceiptJson,
  SealerEntry,
  SendTransactionReceiptJson,
  SystemConfigJson,
  TransactionJson,
  GroupInfo,
} from '../protocol/rpc/types';
import {
  type ConsensusStatusResult,
  type GroupInfoResult,
  type NodeInfoResult,
  parseConsensusStatus,
  parseGroupInfo,
  parseNodeInfo,
  parseSyncStatus,
  type SyncStatusResult,
  type TotalTransactionCountResult,
  withTxSums,
} from './results';
import {
  pick,
  transportFor,
  type CallOptions,
  type ClientOptions,
  type NodeOptions,
} from './clientTransport';
import type { RequestOptions, Transport } from './transport/types';
import * as v from './validate';

/** How many blocks ahead getBlockLimit() allows, as the C++/Java SDKs do. */
export const BLOCK_LIMIT_RANGE = 500n;

/** Base of Client: its group, transport and default node, and the node operations. */
export abstract class ClientRpc {
  readonly group: string;
  readonly transport: Transport;
  /** Node named by default ("" = the node RPC picks one). */
  readonly defaultNode: string;
  private readonly ownsTransport: boolean;

  constructor(options: ClientOptions) {
    if (!options || typeof options !== 'object')
      throw new TypeError('Client: options { group, url | transport } required');
    this.group = v.requireGroup(options.group);
    this.defaultNode = v.nodeName('Client', options.node);
    if (options.transport) {
      this.transport = options.transport;
      this.ownsTransport = false;
    } else {
      this.transport = transportFor(options);
      this.ownsTransport = true;
    }
  }

  /** Closes the transport if this client created it. */
  close(): void {
    if (this.ownsTransport) this.transport.close();
  }

  /** Sends any JSON-RPC method with explicit params (for methods without a wrapper). */
  request<T = unknown>(method: string, params: unknown[], options?: RequestOptions): Promise<T> {
    return this.transport.request<T>(method, params, pick(options));
  }

  protected nodeOf(op: string, options?: NodeOptions): string {
    return options?.node === undefined ? this.defaultNode : v.nodeName(op, options.node);
  }

  /** [group, node, ...rest] request. */
  protected async grouped<T>(
    method: string,
    options: NodeOptions | undefined,
    ...rest: unknown[]
  ): Promise<T> {
    const node = this.nodeOf(method, options);
    return this.transport.request<T>(method, [this.group, node, ...rest], pick(options));
  }

  // ---- contract operations ----

  /**
   * Submits a signed, TARS-encoded transaction (hex or bytes). The node answers once the
   * transaction is committed, with its receipt (`hash` is "0x" when status != 0).
   */
  async sendTransaction(
    signedTx: string | Uint8Array,
    withProof = false,
    options?: NodeOptions,
  ): Promise<SendTransactionReceiptJson> {
    const data = v.hexData('sendTransaction', 'signedTransactionData', signedTx);
    if (data === '0x') throw new TypeError('sendTransaction: signedTransactionData is empty');
    return this.grouped(
      'sendTransaction',
      options,
      data,
      v.flag('sendTransaction', 'withProof', withProof, false),
    );
  }

  /** Read-only call: `data` is the ABI-encoded input. A revert comes back as status 16. */
  async call(to: string, data: string | Uint8Array, options?: CallOptions): Promise<CallResult> {
    const args: unknown[] = [v.address('call', to), v.hexData('call', 'data', data)];
    if (options?.sign !== undefined) args.push(v.hexData('call', 'sign', options.sign));
    return this.grouped('call', options, ...args);
  }

  /** Runtime code at `address` ("" when none, as the node returns it). */
  async getCode(address: string, options?: NodeOptions): Promise<string> {
    return this.grouped('getCode', options, v.address('getCode', address));
  }

  /** ABI JSON text stored with the deployment ("" when none). */
  async getABI(address: string, options?: NodeOptions): Promise<string> {
    return this.grouped('getABI', options, v.address('getABI', address));
  }

  // ---- chain queries ----

  async getBlockNumber(options?: NodeOptions): Promise<number> {
    return this.grouped('getBlockNumber', options);
  }

  /** Wire fields plus txSum / failedTxSum. */
  async getTotalTransactionCount(options?: NodeOptions): Promise<TotalTransactionCountResult> {
    return withTxSums(await this.grouped('getTotalTransactionCount', options));
  }

  /**
   * onlyHeader and onlyTxHash default to true, as the node does when they are omitted: the
   * block then has no `transactions` key.
   */
  async getBlockByNumber(
    blockNumber: number | bigint,
    onlyHeader = true,
    onlyTxHash = true,
    options?: NodeOptions,
  ): Promise<BlockJson> {
    const op = 'getBlockByNumber';
    return this.grouped(
      op,
      options,
      v.blockNumber(op, blockNumber),
      v.flag(op, 'onlyHeader', onlyHeader, true),
      v.flag(op, 'onlyTxHash', onlyTxHash, true),
    );
  }

  /** Java SDK getBlockHeaderByNumber: the block without transactions (onlyHeader). */
  getBlockHeaderByNumber(blockNumber: number | bigint, options?: NodeOptions): Promise<BlockJson> {
    return this.getBlockByNumber(blockNumber, true, true, options);
  }

  /** Java SDK getBlockHeaderByHash. */
  getBlockHeaderByHash(blockHash: string, options?: NodeOptions): Promise<BlockJson> {
    return this.getBlockByHash(blockHash, true, true, options);
  }

  async getBlockByHash(
    blockHash: string,
    onlyHeader = true,
    onlyTxHash = true,
    options?: NodeOptions,
  ): Promise<BlockJson> {
    const op = 'getBlockByHash';
    return this.grouped(
      op,
      options,
      v.hash32(op, blockHash),
      v.flag(op, 'onlyHeader', onlyHeader, true),
      v.flag(op, 'onlyTxHash', onlyTxHash, true),
    );
  }

  /** The node answers the all-zero hash (not an error) for a missing block. */
  async getBlockHashByNumber(blockNumber: number | bigint, options?: NodeOptions): Promise<string> {
    return this.grouped('getBlockHashByNumber', options, v.blockNumber('getBlockHashByNumber', blockNumber));
  }

  /** Wire method `getTransaction`. An unknown hash rejects with RpcError 3008, as real nodes answer. */
  async getTransactionByHash(
    txHash: string,
    withProof = false,
    options?: NodeOptions,
  ): Promise<TransactionJson> {
    const op = 'getTransactionByHash';
    return this.grouped(
      'getTransaction',
      options,
      v.hash32(op, txHash),
      v.flag(op, 'withProof', withProof, false),
    );
  }

  /** Same as getTransactionByHash (the node's method name). */
  getTransaction(txHash: string, withProof = false, options?: NodeOptions): Promise<TransactionJson> {
    return this.getTransactionByHash(txHash, withProof, options);
  }

  async getTransactionReceipt(
    txHash: string,
    withProof = false,
    options?: NodeOptions,
  ): Promise<ReceiptJson> {
    const op = 'getTransactionReceipt';
    return this.grouped(op, options, v.hash32(op, txHash), v.flag(op, 'withProof', withProof, false));
  }

  async getPendingTxSize(options?: NodeOptions): Promise<number> {
    return this.grouped('getPendingTxSize', options);
  }

  /** Latest block number + 500, as a bigint: the blockLimit to put in a new transaction. */
  async getBlockLimit(options?: NodeOptions): Promise<bigint> {
    return BigInt(await this.getBlockNumber(options)) + BLOCK_LIMIT_RANGE;
  }

  /** The node ignores params here: P2P view of the node that answers. */
  async getPeers(options?: RequestOptions): Promise<PeersInfo> {
    return this.transport.request('getPeers', [], pick(options));
  }

  /** Parsed from the node's JSON text; `raw` keeps the text. */
  async getSyncStatus(options?: NodeOptions): Promise<SyncStatusResult> {
    return parseSyncStatus(await this.grouped('getSyncStatus', options));
  }

  async getSystemConfigByKey(key: string, options?: NodeOptions): Promise<SystemConfigJson> {
    return this.grouped('getSystemConfigByKey', options, v.text('getSystemConfigByKey', 'key', key));
  }

  // ---- consensus ----

  /** Node IDs (no 0x). */
  async getObserverList(options?: NodeOptions): Promise<string[]> {
    return this.grouped('getObserverList', options);
  }

  async getSealerList(options?: NodeOptions): Promise<SealerEntry[]> {
    return this.grouped('getSealerList', options);
  }

  /** type: "consensus_sealer" | "consensus_observer" | "consensus_candidate_sealer" (node ≥ 3.6). */
  async getNodeListByType(type: string, options?: NodeOptions): Promise<SealerEntry[]> {
    return this.grouped('getNodeListByType', options, v.text('getNodeListByType', 'type', type));
  }

  /** Console getCandidateList: rPBFT candidate sealers (getNodeListByType, node >= 3.6). */
  getCandidateList(options?: NodeOptions): Promise<SealerEntry[]> {
    return this.getNodeListByType('consensus_candidate_sealer', options);
  }

  async getPbftView(options?: NodeOptions): Promise<number> {
    return this.grouped('getPbftView', options);
  }

  /** Parsed from the node's JSON text; `raw` keeps the text. */
  async getConsensusStatus(options?: NodeOptions): Promise<ConsensusStatusResult> {
    return parseConsensusStatus(await this.grouped('getConsensusStatus', options));
  }

  // ---- groups ----

  /** This client's group, genesisConfig and node iniConfig parsed. Fails if the node does not know the group. */
  async getGroupInfo(options?: RequestOptions): Promise<GroupInfoResult> {
    const info = await this.transport.request<GroupInfo | null>('getGroupInfo', [this.group], pick(options));
    if (info === null || info === undefined)
      throw new Error(`getGroupInfo: the node does not know group "${this.group}"`);
    return parseGroupInfo(info);
  }

  async getGroupList(options?: RequestOptions): Promise<GroupListJson> {
    return this.transport.request('getGroupList', [], pick(options));
  }

  /** Node IDs of the group seen by the answering node (itself included). */
  async getGroupPeers(options?: RequestOptions): Promise<string[]> {
    return this.transport.request('getGroupPeers', [this.group], pick(options));
  }

  async getGroupInfoList(options?: RequestOptions): Promise<GroupInfoResult[]> {
    const list = await this.transport.request<GroupInfo[]>('getGroupInfoList', [], pick(options));
    if (!Array.isArray(list)) throw new TypeError('getGroupInfoList: expected an array');
    return list.map(parseGroupInfo);
  }

  /** Info of one node of the group by name; null when the node has no such member. */
  async getGroupNodeInfo(node: string, options?: RequestOptions): Promise<NodeInfoResult | null> {
    const info = await this.transport.request<NodeInfo | null>(
      'getGroupNodeInfo',
      [this.group, v.text('getGroupNodeInfo', 'node', node)],
      pick(options),
    );
    return info ? parseNodeInfo(info) : null;
  }
}
