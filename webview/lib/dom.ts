// A tiny element builder: text always goes through textContent, never innerHTML, so chain data
// cannot inject markup.

type Child = Node | string | number | undefined | null | false;
type Attrs = Record<string, string | number | boolean | undefined | ((e: Event) => void)>;

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs,
  ...children: Child[]
): HTMLElementTagNameMap[K];
export function h(tag: string, attrs?: Attrs, ...children: Child[]): HTMLElement;
export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.replace(/^on/, '').toLowerCase(), v);
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
  for (const c of children) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export function mount(...children: Child[]): void {
  const app = document.getElementById('app')!;
  app.replaceChildren(
    ...children
      .filter((c): c is Node | string => c !== undefined && c !== null && c !== false)
      .map((c) => (typeof c === 'number' ? String(c) : c)),
  );
}

/** A two-column table of label/value rows. */
export function fieldTable(rows: { label: string; value: Child }[], className = 'fields'): HTMLTableElement {
  return h(
    'table',
    { class: className },
    h('tbody', {}, ...rows.map((r) => h('tr', {}, h('th', { scope: 'row' }, r.label), h('td', {}, r.value)))),
  );
}

export function message(kind: 'error' | 'info' | 'ok', text: string): HTMLElement {
  return h('div', { class: `message ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text);
}

/**
 * A collapsible section as a native <details>: the heading keeps its real case (vscode-collapsible
 * upper-cases titles, which misreads method signatures like `increment(uint256)`). `data-heading` and
 * `data-description` carry the texts for tests; `onToggle` reports the open state.
 */
export function section(
  heading: string,
  description: string,
  body: Node,
  opts: { open?: boolean; attrs?: Record<string, string>; onToggle?: (open: boolean) => void } = {},
): HTMLDetailsElement {
  const el = h(
    'details',
    {
      class: 'section',
      open: !!opts.open,
      'data-heading': heading,
      'data-description': description,
      ...(opts.attrs ?? {}),
    },
    h(
      'summary',
      {},
      h('span', { class: 'section-title mono' }, heading),
      description ? h('span', { class: 'section-description' }, description) : undefined,
    ),
    body,
  );
  if (opts.onToggle) el.addEventListener('toggle', () => opts.onToggle!(el.open));
  return el;
}
