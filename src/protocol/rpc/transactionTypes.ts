// JSON results for transactions: receipts and their log entries, call results, getTransaction.
// Shapes as a real node (v3.x, jsoncpp) serializes them; notation as in types.ts ("hex0x",
// "hex", "dec-str", "json-str").

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
