// Contract call form generated from the ABI: one section per function, one field per parameter
// (tuples nested, arrays and structs-in-arrays as JSON), a raw-JSON fallback, validation as you
// type, call vs send, decoded results, last inputs restored.

import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-collapsible/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-textarea/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import { type CallToHost, type FunctionView, type ParamView, type ResultView, parseHostToCall } from '../src/extension/messages/callMessages';
import { coerceArgs, exampleFor, isJsonType } from '../src/extension/models/abiArgs';
import { fieldTable, h, message, mount } from './lib/dom';
import { onHostMessage, post } from './lib/host';

const send = (m: CallToHost) => post(m);
type ValueEl = HTMLElement & { value: string; checked?: boolean };

/** An input tree mirroring a parameter: reads back a JSON-ish value. */
interface Field {
  el: HTMLElement;
  read(): unknown;
  write(v: unknown): void;
}

function scalarField(p: ParamView, id: string): Field {
  if (p.type === 'bool') {
    const select = h('vscode-single-select', { id }, h('vscode-option', { value: 'false' }, 'false'), h('vscode-option', { value: 'true' }, 'true')) as ValueEl;
    return { el: select, read: () => select.value === 'true', write: (v) => (select.value = String(v === true || v === 'true')) };
  }
  const json = isJsonType(p);
  const input = (json ? h('vscode-textarea', { id, rows: 3, placeholder: exampleFor(p) }) : h('vscode-textfield', { id, placeholder: exampleFor(p) })) as ValueEl;
  return {
    el: input,
    read: () => {
      if (!json) return input.value;
      try {
        return JSON.parse(input.value || 'null');
      } catch {
        throw new Error(`${p.name || p.type}: enter JSON, e.g. ${exampleFor(p)}`);
      }
    },
    write: (v) => (input.value = json ? JSON.stringify(v) : String(v ?? '')),
  };
}

function paramField(p: ParamView, id: string): Field {
  // A plain struct gets one field per member; arrays of anything stay JSON.
  if (p.type === 'tuple' && p.components) {
    const fields = p.components.map((c, i) => ({ c, f: paramField(c, `${id}-${i}`) }));
    const box = h('fieldset', { class: 'tuple' }, h('legend', {}, `${p.name || 'tuple'} (struct)`), ...fields.map(({ c, f }) => h('div', { class: 'param' }, h('label', { for: `${id}-${fields.findIndex((x) => x.c === c)}` }, `${c.name || 'field'} · ${c.type}`), f.el)));
    return {
      el: box,
      read: () => Object.fromEntries(fields.map(({ c, f }, i) => [c.name || String(i), f.read()])),
      write: (v) => {
        const o = (v ?? {}) as Record<string, unknown> | unknown[];
        fields.forEach(({ c, f }, i) => f.write(Array.isArray(o) ? o[i] : o[c.name || String(i)]));
      },
    };
  }
  return scalarField(p, id);
}

function outputsView(r: ResultView): Node {
  return h(
    'div',
    { class: 'result', 'data-testid': 'call-result' },
    message(r.ok ? 'ok' : 'error', r.message),
    r.outputs.length ? h('table', { class: 'grid' }, h('tbody', {}, ...r.outputs.map((o) => h('tr', {}, h('td', {}, o.name || '—'), h('td', { class: 'mono' }, o.type), h('td', { class: 'mono', 'data-testid': 'output-value' }, o.value))))) : undefined,
    r.events?.length ? h('div', {}, h('h2', {}, 'Events'), ...r.events.map((e) => fieldTable([{ label: e.name, value: e.args.map((a) => `${a.name}=${a.value}`).join(', ') }]))) : undefined,
    r.transactionHash ? h('button', { class: 'link mono', onclick: () => send({ type: 'openTransaction', hash: r.transactionHash! }) }, `Transaction ${r.transactionHash}`) : undefined,
  );
}

let nextRequest = 1;
const resultSlots = new Map<number, HTMLElement>();

