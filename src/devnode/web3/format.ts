// The JSON the real node's Web3 service writes for blocks, transactions, receipts and logs
// (bcos-rpc web3jsonrpc/model/BlockResponse.cpp, TransactionResponse.cpp, ReceiptResponse.cpp).
// The same stored records the node RPC formats, seen the Ethereum way.

import { keccak_256 } from '@noble/hashes/sha3.js';
import { getAddress } from 'ethers';
import { toHex, utf8Encode } from '../../protocol/hex';
import { TransactionType } from '../../protocol/transaction';
import type { StoredBlock, StoredReceipt, StoredTransaction } from '../chain/types';
import type { JsonObject, JsonValue } from '../rpc/json';
import { decodePayload } from './tx';

const ZERO_HASH = '0x' + '0'.repeat(64);
const ZERO_ADDRESS = '0x' + '0'.repeat(40);
/** keccak256(RLP([])): the empty uncle list. */
const EMPTY_UNCLES = '0x1dcc4de8dec75d7aab85b567b6ccd41ad312451b948a7413f0a142fd40d49347';
/** BlockResponse.cpp: "change it when block gas limit apply". */
const BLOCK_GAS_LIMIT = 30_000_000;
const BLOOM_BYTES = 256;

export function quantity(n: number | bigint): string {
  return '0x' + BigInt(n).toString(16);
}

/** bcos-utilities toQuantity(Binary): the bytes' hex without leading zero digits, "0x0" if empty. */
export function bytesQuantity(bytes: Uint8Array): string {
  if (bytes.length === 0) return '0x0';
  return '0x' + toHex(bytes, false).replace(/^0+(?=.)/, '');
}

/** EIP-55 with keccak256 on every chain (bcos-crypto ChecksumAddress). */
export function checksum(address: string): string {
  const body = address.startsWith('0x') || address.startsWith('0X') ? address.slice(2) : address;
  try {
    return getAddress('0x' + body.toLowerCase());
  } catch {
    return '0x' + body;
  }
}

/** bcos-utilities Bloom.h getLogsBloom: over the log address *text* and each topic. */
export function logsBloom(
  logs: StoredReceipt['data']['logEntries'],
  into = new Uint8Array(BLOOM_BYTES),
): Uint8Array {
  const add = (bytes: Uint8Array) => {
    const h = keccak_256(bytes);
    for (let i = 0; i < 6; i += 2) {
      const bit = ((h[i] & 7) << 8) + h[i + 1];
      into[BLOOM_BYTES - 1 - Math.floor(bit / 8)] |= 1 << (bit % 8);
    }
  };
  for (const log of logs) {
    add(utf8Encode(log.address));
    for (const topic of log.topic) add(topic);
  }
  return into;
}

function signatureFields(signature: Uint8Array): JsonObject {
  return {
    r: bytesQuantity(signature.subarray(0, 32)),
    s: bytesQuantity(signature.subarray(32, 64)),
    v: bytesQuantity(signature.subarray(64, 65)),
  };
}

function toField(to: string): string | null {
  return to === '' ? null : checksum(to);
}

/** combineTxResponse(tx, index, number, blockHash). */
export function formatTransaction(st: StoredTransaction, blockHash: Uint8Array): JsonObject {
  const tx = st.tx;
  const d = tx.data;
  const out: JsonObject = {
    blockHash: toHex(blockHash),
    blockNumber: quantity(st.blockNumber),
    transactionIndex: quantity(st.index),
    from: checksum(st.sender),
    to: toField(d.to),
    gas: quantity(d.gasLimit ?? 0n),
    gasPrice: d.gasPrice || '0x0',
    hash: toHex(st.hash),
    input: toHex(d.input),
  };
  if (tx.type !== TransactionType.Web3Transaction) {
    out.type = quantity(0);
    // "web3 tools do not compatible with too long hex": the FISCO nonce text, prefixed.
    out.nonce = '0x' + d.nonce;
    out.value = d.value || '0x0';
    out.maxPriorityFeePerGas = d.maxPriorityFeePerGas || '0x0';
    out.maxFeePerGas = d.maxFeePerGas || '0x0';
    out.chainId = '0x0';
  } else {
    const p = decodePayload(tx.extraTransactionBytes ?? new Uint8Array(0));
    out.nonce = quantity(p.nonce);
    out.type = quantity(p.type);
    out.value = quantity(p.value);
    if (p.type >= 1)
      out.accessList = (p.accessList ?? []).map((a) => ({
        address: a.address.toLowerCase(),
        storageKeys: a.storageKeys,
      }));
    if (p.type >= 2) {
      out.maxPriorityFeePerGas = quantity(p.maxPriorityFeePerGas ?? 0n);
      out.maxFeePerGas = quantity(p.maxFeePerGas ?? 0n);
    }
    out.chainId = quantity(p.chainId);
    if (p.type >= 3) {
      // TransactionResponse.cpp writes maxFeePerBlobGas as decimal text (u256::str()).
      out.maxFeePerBlobGas = (p.maxFeePerBlobGas ?? 0n).toString();
      out.blobVersionedHashes = p.blobVersionedHashes ?? [];
    }
  }
  return { ...out, ...signatureFields(tx.signature) };
}

