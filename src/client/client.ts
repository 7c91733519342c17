// The group-bound FISCO BCOS 3.x client: one method per node JSON-RPC operation, each in a
// Promise form and an `…Async(…, callback)` form. The node operations are in clientRpc.ts; logs
// and filters, the callback forms and per-node views are here.
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
  PeersInfo,
  ReceiptJson,
  SealerEntry,
  SendTransactionReceiptJson,
  SystemConfigJson,
  TransactionJson,
  LogJson,
} from '../protocol/rpc/types';
import { type AsyncArgs, runMethodAsync } from './callback';
import { ClientRpc } from './clientRpc';
import { pick } from './clientTransport';
import type {
  ConsensusStatusResult,
  GroupInfoResult,
  NodeInfoResult,
  SyncStatusResult,
  TotalTransactionCountResult,
} from './results';
import { logBlockNumber, MAX_BLOCKS_PER_LOG_REQUEST, toFilterObject, type LogFilter } from './logs';
import type { RequestOptions } from './transport/types';
import * as v from './validate';

export { BLOCK_LIMIT_RANGE } from './clientRpc';
export type { CallOptions, ClientOptions, NodeOptions } from './clientTransport';

export class Client extends ClientRpc {
  /** A view of this client whose requests name `node` (shares the transport). */
  node(node: string): Client {
    return new Client({
      group: this.group,
      transport: this.transport,
      node: v.nodeName('Client.node', node),
    });
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
