// TableManagerPrecompiled at 0x1002 (precompiled.md §5.1-5.2): createTable (both forms),
// createKVTable, openTable, appendColumns, desc, descWithKeyOrder. Parameter errors are
// PrecompiledErrors with the node's texts; "already exists" and "not found" are return codes.

import { ZeroAddress, type Result } from 'ethers';
import { TABLE_MANAGER_ADDRESS, KV_TABLE_ADDRESS, TABLE_ADDRESS } from '../../protocol/builtin/addresses';
import {
  CODE_FILE_ALREADY_EXIST,
  CODE_SUCCESS,
  CODE_TABLE_DUPLICATE_FIELD,
  CODE_TABLE_FIELD_LENGTH_OVERFLOW,
  CODE_TABLE_NAME_ALREADY_EXIST,
  CODE_TABLE_NAME_LENGTH_OVERFLOW,
  CODE_TABLE_NOT_EXIST,
} from '../../protocol/builtin/retcode';
import {
  KeyOrder,
  TABLE_FIELD_NAME_MAX_LENGTH,
  TABLE_MANAGER_ABI,
  TABLE_MANAGER_SIG,
  TABLE_PATH_MAX_LENGTH,
  TABLE_VALUE_FIELDS_MAX_LENGTH,
} from '../../protocol/builtin/tables';
import { toHex, utf8Encode } from '../../protocol/hex';
import { createLink, pathOccupied, readLink } from './bfs-tree';
import { bareAddress, checkLength, definePrecompiled, PrecompiledError } from './precompiled-base';
import {
  readSchema,
  tableAtAddress,
  tablePath,
  writeSchema,
  type TableKind,
  type TableSchema,
} from './table-registry';
import type { PrecompiledContext, TableStore } from './types';
import { asArray, asString, asStrings } from '../../protocol/unknownValues';

const FIELD_CHARS = /^[A-Za-z0-9$_@]+$/;
const TABLE_NAME_CHARS = /^[A-Za-z0-9_/]*$/;

/** The node's checkCreateTableParam + checkNameValidate; returns the trimmed key and value fields. */
export function checkCreateTableParam(
  tableName: string,
  keyField: string,
  valueFields: string | string[],
  keyOrder?: number,
): { key: string; values: string[] } {
  if (keyOrder !== undefined && keyOrder !== 0 && keyOrder !== 1)
    throw new PrecompiledError(`${keyOrder} KeyOrder not exist!`);
  const rawValues = typeof valueFields === 'string' ? valueFields.split(',') : [...valueFields];
  if (keyField.length > TABLE_FIELD_NAME_MAX_LENGTH)
    throw new PrecompiledError(`table field name length overflow ${TABLE_FIELD_NAME_MAX_LENGTH}`);
  const key = keyField.trim();
  const values = rawValues.map((v) => v.trim());
  for (const v of values) {
    if (v.length > TABLE_FIELD_NAME_MAX_LENGTH)
      throw new PrecompiledError(
        `errorCode: ${CODE_TABLE_FIELD_LENGTH_OVERFLOW}table field name length overflow ${TABLE_FIELD_NAME_MAX_LENGTH}`,
      );
  }
  if (!TABLE_NAME_CHARS.test(tableName))
    throw new PrecompiledError(
      `Invalid table name "${tableName}", the table name must be letters or numbers, and only supports "{_, /}" as special character set`,
    );
  checkFieldName(key);
  const seen = new Set<string>();
  for (const v of values) {
    if (seen.has(v)) throw new PrecompiledError(`duplicated field: ${v}`);
    seen.add(v);
    checkFieldName(v);
  }
  if (values.join(',').length > TABLE_VALUE_FIELDS_MAX_LENGTH)
    throw new PrecompiledError(`total table field name length overflow ${TABLE_VALUE_FIELDS_MAX_LENGTH}`);
  if (tablePath(tableName).length > TABLE_PATH_MAX_LENGTH)
    throw new PrecompiledError(
      `errorCode: ${CODE_TABLE_NAME_LENGTH_OVERFLOW} tableName length overflow ${TABLE_PATH_MAX_LENGTH}`,
    );
  return { key, values };
}

function checkFieldName(field: string): void {
  if (field.length === 0 || field.startsWith('_') || !FIELD_CHARS.test(field))
    throw new PrecompiledError(`invalid field: ${field}`);
}

/** A fresh table-contract address: hash of the block, the path and a sequence, first 20 bytes. */
function newTableAddress(ctx: PrecompiledContext, path: string): string {
  for (let seq = 0; ; seq++) {
    const digest = ctx.suite.hash(utf8Encode(`${ctx.blockNumber}_${path}_${seq}`));
    const address = toHex(digest.slice(0, 20), false);
    if (tableAtAddress(ctx.store, address) === undefined) return address;
  }
}

/** Shared by the three create functions once parameters are checked. */
export function createUserTable(
  ctx: PrecompiledContext,
  tableName: string,
  kind: TableKind,
  key: string,
  values: string[],
  keyOrder: KeyOrder,
): number {
  const path = tablePath(tableName);
  if (readSchema(ctx.store, path) !== undefined || pathOccupied(ctx.store, path))
    return CODE_TABLE_NAME_ALREADY_EXIST;
  const address = newTableAddress(ctx, path);
  const code = createLink(ctx.store, path, address, '');
  if (code === CODE_FILE_ALREADY_EXIST) return CODE_TABLE_NAME_ALREADY_EXIST;
  if (code !== CODE_SUCCESS) return code;
  const schema: TableSchema = { kind, keyOrder, key, values, address };
  writeSchema(ctx.store, path, schema);
  return CODE_SUCCESS;
}

