// Events view: a contract, an event and a block range; decoded events in a paged table (only the
// current page is in the DOM, so tens of thousands of rows stay responsive); an argument filter
// applied as you type; follow live; a row's transaction opens its page.

import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import {
  type ContractOption,
  type EventRow,
  type EventsToHost,
  type HostToEvents,
  parseHostToEvents,
} from '../src/extension/messages/eventsMessages';
import { matchesRow, mergeRows, page } from '../src/extension/messages/eventRows';
import { h, message, mount } from './lib/dom';
import { onHostMessage, post } from './lib/host';

const PAGE_SIZE = 100;
const send = (m: EventsToHost) => post(m);
type ValueEl = HTMLElement & { value: string };

let contracts: ContractOption[] = [];
let rows: EventRow[] = [];
let pageIndex = 0;
let following = false;
let scanning = false;

const contractSelect = h('vscode-single-select', {
  id: 'events-contract',
  'aria-label': 'Contract',
}) as ValueEl;
const addressInput = h('vscode-textfield', {
  id: 'events-address',
  placeholder: 'or a contract address 0x…',
}) as ValueEl;
const eventSelect = h('vscode-single-select', { id: 'events-event', 'aria-label': 'Event' }) as ValueEl;
const fromInput = h('vscode-textfield', {
  id: 'events-from',
  placeholder: 'from block (0)',
  class: 'narrow',
}) as ValueEl;
const toInput = h('vscode-textfield', {
  id: 'events-to',
  placeholder: 'to block (latest)',
  class: 'narrow',
}) as ValueEl;
const argInput = h('vscode-textfield', {
  id: 'events-filter',
  placeholder: 'filter by argument, e.g. from=0x12… or 42',
}) as ValueEl;
const status = h('div', { 'aria-live': 'polite', 'data-testid': 'events-status' });
const table = h('div', { 'data-testid': 'events-table' });
const pager = h('div', { class: 'toolbar' });
const followButton = h(
  'vscode-button',
  { id: 'events-follow', secondary: true, onclick: () => toggleFollow() },
  'Follow live',
);
const header = h('p', { class: 'muted', 'data-testid': 'events-count' });

function address(): string | undefined {
  const typed = addressInput.value.trim();
  const a = typed || contractSelect.value;
  return /^0x[0-9a-fA-F]{40}$/.test(a) ? a.toLowerCase() : undefined;
}

/**
 * The select reads its options when their slot changes, after this returns: a `value` set now
 * would match the old options and then be reset to the first new one. The pick travels as the
 * new option's `selected` attribute instead.
 */
function fillEvents(address: string, picked = ''): void {
  const c = contracts.find((x) => x.address === address);
  const events = c?.events ?? [];
  const keep = events.includes(picked) ? picked : '';
  eventSelect.replaceChildren(
    h('vscode-option', { value: '', selected: keep === '' }, 'All events'),
    ...events.map((e) => h('vscode-option', { value: e, selected: e === keep }, e)),
  );
  eventSelect.value = keep;
}

function blockNumber(el: ValueEl, name: string): number | undefined | null {
  const t = el.value.trim();
  if (t === '') return undefined;
  if (!/^\d+$/.test(t)) {
    status.replaceChildren(message('error', `${name} must be a block number.`));
    return null;
  }
  return Number(t);
}

function query(): void {
  const a = address();
  if (!a) {
    status.replaceChildren(message('error', 'Pick a contract or enter its address (0x + 40 hex digits).'));
    return;
  }
  const from = blockNumber(fromInput, 'From block');
  const to = blockNumber(toInput, 'To block');
  if (from === null || to === null) return;
  if (from !== undefined && to !== undefined && to < from) {
    status.replaceChildren(message('error', 'To block is before from block.'));
    return;
  }
  scanning = true;
  status.replaceChildren(message('info', 'Reading events…'));
  send({
    type: 'query',
    address: a,
    event: eventSelect.value,
    fromBlock: from ?? 0,
    ...(to !== undefined ? { toBlock: to } : {}),
  });
}

function toggleFollow(): void {
  const a = address();
  if (!a) {
    status.replaceChildren(message('error', 'Pick a contract to follow.'));
    return;
  }
  send({ type: 'follow', on: !following, address: a, event: eventSelect.value });
}

