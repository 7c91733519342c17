// Signing and sending transactions the way the FISCO SDKs do (protocol.md §6): chain info from
// getGroupInfo (chainInfo.ts), blockLimit = latest block + 500, the transaction built and signed
// by signedTransaction.ts and sent as hex; deployments, contract sends and read-only calls with
// their failures decoded.

import type { Result } from 'ethers';
import type { Account } from '../protocol/account';
import { ecdsaSuite, type CryptoSuite } from '../protocol/crypto/suite';
import type { CallResult, SendTransactionReceiptJson } from '../protocol/rpc/types';
import {
  abiJson,
  type AbiInput,
  decodeFunctionResult,
  decodeRevert,
  encodeDeploy,
  encodeFunctionCall,
} from './abi';
import { getChainInfo, type ChainInfo } from './chainInfo';
import type { Client, NodeOptions } from './client';
import { locateConstructorFailure, type CreationSource } from './constructorFailure';
import { RevertError, statusLabel } from './errors';
import { buildSignedTransaction, signCall } from './signedTransaction';

// Their old home: importers of transactions.ts keep working.
export { getChainInfo, type ChainInfo } from './chainInfo';
export { type CreationSource } from './constructorFailure';
export {
  buildSignedTransaction,
  signCall,
  type SignedTransaction,
  type TransactionFields,
} from './signedTransaction';

/**
 * Which hash makes function / error selectors. "chain" (default) follows the chain: SM3 on SM
 * chains, as FISCO's SM solc and the built-in contracts use. "keccak" suits contracts built by
 * a standard solc and deployed on an SM chain.
 */
export type SelectorHash = 'chain' | 'keccak';

function abiSuite(chain: ChainInfo, selectors: SelectorHash | undefined): CryptoSuite {
  if (selectors !== undefined && selectors !== 'chain' && selectors !== 'keccak')
    throw new TypeError(`selectors must be "chain" or "keccak", got ${String(selectors)}`);
  return selectors === 'keccak' ? ecdsaSuite : chain.suite;
}

export interface SendOptions extends NodeOptions {
  selectors?: SelectorHash;
  withProof?: boolean;
  /** Overrides the discovered blockLimit (latest + 500). */
  blockLimit?: bigint | number;
  nonce?: string;
  attribute?: number;
  extraData?: string;
  /** Value to transfer with the transaction (version 1; moved only with feature_balance). */
  value?: bigint | number;
  /** Version-1 gas price. */
  gasPrice?: bigint | number;
  /** Version-1 gas limit (carried; the node meters against tx_gas_limit). */
  gasLimit?: bigint | number;
}

/** Checks the account's crypto matches the chain's (an SM key cannot sign for a secp256k1 chain). */
function checkAccount(account: Account, chain: ChainInfo): void {
  if (account.suite.sm !== chain.sm)
    throw new Error(
      `account ${account.address} is ${account.suite.sm ? 'an SM2' : 'a secp256k1'} key but group ${chain.groupId} is ${chain.sm ? 'an SM (SM2/SM3)' : 'a secp256k1/keccak'} chain`,
    );
}

/** Signs and submits a transaction; resolves with the node's receipt once committed (any status). */
export async function signAndSend(
  client: Client,
  account: Account,
  tx: { to?: string; input: Uint8Array | string; abi?: string },
  options: SendOptions = {},
): Promise<{ receipt: SendTransactionReceiptJson; transactionHash: string; chain: ChainInfo }> {
  const chain = await getChainInfo(client, options);
  checkAccount(account, chain);
  const blockLimit = options.blockLimit ?? (await client.getBlockLimit(options));
  const signed = buildSignedTransaction(
    {
      chainId: chain.chainId,
      groupId: chain.groupId,
      blockLimit,
      to: tx.to,
      input: tx.input,
      abi: tx.abi,
      nonce: options.nonce,
      attribute: options.attribute,
      extraData: options.extraData,
      value: options.value,
      gasPrice: options.gasPrice,
      gasLimit: options.gasLimit,
    },
    account,
  );
  const receipt = await client.sendTransaction(signed.hex, options.withProof ?? false, options);
  return { receipt, transactionHash: signed.hash, chain };
}

