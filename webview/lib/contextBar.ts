// The context bar above every page: the connection, group and account the page is acting for,
// and an alert when the page's subject does not exist there. It lives outside #app, so pages that
// re-render themselves never lose it.

import {
  describeContext,
  type ContextMessage,
  type ViewContext,
} from '../../src/extension/messages/contextMessages';
import { h, message } from './dom';

const bar = h('div', { class: 'context-bar', 'data-testid': 'context-bar', role: 'status' });
let current: ViewContext | undefined;

function attach(): void {
  if (bar.isConnected) return;
  const app = document.getElementById('app');
  if (app?.parentElement) app.parentElement.insertBefore(bar, app);
}

/** Shows a context message; returns whether the connection or group changed since the last one. */
export function showContext(m: ContextMessage): { movedChain: boolean; accountChanged: boolean } {
  attach();
  const before = current;
  current = m.context;
  bar.replaceChildren(
    h('span', { class: 'muted' }, 'Acting on '),
    h('span', { 'data-testid': 'context-text' }, describeContext(m.context)),
    m.context.account ? h('span', { class: 'mono muted context-address' }, m.context.account) : '',
  );
  if (m.gone) bar.append(message('error', m.gone));
  bar.toggleAttribute('data-gone', !!m.gone);
  return {
    movedChain: !!before && (before.connection !== m.context.connection || before.group !== m.context.group),
    accountChanged: !!before && before.account !== m.context.account,
  };
}

/** The context the page shows now (what it sends back with transactions). */
export function shownContext(): ViewContext | undefined {
  return current;
}
