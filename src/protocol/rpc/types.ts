// JSON results of the FISCO BCOS 3.x JSON-RPC methods, exactly as a real node (v3.x, jsoncpp)
// serializes them. The devnode produces these shapes and the client consumes them, so every
// quirk of the real node is kept: see reference/rpc-shapes.md and protocol.md §8.
//
// Notation used in comments: "hex0x" = "0x" + lowercase hex ("0x" when empty); "hex" = lowercase
// hex without 0x; "dec-str" = decimal digits in a string; "json-str" = compact JSON text ending
// in "\n" (jsoncpp FastWriter, keys sorted).
//
// The shapes live in files by subject; this file re-exports them and maps each method to its result.

import type {
  CallResult,
  ReceiptJson,
  SendTransactionReceiptJson,
  TransactionJson,
} from './transactionTypes';
import type { BlockJson, SystemConfigJson, TotalTransactionCount } from './blockTypes';
import type { GroupInfo, GroupListJson, NodeInfo, PeersInfo, SealerEntry } from './nodeTypes';
import type { LogJson } from './logTypes';

export type * from './transactionTypes';
export type * from './blockTypes';
export type * from './nodeTypes';
export type * from './logTypes';

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
