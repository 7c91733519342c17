// Turning user text into ABI values and ABI values back into display text, for every Solidity
// type: integers (as bigint), address, bool, bytes/bytesN (hex), string, arrays and tuples
// (JSON). Pure; shared by the palette prompts and the call form.

import { ParamType, isHexString } from 'ethers';
// Any case, no checksum: an EIP-55 check is keccak-based and SM chains' addresses are not.
import { isAddress } from '../../protocol/address';
import { isRecord } from '../../protocol/unknownValues';

/** A form value as text for the scalar types: what String() gives, trimmed. */
function scalarText(value: unknown): string {
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- an object here is a user mistake; the error shows what String() makes of it
  return String(value ?? '').trim();
}

export interface ParamLike {
  name?: string;
  type: string;
  components?: readonly ParamLike[] | null;
}

function toParamType(p: ParamLike): ParamType {
  return ParamType.from(p);
}

/** Converts a JSON-ish value to what ethers encodes for this type, or throws with a clear message. */
export function coerce(type: ParamType, value: unknown, label: string): unknown {
  if (type.isArray()) {
    if (!Array.isArray(value)) throw new Error(`${label}: expected a JSON array for ${type.format()}.`);
    if (type.arrayLength >= 0 && value.length !== type.arrayLength)
      throw new Error(`${label}: expected ${type.arrayLength} elements, got ${value.length}.`);
    return value.map((v, i) => coerce(type.arrayChildren, v, `${label}[${i}]`));
  }
  if (type.isTuple()) {
    const comps = type.components;
    if (Array.isArray(value)) {
      if (value.length !== comps.length)
        throw new Error(`${label}: expected ${comps.length} fields, got ${value.length}.`);
      return value.map((v, i) => coerce(comps[i], v, `${label}.${comps[i].name || i}`));
    }
    if (isRecord(value)) {
      const o = value;
      return comps.map((c, i) => {
        const key = c.name || String(i);
        if (!(key in o)) throw new Error(`${label}: missing field "${key}".`);
        return coerce(c, o[key], `${label}.${key}`);
      });
    }
    throw new Error(`${label}: expected a JSON object or array for ${type.format()}.`);
  }
  const base = type.baseType;
  if (/^u?int\d*$/.test(base)) {
    const text =
      typeof value === 'number' || typeof value === 'bigint'
        ? String(value)
        : typeof value === 'string'
          ? value.trim().replace(/_/g, '')
          : '';
    if (!/^-?\d+$/.test(text) && !/^0x[0-9a-fA-F]+$/.test(text))
      throw new Error(`${label}: "${String(value)}" is not an integer.`);
    const n = BigInt(text);
    const bits = Number(base.replace(/^u?int/, '') || 256);
    const signed = base.startsWith('int');
    const min = signed ? -(1n << BigInt(bits - 1)) : 0n;
    const max = signed ? (1n << BigInt(bits - 1)) - 1n : (1n << BigInt(bits)) - 1n;
    if (n < min || n > max) throw new Error(`${label}: ${n} is out of range for ${base}.`);
    return n;
  }
  if (base === 'address') {
    const text: string = scalarText(value);
    if (!isAddress(text))
      throw new Error(`${label}: "${scalarText(value)}" is not an address (0x + 40 hex digits).`);
    return text.toLowerCase();
  }
  if (base === 'bool') {
    if (value === true || value === 'true') return true;
    if (value === false || value === 'false') return false;
    throw new Error(`${label}: enter true or false.`);
  }
  if (base === 'string') return typeof value === 'string' ? value : JSON.stringify(value);
  if (base === 'bytes' || /^bytes\d+$/.test(base)) {
    const text = scalarText(value);
    if (!isHexString(text)) throw new Error(`${label}: enter hex bytes starting with 0x.`);
    if (base !== 'bytes') {
      const size = Number(base.slice(5));
      if ((text.length - 2) / 2 !== size)
        throw new Error(`${label}: ${base} needs exactly ${size} bytes (${size * 2} hex digits).`);
    }
    return text;
  }
  if (base === 'function') return String(value);
  throw new Error(`${label}: unsupported type ${type.format()}.`);
}

/** Whether the text of this type is entered as JSON (arrays and tuples). */
export function isJsonType(p: ParamLike): boolean {
  return p.type.endsWith(']') || p.type.startsWith('tuple');
}

/** Parses text typed for one parameter. Arrays/tuples are JSON; scalars are plain text. */
export function parseArgText(p: ParamLike, text: string): unknown {
  const label = p.name || p.type;
  const t = toParamType(p);
  if (isJsonType(p)) {
    let v: unknown;
    try {
      v = JSON.parse(text);
    } catch {
      throw new Error(`${label}: enter JSON, e.g. ${exampleFor(p)}.`);
    }
    return coerce(t, v, label);
  }
  return coerce(t, text, label);
}

/** Validates a list of raw JSON values (from the call form) against the params. */
export function coerceArgs(params: readonly ParamLike[], values: readonly unknown[]): unknown[] {
  if (values.length !== params.length)
    throw new Error(`Expected ${params.length} arguments, got ${values.length}.`);
  return params.map((p, i) => coerce(toParamType(p), values[i], p.name || `arg${i}`));
}

/** Short example text for a parameter's placeholder. */
export function exampleFor(p: ParamLike): string {
  const t = p.type;
  if (t.endsWith(']')) {
    const inner = { ...p, type: t.replace(/\[\d*\]$/, '') };
    const ex = exampleFor(inner);
    return `[${isJsonType(inner) || /^u?int|bool/.test(inner.type) ? ex : JSON.stringify(ex)}]`;
  }
  if (t.startsWith('tuple'))
    return `{${(p.components ?? []).map((c) => `"${c.name}": ${isJsonType(c) ? exampleFor(c) : JSON.stringify(exampleFor(c))}`).join(', ')}}`;
  if (/^u?int/.test(t)) return '0';
  if (t === 'address') return '0x0000000000000000000000000000000000000000';
  if (t === 'bool') return 'true';
  if (t === 'string') return 'text';
  if (t === 'bytes') return '0x';
  if (/^bytes\d+$/.test(t)) return `0x${'00'.repeat(Number(t.slice(5)))}`;
  return '';
}

/** JSON-safe display of decoded values: bigints as decimal strings, nested arrays kept. */
export function toDisplay(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) return value.map(toDisplay);
  if (value && typeof value === 'object' && 'toArray' in value && typeof value.toArray === 'function') {
    const items: unknown = Reflect.apply(value.toArray, value, []); // an ethers Result
    return Array.isArray(items) ? items.map(toDisplay) : value;
  }
  return value;
}
