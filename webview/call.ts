// Contract call form generated from the ABI: one section per function (signature in its real
// case), one field per parameter (struct members nested, arrays as element rows), a raw-JSON toggle
// on every parameter, member and element, validation as you type (the host validates again before
// encoding), call vs send, decoded results, last inputs restored.

import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-textarea/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import {
  type CallToHost,
  type FunctionView,
  type ParamView,
  type ResultView,
  type ValueInput,
  parseHostToCall,
} from '../src/extension/messages/callMessages';
import { VALUE_UNITS, type ValueUnit, isValueUnit, valueProblem } from '../src/extension/messages/txValue';
import {
  coerceArgs,
  exampleFor,
  paramLabel,
  paramProblem,
  parseRawParam,
  rawTextOf,
} from '../src/extension/messages/callArgs';
import { fieldTable, h, message, mount, section } from './lib/dom';
import { onHostMessage, post } from './lib/host';
import { showContext } from './lib/contextBar';

const send = (m: CallToHost) => post(m);
type ValueEl = HTMLElement & { value: string; checked?: boolean };

/** An input tree mirroring a parameter: reads back a JSON-ish value. */
interface Field {
  el: HTMLElement;
  read(): unknown;
  write(v: unknown): void;
}

function scalarField(p: ParamView, id: string, _label: string): Field {
  if (p.type === 'bool') {
    const select = h(
      'vscode-single-select',
      { id },
      h('vscode-option', { value: 'false' }, 'false'),
      h('vscode-option', { value: 'true' }, 'true'),
    ) as ValueEl;
    return {
      el: select,
      read: () => select.value === 'true',
      write: (v) => (select.value = String(v === true || v === 'true')),
    };
  }
  const input = h('vscode-textfield', { id, placeholder: exampleFor(p) }) as ValueEl;
  return {
    el: input,
    read: () => input.value,
    write: (v) =>
      (input.value = typeof v === 'string' ? v : v === undefined || v === null ? '' : rawTextOf(v)),
  };
}

const elementType = (p: ParamView): ParamView => ({
  name: '',
  type: p.type.replace(/\[\d*\]$/, ''),
  components: p.components,
});
const fixedLength = (p: ParamView): number | undefined => {
  const m = /\[(\d+)\]$/.exec(p.type);
  return m ? Number(m[1]) : undefined;
};

/** Arrays: one row per element (each with its own JSON toggle), add/remove for dynamic arrays. */
function arrayField(p: ParamView, id: string, label: string): Field {
  const child = elementType(p);
  const fixed = fixedLength(p);
  const list = h('div', { class: 'array-items' });
  let rows: { field: Field; el: HTMLElement }[] = [];
  const renumber = () =>
    rows.forEach((r, i) => {
      const name = r.el.querySelector<HTMLElement>('.param-name');
      if (name) name.textContent = `[${i}] · ${child.type}`;
    });
  const add = (value?: unknown) => {
    const i = rows.length;
    const field = paramRow(child, `${id}-${i}`, `${label}[${i}]`, `[${i}]`);
    const entry = { field, el: field.el };
    if (fixed === undefined) {
      field.el.querySelector('.param-head')!.append(
        h(
          'vscode-button',
          {
            secondary: true,
            'data-testid': 'remove-element',
            onclick: () => {
              rows = rows.filter((r) => r !== entry);
              entry.el.remove();
              renumber();
              list.dispatchEvent(new Event('input', { bubbles: true }));
            },
          },
          'Remove',
        ),
      );
    }
    if (value !== undefined) field.write(value);
    rows.push(entry);
    list.append(field.el);
  };
  const reset = (values: unknown[]) => {
    rows = [];
    list.replaceChildren();
    const n = fixed ?? values.length;
    for (let i = 0; i < n; i++) add(values[i]);
  };
  reset([]);
  const box = h(
    'fieldset',
    { class: 'tuple' },
    h('legend', {}, `${p.name || label} (${p.type.replace(/^tuple/, 'struct')})`),
    list,
    fixed === undefined
      ? h(
          'vscode-button',
          {
            secondary: true,
            'data-testid': 'add-element',
            onclick: () => {
              add();
              list.dispatchEvent(new Event('input', { bubbles: true }));
            },
          },
          'Add Element',
        )
      : undefined,
  );
  return {
    el: box,
    read: () => rows.map((r) => r.field.read()),
    write: (v) => reset(Array.isArray(v) ? v : []),
  };
}

