// Value types of Solidity as the debugger shows them: decoding one EVM word (from the stack,
// memory or a storage slot) by its type label ("uint256", "int32", "bytes4", "enum C.Kind", ...),
// and the tree of shown values (a value with optional children) the Variables view displays.

/** A decoded value: its text, its type label and, for compound values, its members. */
export interface Shown {
  value: string;
  type: string;
  children?: NamedShown[];
  /** Arrays longer than MAX_ELEMENTS: every element, decoded on demand by index range. */
  page?: Page;
}

export interface Page {
  length: number;
  at(start: number, count: number): NamedShown[];
}

export interface NamedShown extends Shown {
  name: string;
}

/** Most elements of an array or entries of a mapping decoded up front. */
export const MAX_ELEMENTS = 100;
/** Most elements an array pages through. */
export const MAX_PAGED = 1_000_000;

/** An array's elements: the first MAX_ELEMENTS decoded, the rest paged on demand. */
export function elementList(label: string, length: bigint, element: (i: number) => Shown): Shown {
  const at = (i: number): NamedShown => ({ name: `[${i}]`, ...element(i) });
  const shown = length > BigInt(MAX_ELEMENTS) ? MAX_ELEMENTS : Number(length);
  const children = Array.from({ length: shown }, (_, i) => at(i));
  const out: Shown = { value: `${label} (length ${length})`, type: label, children };
  if (BigInt(shown) < length) {
    const total = length > BigInt(MAX_PAGED) ? MAX_PAGED : Number(length);
    out.page = {
      length: total,
      at: (start, count) => {
        const end = Math.min(total, start + Math.max(0, count));
        return Array.from({ length: Math.max(0, end - start) }, (_, k) => at(start + k));
      },
    };
  }
  return out;
}

/** Enum members by canonical name ("Contract.Kind"), from the AST. */
export type EnumIndex = Map<string, string[]>;

const MASK_256 = (1n << 256n) - 1n;

export function mask(bytes: number): bigint {
  return (1n << BigInt(bytes * 8)) - 1n;
}

/** Bytes a value type takes in storage, or undefined when the label is not a value type. */
export function valueSize(label: string): number | undefined {
  let m: RegExpExecArray | null;
  if ((m = /^u?int(\d*)$/.exec(label))) return m[1] === '' ? 32 : Number(m[1]) / 8;
  if (label === 'bool') return 1;
  if (/^address( payable)?$/.test(label) || label.startsWith('contract ')) return 20;
  if ((m = /^bytes(\d+)$/.exec(label))) return Number(m[1]);
  if (label === 'byte') return 1;
  if (label.startsWith('enum ')) return 1;
  if (label.startsWith('function ')) return label.includes(' external') ? 24 : 8;
  return undefined;
}

export function isValueType(label: string): boolean {
  return valueSize(label) !== undefined;
}

function hex(v: bigint, bytes: number): string {
  return '0x' + v.toString(16).padStart(bytes * 2, '0');
}

/**
 * Formats the value type `label` from `raw`, the value's bytes as a right-aligned integer (as
 * packed in a storage slot after shifting). Signed integers are sign-extended from their width.
 */
export function formatValue(label: string, raw: bigint, enums: EnumIndex): string {
  const size = valueSize(label) ?? 32;
  const v = raw & mask(size);
  if (/^int\d*$/.test(label)) {
    const bits = BigInt(size * 8);
    return (v >= 1n << (bits - 1n) ? v - (1n << bits) : v).toString();
  }
  if (/^uint\d*$/.test(label)) return v.toString();
  if (label === 'bool') return v === 0n ? 'false' : v === 1n ? 'true' : `true (0x${v.toString(16)})`;
  if (/^address( payable)?$/.test(label)) return hex(v, 20);
  if (label.startsWith('contract ')) return `${label.slice(9)} ${hex(v, 20)}`;
  if (/^bytes\d+$/.test(label) || label === 'byte') return hex(v, size);
  if (label.startsWith('enum ')) {
    const name = label.slice(5);
    const members = enums.get(name);
    const member = members?.[Number(v)];
    const short = name.split('.').pop();
    return member !== undefined ? `${short}.${member}` : `${short}(${v.toString()}) (out of range)`;
  }
  return hex(v, size);
}

/**
 * A value type held in a full EVM word on the stack or in memory: bytesN is left-aligned there,
 * everything else right-aligned.
 */
export function formatWord(label: string, word: bigint, enums: EnumIndex): string {
  const size = valueSize(label) ?? 32;
  const w = word & MASK_256;
  const raw = /^bytes\d+$/.test(label) || label === 'byte' ? w >> BigInt((32 - size) * 8) : w;
  return formatValue(label, raw, enums);
}

/** Bytes as a Solidity `string` (quoted) or `bytes` (hex). */
export function formatBytes(kind: 'string' | 'bytes', data: Uint8Array): string {
  if (kind === 'bytes') return '0x' + Buffer.from(data).toString('hex');
  return JSON.stringify(Buffer.from(data).toString('utf8'));
}

export function wordAt(data: Uint8Array, offset: number): bigint {
  let v = 0n;
  for (let i = 0; i < 32; i++) v = (v << 8n) | BigInt(data[offset + i] ?? 0);
  return v;
}

export function wordBytes(v: bigint): Uint8Array {
  const out = new Uint8Array(32);
  let x = v & MASK_256;
  for (let i = 31; i >= 0; i--) {
    out[i] = Number(x & 0xffn);
    x >>= 8n;
  }
  return out;
}

export function parseWord(hexText: string): bigint {
  return hexText === '0x' || hexText === '' ? 0n : BigInt(hexText);
}

export function unavailable(type: string, why: string): Shown {
  return { value: `(${why})`, type };
}
