// State variables decoded from storage with solc's `storageLayout` output: value types packed in
// slots, structs, fixed and dynamic arrays, strings and bytes (short and long), and mappings by
// the keys the transaction hashed. Slots the transaction never touched are shown as such: the
// trace knows a slot's value only from its reads and writes.

import type { StorageAt } from './storageView';
import {
  MAX_ELEMENTS,
  elementList,
  formatBytes,
  formatValue,
  formatWord,
  isValueType,
  wordAt,
  wordBytes,
  type EnumIndex,
  type NamedShown,
  type Shown,
} from './values';

/** One type of solc's storageLayout output (`types[id]`). */
export interface LayoutType {
  encoding: 'inplace' | 'mapping' | 'dynamic_array' | 'bytes';
  label: string;
  numberOfBytes: string;
  members?: LayoutVariable[];
  base?: string;
  key?: string;
  value?: string;
}

export interface LayoutVariable {
  label: string;
  offset: number;
  slot: string;
  type: string;
}

/** solc's `storageLayout` output of one contract. */
export interface StorageLayout {
  storage: LayoutVariable[];
  types: Record<string, LayoutType> | null;
}

export const NOT_TOUCHED = '(not read or written by this transaction)';

export class StorageDecoder {
  constructor(
    private readonly types: Record<string, LayoutType>,
    private readonly storage: StorageAt,
    private readonly enums: EnumIndex,
  ) {}

  /** All state variables of the layout, in declaration order. */
  static stateVariables(layout: StorageLayout, storage: StorageAt, enums: EnumIndex): NamedShown[] {
    const d = new StorageDecoder(layout.types ?? {}, storage, enums);
    return layout.storage.map((v) => ({ name: v.label, ...d.decode(v.type, BigInt(v.slot), v.offset) }));
  }

  /** The layout type with this label ("struct C.Item", "uint256[]"), for storage pointers. */
  static typeByLabel(layout: StorageLayout, label: string): string | undefined {
    return Object.entries(layout.types ?? {}).find(([, t]) => t.label === label)?.[0];
  }

  decode(typeId: string, slot: bigint, offset: number): Shown {
    const t = this.types[typeId];
    if (t === undefined) return { value: '(unknown type)', type: typeId };
    switch (t.encoding) {
      case 'mapping':
        return this.mapping(t, slot);
      case 'dynamic_array': {
        const length = this.storage.value(slot);
        if (length === undefined) return { value: NOT_TOUCHED, type: t.label };
        return this.elements(t, this.storage.trace.hashSlot(slot), length);
      }
      case 'bytes':
        return this.bytes(t, slot);
      default:
        break;
    }
    if (t.members !== undefined) {
      const children = t.members.map((m) => ({
        name: m.label,
        ...this.decode(m.type, slot + BigInt(m.slot), m.offset),
      }));
      return { value: t.label.replace(/^struct /, ''), type: t.label, children };
    }
    if (t.base !== undefined) {
      const n = /\[(\d+)\]$/.exec(t.label);
      return this.elements(t, slot, BigInt(n?.[1] ?? 0));
    }
    const word = this.storage.value(slot);
    if (word === undefined) return { value: NOT_TOUCHED, type: t.label };
    return { value: formatValue(t.label, word >> BigInt(offset * 8), this.enums), type: t.label };
  }

  private elements(t: LayoutType, first: bigint, length: bigint): Shown {
    const base = this.types[t.base ?? ''];
    if (base === undefined) return { value: `${t.label} (length ${length})`, type: t.label };
    const size = Number(base.numberOfBytes);
    // Value types of up to 16 bytes share slots; anything else starts a slot of its own.
    const packed = base.encoding === 'inplace' && isValueType(base.label) && size <= 16;
    const perSlot = packed ? Math.floor(32 / size) : 1;
    const slotsEach = packed ? 1 : Math.max(1, Math.ceil(size / 32));
    return elementList(t.label, length, (i) =>
      this.decode(
        t.base!,
        first + BigInt(Math.floor(i / perSlot) * slotsEach),
        packed ? (i % perSlot) * size : 0,
      ),
    );
  }

  private bytes(t: LayoutType, slot: bigint): Shown {
    const kind = t.label === 'string' ? 'string' : 'bytes';
    const word = this.storage.value(slot);
    if (word === undefined) return { value: NOT_TOUCHED, type: t.label };
    if ((word & 1n) === 0n) {
      const length = Number((word & 0xffn) / 2n);
      return { value: formatBytes(kind, wordBytes(word).subarray(0, length)), type: t.label };
    }
    const length = (word - 1n) / 2n;
    if (length > 1n << 20n) return { value: `(length ${length}: too long to show)`, type: t.label };
    const n = Number(length);
    const data = new Uint8Array(Math.ceil(n / 32) * 32);
    const first = this.storage.trace.hashSlot(slot);
    for (let k = 0; k * 32 < n; k++) {
      const w = this.storage.value(first + BigInt(k));
      if (w === undefined)
        return { value: `(length ${n}; its data was not read by this transaction)`, type: t.label };
      data.set(wordBytes(w), k * 32);
    }
    return { value: formatBytes(kind, data.subarray(0, n)), type: t.label };
  }

  private mapping(t: LayoutType, slot: bigint): Shown {
    const keyType = this.types[t.key ?? '']?.label ?? 'bytes32';
    const children: NamedShown[] = [];
    const seen = new Set<string>();
    for (const { key, slot: at } of this.storage.trace.keysOf(slot)) {
      const name = this.keyText(keyType, key);
      if (name === undefined || seen.has(name)) continue;
      seen.add(name);
      if (children.length >= MAX_ELEMENTS) break;
      children.push({ name: `[${name}]`, ...this.decode(t.value ?? '', at, 0) });
    }
    const n = children.length;
    return {
      value: `${t.label} (${n} key${n === 1 ? '' : 's'} touched)`,
      type: t.label,
      children,
    };
  }

  private keyText(label: string, key: Uint8Array): string | undefined {
    if (label === 'string' || label === 'bytes') return formatBytes(label, key);
    if (key.length !== 32) return undefined;
    const word = wordAt(key, 0);
    // An address key is a word with 12 zero bytes on top; other hashes ending in this slot are not keys.
    if ((/^address/.test(label) || label.startsWith('contract ')) && word >> 160n !== 0n) return undefined;
    return formatWord(label, word, this.enums);
  }
}
