// Table browser webview ↔ host messages: KV tables (desc, get, set) and CRUD tables (select with
// conditions, count, insert, update, remove). The panel keeps its KV name (fiscoBcos.kvTable).

import { CONDITION_OPS, type TableCondition, type TableRow } from '../chain/chainApi';

export { CONDITION_OPS };
import { isBoolean, isNumber, isRecord, isString, isStringArray, shape } from './validate';
import { type ContextMessage, isContextMessage } from './contextMessages';

export type { TableCondition, TableRow };

/** How each condition operator reads to a person: the webview's picker and the host's summaries. */
export const CONDITION_OP_LABELS: Record<TableCondition['op'], string> = {
  gt: '>',
  ge: '≥',
  lt: '<',
  le: '≤',
  eq: '=',
  ne: '≠',
  startsWith: 'starts with',
  endsWith: 'ends with',
  contains: 'contains',
};

/** A key (string) or conditions: which rows an update or remove touches. */
export type RowSelector = string | TableCondition[];

export type KvToHost =
  | { type: 'ready' }
  | { type: 'open'; table: string }
  | { type: 'get'; table: string; key: string }
  | { type: 'set'; table: string; key: string; value: string }
  | { type: 'create'; table: string; keyField: string; valueFields: string[]; kind?: 'kv' | 'crud' }
  | { type: 'select'; table: string; conditions: TableCondition[]; offset: number; count: number }
  | { type: 'count'; table: string; conditions: TableCondition[] }
  | { type: 'insert'; table: string; row: TableRow }
  | { type: 'update'; table: string; where: RowSelector; fields: TableRow }
  | { type: 'remove'; table: string; where: RowSelector }
  | { type: 'openTransaction'; hash: string };

export type HostToKv =
  | ContextMessage
  | { type: 'init'; connection: string; account?: string }
  | { type: 'table'; table: string; keyField: string; valueFields: string[]; keyOrder?: string }
  | { type: 'row'; table: string; key: string; found: boolean; value: string }
  | { type: 'rows'; table: string; columns: string[]; rows: TableRow[]; offset: number; limit: number }
  | { type: 'count'; table: string; count: number }
  | { type: 'outcome'; ok: boolean; message: string; transactionHash?: string }
  | { type: 'error'; message: string };

export const TABLE_NAME = /^[A-Za-z0-9_$\-@.]{1,50}$/;
/** Rows per select: the node's limit. */
export const SELECT_MAX = 500;
const MAX_COLUMNS = 64;
const MAX_VALUE = 16_384;

const tableName = (v: unknown) => isString(v) && TABLE_NAME.test(v);
const key = (v: unknown) => isString(v) && v.length > 0 && v.length <= 255;
export const isFieldName = (v: unknown): v is string => isString(v) && /^[A-Za-z_$][\w$@.-]{0,63}$/.test(v);
const cellValue = (v: unknown) => isString(v) && v.length <= MAX_VALUE;
const uint = (v: unknown, max: number) => isNumber(v) && Number.isInteger(v) && v >= 0 && v <= max;

export const isConditionOp = (v: unknown): v is TableCondition['op'] =>
  (CONDITION_OPS as readonly unknown[]).includes(v);

export function isCondition(v: unknown): v is TableCondition {
  return (
    isRecord(v) &&
    isFieldName(v.field) &&
    (CONDITION_OPS as readonly unknown[]).includes(v.op) &&
    cellValue(v.value)
  );
}

/** One to 16 conditions (the node ANDs them). */
export const isConditions = (v: unknown): v is TableCondition[] =>
  Array.isArray(v) && v.length > 0 && v.length <= 16 && v.every(isCondition);

/** A row or a set of column updates: column names to text values. */
export function isTableRow(v: unknown, min = 1): v is TableRow {
  if (!isRecord(v)) return false;
  const entries = Object.entries(v);
  return (
    entries.length >= min &&
    entries.length <= MAX_COLUMNS &&
    entries.every(([k, x]) => isFieldName(k) && cellValue(x))
  );
}

const rowSelector = (v: unknown) => key(v) || isConditions(v);

export function parseKvToHost(m: unknown): KvToHost | undefined {
  if (shape<KvToHost>(m, 'ready', {})) return m;
  if (shape<KvToHost>(m, 'open', { table: tableName })) return m;
  if (shape<KvToHost>(m, 'get', { table: tableName, key })) return m;
  if (shape<KvToHost>(m, 'set', { table: tableName, key, value: (v) => isString(v) && v.length < 1_000_000 }))
    return m;
  if (
    shape<KvToHost>(
      m,
      'create',
      {
        table: tableName,
        keyField: isFieldName,
        valueFields: (v) =>
          isStringArray(v) && v.length > 0 && v.length <= MAX_COLUMNS && v.every(isFieldName),
      },
      { kind: (v) => v === 'kv' || v === 'crud' },
    )
  )
    return m;
  if (
    shape<KvToHost>(m, 'select', {
      table: tableName,
      conditions: isConditions,
      offset: (v) => uint(v, 0xffffffff),
      count: (v) => uint(v, SELECT_MAX) && v !== 0,
    })
  )
    return m;
  if (shape<KvToHost>(m, 'count', { table: tableName, conditions: isConditions })) return m;
  if (shape<KvToHost>(m, 'insert', { table: tableName, row: (v) => isTableRow(v) })) return m;
  if (shape<KvToHost>(m, 'update', { table: tableName, where: rowSelector, fields: (v) => isTableRow(v) }))
    return m;
  if (shape<KvToHost>(m, 'remove', { table: tableName, where: rowSelector })) return m;
  if (shape<KvToHost>(m, 'openTransaction', { hash: (v) => isString(v) && /^0x[0-9a-fA-F]{64}$/.test(v) }))
    return m;
  return undefined;
}

export function parseHostToKv(m: unknown): HostToKv | undefined {
  if (isContextMessage(m)) return m;
  if (shape<HostToKv>(m, 'init', { connection: isString }, { account: isString })) return m;
  if (
    shape<HostToKv>(
      m,
      'table',
      { table: isString, keyField: isString, valueFields: isStringArray },
      { keyOrder: isString },
    )
  )
    return m;
  if (shape<HostToKv>(m, 'row', { table: isString, key: isString, found: isBoolean, value: isString }))
    return m;
  if (
    shape<HostToKv>(m, 'rows', {
      table: isString,
      columns: isStringArray,
      rows: (v) => Array.isArray(v) && v.every((r) => isRecord(r) && Object.values(r).every(isString)),
      offset: isNumber,
      limit: isNumber,
    })
  )
    return m;
  if (shape<HostToKv>(m, 'count', { table: isString, count: isNumber })) return m;
  if (shape<HostToKv>(m, 'outcome', { ok: isBoolean, message: isString }, { transactionHash: isString }))
    return m;
  if (shape<HostToKv>(m, 'error', { message: isString })) return m;
  return undefined;
}
