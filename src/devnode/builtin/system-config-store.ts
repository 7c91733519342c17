// System config rows in s_config: (value, enableNumber) plus the entry they replaced, so the value
// in force at any block up to the change can still be read ("effective next block", §4.2).

import type { SystemConfigEntry, TableStore } from './types';
import { parseOwnJson } from '../ownJson';

export const CONFIG_TABLE = 's_config';

interface ConfigRow extends SystemConfigEntry {
  prev?: SystemConfigEntry;
}

/**
 * Parsed rows by their stored text: every block reads half a dozen of them and they rarely
 * change. The parsed rows never leave this module (callers get copies), so sharing is safe.
 */
const parsedRows = new Map<string, ConfigRow>();

function readRow(store: TableStore, key: string): ConfigRow | undefined {
  const raw = store.get(CONFIG_TABLE, key);
  if (raw === undefined) return undefined;
  let row = parsedRows.get(raw);
  if (row === undefined) {
    row = parseOwnJson<ConfigRow>(raw);
    if (parsedRows.size >= 256) parsedRows.clear();
    parsedRows.set(raw, row);
  }
  return row;
}

/** The stored row as getValueByKey reports it, in force or not. */
export function storedConfig(store: TableStore, key: string): SystemConfigEntry | undefined {
  const row = readRow(store, key);
  return row && { value: row.value, enableNumber: row.enableNumber };
}

/** The value in force at `blockNumber`. */
export function systemConfig(
  store: TableStore,
  key: string,
  blockNumber: number,
): SystemConfigEntry | undefined {
  const row = readRow(store, key);
  if (!row) return undefined;
  if (row.enableNumber <= blockNumber) return { value: row.value, enableNumber: row.enableNumber };
  return row.prev && { ...row.prev };
}

/** Records a new value from `enableNumber` on, keeping the one in force before it. */
export function writeConfig(store: TableStore, key: string, value: string, enableNumber: number): void {
  const before = systemConfig(store, key, enableNumber - 1);
  const row: ConfigRow = { value, enableNumber };
  if (before) row.prev = before;
  store.set(CONFIG_TABLE, key, JSON.stringify(row));
}

/** Keys present in s_config, sorted. */
export function configKeys(store: TableStore): string[] {
  return store.keys(CONFIG_TABLE);
}
