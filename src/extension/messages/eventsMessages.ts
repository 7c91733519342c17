// Events view webview ↔ host messages. The host decodes logs into rows; the webview filters,
// pages and follows. No vscode import (shared with the webview bundle).

import { isAddressText, isBoolean, isHex, isNumber, isRecord, isString, shape } from './validate';

export interface ContractOption {
  address: string;
  /** "Shop (workspace)" or "/apps/shop (BFS)". */
  label: string;
  /** Event names of its ABI ("Transfer(address,address,uint256)"), empty without an ABI. */
  events: string[];
}

export interface EventRow {
  /** Block number and log position: unique and sortable. */
  block: number;
  txIndex: number;
  logIndex: number;
  transactionHash: string;
  /** Event signature, or "unknown (0x<topic0>)" for logs no ABI explains. */
  event: string;
  /** "name=value" pairs, or topics and data for raw logs. */
  args: { name: string; value: string }[];
}

export type HostToEvents =
  | { type: 'init'; connection: string; account?: string; contracts: ContractOption[] }
  | { type: 'rows'; rows: EventRow[]; replace: boolean; scanned: { from: number; to: number }; done: boolean }
  | { type: 'live'; on: boolean }
  | { type: 'error'; message: string };

export type EventsToHost =
  | { type: 'ready' }
  | {
      type: 'query';
      address: string;
      /** Event signature to match by topic 0 ("" = all events). */
      event: string;
      fromBlock: number;
      /** Omitted = latest. */
      toBlock?: number;
    }
  | { type: 'follow'; on: boolean; address: string; event: string }
  | { type: 'cancel' }
  | { type: 'openTransaction'; hash: string }
  | { type: 'refreshContracts' };

/** Rows the host sends per message while scanning (the webview renders a page at a time). */
export const ROWS_PER_MESSAGE = 2000;

const isBlock = (v: unknown) => isNumber(v) && Number.isInteger(v) && v >= 0;

export function parseEventsToHost(m: unknown): EventsToHost | undefined {
  if (shape<EventsToHost>(m, 'ready', {})) return m;
  if (shape<EventsToHost>(m, 'cancel', {})) return m;
  if (shape<EventsToHost>(m, 'refreshContracts', {})) return m;
  if (shape<EventsToHost>(m, 'openTransaction', { hash: (v) => isHex(v) && v.length === 66 })) return m;
  if (
    shape<EventsToHost>(
      m,
      'query',
      { address: isAddressText, event: (v) => isString(v) && v.length < 1000, fromBlock: isBlock },
      { toBlock: isBlock },
    ) &&
    m.type === 'query'
  )
    return m.toBlock !== undefined && m.toBlock < m.fromBlock ? undefined : m;
  if (shape<EventsToHost>(m, 'follow', { on: isBoolean, address: isAddressText, event: isString })) return m;
  return undefined;
}

const isRow = (v: unknown) =>
  isRecord(v) && isBlock(v.block) && isString(v.event) && isHex(v.transactionHash) && Array.isArray(v.args);

export function parseHostToEvents(m: unknown): HostToEvents | undefined {
  if (
    shape<HostToEvents>(m, 'init', { connection: isString, contracts: Array.isArray }, { account: isString })
  )
    return m;
  if (
    shape<HostToEvents>(m, 'rows', {
      rows: (v) => Array.isArray(v) && v.every(isRow),
      replace: isBoolean,
      scanned: isRecord,
      done: isBoolean,
    })
  )
    return m;
  if (shape<HostToEvents>(m, 'live', { on: isBoolean })) return m;
  if (shape<HostToEvents>(m, 'error', { message: isString })) return m;
  return undefined;
}
