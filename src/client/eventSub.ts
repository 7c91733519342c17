// Event subscription over the SDK channel, with the C++ SDK's protocol (bcos-cpp-sdk
// event/EventSub.cpp; the Java SDK reaches it through JNI): EVENT_SUBSCRIBE with
// {"id","group","params":{"fromBlock","toBlock","addresses","topics"}}, pushes of one block's logs
// per EVENT_LOG_PUSH, status 1 when the range is done, EVENT_UNSUBSCRIBE to stop.
//
// Resuming: like the C++ SDK, a subscription remembers the last block it was pushed and, after a
// reconnection, subscribes again with the same id from the next block. Unlike it, "latest" is
// resolved to a number before the first subscription, so a drop before any push loses nothing
// either; and a push for a block already delivered is dropped, so nothing is delivered twice.

import { randomBytes } from 'node:crypto';
import type { EventPushLogJson } from '../protocol/rpc/types';
import {
  MSG_EVENT_LOG_PUSH,
  MSG_EVENT_SUBSCRIBE,
  MSG_EVENT_UNSUBSCRIBE,
  MSG_RPC_REQUEST,
  type BcosMessage,
} from '../protocol/ws/message';
import { type AsyncArgs, type Callback, runMethodAsync, runAsync } from './callback';
import { rpcErrorFrom } from './errors';
import { WsChannel, type WsChannelOptions } from './transport/ws';
import * as v from './validate';

/** bcos-rpc event/Common.h EP_STATUS_CODE. */
export const EVENT_SUB_STATUS: Record<number, string> = {
  0: 'SUCCESS',
  1: 'PUSH_COMPLETED',
  [-41000]: 'INVALID_PARAMS',
  [-41001]: 'INVALID_REQUEST',
  [-41002]: 'GROUP_NOT_EXIST',
  [-41003]: 'INVALID_REQUEST_RANGE',
  [-41004]: 'INVALID_RESPONSE',
  [-41005]: 'REQUST_TIMEOUT',
  [-41006]: 'SDK_PERMISSION_DENIED',
  [-41007]: 'NONEXISTENT_EVENT',
};

export class EventSubError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`${message}: ${EVENT_SUB_STATUS[status] ?? 'unknown status'} (${status})`);
    this.name = 'EventSubError';
  }
}

export interface EventSubParams {
  /** One contract or several; none = every contract. */
  address?: string | readonly string[];
  /** Per position (at most 4): a topic, any of several, or null for any. */
  topics?: readonly (string | readonly string[] | null)[];
  /** First block to scan, or "latest" (the default: the block that is latest when subscribing). */
  fromBlock?: number | bigint | 'latest';
  /** Last block to scan, or "forever" (the default). */
  toBlock?: number | bigint | 'forever';
}

export interface EventSubHandlers {
  /** One call per block with matching logs, in block order. */
  onLogs(logs: EventPushLogJson[], blockNumber: number): void;
  /** The node scanned past toBlock; the subscription is over. */
  onComplete?(): void;
  /** The node ended the subscription with an error status. */
  onError?(error: Error): void;
}

export interface EventSubscriberOptions extends Omit<WsChannelOptions, 'url'> {
  group: string;
  /** ws://host:port or wss://host:port (the node's RPC port). */
  url: string;
}

interface Task {
  id: string;
  addresses: string[];
  topics: (string[] | null)[];
  toBlock: number;
  /** Next block to scan: the resume point. */
  next: number;
  handlers: EventSubHandlers;
}

export interface EventSubscription {
  readonly id: string;
  /** The next block the subscription will scan (last delivered + 1). */
  readonly nextBlock: number;
  unsubscribe(): Promise<void>;
  /** Callback form of unsubscribe. */
  unsubscribeAsync(callback: Callback<void>): void;
}

export class EventSubscriber {
  readonly group: string;
  readonly channel: WsChannel;
  private readonly tasks = new Map<string, Task>();

  constructor(options: EventSubscriberOptions) {
    this.group = v.requireGroup(options.group);
    this.channel = new WsChannel(options);
    this.channel.onPush(MSG_EVENT_LOG_PUSH, (m) => this.onPush(m));
    this.channel.onReconnect(() => {
      // A refusal ends the task; a transport failure leaves it for the next reconnection.
      for (const task of this.tasks.values())
        this.send(task).catch((e: unknown) => {
          if (e instanceof EventSubError) this.fail(task, e);
        });
    });
  }

