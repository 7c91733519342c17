// Building, signing and sending transactions the way the FISCO SDKs do (protocol.md §6):
// chainID / groupID / crypto type from getGroupInfo (cached per node endpoint and group),
// blockLimit = latest block + 500, a C++-SDK-style nonce, the §4.1 hash signed by the account,
// the Transaction TARS-encoded and hex-encoded for sendTransaction.

import type { Account } from '../protocol/account';
import { cryptoSuite, ecdsaSuite, type CryptoSuite } from '../protocol/crypto/suite';
import { fromHex, strip0x, toHex, utf8Encode } from '../protocol/hex';
import { generateNonce } from '../protocol/nonce';
import type { CallResult, SendTransactionReceiptJson } from '../protocol/rpc/types';
import {
  encodeTransaction,
  hashTransactionData,
  TransactionAttribute,
  type Transaction,
  type TransactionData,
} from '../protocol/transaction';
import {
  abiJson,
  type AbiInput,
  decodeFunctionResult,
  decodeRevert,
  encodeDeploy,
  encodeFunctionCall,
} from './abi';
import type { Client, NodeOptions } from './client';
import { locateInCreationCode, matchesCreationCode } from './creationCode';
import { getDevnodeDiagnostics } from './devnode';
import { RevertError, statusLabel } from './errors';
import { isSmGroup } from './results';
import { formatLocation, type SourceList } from './sourceMap';
import type { RequestOptions, Transport } from './transport/types';
import type { Result } from 'ethers';

/** What a transaction needs to know about the group it targets. */
export interface ChainInfo {
  chainId: string;
  groupId: string;
  sm: boolean;
  suite: CryptoSuite;
  /** Node's protocol.compatibilityVersion (e.g. 0x03100400 for 3.16.4). */
  compatibilityVersion: number;
  /** Node binary version text from iniConfig (e.g. "3.16.4"), when known. */
  nodeVersion?: string;
  authCheck: boolean;
  wasm: boolean;
}

const chainInfoCache = new WeakMap<Transport, Map<string, Promise<ChainInfo>>>();

/**
 * Chain id, group id and crypto suite of the client's group, from getGroupInfo. Cached per
 * transport and group; pass `refresh` to ask the node again.
 */
export function getChainInfo(
  client: Client,
  options: RequestOptions & { refresh?: boolean } = {},
): Promise<ChainInfo> {
  let perGroup = chainInfoCache.get(client.transport);
  if (!perGroup) chainInfoCache.set(client.transport, (perGroup = new Map<string, Promise<ChainInfo>>()));
  const cached = perGroup.get(client.group);
  if (cached && !options.refresh) return cached;
  const fresh = loadChainInfo(client, options);
  perGroup.set(client.group, fresh);
  // A failed lookup is not cached.
  fresh.catch(() => {
    if (perGroup.get(client.group) === fresh) perGroup.delete(client.group);
  });
  return fresh;
}

async function loadChainInfo(client: Client, options: RequestOptions): Promise<ChainInfo> {
  const info = await client.getGroupInfo({ signal: options.signal, timeoutMs: options.timeoutMs });
  const node = info.nodeList[0];
  const sm = isSmGroup(info);
  const ini = node.iniConfig;
  return {
    chainId: info.chainID || ini?.chainID || '',
    groupId: info.groupID || client.group,
    sm,
    suite: cryptoSuite(sm),
    compatibilityVersion: node.protocol?.compatibilityVersion ?? 0,
    nodeVersion: ini?.binaryInfo?.version,
    authCheck: ini?.isAuthCheck === true,
    wasm: ini?.isWasm === true,
  };
}

export interface TransactionFields {
  chainId: string;
  groupId: string;
  blockLimit: bigint | number;
  /** Target contract; omit or "" for a deployment. */
  to?: string;
  /** Call input, or creation bytecode ‖ constructor arguments. */
  input: Uint8Array | string;
  /** ABI JSON text, stored by the node with a deployment. */
  abi?: string;
  /** Default: a fresh C++-SDK-style nonce. */
  nonce?: string;
  /** Transaction.attribute; default EVM_ABI_CODEC (1), as the Java SDK sends for Solidity. */
  attribute?: number;
  /** Free text, not hashed. */
  extraData?: string;
  /**
   * Value to transfer (moved only on chains with feature_balance). Setting value, gasPrice or
   * gasLimit makes a version-1 transaction, as the Java SDK's TransactionManager does.
   */
  value?: bigint | number;
  /** Version-1 gas price (default 0). */
  gasPrice?: bigint | number;
  /** Version-1 gas limit (default 0); carried as the Java SDK does, the node meters against tx_gas_limit. */
  gasLimit?: bigint | number;
}

