// Table browser: open a table by name; KV rows by key (look up, set); CRUD rows by conditions
// (select with paging, count, remove matching) and by key (insert, update, remove); new tables.

import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import {
  CONDITION_OP_LABELS,
  CONDITION_OPS,
  type HostToKv,
  type KvToHost,
  SELECT_MAX,
  TABLE_NAME,
  type TableCondition,
  isCondition,
  isConditionOp,
  isFieldName,
  parseHostToKv,
} from '../src/extension/messages/kvMessages';
import { fieldTable, h, message, mount } from './lib/dom';
import { onHostMessage, post } from './lib/host';
import { showContext } from './lib/contextBar';

const send = (m: KvToHost) => post(m);
type ValueEl = HTMLElement & { value: string };
const field = (placeholder: string, id: string) => h('vscode-textfield', { placeholder, id }) as ValueEl;
const select = (id: string, options: [string, string][], selected?: string) =>
  h(
    'vscode-single-select',
    { id },
    ...options.map(([value, label]) => h('vscode-option', { value, selected: value === selected }, label)),
  ) as ValueEl;

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
const outcome = h('div', { 'aria-live': 'polite' });
const crud = h('section', { hidden: true });
const conditionList = h('div', {});
const offsetInput = h('vscode-textfield', {
  placeholder: '0',
  id: 'crud-offset',
  class: 'narrow',
}) as ValueEl;
const limitInput = h('vscode-textfield', {
  placeholder: `1-${SELECT_MAX}`,
  id: 'crud-limit',
  class: 'narrow',
}) as ValueEl;
const rowsView = h('div', { 'data-testid': 'crud-rows' });
const countView = h('div', { 'data-testid': 'crud-count' });
const rowForm = h('div', {});

let columns: string[] = [];
let keyField = '';
let openTable = '';
/** The select on screen, re-run after a row write so the page shows the change. */
let lastSelect: Extract<KvToHost, { type: 'select' }> | undefined;

/** Shows a status line in the one outcome area and brings it into view (it sits above the forms). */
function show(...children: (Node | string)[]): void {
  outcome.replaceChildren(...children);
  outcome.scrollIntoView?.({ block: 'nearest' });
}

function invalid(text: string): void {
  show(message('error', text));
}

function busy(text: string): void {
  show(h('div', { class: 'toolbar' }, h('vscode-progress-ring', {}), h('span', { class: 'muted' }, text)));
}

/** How to read each condition row on screen. */
const readers = new WeakMap<Element, () => TableCondition>();

function conditionRow(): HTMLElement {
  const fieldSel = select(
    '',
    columns.map((c) => [c, c]),
    keyField,
  );
  const opSel = select(
    '',
    CONDITION_OPS.map((o) => [o, CONDITION_OP_LABELS[o]]),
    'eq',
  );
  const value = h('vscode-textfield', { placeholder: 'value' }) as ValueEl;
  const el = h('div', { class: 'row condition', 'data-testid': 'crud-condition' }, fieldSel, opSel, value);
  el.append(h('vscode-button', { secondary: true, onclick: () => el.remove() }, 'Remove'));
  readers.set(el, () => ({
    field: fieldSel.value,
    op: conditionOp(opSel.value),
    value: value.value,
  }));
  return el;
}

/** The conditions on screen, or an error text. */
function readConditions(): TableCondition[] | string {
  const list = [...conditionList.children].map((el) => readers.get(el)!());
  if (!list.length) return 'Add at least one condition.';
  const bad = list.findIndex((c) => !isCondition(c));
  return bad >= 0 ? `Check the condition on "${list[bad].field}" (values up to 16384 characters).` : list;
}