/** The structured editor of a parameter: a field per struct member, rows for arrays, text for scalars. */
function structuredField(p: ParamView, id: string, label: string): Field {
  if (p.type.endsWith(']')) return arrayField(p, id, label);
  if (p.type === 'tuple' && p.components) {
    const fields = p.components.map((c, i) =>
      paramRow(c, `${id}-${i}`, paramLabel(c, i, label), `${c.name || i}`),
    );
    const box = h(
      'fieldset',
      { class: 'tuple' },
      h('legend', {}, `${p.name || label} (struct)`),
      ...fields.map((f) => f.el),
    );
    return {
      el: box,
      read: () => Object.fromEntries(fields.map((f, i) => [p.components![i].name || String(i), f.read()])),
      write: (v) => {
        const o: unknown = v ?? {};
        const at = (key: string | number): unknown =>
          typeof o === 'object' && o !== null ? Reflect.get(o, key) : undefined;
        fields.forEach((f, i) => f.write(Array.isArray(o) ? at(i) : at(p.components![i].name || String(i))));
      },
    };
  }
  return scalarField(p, id, label);
}

/**
 * One labelled parameter (or struct member, or array element) with its own "JSON" toggle: the
 * structured editor or raw JSON for just this value. Checked as you type with the host's rules.
 */
function paramRow(p: ParamView, id: string, label: string, shown: string): Field {
  const inner = structuredField(p, id, label);
  const raw = h('vscode-textarea', {
    id: `${id}-raw`,
    rows: 2,
    placeholder: exampleFor(p),
    hidden: true,
    'data-testid': 'raw-json',
  }) as ValueEl;
  const toggle = h('vscode-checkbox', {
    label: 'JSON',
    class: 'param-raw-toggle',
    'data-testid': 'raw-toggle',
    title: `Enter ${label} as raw JSON`,
  }) as ValueEl;
  const problem = h('div', { class: 'invalid', role: 'alert', 'data-testid': 'param-problem' });
  let rawOn = false;
  const read = () => (rawOn ? parseRawParam(p, raw.value, label) : inner.read());
  // Structs and arrays in their structured form leave the messages to their members' rows.
  const composite = p.type.endsWith(']') || (p.type === 'tuple' && !!p.components);
  const validate = () => (problem.textContent = composite && !rawOn ? '' : paramProblem(p, read, label));
  toggle.addEventListener('change', () => {
    if (toggle.checked) {
      try {
        raw.value = rawTextOf(inner.read());
      } catch {
        // keep what the raw box had
      }
    } else {
      try {
        inner.write(parseRawParam(p, raw.value, label));
      } catch (err) {
        // Stay in JSON until it parses: switching would lose what was typed.
        problem.textContent = err instanceof Error ? err.message : String(err);
        toggle.checked = true;
        return;
      }
    }
    rawOn = !!toggle.checked;
    raw.hidden = !rawOn;
    inner.el.hidden = rawOn;
    validate();
  });
  for (const el of [inner.el, raw]) {
    el.addEventListener('input', validate);
    el.addEventListener('change', validate);
  }
  const el = h(
    'div',
    { class: 'param', 'data-param': label },
    h(
      'div',
      { class: 'param-head' },
      h('label', { for: id, class: 'param-name' }, `${shown} · ${p.type}`),
      toggle,
    ),
    inner.el,
    raw,
    problem,
  );
  return {
    el,
    read,
    write: (v) => {
      inner.write(v);
      raw.value = rawTextOf(v);
    },
  };
}

function outputsView(r: ResultView): Node {
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

/**
 * The value to send with a transaction: an amount and a unit (wei by default), checked as you type.
 * A non-payable function (shown when the chain has feature_balance on) refuses a non-zero value.
 */
function valueRow(f: FunctionView, index: number): { el: HTMLElement; read(): ValueInput } {
  const id = `f${index}-value`;
  const amount = h('vscode-textfield', {
    id,
    placeholder: '0',
    'data-testid': 'value-amount',
    title: 'Value to send with the transaction (a version-1 transaction)',
  }) as ValueEl;
  const unit = h(
    'vscode-single-select',
    { 'data-testid': 'value-unit', title: 'Unit of the value' },
    ...VALUE_UNITS.map((u) => h('vscode-option', { value: u }, u)),
  ) as ValueEl;
  unit.value = 'wei';
  const problem = h('div', { class: 'invalid', role: 'alert', 'data-testid': 'value-problem' });
  const read = (): ValueInput => ({
    amount: amount.value,
    unit: isValueUnit(unit.value) ? unit.value : ('wei' satisfies ValueUnit),
  });
  const validate = () => {
    const v = read();
    problem.textContent = valueProblem(v.amount, v.unit, f);
  };
  for (const el of [amount, unit]) {
    el.addEventListener('input', validate);
    el.addEventListener('change', validate);
  }
  const el = h(
    'div',
    { class: 'param', 'data-param': 'value' },
    h(
      'div',
      { class: 'param-head' },
      h('label', { for: id, class: 'param-name' }, f.payable ? 'Value · payable' : 'Value · not payable'),
    ),
    h('div', { class: 'toolbar' }, amount, unit),
    problem,
  );
  return { el, read };
}

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
    slot?.replaceChildren(outputsView(m.result));
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
