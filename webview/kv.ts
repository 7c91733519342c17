// Table browser: open a table by name; KV rows by key (look up, set); CRUD rows by conditions
// (select with paging, count, remove matching) and by key (insert, update, remove, in
// webview/kv/crud.ts); new tables.

import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import { type HostToKv, TABLE_NAME, isFieldName, parseHostToKv } from '../src/extension/messages/kvMessages';
import { fieldTable, h, message, mount } from './lib/dom';
import { onHostMessage } from './lib/host';
import { showContext } from './lib/contextBar';
import { countView, crud, renderCrud, renderRows, rowsView, runSelect } from './kv/crud';
import { busy, field, invalid, opened, outcome, select, send, show, spinner } from './kv/page';

const tableInput = field('table name', 'kv-table');
const keyInput = field('key', 'kv-key');
const valueInput = field('value', 'kv-value');
const keyFieldInput = field('key field, e.g. id', 'kv-new-key');
const valueFieldsInput = field('value fields, comma-separated', 'kv-new-values');
const kindSelect = select(
  'kv-new-kind',
  [
    ['kv', 'KV table'],
    ['crud', 'CRUD table'],
  ],
  'kv',
);
const tableInfo = h('div', {});
const row = h('div', { 'data-testid': 'kv-row' });

const connectionCell = h('span', { 'data-testid': 'kv-connection' });
const accountCell = h('span', { class: 'mono', 'data-testid': 'kv-account' });

function render(connection: string, account?: string): void {
  connectionCell.textContent = connection;
  accountCell.textContent = account ?? 'none';
  mount(
    h('h1', {}, 'Tables'),
    fieldTable([
      { label: 'Connection', value: connectionCell },
      { label: 'Account', value: accountCell },
    ]),
    h(
      'div',
      { class: 'row' },
      tableInput,
      h(
        'vscode-button',
        {
          onclick: () => {
            const t = tableInput.value.trim();
            if (!TABLE_NAME.test(t))
              return invalid('Enter a table name (letters, digits and _$-@., up to 50).');
            outcome.replaceChildren();
            send({ type: 'open', table: t });
          },
        },
        'Open Table',
      ),
    ),
    tableInfo,
    outcome,
    h('h2', {}, 'Row by Key (KV)'),
    h(
      'div',
      { class: 'row' },
      keyInput,
      h(
        'vscode-button',
        {
          secondary: true,
          onclick: () => {
            if (!opened.table) return invalid('Open a table first.');
            if (!keyInput.value) return invalid('Enter a key.');
            row.replaceChildren(spinner('Looking up…'));
            send({ type: 'get', table: opened.table, key: keyInput.value });
          },
        },
        'Look Up',
      ),
    ),
    row,
    h(
      'div',
      { class: 'row' },
      valueInput,
      h(
        'vscode-button',
        {
          secondary: true,
          onclick: () => {
            if (!opened.table) return invalid('Open a table first.');
            if (!keyInput.value) return invalid('Enter the key to set.');
            busy('Waiting for confirmation and the receipt…');
            send({ type: 'set', table: opened.table, key: keyInput.value, value: valueInput.value });
          },
        },
        'Set Value',
      ),
    ),
    crud,
    h('h2', {}, 'New Table'),
    h(
      'div',
      { class: 'row' },
      kindSelect,
      keyFieldInput,
      valueFieldsInput,
      h(
        'vscode-button',
        {
          secondary: true,
          onclick: () => {
            const t = tableInput.value.trim();
            const valueFields = valueFieldsInput.value
              .split(',')
              .map((f) => f.trim())
              .filter(Boolean);
            const key = keyFieldInput.value.trim();
            if (!TABLE_NAME.test(t)) return invalid('Enter the new table name in the table field above.');
            if (!isFieldName(key) || !valueFields.length || !valueFields.every(isFieldName))
              return invalid(
                'Enter the key field and at least one value field (letters, digits, _ $ @ . -).',
              );
            busy('Waiting for confirmation and the receipt…');
            send({
              type: 'create',
              table: t,
              keyField: key,
              valueFields,
              kind: kindSelect.value === 'crud' ? 'crud' : 'kv',
            });
          },
        },
        'Create Table',
      ),
    ),
  );
}

onHostMessage(parseHostToKv, (m: HostToKv) => {
  switch (m.type) {
    case 'context': {
      const { movedChain } = showContext(m);
      connectionCell.textContent = m.context.connection
        ? `${m.context.connection} (${m.context.group})`
        : 'none';
      accountCell.textContent = m.context.account ?? 'none';
      // Another chain: the open table is read again there (or the page says it does not exist).
      if (movedChain && opened.table) {
        for (const el of [row, rowsView, countView]) el.replaceChildren();
        opened.lastSelect = undefined;
        send({ type: 'open', table: opened.table });
      }
      break;
    }
    case 'init':
      render(m.connection, m.account);
      break;
    case 'table':
      opened.table = m.table;
      opened.keyField = m.keyField;
      opened.columns = [m.keyField, ...m.valueFields];
      opened.lastSelect = undefined;
      tableInfo.replaceChildren(
        fieldTable([
          { label: 'Table', value: `/tables/${m.table}` },
          { label: 'Key Field', value: m.keyField },
          { label: 'Value Fields', value: m.valueFields.join(', ') },
          ...(m.keyOrder ? [{ label: 'Key Order', value: m.keyOrder }] : []),
        ]),
      );
      row.replaceChildren();
      rowsView.replaceChildren();
      countView.replaceChildren();
      renderCrud();
      break;
    case 'row':
      row.replaceChildren(
        m.found
          ? fieldTable([{ label: m.key, value: m.value }])
          : message('info', `No row with key "${m.key}" in ${m.table}.`),
      );
      break;
    case 'rows':
      renderRows(m);
      break;
    case 'count':
      countView.replaceChildren(
        message('info', `${m.count} row${m.count === 1 ? '' : 's'} match in ${m.table}.`),
      );
      break;
    case 'outcome':
      show(
        message(m.ok ? 'ok' : 'error', m.message),
        m.transactionHash
          ? h(
              'button',
              {
                class: 'link mono',
                onclick: () => send({ type: 'openTransaction', hash: m.transactionHash! }),
              },
              `Transaction ${m.transactionHash}`,
            )
          : '',
      );
      if (m.ok && opened.lastSelect) runSelect(opened.lastSelect);
      break;
    case 'error':
      show(message('error', m.message));
      // A failed select is not re-run after writes; clear any spinner the failed request left.
      if (rowsView.querySelector('vscode-progress-ring')) opened.lastSelect = undefined;
      for (const el of [rowsView, countView, row])
        if (el.querySelector('vscode-progress-ring')) el.replaceChildren();
  }
});

send({ type: 'ready' });
