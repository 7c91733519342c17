// The Web3 service's requests as the real node reads them (bcos-rpc web3jsonrpc: util.cpp's
// getBlockNumberByTag, EthEndpoint.cpp's decodeCallRequest): params, block tags, quantities,
// hashes, addresses, call requests, and the JSON-RPC errors it answers.

import { fromHex } from '../../protocol/hex';
import type { DevChain } from '../chain/types';
import type { FilterStore, LogJson } from '../rpc/filters';
import { JsonNumber, type JsonObject, type JsonValue } from '../rpc/json';

export const InvalidParams = -32602;
export const InternalError = -32603;
export const MethodNotFound = -32601;
/** utils/Common.h Web3JsonRpcError::Web3DefaultError: the filters' invalid-params code. */
export const Web3DefaultError = -32000;

/** A JSON-RPC error answer; `data` only where the node adds one (eth_call). */
export class Web3Error extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: JsonValue,
  ) {
    super(message);
  }
}

export interface Web3Context {
  chain: DevChain;
  filters: FilterStore;
  /** 0x + 40 hex: this node's address (eth_coinbase). */
  coinbase: string;
  warn(message: string): void;
}

/** The request's params, read the way jsoncpp's toView does (non-strings read as ""). */
export class Params {
  constructor(private readonly list: JsonValue[]) {}
  raw(i: number): JsonValue {
    return this.list[i] ?? null;
  }
  str(i: number): string {
    const v = this.list[i];
    return typeof v === 'string' ? v : '';
  }
  bool(i: number): boolean {
    const v = this.list[i];
    return v === true;
  }
}

export type Method = (p: Params, ctx: Web3Context) => JsonValue | Promise<JsonValue>;

const isHexQuantity = /^0x[0-9a-fA-F]+$/;

/** bcos-rpc util.cpp getBlockNumberByTag. */
export function blockByTag(chain: DevChain, tag: string): number {
  const latest = chain.blockNumber();
  if (tag === '' || tag === 'latest' || tag === 'safe' || tag === 'finalized' || tag === 'pending')
    return latest;
  if (tag === 'earliest') return 0;
  if (isHexQuantity.test(tag)) return Number(BigInt(tag));
  throw new Web3Error(InvalidParams, `Invalid Block Number: ${tag}`);
}

/** fromQuantity: std::stoull(text, 16); anything else throws (an internal error on the node). */
export function fromQuantity(text: string): number {
  const body = /^0[xX]/.test(text) ? text.slice(2) : text;
  if (!/^[0-9a-fA-F]+$/.test(body)) throw new Web3Error(InternalError, 'stoull');
  return Number(BigInt('0x' + body));
}

export function hashParam(text: string): Uint8Array | undefined {
  const body = text.startsWith('0x') ? text.slice(2) : text;
  return /^[0-9a-fA-F]{64}$/.test(body) ? fromHex(body) : undefined;
}

export function addressParam(text: string): string {
  const body = (text.startsWith('0x') || text.startsWith('0X') ? text.slice(2) : text).toLowerCase();
  return '0x' + body;
}

export function configNumber(chain: DevChain, key: string, radix: 10 | 16): bigint | undefined {
  const v = chain.systemConfig(key)?.value;
  if (v === undefined || v === '') return undefined;
  try {
    const body = radix === 16 ? v.replace(/^0x/i, '') : v;
    if (!(radix === 16 ? /^[0-9a-fA-F]+$/ : /^[0-9]+$/).test(body)) return undefined;
    return BigInt(radix === 16 ? '0x' + body : body);
  } catch {
    return undefined;
  }
}

interface CallRequest {
  to: string;
  from?: string;
  data: Uint8Array;
}

export function isJsonObject(v: JsonValue): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof JsonNumber);
}

/** The filter system's logs as JSON values. */
export function logsJson(logs: LogJson[]): JsonValue[] {
  return logs.map((l): JsonObject => ({ ...l }));
}

/** decodeCallRequest: an object, data (or input) as hex, to and from as given. */
export function callRequest(o: JsonValue): CallRequest {
  if (!isJsonObject(o)) throw new Web3Error(InvalidParams, 'Invalid call request!');
  const dataValue = o.data ?? o.input;
  let data: Uint8Array = new Uint8Array(0);
  if (typeof dataValue === 'string') {
    try {
      data = fromHex(dataValue);
    } catch {
      data = new Uint8Array(0);
    }
  }
  const to = typeof o.to === 'string' ? o.to : '';
  const from = typeof o.from === 'string' ? o.from : undefined;
  return { to, from, data };
}
