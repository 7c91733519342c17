// Block and transaction detail: header fields, sealer and signatures, transactions with decoded
// input, receipts with status text, events and revert reason; parent/next and transaction links.

import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-divider/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import {
  type ArgView,
  type BlockToHost,
  type BlockView,
  type FieldView,
  type TransactionView,
  parseHostToBlock,
} from '../src/extension/messages/blockMessages';
import { fieldTable, h, message, mount, section } from './lib/dom';
import { showContext } from './lib/contextBar';
import { onHostMessage, post } from './lib/host';

const send = (m: BlockToHost) => post(m);

function fieldValue(f: FieldView): Node {
  if (!f.link) return h('span', { class: 'mono' }, f.value);
  const link = f.link;
  return h(
    'button',
    {
      class: 'link mono',
      title: `Open ${link.kind} ${link.id}`,
      onclick: () =>
        send(
          link.kind === 'block'
            ? { type: 'openBlock', id: link.id }
            : { type: 'openTransaction', hash: link.id },
        ),
    },
    f.value,
  );
}

function argsTable(args: ArgView[]): Node {
  if (!args.length) return h('p', { class: 'muted' }, 'none');
  return h(
    'table',
    { class: 'grid' },
    h('thead', {}, h('tr', {}, h('th', {}, 'Name'), h('th', {}, 'Type'), h('th', {}, 'Value'))),
    h(
      'tbody',
      {},
      ...args.map((a) =>
        h(
          'tr',
          {},
          h('td', {}, a.name || '—'),
          h('td', { class: 'mono' }, a.type),
          h('td', { class: 'mono' }, a.value),
        ),
      ),
    ),
  );
}

function transactionBody(tx: TransactionView): Node {
  const r = tx.receipt;
  return h(
    'div',
    { class: 'collapsible-body' },
    fieldTable(tx.fields.map((f) => ({ label: f.label, value: fieldValue(f) }))),
    h('h2', {}, 'Input'),
    h('p', {}, h('code', {}, tx.method)),
    argsTable(tx.args),
    tx.args.length
      ? undefined
      : h(
          'p',
          { class: 'mono muted' },
          tx.rawInput.length > 2000
            ? `${tx.rawInput.slice(0, 2000)}… (${(tx.rawInput.length - 2) / 2} bytes)`
            : tx.rawInput,
        ),
    h('h2', {}, 'Receipt'),
    r
      ? h(
          'div',
          {},
          fieldTable([
            {
              label: 'Status',
              value: h(
                'span',
                { class: r.ok ? 'status-ok' : 'status-fail', 'data-testid': 'receipt-status' },
                r.statusText,
              ),
            },
            { label: 'Gas Used', value: r.gasUsed },
            ...(r.contractAddress
              ? [{ label: 'Contract Address', value: h('span', { class: 'mono' }, r.contractAddress) }]
              : []),
            ...(r.revertReason
              ? [{ label: 'Revert Reason', value: h('span', { class: 'status-fail' }, r.revertReason) }]
              : []),
            ...(tx.failure
              ? [
                  {
                    label: 'Failed At',
                    value: h(
                      'span',
                      { class: 'status-fail', 'data-testid': 'failure-location' },
                      `${tx.failure.where} (${tx.failure.error})`,
                      tx.failure.snippet ? h('div', { class: 'mono' }, tx.failure.snippet) : undefined,
                      tx.failure.builtin
                        ? h('div', { 'data-testid': 'failure-builtin' }, `in built-in ${tx.failure.builtin}`)
                        : undefined,
                    ),
                  },
                ]
              : []),
          ]),
          tx.consoleLogs?.length
            ? h(
                'div',
                {},
                h('h2', {}, 'console.log'),
                h('pre', { class: 'mono', 'data-testid': 'console-logs' }, tx.consoleLogs.join('\n')),
              )
            : undefined,
          r.output.length ? h('div', {}, h('h2', {}, 'Output'), argsTable(r.output)) : undefined,
          h('h2', {}, `Events (${r.events.length})`),
          ...r.events.map((e) =>
            h(
              'div',
              { class: 'result' },
              h('p', {}, h('code', {}, e.name), ' ', h('span', { class: 'muted mono' }, e.address)),
              e.raw
                ? fieldTable([
                    { label: 'Topics', value: e.raw.topics.join('\n') },
                    { label: 'Data', value: e.raw.data },
                  ])
                : argsTable(e.args),
            ),
          ),
        )
      : h('p', { class: 'muted' }, 'No receipt yet.'),
  );
}