/** The version-1 fields, or undefined for a version-0 transaction. */
function v1Fields(fields: TransactionFields): Partial<TransactionData> | undefined {
  if (fields.value === undefined && fields.gasPrice === undefined && fields.gasLimit === undefined)
    return undefined;
  const amount = (name: string, v: bigint | number | undefined): bigint => {
    if (v === undefined) return 0n;
    if (typeof v === 'number' && !Number.isSafeInteger(v))
      throw new TypeError(`transaction: ${name} must be a whole number, got ${v}`);
    const n = BigInt(v);
    if (n < 0n) throw new RangeError(`transaction: ${name} must not be negative, got ${n}`);
    return n;
  };
  const gasLimit = amount('gasLimit', fields.gasLimit);
  if (gasLimit >= 1n << 63n) throw new RangeError(`transaction: gasLimit must fit in int64, got ${gasLimit}`);
  // Numeric.toHexString as the Java SDK writes them; EIP-1559 fields stay empty.
  return {
    version: 1,
    value: '0x' + amount('value', fields.value).toString(16),
    gasPrice: '0x' + amount('gasPrice', fields.gasPrice).toString(16),
    gasLimit,
    maxFeePerGas: '',
    maxPriorityFeePerGas: '',
  };
}

export interface SignedTransaction {
  transaction: Transaction;
  /** "0x" + 64 hex: the transaction hash (= transactionHash of its receipt). */
  hash: string;
  /** TARS bytes of the signed Transaction. */
  bytes: Uint8Array;
  /** "0x" + hex of `bytes`: the signedTransactionData of sendTransaction. */
  hex: string;
}

/**
 * Builds, hashes (with the account's suite), signs and TARS-encodes a transaction: version 0,
 * or version 1 when value, gasPrice or gasLimit is given.
 */
export function buildSignedTransaction(fields: TransactionFields, account: Account): SignedTransaction {
  if (!fields.chainId) throw new TypeError('transaction: chainId is required');
  if (!fields.groupId) throw new TypeError('transaction: groupId is required');
  const blockLimit = BigInt(fields.blockLimit);
  if (blockLimit <= 0n) throw new RangeError(`transaction: blockLimit must be positive, got ${blockLimit}`);
  const to = fields.to ? normalizeTo(fields.to) : '';
  const data: TransactionData = {
    version: 0,
    chainID: fields.chainId,
    groupID: fields.groupId,
    blockLimit,
    nonce: fields.nonce ?? generateNonce(),
    to,
    input: typeof fields.input === 'string' ? fromHex(fields.input) : fields.input,
    abi: fields.abi ?? '',
    ...v1Fields(fields),
  };
  if (!to && data.input.length === 0)
    throw new TypeError('transaction: a deployment needs bytecode as input');
  const dataHash = hashTransactionData(data, account.suite);
  const transaction: Transaction = {
    data,
    dataHash,
    signature: account.sign(dataHash),
    attribute: fields.attribute ?? TransactionAttribute.EVM_ABI_CODEC,
    extraData: fields.extraData ?? '',
  };
  const bytes = encodeTransaction(transaction);
  return { transaction, hash: toHex(dataHash), bytes, hex: toHex(bytes) };
}

// `to` is hashed verbatim: lowercase it, but keep the 0x prefix as written (the Java and C++
// SDKs send it, the Go SDK does not; nodes accept both).
function normalizeTo(to: string): string {
  const text = to.trim();
  const body = strip0x(text);
  if (!/^[0-9a-fA-F]{40}$/.test(body))
    throw new TypeError(`transaction: "to" must be a 20-byte address, got "${to}"`);
  return (body.length === text.length ? '' : '0x') + body.toLowerCase();
}

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

/** Compiler output that lets a failed deployment name its Solidity line (on the devnode). */
export interface CreationSource {
  /** Contract name, for "Name.constructor (file:line)". */
  name: string;
  /** The compiler's evm.bytecode.sourceMap (of the bytecode being deployed). */
  sourceMap: string;
  /** Source id → unit name and text (ids from the compiler's output.sources). */
  sources: SourceList;
}

/**
 * On the devnode, where the constructor failed: its failure point (pc in the creation code) mapped
 * through the creation source map, when the code that failed is this deployment's own. Appended to
 * the error's message and kept as `location`; nothing changes on a real node (no diagnostics).
 */
async function locateConstructorFailure(
  client: Client,
  error: RevertError,
  input: Uint8Array,
  bytecode: string | Uint8Array,
  source: CreationSource,
  options: RequestOptions,
): Promise<void> {
  const d = await getDevnodeDiagnostics(client, error.transactionHash!, options).catch(() => null);
  const f = d?.failure;
  if (!f?.create) return;
  const initCode = f.initCode ?? toHex(input);
  const code = typeof bytecode === 'string' ? bytecode : toHex(bytecode);
  if (!matchesCreationCode(initCode, code)) return; // a contract the constructor created failed
  const loc = locateInCreationCode(
    f.pc,
    initCode,
    { bytecode: code, sourceMap: source.sourceMap },
    source.sources,
  );
  if (!loc) return;
  error.location = formatLocation(source.name, loc);
  error.message += ` at ${error.location}`;
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

/** Signature of call-with-sign: over H(ASCII(to without 0x) ‖ data), §5.5. */
export function signCall(to: string, data: Uint8Array, account: Account): string {
  const text = utf8Encode(strip0x(normalizeTo(to)));
  const message = new Uint8Array(text.length + data.length);
  message.set(text, 0);
  message.set(data, text.length);
  return toHex(account.sign(account.suite.hash(message)));
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
