// Ethereum transactions as FISCO BCOS carries them (bcos-rpc web3jsonrpc/model/Web3Transaction.cpp):
// a signed RLP transaction becomes a TARS Transaction of type 1 whose extraTransactionBytes is the
// unsigned RLP payload and whose hash is keccak256 of the signed RLP. ethers parses the RLP.

import { keccak_256 } from '@noble/hashes/sha3.js';
import { Transaction as EthTransaction, getBytes, hexlify } from 'ethers';
import { encodeTransaction, TransactionType, type Transaction } from '../../protocol/transaction';

/** EIP-2718 types the node decodes (Web3Transaction.h TransactionType: Legacy..EIP4844). */
export const MAX_WEB3_TX_TYPE = 3;

export class Web3DecodeError extends Error {}

export interface Web3Submission {
  /** The TARS Transaction the pool receives. */
  raw: Uint8Array;
  /** "0x" + 64 hex: keccak256 of the signed RLP, what eth_sendRawTransaction answers. */
  hash: string;
  /** "0x" + 40 lowercase hex. */
  sender: string;
  value: bigint;
}

const hex = (n: bigint): string => '0x' + n.toString(16);

/**
 * decodeTransaction + Web3Transaction::takeToTarsTransaction: to (lowercase, "" for a deployment),
 * input, value/gas price as "0x" hex, gasLimit, nonce as a quantity, chainID as decimal text
 * ("0" before EIP-155), signature r‖s‖yParity, dataHash = keccak256(unsigned payload).
 */
export function web3ToFisco(rawHex: string): Web3Submission {
  let tx: EthTransaction;
  try {
    const bytes = getBytes(rawHex);
    if (bytes.length > 0 && bytes[0] < 0x80 && bytes[0] > MAX_WEB3_TX_TYPE)
      throw new Web3DecodeError('Unsupported transaction type');
    tx = EthTransaction.from(hexlify(bytes));
  } catch (e) {
    if (e instanceof Web3DecodeError) throw e;
    throw new Web3DecodeError(
      `invalid raw transaction: ${e instanceof Error ? e.message.split(' (')[0] : String(e)}`,
    );
  }
  const signature = tx.signature;
  const from = tx.from;
  if (signature === null || from === null) throw new Web3DecodeError('transaction is not signed');
  const type = tx.type ?? 0;
  const unsigned = getBytes(tx.unsignedSerialized);
  const typed = type >= 2;
  const fisco: Transaction = {
    data: {
      version: 0,
      chainID: tx.chainId.toString(),
      groupID: '',
      blockLimit: 0n,
      nonce: hex(BigInt(tx.nonce)),
      to: tx.to === null ? '' : tx.to.toLowerCase(),
      input: getBytes(tx.data),
      abi: '',
      value: hex(tx.value),
      gasLimit: tx.gasLimit,
      // Legacy and EIP-2930 carry a gas price; EIP-1559 and later the two fee caps.
      gasPrice: typed ? '' : hex(tx.gasPrice ?? 0n),
      maxFeePerGas: typed ? hex(tx.maxFeePerGas ?? 0n) : '',
      maxPriorityFeePerGas: typed ? hex(tx.maxPriorityFeePerGas ?? 0n) : '',
    },
    dataHash: keccak_256(unsigned),
    signature: new Uint8Array([...getBytes(signature.r), ...getBytes(signature.s), signature.yParity]),
    sender: getBytes(from),
    type: TransactionType.Web3Transaction,
    extraTransactionBytes: unsigned,
    extraTransactionHash: getBytes(tx.hash!),
  };
  return { raw: encodeTransaction(fisco), hash: tx.hash!, sender: from.toLowerCase(), value: tx.value };
}

export interface Web3Payload {
  type: number;
  nonce: bigint;
  value: bigint;
  chainId: bigint;
  gasLimit: bigint;
  gasPrice?: bigint;
  maxFeePerGas?: bigint;
  maxPriorityFeePerGas?: bigint;
  accessList?: { address: string; storageKeys: string[] }[];
  maxFeePerBlobGas?: bigint;
  blobVersionedHashes?: string[];
}

/** codec::rlp::decodeFromPayload of extraTransactionBytes (the unsigned payload). */
export function decodePayload(extra: Uint8Array): Web3Payload {
  const tx = EthTransaction.from(hexlify(extra));
  return {
    type: tx.type ?? 0,
    nonce: BigInt(tx.nonce),
    value: tx.value,
    chainId: tx.chainId,
    gasLimit: tx.gasLimit,
    gasPrice: tx.gasPrice ?? undefined,
    maxFeePerGas: tx.maxFeePerGas ?? undefined,
    maxPriorityFeePerGas: tx.maxPriorityFeePerGas ?? undefined,
    accessList: tx.accessList ?? undefined,
    maxFeePerBlobGas: tx.maxFeePerBlobGas ?? undefined,
    blobVersionedHashes: tx.blobVersionedHashes ?? undefined,
  };
}
