// The table browser's CRUD section: conditions (select with paging, count, remove matching) and a
// row form (insert, update, remove by key).

import {
  CONDITION_OP_LABELS,
  CONDITION_OPS,
  type HostToKv,
  type KvToHost,
  SELECT_MAX,
  type TableCondition,
  isCondition,
  isConditionOp,
} from '../../src/extension/messages/kvMessages';
import { h, message } from '../lib/dom';
import { busy, invalid, opened, outcome, select, send, spinner, type ValueEl } from './page';

export const crud = h('section', { hidden: true });
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
export const rowsView = h('div', { 'data-testid': 'crud-rows' });
export const countView = h('div', { 'data-testid': 'crud-count' });
const rowForm = h('div', {});

/** How to read each condition row on screen. */
const readers = new WeakMap<Element, () => TableCondition>();

function conditionRow(): HTMLElement {
  const fieldSel = select(
    '',
    opened.columns.map((c) => [c, c]),
    opened.keyField,
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
  return new Map(
    opened.columns.map((c) => [c, rowForm.querySelector<ValueEl>(`#crud-field-${CSS.escape(c)}`)!]),
  );
}

/** The select only offers CONDITION_OPS; anything else is a bug worth a clear message. */
function conditionOp(value: string): TableCondition['op'] {
  if (!isConditionOp(value)) throw new Error(`Unknown condition operator "${value}".`);
  return value;
}

export function runSelect(m: Extract<KvToHost, { type: 'select' }>): void {
  opened.lastSelect = m;
  rowsView.replaceChildren(spinner('Selecting…'));
  send(m);
}

export function renderCrud(): void {
  conditionList.replaceChildren(conditionRow());
  offsetInput.value = '0';
  limitInput.value = '50';
  rowForm.replaceChildren(
    ...opened.columns.map((c) =>
      h(
        'div',
        { class: 'param' },
        h('label', { for: `crud-field-${c}` }, c === opened.keyField ? `${c} (key)` : c),
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
    const key = values.get(opened.keyField) ?? '';
    if (!key) return invalid(`Enter the key (${opened.keyField}).`);
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
              table: opened.table,
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
            countView.replaceChildren(spinner('Counting…'));
            send({ type: 'count', table: opened.table, conditions });
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
            send({ type: 'remove', table: opened.table, where: conditions });
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
            send({ type: 'insert', table: opened.table, row: Object.fromEntries(values) }),
          ),
        },
        'Insert Row',
      ),
      h(
        'vscode-button',
        {
          secondary: true,
          onclick: withRow((values, key) => {
            const fields = Object.fromEntries(
              [...values].filter(([c, v]) => c !== opened.keyField && v !== ''),
            );
            if (!Object.keys(fields).length)
              return invalid('Enter at least one value to change (empty fields are left as they are).');
            send({ type: 'update', table: opened.table, where: key, fields });
          }),
        },
        'Update Row',
      ),
      h(
        'vscode-button',
        {
          secondary: true,
          onclick: withRow((_values, key) => send({ type: 'remove', table: opened.table, where: key })),
        },
        'Remove Row',
      ),
    ),
  );
  crud.hidden = false;
}

export function renderRows(m: Extract<HostToKv, { type: 'rows' }>): void {
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
      m.offset > 0 && opened.lastSelect
        ? h(
            'vscode-button',
            {
              secondary: true,
              onclick: () => runSelect({ ...opened.lastSelect!, offset: Math.max(0, m.offset - m.limit) }),
            },
            'Previous Page',
          )
        : '',
      more && opened.lastSelect
        ? h(
            'vscode-button',
            {
              secondary: true,
              onclick: () => runSelect({ ...opened.lastSelect!, offset: m.offset + m.limit }),
            },
            'Next Page',
          )
        : '',
    ),
  );
}
