// JSON answers as the real node writes them (jsoncpp's StreamWriter/FastWriter): compact, keys
// sorted byte-wise on UTF-8, non-ASCII escaped as \uXXXX, 64-bit integers exact. Reading is in
// json.ts.

import { JsonNumber, type JsonWritable } from './json';

/** Compact JSON with sorted keys, as jsoncpp's StreamWriter (indentation "") writes it. */
export function writeJson(value: JsonWritable | undefined): string {
  return write(value);
}

/** jsoncpp FastWriter output: the same compact form plus a trailing newline. */
export function writeJsonFast(value: JsonWritable): string {
  return write(value) + '\n';
}

function write(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  switch (typeof v) {
    case 'boolean':
      return v ? 'true' : 'false';
    case 'string':
      return quote(v);
    case 'bigint':
      return v.toString();
    case 'number':
      return Number.isInteger(v) ? String(v) : formatDouble(v);
    default:
      break;
  }
  if (v instanceof JsonNumber) return v.kind === 'real' ? formatDouble(v.real) : v.int.toString();
  if (Array.isArray(v)) {
    const items: unknown[] = v;
    let out = '[';
    for (let i = 0; i < items.length; i++) out += (i === 0 ? '' : ',') + write(items[i]);
    return out + ']';
  }
  if (typeof v !== 'object') return 'null'; // a function or symbol: not JSON (isJsonWritable)
  const keys = Object.keys(v);
  if (keys.length === 0) return '{}';
  const { order, quoted } = shapeOf(keys);
  let out = '{';
  for (let j = 0; j < order.length; j++) {
    const value: unknown = Reflect.get(v, keys[order[j]]);
    if (value === undefined) continue;
    // quoted[j] starts with the comma; the first member written drops it.
    out += (out.length === 1 ? quoted[j].slice(1) : quoted[j]) + write(value);
  }
  return out + '}';
}

/** An object's keys (as Object.keys lists them) in output order, each quoted with its colon. */
interface Shape {
  keys: string[];
  /** Index in `keys` of the j-th key written. */
  order: number[];
  /** ',"key":' of the j-th key written. */
  quoted: string[];
}

// Answers are built from a few object shapes (receipts, logs, headers, the envelope): their sorted,
// quoted keys are kept per key list, found by the first key. Bounded: objects whose keys are
// data (e.g. maps keyed by address) are sorted each time once the bound is reached.
const shapes = new Map<string, Shape[]>();
let shapeCount = 0;
const MAX_SHAPES = 1000;

function shapeOf(keys: string[]): Shape {
  const list = shapes.get(keys[0]);
  if (list !== undefined) {
    next: for (const s of list) {
      if (s.keys.length !== keys.length) continue;
      for (let i = 1; i < keys.length; i++) if (s.keys[i] !== keys[i]) continue next;
      return s;
    }
  }
  const sorted = sortKeys(keys.slice());
  const at = new Map(keys.map((k, i) => [k, i]));
  const shape: Shape = {
    keys,
    order: sorted.map((k) => at.get(k) ?? 0),
    quoted: sorted.map((k) => ',' + quote(k) + ':'),
  };
  if (shapeCount < MAX_SHAPES) {
    shapeCount++;
    if (list === undefined) shapes.set(keys[0], [shape]);
    else list.push(shape);
  }
  return shape;
}

// eslint-disable-next-line no-control-regex -- the range \x00-\x7f is the point: all-ASCII text
const ASCII = /^[\x00-\x7f]*$/;

/** std::map<std::string> order: byte-wise on UTF-8 (for ASCII keys, plain code-unit order). */
function sortKeys(keys: string[]): string[] {
  let ascii = true;
  let sorted = true;
  for (let i = 0; i < keys.length && ascii; i++) {
    ascii = ASCII.test(keys[i]);
    if (i > 0 && keys[i - 1] > keys[i]) sorted = false;
  }
  // Most answers are built in key order already (receipts, logs, the envelope): no sort then.
  if (ascii) return sorted ? keys : keys.sort();
  return keys.sort((a, b) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8')));
}

/** Printable ASCII without '"' and '\\': written as is (hex, addresses, names). */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

export function quote(s: string): string {
  if (PLAIN.test(s)) return '"' + s + '"';
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) out += '\\"';
    else if (c === 0x5c) out += '\\\\';
    else if (c === 0x08) out += '\\b';
    else if (c === 0x0c) out += '\\f';
    else if (c === 0x0a) out += '\\n';
    else if (c === 0x0d) out += '\\r';
    else if (c === 0x09) out += '\\t';
    else if (c < 0x20 || c >= 0x80) out += '\\u' + c.toString(16).padStart(4, '0');
    else out += s[i];
  }
  return out + '"';
}

/** printf("%.17g") with jsoncpp's ".0" suffix for integral values. */
export function formatDouble(x: number): string {
  if (Number.isNaN(x)) return 'null';
  if (!Number.isFinite(x)) return x > 0 ? '1e+9999' : '-1e+9999';
  let text = formatG17(x);
  if (!text.includes('.') && !text.includes('e')) text += '.0';
  return text;
}

function formatG17(x: number): string {
  if (x === 0) return Object.is(x, -0) ? '-0' : '0';
  const [mant, e] = x.toExponential(16).split('e');
  const exponent = Number(e);
  if (exponent < -4 || exponent >= 17) {
    const m = trimZeros(mant);
    const sign = exponent < 0 ? '-' : '+';
    return `${m}e${sign}${String(Math.abs(exponent)).padStart(2, '0')}`;
  }
  return trimZeros(x.toFixed(Math.max(0, 16 - exponent)));
}

function trimZeros(t: string): string {
  return t.includes('.') ? t.replace(/\.?0+$/, '') : t;
}
