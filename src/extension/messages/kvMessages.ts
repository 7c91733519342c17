// KV table browser webview ↔ host messages.

import { isBoolean, isString, isStringArray, shape } from './validate';

export type KvToHost =
  | { type: 'ready' }
  | { type: 'open'; table: string }
  | { type: 'get'; table: string; key: string }
  | { type: 'set'; table: string; key: string; value: string }
  | { type: 'create'; table: string; keyField: string; valueFields: string[] }
  | { type: 'openTransaction'; hash: string };

export type HostToKv =
  | { type: 'init'; connection: string; account?: string }
  | { type: 'table'; table: string; keyField: string; valueFields: string[] }
  | { type: 'row'; table: string; key: string; found: boolean; value: string }
  | { type: 'outcome'; ok: boolean; message: string; transactionHash?: string }
  | { type: 'error'; message: string };

export const TABLE_NAME = /^[A-Za-z0-9_$\-@.]{1,50}$/;
const tableName = (v: unknown) => isString(v) && TABLE_NAME.test(v);
const key = (v: unknown) => isString(v) && v.length > 0 && v.length <= 255;
const fieldName = (v: unknown) => isString(v) && /^[A-Za-z_$][\w$@.\-]{0,63}$/.test(v);

export function parseKvToHost(m: unknown): KvToHost | undefined {
  if (shape<KvToHost>(m, 'ready', {})) return m;
  if (shape<KvToHost>(m, 'open', { table: tableName })) return m;
  if (shape<KvToHost>(m, 'get', { table: tableName, key })) return m;
  if (shape<KvToHost>(m, 'set', { table: tableName, key, value: (v) => isString(v) && v.length < 1_000_000 })) return m;
  if (shape<KvToHost>(m, 'create', { table: tableName, keyField: fieldName, valueFields: (v) => isStringArray(v) && v.length > 0 && v.every(fieldName) })) return m;
  if (shape<KvToHost>(m, 'openTransaction', { hash: (v) => isString(v) && /^0x[0-9a-fA-F]{64}$/.test(v) })) return m;
  return undefined;
}

export function parseHostToKv(m: unknown): HostToKv | undefined {
  if (shape<HostToKv>(m, 'init', { connection: isString })) return m;
  if (shape<HostToKv>(m, 'table', { table: isString, keyField: isString, valueFields: isStringArray })) return m;
  if (shape<HostToKv>(m, 'row', { table: isString, key: isString, found: isBoolean, value: isString })) return m;
  if (shape<HostToKv>(m, 'outcome', { ok: isBoolean, message: isString })) return m;
  if (shape<HostToKv>(m, 'error', { message: isString })) return m;
  return undefined;
}
