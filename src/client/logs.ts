// Log filters as the node reads them (bcos-rpc filter/FilterRequest.cpp): the SDK fills the four
// members the node requires (fromBlock, toBlock, address, topics; a missing one is
// "<key> is null") and checks addresses, topics and block tags before anything is sent.

import type { FilterObjectJson, LogJson } from '../protocol/rpc/types';
import * as v from './validate';

/** A block number, or a tag the node understands (getBlockNumberByTag). */
export type BlockTag = number | bigint | 'latest' | 'earliest';

export interface LogFilter {
  /** Default "latest". */
  fromBlock?: BlockTag;
  /** Default "latest". */
  toBlock?: BlockTag;
  /** One contract or several; none = every contract. */
  address?: string | readonly string[];
  /** Per position: a topic, any of several, or null for any (at most 4 positions). */
  topics?: readonly (string | readonly string[] | null)[];
  /** Only this block (the node then ignores the range). */
  blockHash?: string;
}

/** filter_max_process_block's default: the node answers at most this many blocks per request. */
export const MAX_BLOCKS_PER_LOG_REQUEST = 10;

function tag(op: string, name: string, value: BlockTag | undefined): string {
  if (value === undefined || value === 'latest') return 'latest';
  if (value === 'earliest') return 'earliest';
  return '0x' + v.blockNumber(`${op}: ${name}`, value).toString(16);
}

function topic(op: string, value: unknown): string {
  return v.hash32(`${op}: topic`, value);
}

/** The node's filter object for `filter` (throws TypeError on bad input, naming `op`). */
export function toFilterObject(op: string, filter: LogFilter = {}): FilterObjectJson {
  if (typeof filter !== 'object' || filter === null) throw new TypeError(`${op}: filter must be an object`);
  const addresses =
    filter.address === undefined ? [] : Array.isArray(filter.address) ? filter.address : [filter.address];
  const topics = (filter.topics ?? []).map((t) =>
    t === null ? null : Array.isArray(t) ? t.map((x: unknown) => topic(op, x)) : topic(op, t),
  );
  if (topics.length > 4) throw new TypeError(`${op}: at most 4 topic positions, got ${topics.length}`);
  const out: FilterObjectJson = {
    fromBlock: tag(op, 'fromBlock', filter.fromBlock),
    toBlock: tag(op, 'toBlock', filter.toBlock),
    address: addresses.map((a: unknown) => v.address(op, a)),
    topics,
  };
  const { fromBlock: from, toBlock: to } = filter;
  if (
    (typeof from === 'number' || typeof from === 'bigint') &&
    (typeof to === 'number' || typeof to === 'bigint')
  )
    if (BigInt(to) < BigInt(from)) throw new RangeError(`${op}: toBlock ${to} is before fromBlock ${from}`);
  if (filter.blockHash !== undefined) out.blockhash = v.hash32(op, filter.blockHash);
  return out;
}

/** Block number of a log ("0x1a" → 26). */
export function logBlockNumber(log: LogJson): number {
  return Number(BigInt(log.blockNumber));
}