/** Marker code the node gives a table contract: "[PRECOMPILED],<impl>,/tables/<name>". */
export function tableContractCode(store: TableStore, address: string): string | undefined {
  const path = tableAtAddress(store, address);
  const schema = path === undefined ? undefined : readSchema(store, path);
  if (!schema) return undefined;
  const impl = schema.kind === 'kv' ? KV_TABLE_ADDRESS : TABLE_ADDRESS;
  return `[PRECOMPILED],${bareAddress(impl)},${path}`;
}

export function openTable(store: TableStore, tableName: string): string {
  const link = readLink(store, tablePath(tableName));
  if (!link || !/^(0x)?[0-9a-fA-F]{40}$/.test(link.address)) return ZeroAddress;
  return '0x' + bareAddress(link.address);
}

export function appendColumns(store: TableStore, tableName: string, columns: string[]): number {
  const path = tablePath(tableName);
  const schema = readSchema(store, path);
  if (!schema) return CODE_TABLE_NOT_EXIST;
  // As the node: only value columns count as duplicates (a column named like the key is accepted).
  const seen = new Set(schema.values);
  for (const c of columns) {
    checkLength(c, TABLE_FIELD_NAME_MAX_LENGTH, CODE_TABLE_FIELD_LENGTH_OVERFLOW);
    if (seen.has(c)) return CODE_TABLE_DUPLICATE_FIELD;
    seen.add(c);
  }
  writeSchema(store, path, { ...schema, values: [...schema.values, ...columns] });
  return CODE_SUCCESS;
}

const str = (args: Result, i: number) => asString(args[i]);

/** Called after a table contract is created (the governance code records its ACL, admin = tx.origin). */
export type TableCreatedHook = (ctx: PrecompiledContext, address: string) => void;

export function createTableManagerPrecompiled(onCreated?: TableCreatedHook) {
  const create = (
    ctx: PrecompiledContext,
    name: string,
    kind: TableKind,
    key: string,
    values: string[],
    order: KeyOrder,
  ) => {
    const code = createUserTable(ctx, name, kind, key, values, order);
    if (code === CODE_SUCCESS) onCreated?.(ctx, openTable(ctx.store, name));
    return code;
  };
  return definePrecompiled({
    address: TABLE_MANAGER_ADDRESS,
    // The node's errors name it "TableManager" ("TableManager call undefined function!").
    name: 'TableManager',
    abi: TABLE_MANAGER_ABI,
    meteredInput: (input) => input.length,
    functions: {
      [TABLE_MANAGER_SIG.createTable]: {
        write: true,
        run: (ctx, a, _abi, gas) => {
          const info = asArray(a[1]);
          const { key, values } = checkCreateTableParam(str(a, 0), asString(info[0]), [
            ...asStrings(info[1]),
          ]);
          // Charged once the parameters pass, even when the table already exists.
          gas.op('CreateTable');
          return [create(ctx, str(a, 0), 'table', key, values, KeyOrder.Lexicographic)];
        },
      },
      [TABLE_MANAGER_SIG.createTableV320]: {
        write: true,
        run: (ctx, a, _abi, gas) => {
          const info = asArray(a[1]);
          const order = Number(info[0]);
          const { key, values } = checkCreateTableParam(
            str(a, 0),
            asString(info[1]),
            asStrings(info[2]),
            order,
          );
          gas.op('CreateTable');
          return [create(ctx, str(a, 0), 'table', key, values, order)];
        },
      },
      [TABLE_MANAGER_SIG.createKVTable]: {
        write: true,
        run: (ctx, a, _abi, gas) => {
          const { key, values } = checkCreateTableParam(str(a, 0), str(a, 1), str(a, 2));
          gas.op('CreateTable');
          return [create(ctx, str(a, 0), 'kv', key, values, KeyOrder.Lexicographic)];
        },
      },
      [TABLE_MANAGER_SIG.openTable]: {
        run: (ctx, a, _abi, gas) => {
          gas.op('OpenTable');
          return [openTable(ctx.store, str(a, 0))];
        },
      },
      [TABLE_MANAGER_SIG.appendColumns]: {
        write: true,
        run: (ctx, a, _abi, gas) => {
          const code = appendColumns(ctx.store, str(a, 0), asStrings(a[1]));
          if (code === CODE_SUCCESS) gas.op('Set');
          return [code];
        },
      },
      [TABLE_MANAGER_SIG.desc]: {
        run: (ctx, a, _abi, gas) => {
          const schema = readSchema(ctx.store, tablePath(str(a, 0)));
          if (schema) gas.op('Select');
          return [schema ? [schema.key, schema.values] : ['', []]];
        },
      },
      [TABLE_MANAGER_SIG.descWithKeyOrder]: {
        run: (ctx, a, _abi, gas) => {
          const schema = readSchema(ctx.store, tablePath(str(a, 0)));
          if (schema) gas.op('Select');
          return [schema ? [schema.keyOrder, schema.key, schema.values] : [0, '', []]];
        },
      },
    },
  });
}
