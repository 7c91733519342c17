// TableCrudService: CRUD tables (TableManager.createTable at 0x1002, then select / insert /
// update / remove / count on the table's own contract) with records as { column: value } maps,
// as the Java SDK's TableCRUDService offers them. Chains before 3.2 get the key-only forms.

import { TABLE_MANAGER_ADDRESS } from '../../protocol/builtin/addresses';
import {
  ConditionOp,
  KeyOrder,
  TABLE_ABI,
  TABLE_LIMIT_MAX,
  TABLE_MANAGER_ABI,
  TABLE_MANAGER_SIG,
  TABLE_SIG,
} from '../../protocol/builtin/tables';
import { runAsync, type AsyncArgs, type Callback } from '../callback';
import { requireText, type TxRetCode } from './builtin-service';
import { TableServiceBase, type TableSchema } from './table-base';
import { asArray, asString, asStrings } from '../../protocol/unknownValues';

export type TableRecord = Record<string, string>;

const OP_NAMES: Record<string, ConditionOp> = {
  gt: ConditionOp.GT,
  ge: ConditionOp.GE,
  lt: ConditionOp.LT,
  le: ConditionOp.LE,
  eq: ConditionOp.EQ,
  ne: ConditionOp.NE,
  startsWith: ConditionOp.STARTS_WITH,
  endsWith: ConditionOp.ENDS_WITH,
  contains: ConditionOp.CONTAINS,
};

/** A condition on the key or a value column; several conditions are ANDed. */
export interface Condition {
  field: string;
  op: ConditionOp | keyof typeof OP_NAMES;
  value: string;
}

export interface Limit {
  offset: number;
  count: number;
}

const DEFAULT_LIMIT: Limit = { offset: 0, count: TABLE_LIMIT_MAX };

function opOf(op: Condition['op']): ConditionOp {
  const v = typeof op === 'number' ? op : OP_NAMES[op];
  if (v === undefined || v < ConditionOp.GT || v > ConditionOp.CONTAINS)
    throw new RangeError(`unknown condition operator ${String(op)}`);
  return v;
}

function checkLimit(op: string, limit: Limit): [number, number] {
  for (const [name, v] of Object.entries(limit))
    if (!Number.isInteger(v) || v < 0 || v > 0xffffffff)
      throw new RangeError(`${op}: limit.${name} must be a uint32`);
  if (limit.count > TABLE_LIMIT_MAX)
    throw new RangeError(`${op}: limit.count must not exceed ${TABLE_LIMIT_MAX}`);
  return [limit.offset, limit.count];
}

function toRecord(schema: TableSchema, key: string, fields: readonly string[]): TableRecord {
  const record: TableRecord = { [schema.keyField]: key };
  schema.valueFields.forEach((f, i) => (record[f] = fields[i] ?? ''));
  return record;
}

export class TableCrudService extends TableServiceBase {
  /** Creates /tables/<tableName>; keyOrder (≥ 3.2) picks lexicographic or numerical key order. */
  async createTable(
    tableName: string,
    keyField: string,
    valueFields: string[],
    keyOrder?: KeyOrder,
  ): Promise<TxRetCode> {
    requireText('createTable', 'tableName', tableName);
    requireText('createTable', 'keyField', keyField);
    if (!Array.isArray(valueFields))
      throw new TypeError('createTable: valueFields must be an array of column names');
    if (keyOrder !== undefined && keyOrder !== KeyOrder.Lexicographic && keyOrder !== KeyOrder.Numerical)
      throw new RangeError(`createTable: keyOrder must be 0 (lexicographic) or 1 (numerical)`);
    if (keyOrder !== undefined && (await this.supportsV320()))
      return this.transactForRetCode(
        TABLE_MANAGER_ADDRESS,
        TABLE_MANAGER_ABI,
        TABLE_MANAGER_SIG.createTableV320,
        [tableName, [keyOrder, keyField, valueFields]],
      );
    if (keyOrder === KeyOrder.Numerical)
      throw new RangeError('createTable: numerical key order needs a 3.2 or later chain');
    return this.transactForRetCode(TABLE_MANAGER_ADDRESS, TABLE_MANAGER_ABI, TABLE_MANAGER_SIG.createTable, [
      tableName,
      [keyField, valueFields],
    ]);
  }