function renderBlock(b: BlockView): void {
  mount(
    h(
      'div',
      { class: 'toolbar' },
      h('h1', {}, `Block ${b.number}`),
      h(
        'vscode-button',
        {
          secondary: true,
          disabled: !b.hasParent,
          onclick: () => b.hasParent && send({ type: 'openBlock', id: b.number - 1 }),
        },
        '← Parent',
      ),
      h(
        'vscode-button',
        {
          secondary: true,
          disabled: !b.hasNext,
          onclick: () => b.hasNext && send({ type: 'openBlock', id: b.number + 1 }),
        },
        'Next →',
      ),
      h(
        'vscode-button',
        { secondary: true, onclick: () => send({ type: 'copy', text: b.hash }) },
        'Copy Hash',
      ),
    ),
    fieldTable(b.fields.map((f) => ({ label: f.label, value: fieldValue(f) }))),
    h('h2', {}, 'Sealer'),
    h('p', { class: 'mono' }, b.sealer),
    h('h2', {}, `Signatures (${b.signatures.length})`),
    b.signatures.length
      ? h(
          'table',
          { class: 'grid' },
          h(
            'tbody',
            {},
            ...b.signatures.map((s) =>
              h(
                'tr',
                {},
                h('td', { class: 'mono' }, `${s.sealer.slice(0, 18)}…`),
                h('td', { class: 'mono' }, s.signature),
              ),
            ),
          ),
        )
      : h('p', { class: 'muted' }, 'none'),
    h('h2', {}, `Transactions (${b.transactions.length})`),
    ...b.transactions.map((tx) =>
      section(
        `#${tx.index} ${tx.method}`,
        `${tx.hash.slice(0, 18)}… ${tx.receipt ? (tx.receipt.ok ? '✓' : '✗ ' + tx.receipt.statusText) : ''}`,
        transactionBody(tx),
        {
          attrs: { 'data-testid': 'block-transaction', 'data-hash': tx.hash },
        },
      ),
    ),
  );
}

function renderTransaction(tx: TransactionView, blockNumber?: number): void {
  mount(
    h(
      'div',
      { class: 'toolbar' },
      h('h1', {}, 'Transaction'),
      blockNumber !== undefined
        ? h(
            'vscode-button',
            { secondary: true, onclick: () => send({ type: 'openBlock', id: blockNumber }) },
            `Block ${blockNumber}`,
          )
        : undefined,
      h(
        'vscode-button',
        { secondary: true, onclick: () => send({ type: 'copy', text: tx.hash }) },
        'Copy Hash',
      ),
      h(
        'vscode-button',
        {
          secondary: true,
          title: 'Step through the Solidity source of this transaction (needs the FISCO BCOS local node)',
          'data-testid': 'debug-transaction',
          onclick: () => send({ type: 'debugTransaction', hash: tx.hash }),
        },
        'Debug Transaction',
      ),
    ),
    transactionBody(tx),
  );
}

onHostMessage(parseHostToBlock, (m) => {
  if (m.type === 'loading')
    mount(
      h(
        'div',
        { class: 'toolbar' },
        h('vscode-progress-ring', {}),
        h('span', { class: 'muted' }, `Loading ${m.what}…`),
      ),
    );
  else if (m.type === 'context') showContext(m);
  else if (m.type === 'error')
    // The page stays usable: the newest block is one click away.
    mount(
      message('error', m.message),
      m.latest !== undefined
        ? h(
            'div',
            { class: 'toolbar' },
            h(
              'vscode-button',
              { secondary: true, onclick: () => send({ type: 'openBlock', id: m.latest! }) },
              `Show Latest Block #${m.latest}`,
            ),
          )
        : undefined,
    );
  else if (m.view.kind === 'block') renderBlock(m.view);
  else renderTransaction(m.view.transaction, m.view.blockNumber);
});

send({ type: 'ready' });
