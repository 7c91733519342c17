// What every webview shows in its context bar: the active connection, group and account, and
// whether the panel's subject (a contract, a table, a block) still exists there. The host sends it
// when the panel opens and again whenever the session changes (connection, group or account).

import { isRecord, isString, shape } from './validate';

export interface ViewContext {
  /** Connection name; '' when there is no active connection. */
  connection: string;
  group: string;
  /** Active account address (0x…), absent when the connection has none. */
  account?: string;
  accountLabel?: string;
}

export interface ContextMessage {
  type: 'context';
  context: ViewContext;
  /** Set when the panel's subject does not exist on this connection: what to tell the user. */
  gone?: string;
}

export function isViewContext(v: unknown): v is ViewContext {
  return (
    isRecord(v) &&
    isString(v.connection) &&
    isString(v.group) &&
    (v.account === undefined || isString(v.account)) &&
    (v.accountLabel === undefined || isString(v.accountLabel))
  );
}

export function isContextMessage(m: unknown): m is ContextMessage {
  return shape<ContextMessage>(m, 'context', { context: isViewContext }, { gone: isString });
}

/** Equal keys mean the same connection, group and account. */
export function contextKey(c: ViewContext | undefined): string {
  return c ? `${c.connection}\u0000${c.group}\u0000${c.account ?? ''}` : '';
}

/** One line for the user: `Dev Node · group0 · Alice (0x1234…abcd)`. */
export function describeContext(c: ViewContext): string {
  if (!c.connection) return 'No active connection';
  const who = c.account
    ? `${c.accountLabel ? `${c.accountLabel} ` : ''}(${c.account.slice(0, 6)}…${c.account.slice(-4)})`
    : 'no account';
  return `${c.connection} · ${c.group} · ${who}`;
}