  async appendColumns(tableName: string, newColumns: string[]): Promise<TxRetCode> {
    requireText('appendColumns', 'tableName', tableName);
    if (!Array.isArray(newColumns) || newColumns.length === 0)
      throw new TypeError('appendColumns: give at least one column');
    return this.transactForRetCode(
      TABLE_MANAGER_ADDRESS,
      TABLE_MANAGER_ABI,
      TABLE_MANAGER_SIG.appendColumns,
      [tableName, newColumns],
    );
  }

  /** Encodes conditions for this chain: v3.2 (any column, ops 0-8) or legacy (key only, ops 0-3). */
  private async conditions(
    op: string,
    schema: TableSchema,
    conds: Condition[],
  ): Promise<{ legacy: boolean; encoded: unknown[] }> {
    if (!Array.isArray(conds) || conds.length === 0)
      throw new TypeError(`${op}: give at least one condition`);
    const parsed = conds.map((c) => ({
      field: requireText(op, 'condition field', c.field),
      op: opOf(c.op),
      value: String(c.value),
    }));
    for (const c of parsed)
      if (c.field !== schema.keyField && !schema.valueFields.includes(c.field))
        throw new RangeError(`${op}: no column "${c.field}"`);
    if (await this.supportsV320())
      return { legacy: false, encoded: parsed.map((c) => [c.op, c.field, c.value]) };
    for (const c of parsed)
      if (c.field !== schema.keyField || c.op > ConditionOp.LE)
        throw new RangeError(`${op}: chains before 3.2 only support GT/GE/LT/LE conditions on the key`);
    return { legacy: true, encoded: parsed.map((c) => [c.op, c.value]) };
  }

  private updateFields(op: string, schema: TableSchema, fields: TableRecord): [string, string][] {
    const entries = Object.entries(fields ?? {});
    if (entries.length === 0) throw new TypeError(`${op}: give at least one column to update`);
    for (const [column] of entries) {
      if (column === schema.keyField)
        throw new RangeError(`${op}: the key column "${column}" cannot be updated`);
      if (!schema.valueFields.includes(column)) throw new RangeError(`${op}: no column "${column}"`);
    }
    return entries.map(([c, v]) => [c, String(v)]);
  }

  /** The row with `key`, or null. */
  select(tableName: string, key: string): Promise<TableRecord | null>;
  /** Rows matching every condition, in key order, within `limit` (default 0, 500). */
  select(tableName: string, conditions: Condition[], limit?: Limit): Promise<TableRecord[]>;
  async select(
    tableName: string,
    keyOrConditions: string | Condition[],
    limit: Limit = DEFAULT_LIMIT,
  ): Promise<TableRecord | null | TableRecord[]> {
    const address = await this.tableAddress('select', tableName);
    const schema = await this.schema(tableName);
    if (typeof keyOrConditions === 'string') {
      const [entryRaw] = await this.query(address, TABLE_ABI, TABLE_SIG.selectByKey, [
        requireText('select', 'key', keyOrConditions),
      ]);
      const entry = asArray(entryRaw);
      const fields = asStrings(entry[1]);
      return entry[0] === '' && fields.length === 0 ? null : toRecord(schema, asString(entry[0]), fields);
    }
    const { legacy, encoded } = await this.conditions('select', schema, keyOrConditions);
    const [rows] = await this.query(address, TABLE_ABI, legacy ? TABLE_SIG.legacySelect : TABLE_SIG.select, [
      encoded,
      checkLimit('select', limit),
    ]);
    return asArray(rows)
      .map(asArray)
      .map((r) => toRecord(schema, asString(r[0]), asStrings(r[1])));
  }

  /** How many rows match every condition. */
  async count(tableName: string, conditions: Condition[]): Promise<number> {
    const address = await this.tableAddress('count', tableName);
    const schema = await this.schema(tableName);
    const { legacy, encoded } = await this.conditions('count', schema, conditions);
    const [n] = await this.query(address, TABLE_ABI, legacy ? TABLE_SIG.legacyCount : TABLE_SIG.count, [
      encoded,
    ]);
    return Number(n);
  }

  /** Inserts a row given as { keyColumn: key, column: value, … } (missing columns are empty). Code 1 = inserted. */
  async insert(tableName: string, record: TableRecord): Promise<TxRetCode> {
    const address = await this.tableAddress('insert', tableName);
    const schema = await this.schema(tableName);
    if (record === null || typeof record !== 'object')
      throw new TypeError('insert: the record must be an object');
    const key = record[schema.keyField];
    if (typeof key !== 'string' || key === '')
      throw new RangeError(`insert: the record needs its key column "${schema.keyField}"`);
    for (const column of Object.keys(record))
      if (column !== schema.keyField && !schema.valueFields.includes(column))
        throw new RangeError(`insert: no column "${column}"`);
    const fields = schema.valueFields.map((f) => (record[f] === undefined ? '' : String(record[f])));
    return this.transactForRetCode(address, TABLE_ABI, TABLE_SIG.insert, [[key, fields]]);
  }

