// TablePrecompiled (0x1001 implementation) behind each CRUD table's own address (precompiled.md §5.4):
// select, count, insert, update and remove by key or by conditions, plus the 3.0/3.1 key-only forms.

import {
  CODE_INSERT_KEY_EXIST,
  CODE_REMOVE_KEY_NOT_EXIST,
  CODE_TABLE_KEY_VALUE_LENGTH_OVERFLOW,
  CODE_TABLE_FIELD_VALUE_LENGTH_OVERFLOW,
  CODE_UPDATE_KEY_NOT_EXIST,
} from '../../protocol/builtin/retcode';
import {
  KeyOrder,
  TABLE_ABI,
  TABLE_FIELD_VALUE_MAX_LENGTH,
  TABLE_KEY_MAX_LENGTH,
  TABLE_SIG,
} from '../../protocol/builtin/tables';
import { schemaOrThrow } from './kv-table';
import type { GasMeter } from './gas';
import { checkLength, definePrecompiled, PrecompiledError } from './precompiled-base';
import { selectRows, type Condition, type Limit } from './table-conditions';
import { allRows, parseInt64, readRow, writeRow, type TableSchema } from './table-registry';
import type { Precompiled, TableStore } from './types';
import { asArray, asString, asStrings } from '../../protocol/unknownValues';

function toConditions(raw: unknown): Condition[] {
  return asArray(raw)
    .map((item) => asArray(item))
    .map((c) => ({ op: Number(c[0]), field: asString(c[1]), value: asString(c[2]) }));
}

/** 3.0/3.1 conditions apply to the key only, with ops GT/GE/LT/LE. */
function legacyConditions(schema: TableSchema, raw: unknown): Condition[] {
  return asArray(raw).map((item) => {
    const c = asArray(item);
    const op = Number(c[0]);
    if (op > 3) throw new PrecompiledError(`${op} ConditionOP not exist!`);
    return { op, field: schema.key, value: asString(c[1]) };
  });
}

function toLimit(limit: unknown): Limit {
  const raw = asArray(limit);
  return { offset: Number(raw[0]), count: Number(raw[1]) };
}

function checkKey(schema: TableSchema, key: string): void {
  if (key.length === 0) throw new PrecompiledError('Table insert entry key is empty');
  checkLength(key, TABLE_KEY_MAX_LENGTH, CODE_TABLE_KEY_VALUE_LENGTH_OVERFLOW);
  if (schema.keyOrder === KeyOrder.Numerical && parseInt64(key) === undefined)
    throw new PrecompiledError('The key cannot be converted to a number(int64)');
}

/** Column updates as value indexes; refuses the key column and unknown columns. */
function toUpdates(schema: TableSchema, raw: unknown): [number, string][] {
  return asArray(raw).map((item) => {
    const u = asArray(item);
    const column = asString(u[0]);
    const value = asString(u[1]);
    if (column === schema.key) throw new PrecompiledError('Table update fields cannot contains key field');
    const i = schema.values.indexOf(column);
    if (i < 0) throw new PrecompiledError('Table update fields not found');
    checkLength(value, TABLE_FIELD_VALUE_MAX_LENGTH, CODE_TABLE_FIELD_VALUE_LENGTH_OVERFLOW);
    return [i, value];
  });
}

function applyUpdates(schema: TableSchema, fields: string[], updates: [number, string][]): string[] {
  const out = schema.values.map((_, i) => fields[i] ?? '');
  for (const [i, v] of updates) out[i] = v;
  return out;
}

function rowsMatching(
  store: TableStore,
  path: string,
  schema: TableSchema,
  conds: Condition[],
  limit?: Limit,
) {
  return selectRows(schema, allRows(store, path, schema), conds, limit);
}

function updateWhere(
  store: TableStore,
  path: string,
  conds: (s: TableSchema) => Condition[],
  limitRaw: unknown,
  updatesRaw: unknown,
  gas: GasMeter,
): number {
  const schema = schemaOrThrow(store, path);
  const updates = toUpdates(schema, updatesRaw);
  const rows = rowsMatching(store, path, schema, conds(schema), toLimit(limitRaw));
  for (const r of rows) writeRow(store, path, schema, r.key, applyUpdates(schema, r.fields, updates));
  gas.setMem(rows.length * schema.values.length);
  gas.op('Update', rows.length);
  return rows.length;
}

function removeWhere(
  store: TableStore,
  path: string,
  conds: (s: TableSchema) => Condition[],
  limitRaw: unknown,
  gas: GasMeter,
): number {
  const schema = schemaOrThrow(store, path);
  const rows = rowsMatching(store, path, schema, conds(schema), toLimit(limitRaw));
  for (const r of rows) writeRow(store, path, schema, r.key, undefined);
  gas.setMem(rows.length);
  gas.op('Remove', rows.length);
  return rows.length;
}

/** Size of a stored entry as the node's Entry counts it: the value bytes (one field) or all fields. */
function entrySize(fields: string[]): number {
  return fields.reduce((n, f) => n + Buffer.byteLength(f, 'utf8'), 0);
}

