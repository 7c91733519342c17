// The call form's parameter editors: one field per parameter, struct members nested, arrays as
// element rows, and a raw-JSON toggle on each, checked as you type with the host's rules.

import type { ParamView } from '../../src/extension/messages/callMessages';
import {
  exampleFor,
  paramLabel,
  paramProblem,
  parseRawParam,
  rawTextOf,
} from '../../src/extension/messages/callArgs';
import { h } from '../lib/dom';

export type ValueEl = HTMLElement & { value: string; checked?: boolean };

/** An input tree mirroring a parameter: reads back a JSON-ish value. */
export interface Field {
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
export function paramRow(p: ParamView, id: string, label: string, shown: string): Field {
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
