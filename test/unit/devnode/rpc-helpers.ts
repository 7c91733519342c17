// Helpers for the devnode RPC tests: raw JSON-RPC calls, signed transactions, tiny contracts.

import {
  encodeTransaction,
  hashTransactionData,
  type TransactionData,
} from '../../../src/protocol/transaction';
import { fromHex, toHex } from '../../../src/protocol/hex';
import type { Devnode } from '../../../src/devnode/index';
import { ecdsaSuite } from '../../../src/protocol/crypto/suite';

export interface RpcReply {
  id?: number;
  jsonrpc?: string;
  result?: unknown;
  error?: { code: number; message: string };
}

/** Posts a request object (or raw text) and returns the parsed reply plus the exact text. */
export async function post(
  url: string,
  body: unknown,
): Promise<{ status: number; text: string; reply: RpcReply; contentType: string | null }> {
  const res = await fetch(url, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return {
    status: res.status,
    text,
    reply: JSON.parse(text) as RpcReply,
    contentType: res.headers.get('content-type'),
  };
}

export async function call(node: Devnode, method: string, params: unknown[]): Promise<RpcReply> {
  return JSON.parse(await node.handle(JSON.stringify({ jsonrpc: '2.0', method, params, id: 1 }))) as RpcReply;
}

export async function result<T = unknown>(node: Devnode, method: string, params: unknown[]): Promise<T> {
  const r = await call(node, method, params);
  if (r.error) throw new Error(`${method}: ${r.error.code} ${r.error.message}`);
  return r.result as T;
}

let nonceCounter = 0;

/** A signed transaction (hex with 0x) from dev account `from`. */
export function signedTx(
  node: Devnode,
  opts: { to?: string; input: string; abi?: string; from?: number; extraData?: string; blockLimit?: bigint },
): string {
  const suite = node.chain.suite;
  const data: TransactionData = {
    version: 0,
    chainID: node.chainId,
    groupID: node.groupId,
    blockLimit: opts.blockLimit ?? BigInt(node.chain.blockNumber() + 500),
    nonce: `${Date.now()}${nonceCounter++}`,
    to: opts.to ?? '',
    input: fromHex(opts.input),
    abi: opts.abi ?? '',
  };
  const dataHash = hashTransactionData(data, suite);
  const key = node.chain.accounts[opts.from ?? 0].privateKey;
  const signature = suite.sign(dataHash, key);
  return toHex(
    encodeTransaction({ data, dataHash, signature, attribute: 1, extraData: opts.extraData ?? '' }),
  );
}

/** Init code that deploys `runtime` (hex without 0x, < 256 bytes). */
export function deployCode(runtime: string): string {
  const len = (runtime.length / 2).toString(16).padStart(2, '0');
  return `0x60${len}600c60003960${len}6000f3${runtime}`;
}

/** Returns 32 bytes holding 42. */
export const RETURN_42 = '602a60005260206000f3';
/** Always reverts with empty data. */
export const REVERT = '60006000fd';
/** Emits LOG1(topic 0x11…11, data = 32 bytes of 42), returns nothing. */
export const EMIT_LOG = '602a600052' + '7f' + '11'.repeat(32) + '60206000a1' + '00';

/** A signed non-SM transaction from a raw key, for a node reached only over HTTP. */
export function signedRaw(privateKeyHex: string, input: string, blockLimit = 500n): string {
  const data: TransactionData = {
    version: 0,
    chainID: 'chain0',
    groupID: 'group0',
    blockLimit,
    nonce: `${Date.now()}${nonceCounter++}`,
    to: '',
    input: fromHex(input),
    abi: '',
  };
  const dataHash = hashTransactionData(data, ecdsaSuite);
  const signature = ecdsaSuite.sign(dataHash, fromHex(privateKeyHex));
  return toHex(encodeTransaction({ data, dataHash, signature }));
}
