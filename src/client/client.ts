// The group-bound FISCO BCOS 3.x client: one method per node JSON-RPC operation, each in a
// Promise form and an `…Async(…, callback)` form.
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
  LogJson,
} from '../protocol/rpc/types';
import { type AsyncArgs, runMethodAsync } from './callback';
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
import { FailoverTransport } from './transport/failover';
import { logBlockNumber, MAX_BLOCKS_PER_LOG_REQUEST, toFilterObject, type LogFilter } from './logs';
import { HttpTransport, type TlsOptions } from './transport/http';
import type { RequestOptions, Transport } from './transport/types';
import * as v from './validate';

/** How many blocks ahead getBlockLimit() allows, as the C++/Java SDKs do. */
export const BLOCK_LIMIT_RANGE = 500n;

export interface ClientOptions {
  /** Group id the client is bound to (e.g. "group0"). Required. */
  group: string;
  /** Node RPC address, http://host:port or https://host:port (with `tls`). */
  url?: string;
  /**
   * Several node RPC endpoints of the same group (console config.toml `peers`): requests fail
   * over to the next when a node is down. "host:port" entries get http, or https with `tls`.
   * When `url` is also given it is tried first.
   */
  peers?: string[];
  tls?: TlsOptions;
  /** Default request timeout (ms). */
  timeoutMs?: number;
  maxResponseBytes?: number;
  maxRequestBytes?: number;
  /** Use this transport instead of building one from url/tls. */
  transport?: Transport;
  /** Node every node-aware request names unless overridden ("" = any node). */
  node?: string;
}

/** Per-call options of node-aware methods. */
export interface NodeOptions extends RequestOptions {
  /** Node name for params[1]; overrides the client's default node. "" = any node. */
  node?: string;
}

export interface CallOptions extends NodeOptions {
  /** Signature for call-with-sign (node ≥ 3.4.0), sent as the 5th parameter. */
  sign?: string;
}

