// The node's filter API state (bcos-rpc FilterSystem): block, pending-transaction and log filters
// keyed by (group text, random u64 id), expiring 5 minutes after their last use, each poll
// covering at most 10 blocks. Parsing follows FilterRequest::fromJson with its error texts.

import { randomBytes } from 'node:crypto';
import { toHex } from '../../protocol/hex';
import type { LogJson } from '../../protocol/rpc/types';
import type { DevChain, StoredBlock } from '../chain/types';
import { InvalidRequest, RpcError } from './errors';
import { JsonNumber, type JsonValue, type JsonWritable } from './json';
import { asString } from './params';

export const InvalidParams = -32602;
/** [rpc] filter_timeout (300 s) and filter_max_process_block (10) defaults. */
const FILTER_TIMEOUT_MS = 300_000;
const MAX_BLOCKS_PER_REQUEST = 10;
const MAX_TOPICS = 4;
const U64 = (1n << 64n) - 1n;

export interface FilterRequest {
  fromBlock: number;
  toBlock: number;
  fromIsLatest: boolean;
  toIsLatest: boolean;
  /** Lowercased; empty matches every address. */
  addresses: Set<string>;
  /** Per position: empty set = any topic. */
  topics: Set<string>[];
  blockHash: string;
}

export type { LogJson };

type FilterKind = 'blocks' | 'pending' | 'logs';

interface Filter {
  kind: FilterKind;
  start: number;
  request?: FilterRequest;
  lastAccess: number;
}

/** "0x" + hex without leading zeros ("0x0" for zero). */
export function toQuantity(n: number | bigint): string {
  return '0x' + BigInt(n).toString(16);
}

function invalid(message: string): RpcError {
  return new RpcError(InvalidParams, message);
}

/** getBlockNumberByTag: (number, isLatest). */
function blockTag(latest: number, tag: string): [number, boolean] {
  if (tag === '' || tag === 'latest' || tag === 'safe' || tag === 'finalized' || tag === 'pending')
    return [latest, true];
  if (tag === 'earliest') return [0, false];
  if (/^0x[0-9a-fA-F]+$/.test(tag)) {
    const v = BigInt(tag);
    // std::stoull overflows with what() "stoull"; the uint64 is then read as an int64.
    if (v > U64) throw new RpcError(InvalidRequest, 'stoull');
    return [Number(BigInt.asIntN(64, v)), false];
  }
  throw invalid(`Invalid Block Number: ${tag}`);
}

function isObject(v: JsonValue): v is { [k: string]: JsonValue | undefined } {
  return (
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    !(v instanceof JsonNumber) &&
    typeof v !== 'bigint'
  );
}

/** jsoncpp asString, whose failures the node reports as -32600. */
function text(v: JsonValue | undefined): string {
  try {
    return asString(v);
  } catch {
    throw new RpcError(InvalidRequest, 'Type is not convertible to string');
  }
}

/** FilterRequest::fromJson with the JSON-RPC path's `latest` of 0. */
export function parseFilterRequest(params: JsonValue): FilterRequest {
  if (params !== null && !isObject(params)) {
    throw new RpcError(InvalidRequest, 'in Json::Value::find(begin, end): requires objectValue or nullValue');
  }
  const get = (k: string): JsonValue | undefined => (params === null ? undefined : params[k]);
  for (const k of ['fromBlock', 'toBlock', 'address', 'topics']) {
    const v = get(k);
    if (v === undefined || v === null) throw invalid(`${k} is null`);
  }
  const [fromBlock, fromIsLatest] = blockTag(0, text(get('fromBlock')));
  const [toBlock, toIsLatest] = blockTag(0, text(get('toBlock')));
  const addresses = new Set<string>();
  const address = get('address')!;
  for (const a of Array.isArray(address) ? address : [address]) addresses.add(text(a).toLowerCase());
  const topicsValue = get('topics')!;
  const topicCount = Array.isArray(topicsValue)
    ? topicsValue.length
    : isObject(topicsValue)
      ? Object.keys(topicsValue).length
      : 0;
  if (topicCount > MAX_TOPICS) throw invalid('exceed max topics');
  if (topicCount > 0 && !Array.isArray(topicsValue)) {
    throw new RpcError(InvalidRequest, 'in Json::Value::operator[](ArrayIndex)const: requires arrayValue');
  }
  const topics: Set<string>[] = [];
  for (const t of Array.isArray(topicsValue) ? topicsValue : []) {
    const set = new Set<string>();
    if (t !== null) for (const one of Array.isArray(t) ? t : [t]) set.add(text(one));
    topics.push(set);
  }
  const hash = get('blockhash');
  return {
    fromBlock,
    toBlock,
    fromIsLatest,
    toIsLatest,
    addresses,
    topics,
    blockHash: hash === undefined || hash === null ? '' : text(hash),
  };
}

export function checkBlockRange(r: FilterRequest): boolean {
  if (r.fromBlock < 0 || r.toBlock < 0) return false;
  if (r.fromIsLatest && r.toIsLatest) return true;
  if (!r.fromIsLatest && !r.toIsLatest) return r.toBlock >= r.fromBlock;
  return !r.fromIsLatest && r.toIsLatest;
}

