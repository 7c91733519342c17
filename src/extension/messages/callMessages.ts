// Contract call form webview ↔ host messages. The host sends the ABI's functions; the webview
// sends JSON argument values which the host validates again before encoding.

import { isBoolean, isNumber, isRecord, isString, shape } from './validate';
import { type ContextMessage, isContextMessage } from './contextMessages';
import { type ValueUnit, isValueUnit } from './txValue';

/** The value typed in the form: an amount in a unit (txValue.ts converts and checks it). */
export interface ValueInput {
  amount: string;
  unit: ValueUnit;
}

export interface ParamView {
  name: string;
  type: string;
  components?: ParamView[];
}

export interface FunctionView {
  signature: string;
  name: string;
  inputs: ParamView[];
  outputs: ParamView[];
  /** view/pure functions default to call; others to send. */
  readOnly: boolean;
  payable: boolean;
}

export interface ResultView {
  requestId: number;
  ok: boolean;
  mode: 'call' | 'send';
  /** Decoded outputs as [name, type, JSON text]. */
  outputs: { name: string; type: string; value: string }[];
  message: string;
  transactionHash?: string;
  blockNumber?: number;
  /** The value the transaction carried, formatted ("5 wei"), when it carried any. */
  value?: string;
  events?: { name: string; args: { name: string; type: string; value: string }[] }[];
  /** Set on a failure the local node can trace: what the page's Debug button opens. */
  debug?: DebugTarget;
}

/** A failed transaction by hash, or a failed read-only call to replay, for the debugger. */
export type DebugTarget = { txHash: string } | { call: { to: string; data: string; from?: string } };

export type HostToCall =
  | ContextMessage
  | {
      type: 'init';
      contract: { name: string; address: string; path?: string };
      functions: FunctionView[];
      lastInputs: Record<string, unknown[]>;
      account?: string;
      /** feature_balance is on: every transaction gets a value field (payable functions always do). */
      balance?: boolean;
    }
  | { type: 'result'; result: ResultView }
  /** feature_balance changed while the form is open: value fields appear on (or leave) every transaction. */
  | { type: 'balance'; on: boolean }
  | { type: 'error'; message: string };

export type CallToHost =
  | { type: 'ready' }
  | {
      type: 'invoke';
      requestId: number;
      signature: string;
      args: unknown[];
      mode: 'call' | 'send';
      /** The active account the page showed ('' for none): a transaction from a stale page is refused. */
      account?: string;
      /** Value to send with the transaction (version 1); absent or 0 for none. */
      value?: ValueInput;
    }
  | { type: 'openTransaction'; hash: string }
  | { type: 'debug'; target: DebugTarget };

const isHash = (v: unknown) => isString(v) && /^0x[0-9a-fA-F]{64}$/.test(v);
const isAddress = (v: unknown) => isString(v) && /^0x[0-9a-fA-F]{40}$/.test(v);

function isDebugTarget(v: unknown): boolean {
  if (!isRecord(v)) return false;
  if ('txHash' in v) return isHash(v.txHash);
  const c = v.call;
  return (
    isRecord(c) &&
    isAddress(c.to) &&
    isString(c.data) &&
    /^0x([0-9a-fA-F]{2})*$/.test(c.data) &&
    (c.from === undefined || isAddress(c.from))
  );
}

export function parseCallToHost(m: unknown): CallToHost | undefined {
  if (shape<CallToHost>(m, 'ready', {})) return m;
  if (
    shape<CallToHost>(
      m,
      'invoke',
      {
        requestId: isNumber,
        signature: (v) => isString(v) && /^[A-Za-z_$][\w$]*\(.*\)$/.test(v),
        args: Array.isArray,
        mode: (v) => v === 'call' || v === 'send',
      },
      {
        account: isString,
        value: (v) => isRecord(v) && isString(v.amount) && isValueUnit(v.unit),
      },
    )
  )
    return m;
  if (shape<CallToHost>(m, 'openTransaction', { hash: isHash })) return m;
  if (shape<CallToHost>(m, 'debug', { target: isDebugTarget })) return m;
  return undefined;
}

export function parseHostToCall(m: unknown): HostToCall | undefined {
  if (isContextMessage(m)) return m;
  if (shape<HostToCall>(m, 'init', { contract: isRecord, functions: Array.isArray, lastInputs: isRecord }))
    return m;
  if (
    shape<HostToCall>(m, 'result', {
      result: (r) => isRecord(r) && isNumber(r.requestId) && isBoolean(r.ok) && isString(r.message),
    })
  )
    return m;
  if (shape<HostToCall>(m, 'balance', { on: isBoolean })) return m;
  if (shape<HostToCall>(m, 'error', { message: isString })) return m;
  return undefined;
}