export function crudTableAt(address: string, path: string): Precompiled {
  const schemaOf = (store: TableStore) => schemaOrThrow(store, path);
  return definePrecompiled({
    address,
    name: 'TablePrecompiled',
    abi: TABLE_ABI,
    // Unlike KVTable, TablePrecompiled meters from the user's call data alone.
    meteredInput: (input) => input.length,
    functions: {
      [TABLE_SIG.selectByKey]: {
        run: (ctx, a, _abi, gas) => {
          const schema = schemaOf(ctx.store);
          const key = asString(a[0]);
          const row = readRow(ctx.store, path, schema, key);
          if (row) {
            // The node passes the number of values (not bytes) as the memory size here.
            gas.updateMem(row.length);
            gas.op('Select');
          }
          return [row ? [key, row] : ['', []]];
        },
      },
      [TABLE_SIG.select]: {
        run: (ctx, a, _abi, gas) => {
          const schema = schemaOf(ctx.store);
          const rows = rowsMatching(ctx.store, path, schema, toConditions(a[0]), toLimit(a[1]));
          gas.updateMem(rows.length);
          gas.op('Select', rows.length);
          return [rows.map((r) => [r.key, r.fields])];
        },
      },
      [TABLE_SIG.legacySelect]: {
        run: (ctx, a, _abi, gas) => {
          const schema = schemaOf(ctx.store);
          const rows = rowsMatching(ctx.store, path, schema, legacyConditions(schema, a[0]), toLimit(a[1]));
          gas.updateMem(rows.length);
          gas.op('Select', rows.length);
          return [rows.map((r) => [r.key, r.fields])];
        },
      },
      [TABLE_SIG.count]: {
        run: (ctx, a, _abi, gas) => {
          const schema = schemaOf(ctx.store);
          gas.op('Select');
          return [rowsMatching(ctx.store, path, schema, toConditions(a[0])).length];
        },
      },
      [TABLE_SIG.legacyCount]: {
        run: (ctx, a, _abi, gas) => {
          const schema = schemaOf(ctx.store);
          gas.op('Select');
          return [rowsMatching(ctx.store, path, schema, legacyConditions(schema, a[0])).length];
        },
      },
      [TABLE_SIG.insert]: {
        write: true,
        run: (ctx, a, _abi, gas) => {
          const schema = schemaOf(ctx.store);
          const entry = asArray(a[0]);
          const key = asString(entry[0]);
          const fields = asStrings(entry[1]);
          if (fields.length !== schema.values.length)
            throw new PrecompiledError('Table insert entry fields number mismatch');
          checkKey(schema, key);
          for (const f of fields)
            checkLength(f, TABLE_FIELD_VALUE_MAX_LENGTH, CODE_TABLE_FIELD_VALUE_LENGTH_OVERFLOW);
          if (readRow(ctx.store, path, schema, key)) return [CODE_INSERT_KEY_EXIST];
          writeRow(ctx.store, path, schema, key, fields);
          gas.op('Insert');
          gas.updateMem(entrySize(fields));
          return [1];
        },
      },
      [TABLE_SIG.updateByKey]: {
        write: true,
        run: (ctx, a, _abi, gas) => {
          const schema = schemaOf(ctx.store);
          const key = asString(a[0]);
          const updates = toUpdates(schema, a[1]);
          const row = readRow(ctx.store, path, schema, key);
          if (!row) return [CODE_UPDATE_KEY_NOT_EXIST];
          writeRow(ctx.store, path, schema, key, applyUpdates(schema, row, updates));
          gas.op('Update');
          return [1];
        },
      },
      [TABLE_SIG.update]: {
        write: true,
        run: (ctx, a, _abi, gas) => [updateWhere(ctx.store, path, () => toConditions(a[0]), a[1], a[2], gas)],
      },
      [TABLE_SIG.legacyUpdate]: {
        write: true,
        run: (ctx, a, _abi, gas) => [
          updateWhere(ctx.store, path, (s) => legacyConditions(s, a[0]), a[1], a[2], gas),
        ],
      },
      [TABLE_SIG.removeByKey]: {
        write: true,
        run: (ctx, a, _abi, gas) => {
          const schema = schemaOf(ctx.store);
          const key = asString(a[0]);
          if (!readRow(ctx.store, path, schema, key)) return [CODE_REMOVE_KEY_NOT_EXIST];
          writeRow(ctx.store, path, schema, key, undefined);
          gas.op('Remove');
          return [1];
        },
      },
      [TABLE_SIG.remove]: {
        write: true,
        run: (ctx, a, _abi, gas) => [removeWhere(ctx.store, path, () => toConditions(a[0]), a[1], gas)],
      },
      [TABLE_SIG.legacyRemove]: {
        write: true,
        run: (ctx, a, _abi, gas) => [
          removeWhere(ctx.store, path, (s) => legacyConditions(s, a[0]), a[1], gas),
        ],
      },
    },
  });
}