/** The EIP-2718 type of a stored transaction (ReceiptResponse.cpp: first payload byte < 0x80). */
function typeOf(st: StoredTransaction): number {
  const extra = st.tx.extraTransactionBytes;
  return extra !== undefined && extra.length > 0 && extra[0] < 0x80 ? extra[0] : 0;
}

/**
 * combineReceiptResponse, with the fields the baseline scheduler fills (BaselineScheduler.h
 * finishExecute: transactionIndex, logsBloom, cumulativeGasUsed; logIndex stays 0, as
 * TransactionReceiptImpl::logIndex always answers 0).
 */
export function formatReceipt(block: StoredBlock, index: number): JsonObject {
  const st = block.transactions[index];
  const receipt = block.receipts[index];
  const r = receipt.data;
  const blockHash = toHex(block.hash);
  const txHash = toHex(st.hash);
  let cumulative = 0n;
  for (let i = 0; i <= index; i++) cumulative += BigInt(block.receipts[i].data.gasUsed || '0');
  const transactionIndex = quantity(index);
  // ReceiptResponse.cpp passes the already formatted index text to toQuantity again, which hex-
  // encodes its characters: "0x0" becomes "0x307830" in every log of a real node's receipt.
  const logTransactionIndex = bytesQuantity(utf8Encode(transactionIndex));
  return {
    status: quantity(r.status === 0 ? 1 : 0),
    transactionHash: txHash,
    transactionIndex,
    blockHash,
    blockNumber: quantity(r.blockNumber),
    from: checksum(st.sender),
    to: toField(st.tx.data.to),
    cumulativeGasUsed: quantity(cumulative),
    effectiveGasPrice: r.effectiveGasPrice || '0x0',
    gasUsed: quantity(BigInt(r.gasUsed || '0')),
    contractAddress: r.contractAddress === '' ? null : checksum(r.contractAddress),
    logs: r.logEntries.map((log, i) => ({
      address: checksum(log.address),
      topics: log.topic.map((t) => toHex(t)),
      data: toHex(log.data),
      logIndex: quantity(i),
      blockNumber: quantity(r.blockNumber),
      blockHash,
      transactionIndex: logTransactionIndex,
      transactionHash: txHash,
      removed: false,
    })),
    logsBloom: toHex(logsBloom(r.logEntries)),
    type: quantity(typeOf(st)),
  };
}

/** combineBlockResponse. */
export function formatBlock(block: StoredBlock, fullTransactions: boolean): JsonObject {
  const h = block.header;
  const hash = toHex(block.hash);
  const bloom = new Uint8Array(BLOOM_BYTES);
  for (const r of block.receipts) logsBloom(r.data.logEntries, bloom);
  let miner = ZERO_ADDRESS;
  let parentHash = ZERO_HASH;
  if (h.blockNumber !== 0) {
    const sealer = h.sealerList[h.sealer];
    if (sealer !== undefined) miner = checksum(toHex(keccak_256(sealer).subarray(12)));
    for (const p of h.parentInfo) parentHash = toHex(p.blockHash);
  }
  let size = 0;
  for (const t of block.transactions)
    size += t.tx.data.input.length + (t.tx.extraTransactionBytes?.length ?? 0);
  const transactions: JsonValue[] = block.transactions.map((t) =>
    fullTransactions ? formatTransaction(t, block.hash) : toHex(t.hash),
  );
  return {
    number: quantity(h.blockNumber),
    hash,
    parentHash,
    nonce: '0x0000000000000000',
    sha3Uncles: EMPTY_UNCLES,
    logsBloom: toHex(bloom),
    transactionsRoot: toHex(h.txsRoot.length ? h.txsRoot : new Uint8Array(32)),
    stateRoot: toHex(h.stateRoot.length ? h.stateRoot : new Uint8Array(32)),
    receiptsRoot: toHex(h.receiptRoot.length ? h.receiptRoot : new Uint8Array(32)),
    miner,
    difficulty: '0x0',
    totalDifficulty: '0x0',
    extraData: toHex(h.extraData),
    size: quantity(size),
    gasLimit: quantity(BLOCK_GAS_LIMIT),
    gasUsed: quantity(BigInt(h.gasUsed || '0')),
    timestamp: quantity(Math.floor(h.timestamp / 1000)),
    transactions,
    uncles: [],
    mixHash: ZERO_HASH,
    baseFeePerGas: '0x0',
    withdrawals: [],
    withdrawalsRoot: ZERO_HASH,
    blobGasUsed: '0x0',
    excessBlobGas: '0x0',
    parentBeaconBlockRoot: ZERO_HASH,
  };
}