function failure(
  receipt: SendTransactionReceiptJson,
  suite: CryptoSuite,
  what: string,
  abi?: AbiInput,
): RevertError {
  const decoded = decodeRevert(receipt.output, suite, abi);
  const statusText = receipt.message ? ` (${receipt.message})` : '';
  return new RevertError(
    `${what} failed with ${statusLabel(receipt.status)}${statusText}: ${decoded.message}`,
    receipt.status,
    receipt.output,
    decoded.reason,
    decoded.panicCode,
    receipt.transactionHash,
    receipt,
  );
}

/**
 * Deploys a contract; rejects with RevertError (reason decoded) when the receipt status is not 0.
 * With `source` (the compiler's creation source map), a failure on the devnode names the
 * constructor's Solidity line.
 */
export async function deployContract(
  client: Client,
  account: Account,
  contract: {
    abi: AbiInput;
    bytecode: string | Uint8Array;
    args?: readonly unknown[];
    source?: CreationSource;
  },
  options: SendOptions = {},
): Promise<{ address: string; receipt: SendTransactionReceiptJson }> {
  const input = encodeDeploy(contract.abi, contract.bytecode, contract.args ?? []);
  const { receipt, chain } = await signAndSend(
    client,
    account,
    { input, abi: abiJson(contract.abi) },
    options,
  );
  if (receipt.status !== 0) {
    const error = failure(receipt, abiSuite(chain, options.selectors), 'deployment', contract.abi);
    if (contract.source)
      await locateConstructorFailure(client, error, input, contract.bytecode, contract.source, options);
    throw error;
  }
  if (!receipt.contractAddress)
    throw new Error(`deployment ${receipt.transactionHash}: the receipt carries no contract address`);
  return { address: receipt.contractAddress.toLowerCase(), receipt };
}

/**
 * Sends a contract function as a transaction; resolves with the receipt and the decoded return
 * value, or rejects with RevertError when the status is not 0.
 */
export async function sendContractTransaction(
  client: Client,
  account: Account,
  call: { to: string; abi: AbiInput; method: string; args?: readonly unknown[] },
  options: SendOptions = {},
): Promise<{ receipt: SendTransactionReceiptJson; result: Result }> {
  const chain = await getChainInfo(client, options);
  const suite = abiSuite(chain, options.selectors);
  const input = encodeFunctionCall(call.abi, call.method, call.args ?? [], suite);
  const { receipt } = await signAndSend(client, account, { to: call.to, input }, options);
  if (receipt.status !== 0) throw failure(receipt, suite, call.method, call.abi);
  return { receipt, result: decodeFunctionResult(call.abi, call.method, receipt.output) };
}

export interface ContractCallOptions extends NodeOptions {
  selectors?: SelectorHash;
  /** Signs the call (node ≥ 3.4): the node then runs it with this account as msg.sender. */
  signer?: Account;
}

/** Read-only call with decoded outputs; a revert becomes a RevertError with the decoded reason. */
export async function callContract(
  client: Client,
  call: { to: string; abi: AbiInput; method: string; args?: readonly unknown[] },
  options: ContractCallOptions = {},
): Promise<Result> {
  const chain = await getChainInfo(client, options);
  const suite = abiSuite(chain, options.selectors);
  const input = encodeFunctionCall(call.abi, call.method, call.args ?? [], suite);
  const { signer, selectors: _selectors, ...rest } = options;
  if (signer) checkAccount(signer, chain);
  const result: CallResult = await client.call(
    call.to,
    input,
    signer ? { ...rest, sign: signCall(call.to, input, signer) } : rest,
  );
  if (result.status !== 0) {
    const decoded = decodeRevert(result.output, suite, call.abi);
    throw new RevertError(
      `call ${call.method} failed with ${statusLabel(result.status)}: ${decoded.message}`,
      result.status,
      result.output,
      decoded.reason,
      decoded.panicCode,
    );
  }
  return decodeFunctionResult(call.abi, call.method, result.output);
}