function readLimit(): { offset: number; count: number } | string {
  const offset = offsetInput.value.trim() === '' ? 0 : Number(offsetInput.value.trim());
  const count = limitInput.value.trim() === '' ? 50 : Number(limitInput.value.trim());
  if (!Number.isInteger(offset) || offset < 0) return 'The offset is a whole number of at least 0.';
  if (!Number.isInteger(count) || count < 1 || count > SELECT_MAX)
    return `Rows per page is a whole number from 1 to ${SELECT_MAX}.`;
  return { offset, count };
}

function cellInputs(): Map<string, ValueEl> {
  return new Map(columns.map((c) => [c, rowForm.querySelector<ValueEl>(`#crud-field-${CSS.escape(c)}`)!]));
}

/** The select only offers CONDITION_OPS; anything else is a bug worth a clear message. */
function conditionOp(value: string): TableCondition['op'] {
  if (!isConditionOp(value)) throw new Error(`Unknown condition operator "${value}".`);
  return value;
}

function runSelect(m: Extract<KvToHost, { type: 'select' }>): void {
  lastSelect = m;
  rowsView.replaceChildren(
    h(
      'div',
      { class: 'toolbar' },
      h('vscode-progress-ring', {}),
      h('span', { class: 'muted' }, 'Selecting…'),
    ),
  );
  send(m);
}

function renderCrud(): void {
  conditionList.replaceChildren(conditionRow());
  offsetInput.value = '0';
  limitInput.value = '50';
  rowForm.replaceChildren(
    ...columns.map((c) =>
      h(
        'div',
        { class: 'param' },
        h('label', { for: `crud-field-${c}` }, c === keyField ? `${c} (key)` : c),
        h('vscode-textfield', { id: `crud-field-${c}`, placeholder: c }),
      ),
    ),
  );
  const withConditions = (then: (c: TableCondition[]) => void) => () => {
    const c = readConditions();
    if (typeof c === 'string') return invalid(c);
    then(c);
  };
  const withRow = (then: (values: Map<string, string>, key: string) => void) => () => {
    const values = new Map([...cellInputs()].map(([c, el]) => [c, el.value]));
    const key = values.get(keyField) ?? '';
    if (!key) return invalid(`Enter the key (${keyField}).`);
    busy('Waiting for confirmation and the receipt…');
    then(values, key);
  };
  crud.replaceChildren(
    h('h2', {}, 'Rows (CRUD)'),
    h(
      'p',
      { class: 'muted' },
      'Conditions are ANDed. Chains before 3.2 only filter the key with >, ≥, <, ≤.',
    ),
    conditionList,
    h(
      'div',
      { class: 'toolbar' },
      h(
        'vscode-button',
        { secondary: true, onclick: () => conditionList.append(conditionRow()) },
        'Add Condition',
      ),
      h('label', { class: 'muted', for: 'crud-offset' }, 'Offset'),
      offsetInput,
      h('label', { class: 'muted', for: 'crud-limit' }, 'Rows'),
      limitInput,
      h(
        'vscode-button',
        {
          onclick: withConditions((conditions) => {
            const limit = readLimit();
            if (typeof limit === 'string') return invalid(limit);
            outcome.replaceChildren();
            runSelect({
              type: 'select',
              table: openTable,
              conditions,
              offset: limit.offset,
              count: limit.count,
            });
          }),
        },
        'Select Rows',
      ),
      h(
        'vscode-button',
        {
          secondary: true,
          onclick: withConditions((conditions) => {
            countView.replaceChildren(
              h(
                'div',
                { class: 'toolbar' },
                h('vscode-progress-ring', {}),
                h('span', { class: 'muted' }, 'Counting…'),
              ),
            );
            send({ type: 'count', table: openTable, conditions });
          }),
        },
        'Count Rows',
      ),
      h(
        'vscode-button',
        {
          secondary: true,
          onclick: withConditions((conditions) => {
            busy('Waiting for confirmation and the receipt…');
            send({ type: 'remove', table: openTable, where: conditions });
          }),
        },
        'Remove Matching',
      ),
    ),
    countView,
    rowsView,
    h('h2', {}, 'Row'),
    rowForm,
    h(
      'div',
      { class: 'toolbar' },
      h(
        'vscode-button',
        {
          onclick: withRow((values) =>
            send({ type: 'insert', table: openTable, row: Object.fromEntries(values) }),
          ),
        },
        'Insert Row',
      ),
      h(
        'vscode-button',
        {
          secondary: true,
          onclick: withRow((values, key) => {
            const fields = Object.fromEntries([...values].filter(([c, v]) => c !== keyField && v !== ''));
            if (!Object.keys(fields).length)
              return invalid('Enter at least one value to change (empty fields are left as they are).');
            send({ type: 'update', table: openTable, where: key, fields });
          }),
        },
        'Update Row',
      ),
      h(
        'vscode-button',
        {
          secondary: true,
          onclick: withRow((_values, key) => send({ type: 'remove', table: openTable, where: key })),
        },
        'Remove Row',
      ),
    ),
  );
  crud.hidden = false;
}

