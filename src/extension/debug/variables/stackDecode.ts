// Arguments and locals decoded from the stack words that hold them: value types directly,
// memory references (strings, bytes, arrays, structs) from the step's memory, calldata
// references from the frame's input, storage pointers through the contract's storage layout.

import type { SolType, StackVariable } from './astIndex';
import { StorageDecoder, type StorageLayout } from './storageDecode';
import type { StorageAt } from './storageView';
import { elementList, formatBytes, formatWord, wordAt, type EnumIndex, type Shown } from './values';

export interface StackContext {
  memory: Uint8Array;
  calldata: Uint8Array;
  storage: StorageAt;
  layout?: StorageLayout;
  enums: EnumIndex;
}

const MAX_LENGTH = 1n << 20n;

function invalid(type: string, why: string): Shown {
  return { value: `(${why})`, type };
}

function suffix(location: StackVariable['location']): string {
  return location === 'default' ? '' : ` ${location}`;
}

export function decodeStackVariable(v: StackVariable, words: bigint[], ctx: StackContext): Shown {
  const t = v.type;
  const type = t.label + suffix(v.location);
  if (t.kind === 'value') return { value: formatWord(t.label, words[0], ctx.enums), type };
  if (t.kind === 'other') return { value: '0x' + words[0].toString(16), type };
  if (v.location === 'memory') return { ...decodeMemory(t, words[0], ctx, 0), type };
  if (v.location === 'calldata') return { ...decodeCalldata(t, words[0], words[1], ctx), type };
  if (v.location === 'storage') {
    const id = ctx.layout && StorageDecoder.typeByLabel(ctx.layout, t.label);
    if (ctx.layout === undefined || id === undefined)
      return { value: `storage slot 0x${words[0].toString(16)}`, type };
    const d = new StorageDecoder(ctx.layout.types ?? {}, ctx.storage, ctx.enums);
    return { ...d.decode(id, words[0], 0), type };
  }
  return { value: '0x' + words[0].toString(16), type };
}

function decodeMemory(t: SolType, ptr: bigint, ctx: StackContext, depth: number): Shown {
  const mem = ctx.memory;
  if (t.kind === 'value')
    return { value: formatWord(t.label, wordAt(mem, Number(ptr)), ctx.enums), type: t.label };
  if (ptr + 32n > BigInt(mem.length) || depth > 6) return invalid(t.label, 'not in memory yet');
  const at = Number(ptr);
  switch (t.kind) {
    case 'bytes': {
      const length = wordAt(mem, at);
      if (length > MAX_LENGTH || at + 32 + Number(length) > mem.length)
        return invalid(t.label, 'not in memory yet');
      return { value: formatBytes(t.label, mem.subarray(at + 32, at + 32 + Number(length))), type: t.label };
    }
    case 'array': {
      const dynamic = t.length === undefined;
      const length = dynamic ? wordAt(mem, at) : BigInt(t.length!);
      if (length > MAX_LENGTH) return invalid(t.label, 'not in memory yet');
      const first = dynamic ? at + 32 : at;
      return elementList(t.label, length, (i) => elementInMemory(t.base, first + i * 32, ctx, depth));
    }
    case 'struct': {
      const children = t.members
        .filter((m) => m.type.kind !== 'mapping')
        .map((m, k) => ({ name: m.name, ...elementInMemory(m.type, at + k * 32, ctx, depth) }));
      return { value: t.label.replace(/^struct /, ''), type: t.label, children };
    }
    default:
      return { value: '0x' + ptr.toString(16), type: t.label };
  }
}

/** A value held in a memory word: the value itself, or a pointer to it. */
function elementInMemory(t: SolType, at: number, ctx: StackContext, depth: number): Shown {
  const word = wordAt(ctx.memory, at);
  return t.kind === 'value'
    ? { value: formatWord(t.label, word, ctx.enums), type: t.label }
    : decodeMemory(t, word, ctx, depth + 1);
}

/** ABI-encoded calldata: `offset` is where the value's data starts, `length` for dynamic ones. */
function decodeCalldata(t: SolType, offset: bigint, length: bigint | undefined, ctx: StackContext): Shown {
  const data = ctx.calldata;
  if (offset > BigInt(data.length)) return invalid(t.label, 'outside the calldata');
  const at = Number(offset);
  if (t.kind === 'bytes') {
    const n = Number(length ?? 0n);
    if (at + n > data.length) return invalid(t.label, 'outside the calldata');
    return { value: formatBytes(t.label, data.subarray(at, at + n)), type: t.label };
  }
  if (t.kind === 'array' && (t.base.kind === 'value' || t.base.kind === 'bytes')) {
    const n = t.length !== undefined ? BigInt(t.length) : (length ?? 0n);
    if (n > MAX_LENGTH) return invalid(t.label, 'outside the calldata');
    const base = t.base;
    return elementList(t.label, n, (i) => {
      const word = wordAt(data, at + i * 32);
      if (base.kind === 'value') return { value: formatWord(base.label, word, ctx.enums), type: base.label };
      const start = BigInt(at) + word;
      return decodeCalldata(base, start + 32n, wordAt(data, Number(start)), ctx);
    });
  }
  if (t.kind === 'struct' && t.members.every((m) => m.type.kind === 'value')) {
    const children = t.members.map((m, k) => ({
      name: m.name,
      value: formatWord(m.type.label, wordAt(data, at + k * 32), ctx.enums),
      type: m.type.label,
    }));
    return { value: t.label.replace(/^struct /, ''), type: t.label, children };
  }
  return { value: `calldata at 0x${offset.toString(16)} (not decoded)`, type: t.label };
}
