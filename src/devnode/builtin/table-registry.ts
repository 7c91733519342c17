// User tables in the TableStore (precompiled.md §5.2): name → path mapping, schema, the per-table
// contract address and the row storage `u_/tables/<name>`. Rows are JSON arrays of the value fields.

import { KeyOrder, USER_TABLE_PREFIX, USER_TABLE_STORAGE_PREFIX } from '../../protocol/builtin/tables';
import { bareAddress } from './precompiled-base';
import type { TableStore } from './types';
import { parseOwnJson } from '../ownJson';

/** Schemas keyed by storage table name, as the node's s_tables. */
export const SCHEMA_TABLE = 's_tables';
/** Devnode index: table contract address (bare hex) → which table it serves. */
export const TABLE_CONTRACTS = 's_table_contracts';

export type TableKind = 'kv' | 'table';

export interface TableSchema {
  kind: TableKind;
  keyOrder: KeyOrder;
  key: string;
  values: string[];
  /** Bare hex address of the table contract. */
  address: string;
}

/** The node's getTableName: "t" and "/t" → "/tables/t"; "/tables/t" kept. */
export function tablePath(name: string): string {
  if (name.startsWith(USER_TABLE_PREFIX)) return name;
  return USER_TABLE_PREFIX + (name.startsWith('/') ? name.slice(1) : name);
}

export function rowTable(path: string): string {
  return USER_TABLE_STORAGE_PREFIX + path;
}

export function readSchema(store: TableStore, path: string): TableSchema | undefined {
  const raw = store.get(SCHEMA_TABLE, rowTable(path));
  return raw === undefined ? undefined : parseOwnJson<TableSchema>(raw);
}

export function writeSchema(store: TableStore, path: string, schema: TableSchema): void {
  store.set(SCHEMA_TABLE, rowTable(path), JSON.stringify(schema));
  store.set(TABLE_CONTRACTS, schema.address, path);
}

/** Path of the table a contract address serves, if it is a table contract. */
export function tableAtAddress(store: TableStore, address: string): string | undefined {
  return store.get(TABLE_CONTRACTS, bareAddress(address));
}

export function isTableContract(store: TableStore, address: string): boolean {
  return tableAtAddress(store, address) !== undefined;
}

// Numerical tables keep keys as zero-padded offsets of int64 so byte-wise order is numeric order.
const INT64_OFFSET = 1n << 63n;
const INT64_MIN = -(1n << 63n);
const INT64_MAX = (1n << 63n) - 1n;

/** Canonical int64 decimal ("-0", "+1", "01" rejected), else undefined. */
export function parseInt64(text: string): bigint | undefined {
  if (!/^(0|-?[1-9][0-9]*)$/.test(text)) return undefined;
  const v = BigInt(text);
  return v < INT64_MIN || v > INT64_MAX ? undefined : v;
}

export function encodeRowKey(schema: TableSchema, key: string): string {
  if (schema.keyOrder !== KeyOrder.Numerical) return key;
  const n = parseInt64(key);
  // A non-numeric key can never be stored in a numerical table; map it to a key that matches nothing.
  if (n === undefined) return '!' + key;
  return (n + INT64_OFFSET).toString().padStart(32, '0');
}

export function decodeRowKey(schema: TableSchema, stored: string): string {
  if (schema.keyOrder !== KeyOrder.Numerical) return stored;
  return (BigInt(stored) - INT64_OFFSET).toString();
}

export function readRow(
  store: TableStore,
  path: string,
  schema: TableSchema,
  key: string,
): string[] | undefined {
  const raw = store.get(rowTable(path), encodeRowKey(schema, key));
  return raw === undefined ? undefined : parseOwnJson<string[]>(raw);
}

export function writeRow(
  store: TableStore,
  path: string,
  schema: TableSchema,
  key: string,
  fields: string[] | undefined,
): void {
  store.set(
    rowTable(path),
    encodeRowKey(schema, key),
    fields === undefined ? undefined : JSON.stringify(fields),
  );
}

/** All rows in key order (keys decoded). */
export function allRows(
  store: TableStore,
  path: string,
  schema: TableSchema,
): { key: string; fields: string[] }[] {
  const table = rowTable(path);
  return store
    .keys(table)
    .map((k) => ({ key: decodeRowKey(schema, k), fields: parseOwnJson<string[]>(store.get(table, k)!) }));
}
