// JSON of the log filters (getLogs, newFilter) and of the event push.
// Shapes as a real node (v3.x, jsoncpp) serializes them; notation as in types.ts ("hex0x",
// "hex", "dec-str", "json-str").

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
