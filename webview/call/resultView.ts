// A call's or transaction's outcome in the call form: status, value sent, decoded outputs and
// events, and links to the transaction and to the debugger.

import type { CallToHost, ResultView } from '../../src/extension/messages/callMessages';
import { fieldTable, h, message } from '../lib/dom';

export function outputsView(r: ResultView, send: (m: CallToHost) => void): Node {
  return h(
    'div',
    { class: 'result', 'data-testid': 'call-result' },
    message(r.ok ? 'ok' : 'error', r.message),
    r.value
      ? fieldTable([
          { label: 'Value sent', value: h('span', { class: 'mono', 'data-testid': 'sent-value' }, r.value) },
        ])
      : undefined,
    r.outputs.length
      ? h(
          'table',
          { class: 'grid' },
          h(
            'tbody',
            {},
            ...r.outputs.map((o) =>
              h(
                'tr',
                {},
                h('td', {}, o.name || '—'),
                h('td', { class: 'mono' }, o.type),
                h('td', { class: 'mono', 'data-testid': 'output-value' }, o.value),
              ),
            ),
          ),
        )
      : undefined,
    r.events?.length
      ? h(
          'div',
          {},
          h('h2', {}, 'Events'),
          ...r.events.map((e) =>
            fieldTable([{ label: e.name, value: e.args.map((a) => `${a.name}=${a.value}`).join(', ') }]),
          ),
        )
      : undefined,
    r.transactionHash
      ? h(
          'button',
          { class: 'link mono', onclick: () => send({ type: 'openTransaction', hash: r.transactionHash! }) },
          `Transaction ${r.transactionHash}`,
        )
      : undefined,
    r.debug
      ? h(
          'vscode-button',
          {
            secondary: true,
            title: 'Step through the failure in the Solidity debugger (local node)',
            'data-testid': 'call-debug',
            onclick: () => send({ type: 'debug', target: r.debug! }),
          },
          r.mode === 'send' ? 'Debug Transaction' : 'Debug Call',
        )
      : undefined,
  );
}
