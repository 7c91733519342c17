// Stored chain records → the JSON objects a real node returns (bcos-rpc toJsonResp), with its
// quirks: hashes as hex0x, 32 zero bytes for empty roots, decimal gasUsed, log addresses
// without 0x, nonce as hex of its bytes, proofs as hex without 0x.

import { toHex, utf8Encode } from '../../protocol/hex';
import { merkleProof } from '../../protocol/merkle';
import { toChecksumAddress, isAddress } from '../../protocol/address';
import type { CryptoSuite } from '../../protocol/crypto/suite';
import type {
  BlockHeaderJson,
  BlockJson,
  BlockTransactionJson,
  LogEntryJson,
  ReceiptCommonJson,
  SendTransactionReceiptJson,
} from '../../protocol/rpc/types';
import type { StoredBlock, StoredReceipt, StoredTransaction } from '../chain/types';
import { TransactionType } from '../../protocol/transaction';
import { decodePayload } from '../web3/tx';

const ZERO_HASH = new Uint8Array(32);

/** int64 values beyond 2^53 are written exactly (the JSON writer takes bigint). */
function int64(v: bigint | number): number {
  if (typeof v === 'number') return v;
  // The wire type says number, but a bigint beyond 2^53 must reach the JSON writer as is.
  // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
  return (Number.isSafeInteger(Number(v)) ? Number(v) : v) as number;
}

/** u256 text as the node re-renders it: canonical decimal, "0" when empty. */
export function decimalText(text: string): string {
  if (!/^[0-9]+$/.test(text)) return '0';
  return BigInt(text).toString();
}

/** A fixed 32-byte hash field: empty storage renders as zeros. */
function hash32(bytes: Uint8Array): string {
  return toHex(bytes.length === 0 ? ZERO_HASH : bytes);
}

export function formatTransaction(st: StoredTransaction): BlockTransactionJson {
  const tx = st.tx;
  const d = tx.data;
  const out: BlockTransactionJson = {
    abi: d.abi,
    blockLimit: int64(d.blockLimit),
    chainID: d.chainID,
    extraData: tx.extraData ?? '',
    from: st.sender,
    groupID: d.groupID,
    hash: toHex(st.hash),
    importTime: int64(tx.importTime ?? 0),
    input: toHex(d.input),
    nonce: toHex(utf8Encode(d.nonce), false),
    signature: toHex(tx.signature),
    to: d.to,
    version: d.version,
  };
  if (d.version >= 1) {
    out.value = d.value ?? '';
    out.gasPrice = d.gasPrice ?? '';
    out.gasLimit = int64(d.gasLimit ?? 0n);
    out.maxFeePerGas = d.maxFeePerGas ?? '';
    out.maxPriorityFeePerGas = d.maxPriorityFeePerGas ?? '';
  }
  if (d.version >= 2) out.extension = Array.from(d.extension ?? new Uint8Array(0));
  if (tx.type === TransactionType.Web3Transaction) web3Fields(out, tx.extraTransactionBytes);
  return out;
}

/** JsonRpcImpl_2_0.cpp toJsonResp: a Web3 transaction's value and fees, decoded from its RLP, in decimal. */
function web3Fields(out: BlockTransactionJson, payload: Uint8Array | undefined): void {
  let p;
  try {
    p = decodePayload(payload ?? new Uint8Array(0));
  } catch {
    return;
  }
  out.value = p.value.toString();
  out.gasLimit = int64(p.gasLimit);
  if (p.type >= 2) {
    out.maxPriorityFeePerGas = (p.maxPriorityFeePerGas ?? 0n).toString();
    out.maxFeePerGas = (p.maxFeePerGas ?? 0n).toString();
    out.gasPrice = '0';
  } else {
    out.gasPrice = (p.gasPrice ?? 0n).toString();
  }
}

/** A deployment's contractAddress ("0x" + the stored hex) and its checksummed form; "" otherwise. */
function contractAddresses(stored: string, suite: CryptoSuite): { address: string; checksum: string } {
  if (stored === '') return { address: '', checksum: '' };
  const bare = stored.replace(/^0[xX]/, '');
  // concat, not +: isAddress is a type guard, so TypeScript types `bare` as never in this branch.
  const checksum = isAddress(bare) ? toChecksumAddress(bare.toLowerCase(), suite) : '0x'.concat(bare);
  return { address: '0x' + bare, checksum };
}