  /** Latest block number, over the same channel (JSON-RPC as RPC_REQUEST). */
  async blockNumber(): Promise<number> {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'getBlockNumber',
      params: [this.group, ''],
    });
    const answer = await this.channel.request(MSG_RPC_REQUEST, body);
    const json = parseObject(answer.payload);
    const error = json?.error;
    if (isRecord(error)) throw rpcErrorFrom(Number(error.code), String(error.message), 'getBlockNumber');
    if (typeof json?.result !== 'number') throw new EventSubError(-41004, 'getBlockNumber over the channel');
    return json.result;
  }

  async subscribe(params: EventSubParams, handlers: EventSubHandlers): Promise<EventSubscription> {
    const op = 'subscribe';
    if (!handlers || typeof handlers.onLogs !== 'function')
      throw new TypeError(`${op}: handlers.onLogs is required`);
    const list =
      params.address === undefined ? [] : Array.isArray(params.address) ? params.address : [params.address];
    const addresses = list.map((a: unknown) => v.address(op, a).slice(2));
    const topics = (params.topics ?? []).map((t) =>
      t === null ? null : (Array.isArray(t) ? t : [t]).map((x: unknown) => v.hash32(`${op}: topic`, x)),
    );
    if (topics.length > 4) throw new TypeError(`${op}: at most 4 topic positions`);
    const toBlock =
      params.toBlock === undefined || params.toBlock === 'forever'
        ? -1
        : v.blockNumber(`${op}: toBlock`, params.toBlock);
    let from =
      params.fromBlock === undefined || params.fromBlock === 'latest'
        ? await this.blockNumber()
        : v.blockNumber(`${op}: fromBlock`, params.fromBlock);
    // The node reads fromBlock 0 as "latest"; block 0 (genesis) has no logs, so start at 1.
    if (from === 0) from = 1;
    if (toBlock >= 0 && toBlock < from)
      throw new RangeError(`${op}: toBlock ${toBlock} is before fromBlock ${from}`);
    const task: Task = {
      id: randomBytes(16).toString('hex'),
      addresses,
      topics,
      toBlock,
      next: from,
      handlers,
    };
    this.tasks.set(task.id, task);
    try {
      await this.send(task);
    } catch (e) {
      this.tasks.delete(task.id);
      throw e;
    }
    return {
      id: task.id,
      get nextBlock() {
        return task.next;
      },
      unsubscribe: () => this.unsubscribe(task.id),
      unsubscribeAsync: (...args: [Callback<void>]) =>
        runAsync('unsubscribeAsync', args, () => this.unsubscribe(task.id)),
    };
  }

  // Callback forms, as every SDK operation has (callback.ts): the callback runs once with
  // (null, result) or (error). subscribeAsync's callback gets the subscription once the node has
  // accepted it; the logs still arrive through `handlers`.
  blockNumberAsync(...args: AsyncArgs<Parameters<EventSubscriber['blockNumber']>, number>): void {
    runMethodAsync<EventSubscriber>(this, 'blockNumber', args);
  }
  subscribeAsync(...args: AsyncArgs<Parameters<EventSubscriber['subscribe']>, EventSubscription>): void {
    runMethodAsync<EventSubscriber>(this, 'subscribe', args);
  }
  unsubscribeAsync(...args: AsyncArgs<Parameters<EventSubscriber['unsubscribe']>, void>): void {
    runMethodAsync<EventSubscriber>(this, 'unsubscribe', args);
  }

  async unsubscribe(id: string): Promise<void> {
    if (!this.tasks.delete(id)) return;
    if (!this.channel.connected) return; // the node drops a connection's tasks with it
    const answer = await this.channel.request(
      MSG_EVENT_UNSUBSCRIBE,
      JSON.stringify({ group: this.group, id }) + '\n',
    );
    const status = statusOf(answer);
    if (status !== 0) throw new EventSubError(status, 'unsubscribe refused');
  }

  close(): void {
    this.tasks.clear();
    this.channel.close();
  }

  private async send(task: Task): Promise<void> {
    const body = {
      group: this.group,
      id: task.id,
      params: { addresses: task.addresses, fromBlock: task.next, toBlock: task.toBlock, topics: task.topics },
    };
    const answer = await this.channel.request(MSG_EVENT_SUBSCRIBE, JSON.stringify(body) + '\n');
    const status = statusOf(answer);
    if (status !== 0) throw new EventSubError(status, 'subscription refused');
  }

  private onPush(m: BcosMessage): void {
    const json = parseObject(m.payload);
    const task = typeof json?.id === 'string' ? this.tasks.get(json.id) : undefined;
    if (!json || !task) return;
    if (json.status === 1) {
      this.tasks.delete(task.id);
      task.handlers.onComplete?.();
      return;
    }
    if (json.status !== 0)
      return this.fail(
        task,
        new EventSubError(Number(json.status ?? -41004), 'subscription ended by the node'),
      );
    // EventSubMatcher output: an array of logs of one block.
    const logs = Array.isArray(json.result) ? json.result.filter(isPushLog) : [];
    if (logs.length === 0) return;
    const block = logs[0].blockNumber;
    if (block < task.next) return; // already delivered before a reconnection
    task.next = block + 1;
    try {
      task.handlers.onLogs(logs, block);
    } catch (e) {
      process.nextTick(() => {
        throw e;
      });
    }
  }

  private fail(task: Task, error: Error): void {
    this.tasks.delete(task.id);
    task.handlers.onError?.(error);
  }
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function parseObject(payload: Buffer): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(payload.toString('utf8'));
    return isRecord(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

function isPushLog(v: unknown): v is EventPushLogJson {
  return (
    isRecord(v) &&
    typeof v.blockNumber === 'number' &&
    typeof v.address === 'string' &&
    typeof v.data === 'string' &&
    Array.isArray(v.topics)
  );
}

function statusOf(m: BcosMessage): number {
  const status = parseObject(m.payload)?.status;
  return typeof status === 'number' ? status : -41004; // INVALID_RESPONSE
}