function functionSection(f: FunctionView, last: unknown[] | undefined, index: number): HTMLElement {
  const fields = f.inputs.map((p, i) => paramField(p, `f${index}-p${i}`));
  const raw = h('vscode-textarea', { rows: 3, placeholder: `[${f.inputs.map((p) => (isJsonType(p) || p.type === 'bool' || /^u?int/.test(p.type) ? exampleFor(p) : JSON.stringify(exampleFor(p)))).join(', ')}]` }) as ValueEl;
  const rawToggle = h('vscode-checkbox', { label: 'Raw JSON arguments' }) as ValueEl;
  const rawBox = h('div', { class: 'param', hidden: true }, h('label', {}, 'All arguments as a JSON array'), raw);
  const formBox = h('div', {}, ...f.inputs.map((p, i) => h('div', { class: 'param' }, h('label', { for: `f${index}-p${i}` }, `${p.name || `arg${i}`} · ${p.type}`), fields[i].el)));
  const invalid = h('div', { class: 'invalid', role: 'alert' });
  const result = h('div', {});
  if (last) {
    try {
      fields.forEach((fl, i) => fl.write(last[i]));
      raw.value = JSON.stringify(last);
    } catch {
      // stale inputs from an older ABI are ignored
    }
  }
  rawToggle.addEventListener('change', () => {
    const on = !!rawToggle.checked;
    rawBox.hidden = !on;
    formBox.hidden = on;
    if (on) {
      try {
        raw.value = JSON.stringify(fields.map((fl) => fl.read()));
      } catch {
        // keep what the raw box had
      }
    }
  });
  const collect = (): unknown[] => {
    const values = rawToggle.checked ? (JSON.parse(raw.value || '[]') as unknown) : fields.map((fl) => fl.read());
    if (!Array.isArray(values)) throw new Error('Raw arguments must be a JSON array.');
    coerceArgs(f.inputs, values); // same validation the host runs before encoding
    return values;
  };
  const invoke = (mode: 'call' | 'send') => {
    invalid.textContent = '';
    let args: unknown[];
    try {
      args = collect();
    } catch (err) {
      invalid.textContent = (err as Error).message;
      return;
    }
    const requestId = nextRequest++;
    resultSlots.set(requestId, result);
    result.replaceChildren(h('div', { class: 'toolbar' }, h('vscode-progress-ring', {}), h('span', { class: 'muted' }, mode === 'call' ? 'Calling…' : 'Waiting for confirmation and the receipt…')));
    send({ type: 'invoke', requestId, signature: f.signature, args, mode });
  };
  const buttons = h(
    'div',
    { class: 'toolbar' },
    h('vscode-button', { secondary: !f.readOnly, onclick: () => invoke('call') }, 'Call'),
    h('vscode-button', { secondary: f.readOnly, onclick: () => invoke('send') }, 'Send Transaction'),
    f.inputs.length ? rawToggle : undefined,
  );
  return h(
    'vscode-collapsible',
    { title: f.signature, description: f.readOnly ? 'view' : f.payable ? 'payable' : 'transaction', open: index === 0, 'data-signature': f.signature },
    h('div', { class: 'collapsible-body' }, formBox, rawBox, invalid, buttons, result),
  );
}

onHostMessage(parseHostToCall, (m) => {
  if (m.type === 'error') {
    mount(message('error', m.message));
    return;
  }
  if (m.type === 'result') {
    const slot = resultSlots.get(m.result.requestId);
    slot?.replaceChildren(outputsView(m.result));
    return;
  }
  const reads = m.functions.filter((f) => f.readOnly);
  const writes = m.functions.filter((f) => !f.readOnly);
  let i = 0;
  mount(
    h('h1', {}, m.contract.name),
    fieldTable([
      { label: 'Address', value: h('span', { class: 'mono' }, m.contract.address) },
      ...(m.contract.path ? [{ label: 'BFS Path', value: h('span', { class: 'mono' }, m.contract.path) }] : []),
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
