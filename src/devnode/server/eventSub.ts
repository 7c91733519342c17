// Event subscription on the SDK channel, as bcos-rpc event/EventSub.cpp serves it:
//   EVENT_SUBSCRIBE (0x120)   {"id","group","params":{"fromBlock","toBlock","addresses","topics"}}
//     → the same message back with {"id","status"} (0, or -41000 INVALID_PARAMS, -41002 GROUP_NOT_EXIST)
//   EVENT_UNSUBSCRIBE (0x121) {"id","group"} → {"id","status":0}
//   EVENT_LOG_PUSH (0x122)    {"id","result":[log…],"status":0} — one message per block with matches,
//     in block order; {"id","status":1} (PUSH_COMPLETED) once the block after toBlock is reached.
// A task starts at fromBlock when it is > 0, else at the latest block (inclusive); toBlock < 0
// means forever. Tasks belong to their connection and end with it. The real node polls its tasks
// every millisecond, at most 10 blocks per task per loop; the devnode runs the same steps when a
// task is added and when a block is committed, yielding between steps.

import { randomBytes } from 'node:crypto';
import { toHex } from '../../protocol/hex';
import {
  MSG_EVENT_LOG_PUSH,
  MSG_EVENT_SUBSCRIBE,
  MSG_EVENT_UNSUBSCRIBE,
  type BcosMessage,
} from '../../protocol/ws/message';
import { JsonNumber, parseJsonLenient, type JsonValue } from '../rpc/json';
import { writeJsonFast } from '../rpc/jsonWrite';

/** bcos-rpc event/Common.h EP_STATUS_CODE. */
export const EventSubStatus = {
  SUCCESS: 0,
  PUSH_COMPLETED: 1,
  INVALID_PARAMS: -41000,
  GROUP_NOT_EXIST: -41002,
} as const;

/** EventSub::m_maxBlockProcessPerLoop. */
const MAX_BLOCKS_PER_LOOP = 10;
const MAX_TOPIC_POSITIONS = 4;

/** What the matcher needs of a committed block. */
export interface EventBlock {
  transactions: readonly { hash: Uint8Array }[];
  receipts: readonly {
    data: {
      blockNumber: number;
      logEntries: readonly { address: string; topic: readonly Uint8Array[]; data: Uint8Array }[];
    };
  }[];
}

export interface EventSource {
  groupId: string;
  blockNumber(): number;
  block(n: number): EventBlock | undefined;
  onBlock(listener: () => void): () => void;
}

interface Params {
  fromBlock: number;
  toBlock: number;
  /** Without 0x, as sent (EventSubRequest::fromJson strips 0x only). */
  addresses: Set<string>;
  topics: Set<string>[];
}

interface Task {
  id: string;
  params: Params;
  /** Next block to scan; -1 until the first loop (EventSubTaskState). */
  current: number;
}

type Obj = { [k: string]: JsonValue | undefined };

function isObj(v: JsonValue | undefined): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof JsonNumber);
}

/** jsoncpp asString for the fields the request reads (numbers and booleans convert, objects throw). */
function str(v: JsonValue | undefined): string {
  if (v === undefined || v === null) return '';
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? 'true' : 'false';
  if (v instanceof JsonNumber) return v.kind === 'real' ? String(v.real) : v.int.toString();
  if (typeof v === 'bigint' || typeof v === 'number') return String(v);
  throw new Error('Type is not convertible to string');
}

/** jsoncpp asInt64. */
function int64(v: JsonValue | undefined): number {
  if (v === undefined || v === null) return 0;
  if (v instanceof JsonNumber) return v.kind === 'real' ? Math.trunc(v.real) : Number(v.int);
  if (typeof v === 'number') return Math.trunc(v);
  if (typeof v === 'boolean') return v ? 1 : 0;
  throw new Error('Value is not convertible to Int64.');
}

function strip0x(s: string): string {
  return s.startsWith('0x') || s.startsWith('0X') ? s.slice(2) : s;
}

/** EventSubRequest::fromJson; no `params` when the request is refused (INVALID_PARAMS). */
export function parseSubscribe(text: string): { id: string; group: string; params?: Params } {
  let root: JsonValue | undefined;
  try {
    root = parseJsonLenient(text);
  } catch {
    return { id: '', group: '' };
  }
  if (!isObj(root)) return { id: '', group: '' };
  let id = '';
  try {
    if (root.id === undefined) return { id, group: '' };
    id = str(root.id);
    if (root.group === undefined || root.params === undefined) return { id, group: '' };
    const group = str(root.group);
    const p = root.params;
    const params: Params = { fromBlock: -1, toBlock: -1, addresses: new Set(), topics: [] };
    if (isObj(p)) {
      if (p.fromBlock !== undefined) params.fromBlock = int64(p.fromBlock);
      if (p.toBlock !== undefined) params.toBlock = int64(p.toBlock);
      if (Array.isArray(p.addresses)) for (const a of p.addresses) params.addresses.add(strip0x(str(a)));
      if (Array.isArray(p.topics)) {
        p.topics.forEach((t, index) => {
          if (t === null || index >= MAX_TOPIC_POSITIONS) return;
          const add = (topic: string) => {
            while (params.topics.length <= index) params.topics.push(new Set());
            params.topics[index].add(topic);
          };
          // An array's entries lose 0x and are lowercased; a lone string is kept verbatim.
          if (Array.isArray(t)) for (const one of t) add(strip0x(str(one)).toLowerCase());
          else add(str(t));
        });
      }
    }
    return { id, group, params };
  } catch {
    return { id, group: '' };
  }
}