function render(): void {
  const filtered = rows.filter((r) => matchesRow(r, { event: '', arg: argInput.value.trim() }));
  const { rows: shown, pages } = page(filtered, pageIndex, PAGE_SIZE);
  pageIndex = Math.min(pageIndex, pages - 1);
  header.textContent = `${rows.length} event${rows.length === 1 ? '' : 's'}${filtered.length !== rows.length ? `, ${filtered.length} match the filter` : ''}${following ? ' · following live' : ''}`;
  table.replaceChildren(
    shown.length === 0
      ? h('p', { class: 'muted' }, rows.length ? 'No event matches the filter.' : 'No events yet.')
      : h(
          'table',
          { class: 'rows' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', {}, 'Block'),
              h('th', {}, 'Event'),
              h('th', {}, 'Arguments'),
              h('th', {}, 'Transaction'),
            ),
          ),
          h(
            'tbody',
            {},
            ...shown.map((r) =>
              h(
                'tr',
                { 'data-testid': 'event-row' },
                h('td', {}, String(r.block)),
                h('td', {}, h('code', {}, r.event)),
                h('td', { class: 'mono' }, r.args.map((a) => `${a.name}=${a.value}`).join(', ')),
                h(
                  'td',
                  {},
                  h(
                    'a',
                    {
                      href: '#',
                      class: 'mono',
                      onclick: (e: Event) => (
                        e.preventDefault(),
                        send({ type: 'openTransaction', hash: r.transactionHash })
                      ),
                    },
                    `${r.transactionHash.slice(0, 14)}…`,
                  ),
                ),
              ),
            ),
          ),
        ),
  );
  pager.replaceChildren(
    h(
      'vscode-button',
      { secondary: true, disabled: pageIndex === 0, onclick: () => ((pageIndex = 0), render()) },
      'First',
    ),
    h(
      'vscode-button',
      { secondary: true, disabled: pageIndex === 0, onclick: () => (pageIndex--, render()) },
      'Previous',
    ),
    h('span', { 'data-testid': 'events-page' }, `Page ${pageIndex + 1} of ${pages}`),
    h(
      'vscode-button',
      { secondary: true, disabled: pageIndex >= pages - 1, onclick: () => (pageIndex++, render()) },
      'Next',
    ),
    h(
      'vscode-button',
      {
        secondary: true,
        disabled: pageIndex >= pages - 1,
        onclick: () => ((pageIndex = pages - 1), render()),
      },
      'Last',
    ),
  );
}

function onMessage(m: HostToEvents): void {
  if (m.type === 'init') {
    // A refreshed list (Refresh, or the session changing) keeps the user's pick when it is still there.
    const picked = contractSelect.value;
    const pickedEvent = eventSelect.value;
    contracts = m.contracts;
    const kept = contracts.some((c) => c.address === picked) ? picked : '';
    // `selected` on the new options, not `value` afterwards: see fillEvents.
    contractSelect.replaceChildren(
      h(
        'vscode-option',
        { value: '', selected: kept === '' },
        contracts.length ? 'Pick a contract…' : 'No deployed contracts found',
      ),
      ...contracts.map((c) =>
        h('vscode-option', { value: c.address, selected: c.address === kept }, `${c.label} ${c.address}`),
      ),
    );
    contractSelect.value = kept;
    fillEvents(kept, pickedEvent);
    const who = m.account ? ` · account ${m.account}` : '';
    mount(
      h(
        'div',
        { class: 'toolbar' },
        h('h1', {}, 'Events'),
        h('span', { class: 'muted' }, `${m.connection}${who}`),
      ),
      h(
        'div',
        { class: 'form' },
        contractSelect,
        addressInput,
        h('vscode-button', { secondary: true, onclick: () => send({ type: 'refreshContracts' }) }, 'Refresh'),
      ),
      h('div', { class: 'form' }, eventSelect, fromInput, toInput),
      h(
        'div',
        { class: 'toolbar' },
        h('vscode-button', { id: 'events-query', onclick: () => query() }, 'Show events'),
        followButton,
        h('vscode-button', { secondary: true, onclick: () => send({ type: 'cancel' }) }, 'Stop reading'),
      ),
      argInput,
      status,
      header,
      table,
      pager,
    );
    render();
  } else if (m.type === 'rows') {
    rows = m.replace ? m.rows : mergeRows(rows, m.rows);
    if (m.replace) pageIndex = 0;
    if (m.done && scanning && m.scanned.to > 0) {
      scanning = false;
      status.replaceChildren(message('ok', `Read blocks ${m.scanned.from}–${m.scanned.to}.`));
    }
    render();
  } else if (m.type === 'live') {
    following = m.on;
    followButton.textContent = following ? 'Stop following' : 'Follow live';
    status.replaceChildren(message('info', following ? 'Following new events…' : 'Not following.'));
    render();
  } else if (m.type === 'error') {
    scanning = false;
    status.replaceChildren(message('error', m.message));
  }
}

contractSelect.addEventListener('change', () => fillEvents(contractSelect.value));
argInput.addEventListener('input', () => ((pageIndex = 0), render()));
onHostMessage(parseHostToEvents, onMessage);
mount(h('p', { class: 'muted' }, 'Loading…'));
send({ type: 'ready' });
