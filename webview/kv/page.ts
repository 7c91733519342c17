// The table browser's shared parts: the message channel, small input builders, the open table
// and the one status line above the forms.

import type { KvToHost } from '../../src/extension/messages/kvMessages';
import { h, message } from '../lib/dom';
import { post } from '../lib/host';

export const send = (m: KvToHost) => post(m);
export type ValueEl = HTMLElement & { value: string };
export const field = (placeholder: string, id: string) =>
  h('vscode-textfield', { placeholder, id }) as ValueEl;
export const select = (id: string, options: [string, string][], selected?: string) =>
  h(
    'vscode-single-select',
    { id },
    ...options.map(([value, label]) => h('vscode-option', { value, selected: value === selected }, label)),
  ) as ValueEl;

/** A progress ring with what is being waited for. */
export function spinner(text: string): HTMLElement {
  return h('div', { class: 'toolbar' }, h('vscode-progress-ring', {}), h('span', { class: 'muted' }, text));
}

/** The table on screen ('' before one is opened). */
export const opened: {
  table: string;
  keyField: string;
  columns: string[];
  /** The select on screen, re-run after a row write so the page shows the change. */
  lastSelect: Extract<KvToHost, { type: 'select' }> | undefined;
} = { table: '', keyField: '', columns: [], lastSelect: undefined };

export const outcome = h('div', { 'aria-live': 'polite' });

/** Shows a status line in the one outcome area and brings it into view (it sits above the forms). */
export function show(...children: (Node | string)[]): void {
  outcome.replaceChildren(...children);
  outcome.scrollIntoView?.({ block: 'nearest' });
}

export function invalid(text: string): void {
  show(message('error', text));
}

export function busy(text: string): void {
  show(spinner(text));
}