function logEntriesJson(r: StoredReceipt): LogEntryJson[] {
  return r.data.logEntries.map((log): LogEntryJson => ({
    address: log.address,
    data: toHex(log.data),
    topics: log.topic.map((t) => toHex(t)),
  }));
}

/**
 * The receipt keys shared by sendTransaction and getTransactionReceipt. `hash` is the literal
 * "0x" unless `successForHash` (sendTransaction passes status == 0; getTransactionReceipt true).
 */
export function formatReceiptCore(
  r: StoredReceipt,
  transactionHash: string,
  successForHash: boolean,
  suite: CryptoSuite,
): Omit<ReceiptCommonJson, 'from' | 'to'> {
  const d = r.data;
  const contract = contractAddresses(d.contractAddress, suite);
  const out: Omit<ReceiptCommonJson, 'from' | 'to'> = {
    blockNumber: d.blockNumber,
    checksumContractAddress: contract.checksum,
    contractAddress: contract.address,
    gasUsed: decimalText(d.gasUsed),
    hash: successForHash ? toHex(r.hash) : '0x',
    logEntries: logEntriesJson(r),
    message: r.message,
    output: toHex(d.output),
    status: d.status,
    transactionHash,
    version: d.version,
  };
  if (d.version >= 1) out.effectiveGasPrice = d.effectiveGasPrice;
  return out;
}

/**
 * sendTransaction's answer: formatReceiptCore's keys (its hash "0x" unless the status is 0) and
 * the transaction's extraData, from, input and to, built as one object in key order (spreading
 * the core into a new object cost more than the rest of the answer's formatting).
 */
export function formatSentReceipt(
  r: StoredReceipt,
  st: StoredTransaction,
  suite: CryptoSuite,
): SendTransactionReceiptJson {
  const d = r.data;
  const contract = contractAddresses(d.contractAddress, suite);
  const out: SendTransactionReceiptJson = {
    blockNumber: d.blockNumber,
    checksumContractAddress: contract.checksum,
    contractAddress: contract.address,
    extraData: st.tx.extraData ?? '',
    from: st.sender,
    gasUsed: decimalText(d.gasUsed),
    hash: d.status === 0 ? toHex(r.hash) : '0x',
    input: toHex(st.tx.data.input),
    logEntries: logEntriesJson(r),
    message: r.message,
    output: toHex(d.output),
    status: d.status,
    to: st.tx.data.to,
    transactionHash: toHex(st.hash),
    version: d.version,
  };
  if (d.version >= 1) out.effectiveGasPrice = d.effectiveGasPrice;
  return out;
}

export function formatHeader(b: StoredBlock): BlockHeaderJson {
  const h = b.header;
  return {
    consensusWeights: h.consensusWeights.map((w) => int64(w)),
    extraData: toHex(h.extraData),
    gasUsed: decimalText(h.gasUsed),
    hash: toHex(b.hash),
    number: h.blockNumber,
    parentInfo: h.parentInfo.map((p) => ({ blockHash: toHex(p.blockHash), blockNumber: p.blockNumber })),
    receiptsRoot: hash32(h.receiptRoot),
    sealer: h.sealer,
    sealerList: h.sealerList.map((s) => toHex(s)),
    signatureList: b.signatureList.map((s) => ({
      sealerIndex: s.sealerIndex,
      signature: toHex(s.signature),
    })),
    stateRoot: hash32(h.stateRoot),
    timestamp: h.timestamp,
    txsRoot: hash32(h.txsRoot),
    version: h.version,
  };
}

export function formatBlock(b: StoredBlock, onlyHeader: boolean, onlyTxHash: boolean): BlockJson {
  const out: BlockJson = formatHeader(b);
  if (!onlyHeader) {
    out.transactions = onlyTxHash
      ? b.transactions.map((t) => toHex(t.hash))
      : b.transactions.map(formatTransaction);
  }
  return out;
}

/** txProof of a transaction: merkle proof over the block's transaction hashes. */
export function transactionProof(block: StoredBlock, index: number, suite: CryptoSuite): string[] {
  return merkleProof(
    block.transactions.map((t) => t.hash),
    index,
    suite,
  );
}

/** txReceiptProof of a receipt: merkle proof over the block's receipt hashes. */
export function receiptProof(block: StoredBlock, index: number, suite: CryptoSuite): string[] {
  return merkleProof(
    block.receipts.map((r) => r.hash),
    index,
    suite,
  );
}