/** LogMatcher: logs of successful receipts whose address and topics match. */
export function matchLogs(r: FilterRequest, block: StoredBlock, out: LogJson[]): void {
  const blockHash = toHex(block.hash);
  block.receipts.forEach((receipt, txIndex) => {
    if (receipt.data.status !== 0) return;
    receipt.data.logEntries.forEach((log, i) => {
      const address = '0x' + log.address;
      if (r.addresses.size > 0 && !r.addresses.has(address)) return;
      const topics = log.topic.map((t) => toHex(t));
      if (r.topics.length > topics.length) return;
      if (r.topics.some((set, k) => set.size > 0 && !set.has(topics[k]))) return;
      out.push({
        address,
        blockHash,
        blockNumber: toQuantity(receipt.data.blockNumber),
        data: toHex(log.data),
        logIndex: toQuantity(i),
        removed: false,
        topics,
        transactionHash: toHex(block.transactions[txIndex].hash),
        transactionIndex: toQuantity(txIndex),
      });
    });
  });
}

export class FilterStore {
  private readonly filters = new Map<string, Filter>();

  constructor(private readonly chain: DevChain) {}

  private key(group: string, id: bigint): string {
    return `${group}\u0000${id}`;
  }

  private sweep(now: number): void {
    for (const [k, f] of this.filters) if (now > f.lastAccess + FILTER_TIMEOUT_MS) this.filters.delete(k);
  }

  add(group: string, kind: FilterKind, request?: FilterRequest): string {
    const now = Date.now();
    this.sweep(now);
    let id: bigint;
    do id = randomBytes(8).readBigUInt64BE(0);
    while (this.filters.has(this.key(group, id)));
    this.filters.set(this.key(group, id), {
      kind,
      request,
      start: this.chain.blockNumber() + 1,
      lastAccess: now,
    });
    return toQuantity(id);
  }

  get(group: string, id: bigint): Filter | undefined {
    const now = Date.now();
    this.sweep(now);
    const f = this.filters.get(this.key(group, id));
    if (f) f.lastAccess = now;
    return f;
  }

  remove(group: string, id: bigint): boolean {
    return this.filters.delete(this.key(group, id));
  }

  /** getFilterChanges: what arrived since the last poll, at most 10 blocks per call. */
  changes(f: Filter): JsonWritable[] {
    const latest = this.chain.blockNumber();
    if (f.kind !== 'logs') {
      if (latest < f.start) return [];
      const n = Math.min(latest - f.start + 1, MAX_BLOCKS_PER_REQUEST);
      const from = f.start;
      f.start += n;
      const out: string[] = [];
      for (let i = 0; i < n; i++) {
        const block = this.chain.getBlockByNumber(from + i)!;
        if (f.kind === 'blocks') out.push(toHex(block.hash));
        else for (const t of block.transactions) out.push(toHex(t.hash));
      }
      return out;
    }
    const r = f.request!;
    const begin = r.fromIsLatest ? f.start : Math.max(r.fromBlock, f.start);
    const end = r.toIsLatest ? latest : Math.min(r.toBlock, latest);
    if (end < begin) return [];
    const n = Math.min(end - begin + 1, MAX_BLOCKS_PER_REQUEST);
    f.start = begin + n;
    return this.logsIn(r, begin, begin + n - 1);
  }

  /** getLogs / getFilterLogs over a block range (at most 10 blocks from its start). */
  logs(r: FilterRequest, checkRange: boolean): LogJson[] {
    if (r.blockHash !== '') {
      const body = r.blockHash.startsWith('0x') ? r.blockHash.slice(2) : r.blockHash;
      const block =
        body.length <= 64 && body.length % 2 === 0 && /^[0-9a-fA-F]*$/.test(body)
          ? this.chain.getBlockByHash(Buffer.from(body.padStart(64, '0'), 'hex'))
          : undefined;
      if (!block) throw invalid('unknown block');
      const out: LogJson[] = [];
      matchLogs(r, block, out);
      return out;
    }
    const latest = this.chain.blockNumber();
    if (checkRange && !checkBlockRange(r)) throw invalid('invalid block range params');
    const from = r.fromIsLatest ? latest : r.fromBlock;
    const to = r.toIsLatest ? latest : Math.min(r.toBlock, latest);
    if (from > latest || to < from) return [];
    return this.logsIn(r, from, from + Math.min(to - from + 1, MAX_BLOCKS_PER_REQUEST) - 1);
  }

  private logsIn(r: FilterRequest, from: number, to: number): LogJson[] {
    const out: LogJson[] = [];
    for (let n = from; n <= to; n++) {
      const block = this.chain.getBlockByNumber(n);
      if (block) matchLogs(r, block, out);
    }
    return out;
  }
}

/** fromBigQuantity (hex2u): hex with or without "0x"; anything unparsable is 0. */
export function parseFilterId(text: string): bigint {
  const body = /^0[xX]/.test(text) ? text.slice(2) : text;
  return /^[0-9a-fA-F]{1,64}$/.test(body) ? BigInt('0x' + body) : 0n;
}
