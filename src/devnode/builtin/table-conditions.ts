// Condition evaluation of Table select/count/update/remove (precompiled.md §5.4): several
// conditions are ANDed; the key compares in the table's key order, value fields as strings
// (byte-wise, as the node's storage conditions do: "9" > "25").

import { ConditionOp, KeyOrder, TABLE_LIMIT_MAX } from '../../protocol/builtin/tables';
import { PrecompiledError } from './precompiled-base';
import { parseInt64, type TableSchema } from './table-registry';

export interface Condition {
  op: number;
  field: string;
  value: string;
}

export interface Limit {
  offset: number;
  count: number;
}

/** Column index: -1 for the key, value index otherwise; throws for unknown fields. */
function columnIndex(schema: TableSchema, field: string): number {
  if (field === schema.key) return -1;
  const i = schema.values.indexOf(field);
  if (i < 0) throw new PrecompiledError('Table condition fields not found');
  return i;
}

/** The wire carries the op as a plain integer; this says whether it names one of the enum's ops. */
function isConditionOp(op: number): op is ConditionOp {
  return Number.isInteger(op) && op >= Number(ConditionOp.GT) && op <= Number(ConditionOp.CONTAINS);
}

export function checkConditions(schema: TableSchema, conditions: Condition[], limit?: Limit): void {
  if (conditions.length === 0) throw new PrecompiledError('Condition is empty');
  if (limit && limit.count > TABLE_LIMIT_MAX) throw new PrecompiledError('Limit overflow.');
  for (const c of conditions) {
    if (!isConditionOp(c.op)) throw new PrecompiledError(`${c.op} ConditionOP not exist!`);
    columnIndex(schema, c.field);
  }
}

function compare(a: string, b: string, numeric: boolean): number {
  if (numeric) {
    const x = parseInt64(a);
    const y = parseInt64(b);
    if (x !== undefined && y !== undefined) return x < y ? -1 : x > y ? 1 : 0;
  }
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

function matches(op: number, actual: string, expected: string, numeric: boolean): boolean {
  if (!isConditionOp(op)) return false;
  switch (op) {
    case ConditionOp.GT:
      return compare(actual, expected, numeric) > 0;
    case ConditionOp.GE:
      return compare(actual, expected, numeric) >= 0;
    case ConditionOp.LT:
      return compare(actual, expected, numeric) < 0;
    case ConditionOp.LE:
      return compare(actual, expected, numeric) <= 0;
    case ConditionOp.EQ:
      return actual === expected;
    case ConditionOp.NE:
      return actual !== expected;
    case ConditionOp.STARTS_WITH:
      return actual.startsWith(expected);
    case ConditionOp.ENDS_WITH:
      return actual.endsWith(expected);
    case ConditionOp.CONTAINS:
      return actual.includes(expected);
    default:
      return false;
  }
}

export function rowMatches(
  schema: TableSchema,
  row: { key: string; fields: string[] },
  conditions: Condition[],
): boolean {
  return conditions.every((c) => {
    const i = columnIndex(schema, c.field);
    if (i < 0) return matches(c.op, row.key, c.value, schema.keyOrder === KeyOrder.Numerical);
    return matches(c.op, row.fields[i] ?? '', c.value, false);
  });
}

/** Matching rows in key order, then the [offset, offset+count) window. */
export function selectRows<R extends { key: string; fields: string[] }>(
  schema: TableSchema,
  rows: R[],
  conditions: Condition[],
  limit?: Limit,
): R[] {
  checkConditions(schema, conditions, limit);
  if (limit && limit.count === 0) return [];
  const hits = rows.filter((r) => rowMatches(schema, r, conditions));
  return limit ? hits.slice(limit.offset, limit.offset + limit.count) : hits;
}
