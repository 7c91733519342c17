// JSON results for blocks (headers, transactions inside), counts and system configs.
// Shapes as a real node (v3.x, jsoncpp) serializes them; notation as in types.ts ("hex0x",
// "hex", "dec-str", "json-str").

import type { TransactionJson } from './transactionTypes';

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
