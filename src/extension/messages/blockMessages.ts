// Block/transaction detail webview ↔ host messages. The host sends fully formatted view models;
// the webview only asks to navigate.

import { isHex, isNumber, isRecord, isString, shape } from './validate';
import { type ContextMessage, isContextMessage } from './contextMessages';

export interface FieldView {
  label: string;
  value: string;
  /** A hash/number the webview renders as a navigation link. */
  link?: { kind: 'block' | 'transaction'; id: string };
}

export interface ArgView {
  name: string;
  type: string;
  /** JSON text of the decoded value. */
  value: string;
}

export interface EventView {
  address: string;
  name: string;
  args: ArgView[];
  /** Set when the event could not be decoded (no ABI). */
  raw?: { topics: string[]; data: string };
}

export interface TransactionView {
  hash: string;
  index: number;
  from: string;
  to: string;
  /** "transfer(address,uint256)" or "deploy" or "unknown (0x12345678)". */
  method: string;
  args: ArgView[];
  rawInput: string;
  fields: FieldView[];
  receipt?: {
    ok: boolean;
    statusText: string;
    gasUsed: string;
    contractAddress?: string;
    output: ArgView[];
    revertReason?: string;
    events: EventView[];
  };
  /** console.log lines the devnode recorded for this transaction. */
  consoleLogs?: string[];
  /** Where the devnode says the transaction failed. */
  failure?: FailureView;
}

export interface FailureView {
  /** "Debug.fail (Debug.sol:24)", or the code address and pc when the code is not from this workspace. */
  where: string;
  /** Source text at the location (first line). */
  snippet?: string;
  /** EVM error: "revert", "out of gas", …; a built-in's status name ("PrecompiledError") when it is the point. */
  error: string;
  /**
   * The built-in whose failure the contract at `where` passed on: "BFSPrecompiled (0x100e)
   * link(string,string,string)". A built-in that is the point itself is named in `where`.
   */
  builtin?: string;
}

export interface BlockView {
  kind: 'block';
  number: number;
  hash: string;
  fields: FieldView[];
  sealer: string;
  signatures: { sealer: string; signature: string }[];
  transactions: TransactionView[];
  hasParent: boolean;
  hasNext: boolean;
}

export interface TxPageView {
  kind: 'transaction';
  transaction: TransactionView;
  blockNumber?: number;
}

export type HostToBlock =
  | ContextMessage
  | { type: 'show'; view: BlockView | TxPageView }
  | { type: 'loading'; what: string }
  /** `latest`: the chain's height when known, so the page can offer the newest block. */
  | { type: 'error'; message: string; latest?: number };

export type BlockToHost =
  | { type: 'ready' }
  | { type: 'openBlock'; id: string | number }
  | { type: 'openTransaction'; hash: string }
  /** Step through the transaction in the debugger (the local node traces it). */
  | { type: 'debugTransaction'; hash: string }
  | { type: 'copy'; text: string };

const isBlockId = (v: unknown) =>
  (isNumber(v) && v >= 0) || (isString(v) && (/^\d+$/.test(v) || /^0x[0-9a-fA-F]{64}$/.test(v)));

export function parseBlockToHost(m: unknown): BlockToHost | undefined {
  if (shape<BlockToHost>(m, 'ready', {})) return m;
  if (shape<BlockToHost>(m, 'openBlock', { id: isBlockId })) return m;
  if (shape<BlockToHost>(m, 'openTransaction', { hash: (v) => isHex(v) && v.length === 66 })) return m;
  if (shape<BlockToHost>(m, 'debugTransaction', { hash: (v) => isHex(v) && v.length === 66 })) return m;
  if (shape<BlockToHost>(m, 'copy', { text: (v) => isString(v) && v.length < 100_000 })) return m;
  return undefined;
}

export function parseHostToBlock(m: unknown): HostToBlock | undefined {
  if (isContextMessage(m)) return m;
  if (shape<HostToBlock>(m, 'loading', { what: isString })) return m;
  if (shape<HostToBlock>(m, 'error', { message: isString }, { latest: isNumber })) return m;
  if (
    shape<HostToBlock>(m, 'show', {
      view: (v) => isRecord(v) && (v.kind === 'block' || v.kind === 'transaction'),
    })
  )
    return m;
  return undefined;
}
