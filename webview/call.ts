// Contract call form generated from the ABI: one section per function (signature in its real
// case), one field per parameter (struct members nested, arrays as element rows), a raw-JSON toggle
// on every parameter, member and element, validation as you type (the host validates again before
// encoding), call vs send, decoded results, last inputs restored. The parameter editors, the value
// field and the result view live in webview/call/.

import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-textarea/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import { type CallToHost, type FunctionView, parseHostToCall } from '../src/extension/messages/callMessages';
import { valueProblem } from '../src/extension/messages/txValue';
import { coerceArgs, paramLabel } from '../src/extension/messages/callArgs';
import { fieldTable, h, message, mount, section } from './lib/dom';
import { onHostMessage, post } from './lib/host';
import { showContext } from './lib/contextBar';
import { paramRow } from './call/paramFields';
import { outputsView } from './call/resultView';
import { valueRow } from './call/valueField';

const send = (m: CallToHost) => post(m);

let nextRequest = 1;
/** feature_balance is on for the chain the form was drawn for. */
let balanceOn = false;
/** The account of the form on screen, sent with each request so the host can refuse a stale page. */
let shownAccount = '';
const resultSlots = new Map<number, HTMLElement>();
/** Adds or removes the value field of each non-payable transaction when feature_balance changes. */
const balanceToggles: ((on: boolean) => void)[] = [];

function functionSection(f: FunctionView, last: unknown[] | undefined, index: number): HTMLElement {
  const fields = f.inputs.map((p, i) =>
    paramRow(p, `f${index}-p${i}`, paramLabel(p, i), p.name || `arg${i}`),
  );
  let valueField = !f.readOnly && (f.payable || balanceOn) ? valueRow(f, index) : undefined;
  const formBox = h('div', {}, ...fields.map((fl) => fl.el), valueField?.el);
  if (!f.readOnly && !f.payable)
    balanceToggles.push((on) => {
      if (on && !valueField) {
        valueField = valueRow(f, index);
        formBox.append(valueField.el);
      } else if (!on && valueField) {
        valueField.el.remove();
        valueField = undefined;
      }
    });
  const invalid = h('div', { class: 'invalid', role: 'alert', 'data-testid': 'form-problem' });
  const result = h('div', {});
  if (last) {
    try {
      fields.forEach((fl, i) => fl.write(last[i]));
    } catch {
      // stale inputs from an older ABI are ignored
    }
  }
  const collect = (): unknown[] => {
    const values = fields.map((fl) => fl.read());
    coerceArgs(f.inputs, values); // same validation the host runs before encoding
    return values;
  };
  const invoke = (mode: 'call' | 'send') => {
    invalid.textContent = '';
    let args: unknown[];
    try {
      args = collect();
    } catch (err) {
      invalid.textContent = err instanceof Error ? err.message : String(err);
      return;
    }
    // The value goes with Send only (a call carries none); refused here before anything is sent.
    const value = mode === 'send' ? valueField?.read() : undefined;
    const valueBad = value ? valueProblem(value.amount, value.unit, f) : '';
    if (valueBad) {
      invalid.textContent = valueBad;
      return;
    }
    const requestId = nextRequest++;
    resultSlots.set(requestId, result);
    result.replaceChildren(
      h(
        'div',
        { class: 'toolbar' },
        h('vscode-progress-ring', {}),
        h(
          'span',
          { class: 'muted' },
          mode === 'call' ? 'Calling…' : 'Waiting for confirmation and the receipt…',
        ),
      ),
    );
    send({
      type: 'invoke',
      requestId,
      signature: f.signature,
      args,
      mode,
      account: shownAccount,
      ...(value && value.amount.trim() ? { value } : {}),
    });
  };
  const buttons = h(
    'div',
    { class: 'toolbar' },
    h('vscode-button', { secondary: !f.readOnly, onclick: () => invoke('call') }, 'Call'),
    h('vscode-button', { secondary: f.readOnly, onclick: () => invoke('send') }, 'Send Transaction'),
  );
  return section(
    f.signature,
    f.readOnly ? 'view' : f.payable ? 'payable' : 'transaction',
    h('div', { class: 'collapsible-body' }, formBox, invalid, buttons, result),
    {
      open: index === 0,
      attrs: { 'data-signature': f.signature },
    },
  );
}

onHostMessage(parseHostToCall, (m) => {
  if (m.type === 'context') {
    showContext(m);
    // The contract is not on this connection: no form applies (the host refuses calls as well).
    if (m.gone) mount(message('info', 'The call form comes back when the contract is reachable again.'));
    return;
  }
  if (m.type === 'error') {
    mount(message('error', m.message));
    return;
  }
  if (m.type === 'result') {
    const slot = resultSlots.get(m.result.requestId);
    slot?.replaceChildren(outputsView(m.result, send));
    return;
  }
  if (m.type === 'balance') {
    // Only the value fields change: what was typed in the other fields stays.
    balanceOn = m.on;
    for (const toggle of balanceToggles) toggle(m.on);
    return;
  }
  shownAccount = m.account ?? '';
  balanceOn = !!m.balance;
  balanceToggles.length = 0;
  const reads = m.functions.filter((f) => f.readOnly);
  const writes = m.functions.filter((f) => !f.readOnly);
  let i = 0;
  mount(
    h('h1', {}, m.contract.name),
    fieldTable([
      { label: 'Address', value: h('span', { class: 'mono' }, m.contract.address) },
      ...(m.contract.path
        ? [{ label: 'BFS Path', value: h('span', { class: 'mono' }, m.contract.path) }]
        : []),
      { label: 'Account', value: m.account ?? 'none: create or import one to send transactions' },
    ]),
    writes.length ? h('h2', {}, 'Transactions') : undefined,
    ...writes.map((f) => functionSection(f, m.lastInputs[f.signature], i++)),
    reads.length ? h('h2', {}, 'Read') : undefined,
    ...reads.map((f) => functionSection(f, m.lastInputs[f.signature], i++)),
    m.functions.length ? undefined : message('info', 'The ABI has no functions.'),
  );
});

send({ type: 'ready' });
