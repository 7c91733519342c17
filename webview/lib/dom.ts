// A tiny element builder: text always goes through textContent, never innerHTML, so chain data
// cannot inject markup.

type Child = Node | string | number | undefined | null | false;
type Attrs = Record<string, string | number | boolean | undefined | ((e: Event) => void)>;

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs?: Attrs, ...children: Child[]): HTMLElementTagNameMap[K];
export function h(tag: string, attrs?: Attrs, ...children: Child[]): HTMLElement;
export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.replace(/^on/, '').toLowerCase(), v as EventListener);
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
  app.replaceChildren(...children.filter((c): c is Node | string => c !== undefined && c !== null && c !== false).map((c) => (typeof c === 'number' ? String(c) : c)));
}

/** A two-column table of label/value rows. */
export function fieldTable(rows: { label: string; value: Child }[], className = 'fields'): HTMLTableElement {
  return h('table', { class: className }, h('tbody', {}, ...rows.map((r) => h('tr', {}, h('th', { scope: 'row' }, r.label), h('td', {}, r.value)))));
}

export function message(kind: 'error' | 'info' | 'ok', text: string): HTMLElement {
  return h('div', { class: `message ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text);
}