export class Client {
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
      const urls = endpointUrls(options);
      if (urls.length === 0)
        throw new TypeError('Client: give a url (http://host:port), peers, or a transport');
      const http = urls.map(
        (url) =>
          new HttpTransport({
            url,
            tls: options.tls,
            timeoutMs: options.timeoutMs,
            maxResponseBytes: options.maxResponseBytes,
            maxRequestBytes: options.maxRequestBytes,
          }),
      );
      this.transport = http.length === 1 ? http[0] : new FailoverTransport(http);
      this.ownsTransport = true;
    }
  }

  /** A view of this client whose requests name `node` (shares the transport). */
  node(node: string): Client {
    return new Client({
      group: this.group,
      transport: this.transport,
      node: v.nodeName('Client.node', node),
    });
  }

  /** Closes the transport if this client created it. */
  close(): void {
    if (this.ownsTransport) this.transport.close();
  }

  /** Sends any JSON-RPC method with explicit params (for methods without a wrapper). */
  request<T = unknown>(method: string, params: unknown[], options?: RequestOptions): Promise<T> {
    return this.transport.request<T>(method, params, pick(options));
  }

  private nodeOf(op: string, options?: NodeOptions): string {
    return options?.node === undefined ? this.defaultNode : v.nodeName(op, options.node);
  }

  /** [group, node, ...rest] request. */
  private async grouped<T>(method: string, options: NodeOptions | undefined, ...rest: unknown[]): Promise<T> {
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

  // ---- logs and filters: [group, …] without a node name (bcos-rpc FilterSystem) ----

  /** Logs of successful transactions matching `filter`; the node covers at most 10 blocks from fromBlock. */
  async getLogs(filter: LogFilter = {}, options?: RequestOptions): Promise<LogJson[]> {
    return this.transport.request('getLogs', [this.group, toFilterObject('getLogs', filter)], pick(options));
  }

  /**
   * Every matching log of fromBlock..toBlock (numbers; toBlock defaults to the latest block), in
   * chain order, asking the node 10 blocks at a time. `onPage` sees each page as it arrives.
   * An SDK convenience over getLogs, not a node method.
   */
  async getLogsInRange(
    filter: LogFilter & { fromBlock: number | bigint; toBlock?: number | bigint },
    options?: RequestOptions & { onPage?: (logs: LogJson[], from: number, to: number) => void },
  ): Promise<LogJson[]> {
    const from = v.blockNumber('getLogsInRange', filter.fromBlock);
    const to =
      filter.toBlock === undefined
        ? await this.getBlockNumber(options)
        : v.blockNumber('getLogsInRange', filter.toBlock);
    const out: LogJson[] = [];
    for (let start = from; start <= to; start += MAX_BLOCKS_PER_LOG_REQUEST) {
      options?.signal?.throwIfAborted();
      const end = Math.min(to, start + MAX_BLOCKS_PER_LOG_REQUEST - 1);
      const page = (await this.getLogs({ ...filter, fromBlock: start, toBlock: end }, options)).filter(
        (log) => logBlockNumber(log) <= end,
      );
      options?.onPage?.(page, start, end);
      out.push(...page);
    }
    return out;
  }

  /** Installs a block filter: getFilterChanges then returns new block hashes. */
  async newBlockFilter(options?: RequestOptions): Promise<string> {
    return this.transport.request('newBlockFilter', [this.group], pick(options));
  }

  /** Installs a filter whose getFilterChanges returns hashes of newly committed transactions. */
  async newPendingTransactionFilter(options?: RequestOptions): Promise<string> {
    return this.transport.request('newPendingTransactionFilter', [this.group], pick(options));
  }

  /** Installs a log filter; returns its id (hex quantity). Filters expire 5 minutes after their last poll. */
  async newFilter(filter: LogFilter = {}, options?: RequestOptions): Promise<string> {
    return this.transport.request(
      'newFilter',
      [this.group, toFilterObject('newFilter', filter)],
      pick(options),
    );
  }

  /** true when the filter existed. */
  async uninstallFilter(filterId: string, options?: RequestOptions): Promise<boolean> {
    return this.transport.request(
      'uninstallFilter',
      [this.group, filterIdOf('uninstallFilter', filterId)],
      pick(options),
    );
  }

  /**
   * What arrived since the last poll (at most 10 blocks per call): block hashes for a block
   * filter, transaction hashes for a pending-transaction filter, logs for a log filter.
   */
  async getFilterChanges(filterId: string, options?: RequestOptions): Promise<string[] | LogJson[]> {
    return this.transport.request(
      'getFilterChanges',
      [this.group, filterIdOf('getFilterChanges', filterId)],
      pick(options),
    );
  }

  /** Logs of a log filter's whole range (at most 10 blocks from its start). */
  async getFilterLogs(filterId: string, options?: RequestOptions): Promise<LogJson[]> {
    return this.transport.request(
      'getFilterLogs',
      [this.group, filterIdOf('getFilterLogs', filterId)],
      pick(options),
    );
  }

  // ---- callback forms: same arguments, then (error, result) => void ----

  sendTransactionAsync(
    ...args: AsyncArgs<Parameters<Client['sendTransaction']>, SendTransactionReceiptJson>
  ): void {
    runMethodAsync<Client>(this, 'sendTransaction', args);
  }
  callAsync(...args: AsyncArgs<Parameters<Client['call']>, CallResult>): void {
    runMethodAsync<Client>(this, 'call', args);
  }
  getCodeAsync(...args: AsyncArgs<Parameters<Client['getCode']>, string>): void {
    runMethodAsync<Client>(this, 'getCode', args);
  }
  getABIAsync(...args: AsyncArgs<Parameters<Client['getABI']>, string>): void {
    runMethodAsync<Client>(this, 'getABI', args);
  }
  getBlockNumberAsync(...args: AsyncArgs<Parameters<Client['getBlockNumber']>, number>): void {
    runMethodAsync<Client>(this, 'getBlockNumber', args);
  }
  getTotalTransactionCountAsync(
    ...args: AsyncArgs<Parameters<Client['getTotalTransactionCount']>, TotalTransactionCountResult>
  ): void {
    runMethodAsync<Client>(this, 'getTotalTransactionCount', args);
  }
  getBlockByNumberAsync(...args: AsyncArgs<Parameters<Client['getBlockByNumber']>, BlockJson>): void {
    runMethodAsync<Client>(this, 'getBlockByNumber', args);
  }
  getBlockByHashAsync(...args: AsyncArgs<Parameters<Client['getBlockByHash']>, BlockJson>): void {
    runMethodAsync<Client>(this, 'getBlockByHash', args);
  }
  getBlockHashByNumberAsync(...args: AsyncArgs<Parameters<Client['getBlockHashByNumber']>, string>): void {
    runMethodAsync<Client>(this, 'getBlockHashByNumber', args);
  }
  getTransactionByHashAsync(
    ...args: AsyncArgs<Parameters<Client['getTransactionByHash']>, TransactionJson>
  ): void {
    runMethodAsync<Client>(this, 'getTransactionByHash', args);
  }
  getTransactionAsync(...args: AsyncArgs<Parameters<Client['getTransaction']>, TransactionJson>): void {
    runMethodAsync<Client>(this, 'getTransaction', args);
  }
  getTransactionReceiptAsync(
    ...args: AsyncArgs<Parameters<Client['getTransactionReceipt']>, ReceiptJson>
  ): void {
    runMethodAsync<Client>(this, 'getTransactionReceipt', args);
  }
  getPendingTxSizeAsync(...args: AsyncArgs<Parameters<Client['getPendingTxSize']>, number>): void {
    runMethodAsync<Client>(this, 'getPendingTxSize', args);
  }
  getBlockLimitAsync(...args: AsyncArgs<Parameters<Client['getBlockLimit']>, bigint>): void {
    runMethodAsync<Client>(this, 'getBlockLimit', args);
  }
  getPeersAsync(...args: AsyncArgs<Parameters<Client['getPeers']>, PeersInfo>): void {
    runMethodAsync<Client>(this, 'getPeers', args);
  }
  getSyncStatusAsync(...args: AsyncArgs<Parameters<Client['getSyncStatus']>, SyncStatusResult>): void {
    runMethodAsync<Client>(this, 'getSyncStatus', args);
  }
  getSystemConfigByKeyAsync(
    ...args: AsyncArgs<Parameters<Client['getSystemConfigByKey']>, SystemConfigJson>
  ): void {
    runMethodAsync<Client>(this, 'getSystemConfigByKey', args);
  }
  getObserverListAsync(...args: AsyncArgs<Parameters<Client['getObserverList']>, string[]>): void {
    runMethodAsync<Client>(this, 'getObserverList', args);
  }
  getSealerListAsync(...args: AsyncArgs<Parameters<Client['getSealerList']>, SealerEntry[]>): void {
    runMethodAsync<Client>(this, 'getSealerList', args);
  }
  getNodeListByTypeAsync(...args: AsyncArgs<Parameters<Client['getNodeListByType']>, SealerEntry[]>): void {
    runMethodAsync<Client>(this, 'getNodeListByType', args);
  }
  getPbftViewAsync(...args: AsyncArgs<Parameters<Client['getPbftView']>, number>): void {
    runMethodAsync<Client>(this, 'getPbftView', args);
  }
  getConsensusStatusAsync(
    ...args: AsyncArgs<Parameters<Client['getConsensusStatus']>, ConsensusStatusResult>
  ): void {
    runMethodAsync<Client>(this, 'getConsensusStatus', args);
  }
  getGroupInfoAsync(...args: AsyncArgs<Parameters<Client['getGroupInfo']>, GroupInfoResult>): void {
    runMethodAsync<Client>(this, 'getGroupInfo', args);
  }
  getGroupListAsync(...args: AsyncArgs<Parameters<Client['getGroupList']>, GroupListJson>): void {
    runMethodAsync<Client>(this, 'getGroupList', args);
  }
  getGroupPeersAsync(...args: AsyncArgs<Parameters<Client['getGroupPeers']>, string[]>): void {
    runMethodAsync<Client>(this, 'getGroupPeers', args);
  }
  getGroupInfoListAsync(...args: AsyncArgs<Parameters<Client['getGroupInfoList']>, GroupInfoResult[]>): void {
    runMethodAsync<Client>(this, 'getGroupInfoList', args);
  }
  getGroupNodeInfoAsync(
    ...args: AsyncArgs<Parameters<Client['getGroupNodeInfo']>, NodeInfoResult | null>
  ): void {
    runMethodAsync<Client>(this, 'getGroupNodeInfo', args);
  }
  getLogsAsync(...args: AsyncArgs<Parameters<Client['getLogs']>, LogJson[]>): void {
    runMethodAsync<Client>(this, 'getLogs', args);
  }
  getLogsInRangeAsync(...args: AsyncArgs<Parameters<Client['getLogsInRange']>, LogJson[]>): void {
    runMethodAsync<Client>(this, 'getLogsInRange', args);
  }
  newBlockFilterAsync(...args: AsyncArgs<Parameters<Client['newBlockFilter']>, string>): void {
    runMethodAsync<Client>(this, 'newBlockFilter', args);
  }
  newPendingTransactionFilterAsync(
    ...args: AsyncArgs<Parameters<Client['newPendingTransactionFilter']>, string>
  ): void {
    runMethodAsync<Client>(this, 'newPendingTransactionFilter', args);
  }
  newFilterAsync(...args: AsyncArgs<Parameters<Client['newFilter']>, string>): void {
    runMethodAsync<Client>(this, 'newFilter', args);
  }
  uninstallFilterAsync(...args: AsyncArgs<Parameters<Client['uninstallFilter']>, boolean>): void {
    runMethodAsync<Client>(this, 'uninstallFilter', args);
  }
  getFilterChangesAsync(
    ...args: AsyncArgs<Parameters<Client['getFilterChanges']>, string[] | LogJson[]>
  ): void {
    runMethodAsync<Client>(this, 'getFilterChanges', args);
  }
  getFilterLogsAsync(...args: AsyncArgs<Parameters<Client['getFilterLogs']>, LogJson[]>): void {
    runMethodAsync<Client>(this, 'getFilterLogs', args);
  }
}

function filterIdOf(op: string, id: unknown): string {
  if (typeof id !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(id))
    throw new TypeError(`${op}: filter id must be the hex quantity newFilter returned, got ${String(id)}`);
  return id;
}

function pick(options?: RequestOptions): RequestOptions | undefined {
  if (!options) return undefined;
  return { signal: options.signal, timeoutMs: options.timeoutMs };
}

/** url first, then peers; "host:port" gets the scheme the TLS options imply. Duplicates dropped. */
function endpointUrls(options: ClientOptions): string[] {
  const list = [...(options.url ? [options.url] : []), ...(options.peers ?? [])];
  const out: string[] = [];
  for (const raw of list) {
    if (typeof raw !== 'string' || raw.trim() === '')
      throw new TypeError('Client: peers must be non-empty strings');
    const text = raw.trim();
    const url = /^[a-z]+:\/\//i.test(text) ? text : `${options.tls ? 'https' : 'http'}://${text}`;
    if (!out.includes(url)) out.push(url);
  }
  return out;
}
