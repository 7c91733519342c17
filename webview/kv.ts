// KV table browser: open a table by name, look up rows by key, set a value, create a table.

import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import { type HostToKv, type KvToHost, TABLE_NAME, parseHostToKv } from '../src/extension/messages/kvMessages';
import { fieldTable, h, message, mount } from './lib/dom';
import { onHostMessage, post } from './lib/host';

const send = (m: KvToHost) => post(m);
type ValueEl = HTMLElement & { value: string };
const field = (placeholder: string, id: string) => h('vscode-textfield', { placeholder, id }) as ValueEl;

const tableInput = field('table name', 'kv-table');
const keyInput = field('key', 'kv-key');
const valueInput = field('value', 'kv-value');
const keyFieldInput = field('key field, e.g. id', 'kv-new-key');
const valueFieldsInput = field('value fields, comma-separated', 'kv-new-values');
const tableInfo = h('div', {});
const row = h('div', { 'data-testid': 'kv-row' });
const outcome = h('div', { 'aria-live': 'polite' });
let openTable = '';

function invalid(text: string): void {
  outcome.replaceChildren(message('error', text));
}

function busy(text: string): void {
  outcome.replaceChildren(h('div', { class: 'toolbar' }, h('vscode-progress-ring', {}), h('span', { class: 'muted' }, text)));
}

function render(connection: string, account?: string): void {
  mount(
    h('h1', {}, 'KV Tables'),
    fieldTable([{ label: 'Connection', value: connection }, { label: 'Account', value: account ?? 'none' }]),
    h('div', { class: 'row' }, tableInput, h('vscode-button', {
      onclick: () => {
        const t = tableInput.value.trim();
        if (!TABLE_NAME.test(t)) return invalid('Enter a table name (letters, digits and _$-@., up to 50).');
        outcome.replaceChildren();
        send({ type: 'open', table: t });
      },
    }, 'Open Table')),
    tableInfo,
    h('h2', {}, 'Row'),
    h('div', { class: 'row' }, keyInput, h('vscode-button', {
      secondary: true,
      onclick: () => {
        if (!openTable) return invalid('Open a table first.');
        if (!keyInput.value) return invalid('Enter a key.');
        send({ type: 'get', table: openTable, key: keyInput.value });
      },
    }, 'Look Up')),
    row,
    h('div', { class: 'row' }, valueInput, h('vscode-button', {
      secondary: true,
      onclick: () => {
        if (!openTable) return invalid('Open a table first.');
        if (!keyInput.value) return invalid('Enter the key to set.');
        busy('Waiting for confirmation and the receipt…');
        send({ type: 'set', table: openTable, key: keyInput.value, value: valueInput.value });
      },
    }, 'Set Value')),
    outcome,
    h('h2', {}, 'New Table'),
    h('div', { class: 'row' }, keyFieldInput, valueFieldsInput, h('vscode-button', {
      secondary: true,
      onclick: () => {
        const t = tableInput.value.trim();
        const valueFields = valueFieldsInput.value.split(',').map((f) => f.trim()).filter(Boolean);
        if (!TABLE_NAME.test(t)) return invalid('Enter the new table name in the table field above.');
        if (!keyFieldInput.value.trim() || !valueFields.length) return invalid('Enter the key field and at least one value field.');
        busy('Waiting for confirmation and the receipt…');
        send({ type: 'create', table: t, keyField: keyFieldInput.value.trim(), valueFields });
      },
    }, 'Create Table')),
  );
}

onHostMessage(parseHostToKv, (m: HostToKv) => {
  switch (m.type) {
    case 'init':
      render(m.connection, m.account);
      break;
    case 'table':
      openTable = m.table;
      tableInfo.replaceChildren(fieldTable([{ label: 'Table', value: `/tables/${m.table}` }, { label: 'Key Field', value: m.keyField }, { label: 'Value Fields', value: m.valueFields.join(', ') }]));
      row.replaceChildren();
      break;
    case 'row':
      row.replaceChildren(m.found ? fieldTable([{ label: m.key, value: m.value }]) : message('info', `No row with key "${m.key}" in ${m.table}.`));
      break;
    case 'outcome':
      outcome.replaceChildren(
        message(m.ok ? 'ok' : 'error', m.message),
        m.transactionHash ? h('button', { class: 'link mono', onclick: () => send({ type: 'openTransaction', hash: m.transactionHash! }) }, `Transaction ${m.transactionHash}`) : '',
      );
      break;
    case 'error':
      outcome.replaceChildren(message('error', m.message));
  }
});

send({ type: 'ready' });