/** EventSubMatcher::matches for one block. */
export function matchBlock(params: Params, block: EventBlock): JsonValue[] {
  const out: JsonValue[] = [];
  block.receipts.forEach((receipt, txIndex) => {
    receipt.data.logEntries.forEach((log, logIndex) => {
      if (params.addresses.size > 0 && !params.addresses.has(log.address)) return;
      const topics = log.topic.map((t) => toHex(t, false));
      for (let i = 0; i < MAX_TOPIC_POSITIONS; i++) {
        const want = params.topics[i];
        if (want && want.size > 0 && (topics.length <= i || !want.has(topics[i]))) return;
      }
      out.push({
        address: log.address,
        blockNumber: receipt.data.blockNumber,
        data: toHex(log.data),
        logIndex,
        topics: topics.map((t) => '0x' + t),
        transactionHash: toHex(block.transactions[txIndex].hash),
        transactionIndex: txIndex,
      });
    });
  });
  return out;
}

/** One connection's subscriptions. */
export class EventSubSession {
  private readonly tasks = new Map<string, Task>();
  private readonly unsubscribeBlocks: () => void;
  private scheduled = false;
  private closed = false;

  constructor(
    private readonly source: EventSource,
    private readonly send: (m: BcosMessage) => void,
  ) {
    this.unsubscribeBlocks = source.onBlock(() => this.schedule());
  }

  /** Handles an event-sub message; false for other types. */
  onMessage(msg: BcosMessage): boolean {
    if (msg.type === MSG_EVENT_SUBSCRIBE) this.onSubscribe(msg);
    else if (msg.type === MSG_EVENT_UNSUBSCRIBE) this.onUnsubscribe(msg);
    else return false;
    return true;
  }

  close(): void {
    this.closed = true;
    this.tasks.clear();
    this.unsubscribeBlocks();
  }

  /** EventSub::sendResponse: the request message itself carries the answer back. */
  private respond(msg: BcosMessage, id: string, status: number): void {
    this.send({ ...msg, payload: Buffer.from(writeJsonFast({ id, status })) });
  }

  private push(payload: JsonValue): void {
    this.send({
      version: 0,
      type: MSG_EVENT_LOG_PUSH,
      status: 0,
      // WsMessageFactory::buildMessage gives every message a fresh 32-character seq.
      seq: Buffer.from(randomBytes(16).toString('hex')),
      ext: 0,
      payload: Buffer.from(writeJsonFast(payload)),
    });
  }

  private onSubscribe(msg: BcosMessage): void {
    const { id, group, params } = parseSubscribe(msg.payload.toString('utf8'));
    if (!params) return this.respond(msg, id, EventSubStatus.INVALID_PARAMS);
    if (group !== '' && group !== this.source.groupId)
      return this.respond(msg, id, EventSubStatus.GROUP_NOT_EXIST);
    // executeAddTasks: a second task with a live id is dropped (the answer is still SUCCESS).
    if (!this.tasks.has(id)) this.tasks.set(id, { id, params, current: -1 });
    this.respond(msg, id, EventSubStatus.SUCCESS);
    this.schedule();
  }

  private onUnsubscribe(msg: BcosMessage): void {
    let id = '';
    try {
      const root = parseJsonLenient(msg.payload.toString('utf8'));
      if (!isObj(root) || root.id === undefined || root.group === undefined) throw new Error('invalid');
      id = str(root.id);
    } catch {
      return this.respond(msg, id, EventSubStatus.INVALID_PARAMS);
    }
    this.tasks.delete(id);
    this.respond(msg, id, EventSubStatus.SUCCESS);
  }

  private schedule(): void {
    if (this.scheduled || this.closed) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      // Closed meanwhile: the chain may be closed too, and its reads refuse.
      if (!this.closed && this.loop()) this.schedule();
    });
  }

  /** One pass of EventSub::executeWorker over this connection's tasks; true when work remains. */
  private loop(): boolean {
    let more = false;
    const latest = this.source.blockNumber();
    for (const task of [...this.tasks.values()]) {
      const { fromBlock, toBlock } = task.params;
      if (toBlock >= 0 && task.current > toBlock) {
        this.tasks.delete(task.id);
        this.push({ id: task.id, status: EventSubStatus.PUSH_COMPLETED });
        continue;
      }
      if (task.current < 0) task.current = fromBlock > 0 ? fromBlock : latest;
      const end = toBlock > 0 && toBlock < latest ? toBlock : latest;
      if (end < task.current) continue;
      const stop = Math.min(end, task.current + MAX_BLOCKS_PER_LOOP - 1);
      for (let n = task.current; n <= stop; n++) {
        const block = this.source.block(n);
        if (!block) break;
        const result = matchBlock(task.params, block);
        if (result.length) this.push({ id: task.id, result, status: EventSubStatus.SUCCESS });
        task.current = n + 1;
      }
      more ||= task.current <= end || (toBlock >= 0 && task.current > toBlock);
    }
    return more;
  }
}