function renderRows(m: Extract<HostToKv, { type: 'rows' }>): void {
  const more = m.rows.length === m.limit;
  rowsView.replaceChildren(
    m.rows.length
      ? h(
          'table',
          { class: 'grid' },
          h('thead', {}, h('tr', {}, ...m.columns.map((c) => h('th', {}, c)))),
          h(
            'tbody',
            {},
            ...m.rows.map((r) =>
              h('tr', { 'data-testid': 'crud-row' }, ...m.columns.map((c) => h('td', {}, r[c] ?? ''))),
            ),
          ),
        )
      : message('info', m.offset ? 'No more rows.' : 'No rows match.'),
    h(
      'div',
      { class: 'toolbar muted' },
      `Rows ${m.rows.length ? `${m.offset + 1}–${m.offset + m.rows.length}` : 'none'}`,
      m.offset > 0 && lastSelect
        ? h(
            'vscode-button',
            {
              secondary: true,
              onclick: () => runSelect({ ...lastSelect!, offset: Math.max(0, m.offset - m.limit) }),
            },
            'Previous Page',
          )
        : '',
      more && lastSelect
        ? h(
            'vscode-button',
            { secondary: true, onclick: () => runSelect({ ...lastSelect!, offset: m.offset + m.limit }) },
            'Next Page',
          )
        : '',
    ),
  );
}

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
            if (!openTable) return invalid('Open a table first.');
            if (!keyInput.value) return invalid('Enter a key.');
            row.replaceChildren(
              h(
                'div',
                { class: 'toolbar' },
                h('vscode-progress-ring', {}),
                h('span', { class: 'muted' }, 'Looking up…'),
              ),
            );
            send({ type: 'get', table: openTable, key: keyInput.value });
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
            if (!openTable) return invalid('Open a table first.');
            if (!keyInput.value) return invalid('Enter the key to set.');
            busy('Waiting for confirmation and the receipt…');
            send({ type: 'set', table: openTable, key: keyInput.value, value: valueInput.value });
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
      if (movedChain && openTable) {
        for (const el of [row, rowsView, countView]) el.replaceChildren();
        lastSelect = undefined;
        send({ type: 'open', table: openTable });
      }
      break;
    }
    case 'init':
      render(m.connection, m.account);
      break;
    case 'table':
      openTable = m.table;
      keyField = m.keyField;
      columns = [m.keyField, ...m.valueFields];
      lastSelect = undefined;
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
      if (m.ok && lastSelect) runSelect(lastSelect);
      break;
    case 'error':
      show(message('error', m.message));
      // A failed select is not re-run after writes; clear any spinner the failed request left.
      if (rowsView.querySelector('vscode-progress-ring')) lastSelect = undefined;
      for (const el of [rowsView, countView, row])
        if (el.querySelector('vscode-progress-ring')) el.replaceChildren();
  }
});

send({ type: 'ready' });
