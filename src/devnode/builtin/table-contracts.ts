// Resolves a table contract address (made by TableManager) to the KV or CRUD implementation bound
// to that table, as the node dispatches "[PRECOMPILED],<impl>,/tables/<name>" code.

import { crudTableAt } from './crud-table';
import { kvTableAt } from './kv-table';
import { bareAddress } from './precompiled-base';
import { readSchema, tableAtAddress } from './table-registry';
import type { Precompiled, TableStore } from './types';

export function tableContractAt(store: TableStore, address: string): Precompiled | undefined {
  const path = tableAtAddress(store, address);
  const schema = path === undefined ? undefined : readSchema(store, path);
  if (path === undefined || !schema) return undefined;
  const addr = '0x' + bareAddress(address);
  return schema.kind === 'kv' ? kvTableAt(addr, path) : crudTableAt(addr, path);
}
