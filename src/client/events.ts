// Event decoding against any number of ABIs. Topic 0 is matched with the chain hash and with
// keccak256 (a standard solc on an SM chain emits keccak topics); a log no ABI explains, or one
// whose data does not fit the event, is returned raw: decoding never throws on log content.

import { EventFragment, type Interface, type Result } from 'ethers';
import type { CryptoSuite } from '../protocol/crypto/suite';
import type { EventPushLogJson, LogEntryJson, LogJson } from '../protocol/rpc/types';
import { eventTopic, toInterface, type AbiInput } from './abi';

/** Any of the node's three log shapes: receipt entry, getLogs result, event push. */
export type AnyLog = LogEntryJson | LogJson | EventPushLogJson;

export interface DecodedEvent {
  /** "0x" + 40 lowercase hex. */
  address: string;
  topics: string[];
  data: string;
  /** Set when an ABI explains the log. */
  name?: string;
  /** Canonical signature, e.g. "Transfer(address,address,uint256)". */
  signature?: string;
  /** Decoded arguments (by position and, for named parameters, by name). */
  args?: Result;
  /** Parameter names in order ("" for unnamed ones). */
  argNames?: string[];
  /** Parameter types in order. */
  argTypes?: string[];
}

/** JSON-safe text of a decoded value (bigints as decimal, bytes as hex, nested arrays kept). */
export function formatEventValue(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return '[' + value.map(formatEventValue).join(', ') + ']';
  if (value && typeof value === 'object' && 'hash' in value && typeof value.hash === 'string')
    return `indexed(${value.hash})`; // an indexed dynamic value: only its hash is in the log
  return String(value);
}

export class EventDecoder {
  private readonly byTopic = new Map<string, { iface: Interface; fragment: EventFragment }[]>();

  constructor(abis: readonly AbiInput[], suite: CryptoSuite) {
    for (const abi of abis) this.add(abi, suite);
  }

  /** Adds one more ABI (an invalid one is skipped: the decoder serves whatever it can). */
  add(abi: AbiInput, suite: CryptoSuite): boolean {
    let iface: Interface;
    try {
      iface = toInterface(abi);
    } catch {
      return false;
    }
    for (const fragment of iface.fragments) {
      if (!(fragment instanceof EventFragment) || fragment.anonymous) continue;
      const topics = new Set([fragment.topicHash, eventTopic(fragment.format('sighash'), suite)]);
      for (const t of topics) {
        const list = this.byTopic.get(t) ?? [];
        if (!list.some((e) => e.fragment.format('sighash') === fragment.format('sighash')))
          list.push({ iface, fragment });
        this.byTopic.set(t, list);
      }
    }
    return true;
  }

  decode(log: AnyLog): DecodedEvent {
    const address = '0x' + log.address.replace(/^0x/i, '').toLowerCase();
    const base: DecodedEvent = { address, topics: log.topics, data: log.data };
    const candidates = log.topics.length ? this.byTopic.get(log.topics[0].toLowerCase()) : undefined;
    for (const { iface, fragment } of candidates ?? []) {
      try {
        // ethers checks topic 0 against the keccak hash: hand it that one.
        const args = iface.decodeEventLog(fragment, log.data, [fragment.topicHash, ...log.topics.slice(1)]);
        return {
          ...base,
          name: fragment.name,
          signature: fragment.format('sighash'),
          args,
          argNames: fragment.inputs.map((p) => p.name),
          argTypes: fragment.inputs.map((p) => p.type),
        };
      } catch {
        /* another event with the same topic 0 (different indexed layout), or raw */
      }
    }
    return base;
  }

  decodeAll(logs: readonly AnyLog[]): DecodedEvent[] {
    return logs.map((l) => this.decode(l));
  }
}

/** Decodes logs against a list of ABIs (see EventDecoder). */
export function decodeEvents(
  logs: readonly AnyLog[],
  abis: readonly AbiInput[],
  suite: CryptoSuite,
): DecodedEvent[] {
  return new EventDecoder(abis, suite).decodeAll(logs);
}
