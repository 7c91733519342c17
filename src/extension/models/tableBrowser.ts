// What the table browser does with each message, without vscode: reads answer with the reply to
// post; writes are described (the confirmation text) and run by the panel after confirmation.

import type { ChainApi, Signer, TableCondition, WriteResult } from '../chain/chainApi';
import { CONDITION_OP_LABELS, type HostToKv, type KvToHost, type RowSelector } from '../messages/kvMessages';

export type TableRead = Extract<KvToHost, { type: 'open' | 'get' | 'select' | 'count' }>;
export type TableWrite = Extract<KvToHost, { type: 'set' | 'create' | 'insert' | 'update' | 'remove' }>;

export function isTableRead(m: KvToHost): m is TableRead {
  return m.type === 'open' || m.type === 'get' || m.type === 'select' || m.type === 'count';
}

export function isTableWrite(m: KvToHost): m is TableWrite {
  return (
    m.type === 'set' ||
    m.type === 'create' ||
    m.type === 'insert' ||
    m.type === 'update' ||
    m.type === 'remove'
  );
}

export function describeConditions(conditions: TableCondition[]): string {
  return conditions.map((c) => `${c.field} ${CONDITION_OP_LABELS[c.op]} "${c.value}"`).join(' and ');
}

function describeWhere(where: RowSelector): string {
  return typeof where === 'string'
    ? `the row with key "${where}"`
    : `rows where ${describeConditions(where)}`;
}

const fields = (row: Record<string, string>) =>
  Object.entries(row)
    .map(([k, v]) => `${k} = "${v}"`)
    .join(', ');

/** The reply to a read. Errors (unknown table, bad condition) reject with the SDK's message. */
export async function answerRead(api: ChainApi, m: TableRead): Promise<HostToKv> {
  switch (m.type) {
    case 'open': {
      const d = await api.tableDesc(m.table);
      return {
        type: 'table',
        table: m.table,
        keyField: d.keyField,
        valueFields: d.valueFields,
        ...(d.keyOrder ? { keyOrder: d.keyOrder } : {}),
      };
    }
    case 'get': {
      const value = await api.kvGet(m.table, m.key);
      return { type: 'row', table: m.table, key: m.key, found: value !== undefined, value: value ?? '' };
    }
    case 'select': {
      const d = await api.tableDesc(m.table);
      const rows = await api.tableSelect(m.table, m.conditions, { offset: m.offset, count: m.count });
      return {
        type: 'rows',
        table: m.table,
        columns: [d.keyField, ...d.valueFields],
        rows,
        offset: m.offset,
        limit: m.count,
      };
    }
    case 'count':
      return { type: 'count', table: m.table, count: await api.tableCount(m.table, m.conditions) };
  }
}

/** The confirmation text of a write and how to send it. */
export function planWrite(m: TableWrite): {
  what: string;
  send: (api: ChainApi, signer: Signer) => Promise<WriteResult>;
} {
  switch (m.type) {
    case 'set':
      return {
        what: `Set ${m.table}["${m.key}"] = "${m.value}"`,
        send: (api, s) => api.kvSet(s, m.table, m.key, m.value),
      };
    case 'create': {
      const crud = m.kind === 'crud';
      return {
        what: `Create ${crud ? 'CRUD' : 'KV'} table ${m.table}(${m.keyField}, ${m.valueFields.join(', ')})`,
        send: (api, s) =>
          crud
            ? api.tableCreate(s, m.table, m.keyField, m.valueFields)
            : api.kvCreate(s, m.table, m.keyField, m.valueFields),
      };
    }
    case 'insert':
      return {
        what: `Insert into ${m.table}: ${fields(m.row)}`,
        send: (api, s) => api.tableInsert(s, m.table, m.row),
      };
    case 'update':
      return {
        what: `Update ${describeWhere(m.where)} of ${m.table}: ${fields(m.fields)}`,
        send: (api, s) => api.tableUpdate(s, m.table, m.where, m.fields),
      };
    case 'remove':
      return {
        what: `Remove ${describeWhere(m.where)} from ${m.table}`,
        send: (api, s) => api.tableRemove(s, m.table, m.where),
      };
  }
}

/** "Insert …: Success (1 row)" — the precompiled return code of row writes is the row count. */
export function writeOutcome(m: TableWrite, what: string, r: WriteResult): string {
  const rows = m.type === 'insert' || m.type === 'update' || m.type === 'remove' ? r.value : undefined;
  const count = r.ok && rows !== undefined ? ` (${rows} row${rows === 1n ? '' : 's'})` : '';
  return `${what}: ${r.message}${count}`;
}