  /** Updates the row with `key` (code 1) or the rows matching conditions (code = rows changed). */
  async update(
    tableName: string,
    keyOrConditions: string | Condition[],
    fields: TableRecord,
    limit: Limit = DEFAULT_LIMIT,
  ): Promise<TxRetCode> {
    const address = await this.tableAddress('update', tableName);
    const schema = await this.schema(tableName);
    const updates = this.updateFields('update', schema, fields);
    if (typeof keyOrConditions === 'string')
      return this.transactForRetCode(address, TABLE_ABI, TABLE_SIG.updateByKey, [
        requireText('update', 'key', keyOrConditions),
        updates,
      ]);
    const { legacy, encoded } = await this.conditions('update', schema, keyOrConditions);
    return this.transactForRetCode(address, TABLE_ABI, legacy ? TABLE_SIG.legacyUpdate : TABLE_SIG.update, [
      encoded,
      checkLimit('update', limit),
      updates,
    ]);
  }

  /** Removes the row with `key` (code 1) or the rows matching conditions (code = rows removed). */
  async remove(
    tableName: string,
    keyOrConditions: string | Condition[],
    limit: Limit = DEFAULT_LIMIT,
  ): Promise<TxRetCode> {
    const address = await this.tableAddress('remove', tableName);
    if (typeof keyOrConditions === 'string')
      return this.transactForRetCode(address, TABLE_ABI, TABLE_SIG.removeByKey, [
        requireText('remove', 'key', keyOrConditions),
      ]);
    const schema = await this.schema(tableName);
    const { legacy, encoded } = await this.conditions('remove', schema, keyOrConditions);
    return this.transactForRetCode(address, TABLE_ABI, legacy ? TABLE_SIG.legacyRemove : TABLE_SIG.remove, [
      encoded,
      checkLimit('remove', limit),
    ]);
  }

  createTableAsync(...args: AsyncArgs<Parameters<TableCrudService['createTable']>, TxRetCode>): void {
    runAsync('createTableAsync', args, (t: string, k: string, v: string[], o?: KeyOrder) =>
      this.createTable(t, k, v, o),
    );
  }
  appendColumnsAsync(...args: AsyncArgs<Parameters<TableCrudService['appendColumns']>, TxRetCode>): void {
    runAsync('appendColumnsAsync', args, (t: string, c: string[]) => this.appendColumns(t, c));
  }
  selectAsync(tableName: string, key: string, callback: Callback<TableRecord | null>): void;
  selectAsync(tableName: string, conditions: Condition[], callback: Callback<TableRecord[]>): void;
  selectAsync(
    tableName: string,
    conditions: Condition[],
    limit: Limit,
    callback: Callback<TableRecord[]>,
  ): void;
  selectAsync(...args: unknown[]): void {
    runAsync<TableRecord | null | TableRecord[]>(
      'selectAsync',
      args,
      (t: string, k: string | Condition[], l?: Limit) =>
        typeof k === 'string' ? this.select(t, k) : this.select(t, k, l),
    );
  }
  countAsync(...args: AsyncArgs<Parameters<TableCrudService['count']>, number>): void {
    runAsync('countAsync', args, (t: string, c: Condition[]) => this.count(t, c));
  }
  insertAsync(...args: AsyncArgs<Parameters<TableCrudService['insert']>, TxRetCode>): void {
    runAsync('insertAsync', args, (t: string, r: TableRecord) => this.insert(t, r));
  }
  updateAsync(...args: AsyncArgs<Parameters<TableCrudService['update']>, TxRetCode>): void {
    runAsync('updateAsync', args, (t: string, k: string | Condition[], f: TableRecord, l?: Limit) =>
      this.update(t, k, f, l),
    );
  }
  removeAsync(...args: AsyncArgs<Parameters<TableCrudService['remove']>, TxRetCode>): void {
    runAsync('removeAsync', args, (t: string, k: string | Condition[], l?: Limit) => this.remove(t, k, l));
  }
  descAsync(...args: AsyncArgs<[tableName: string], Record<string, string>>): void {
    runAsync('descAsync', args, (t: string) => this.desc(t));
  }
}
