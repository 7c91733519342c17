// TableManager (0x1002), KVTable (0x1009 target) and Table/CRUD (0x1001 target): ABIs, limits and
// names (precompiled.md §5). Tables are opened with openTable; KV/CRUD functions are then called on
// the returned per-table address.

export { TABLE_MANAGER_ADDRESS, KV_TABLE_ADDRESS, TABLE_ADDRESS } from './addresses';

const TABLE_INFO = 'tuple(string keyColumn, string[] valueColumns)';
const TABLE_INFO_V320 = 'tuple(uint8 keyOrder, string keyColumn, string[] valueColumns)';
const ENTRY = 'tuple(string key, string[] fields)';
const CONDITION = 'tuple(uint8 op, string field, string value)';
const LEGACY_CONDITION = 'tuple(uint8 op, string value)';
const LIMIT = 'tuple(uint32 offset, uint32 count)';
const UPDATE_FIELD = 'tuple(string columnName, string value)';

export const TABLE_MANAGER_ABI: readonly string[] = [
  `function createTable(string path, ${TABLE_INFO} tableInfo) returns (int32)`,
  `function createTable(string path, ${TABLE_INFO_V320} tableInfo) returns (int32)`,
  'function createKVTable(string tableName, string keyField, string valueField) returns (int32)',
  'function openTable(string path) view returns (address)',
  'function appendColumns(string path, string[] newColumns) returns (int32)',
  `function desc(string tableName) view returns (${TABLE_INFO})`,
  `function descWithKeyOrder(string tableName) view returns (${TABLE_INFO_V320})`,
];

export const TABLE_MANAGER_SIG = {
  createTable: 'createTable(string,(string,string[]))',
  createTableV320: 'createTable(string,(uint8,string,string[]))',
  createKVTable: 'createKVTable(string,string,string)',
  openTable: 'openTable(string)',
  appendColumns: 'appendColumns(string,string[])',
  desc: 'desc(string)',
  descWithKeyOrder: 'descWithKeyOrder(string)',
} as const;

export const KV_TABLE_ABI: readonly string[] = [
  'function get(string key) view returns (bool, string)',
  'function set(string key, string value) returns (int32)',
];

export const KV_TABLE_SIG = { get: 'get(string)', set: 'set(string,string)' } as const;

export const TABLE_ABI: readonly string[] = [
  `function select(string key) view returns (${ENTRY})`,
  `function select(${CONDITION}[] conditions, ${LIMIT} limit) view returns (${ENTRY}[])`,
  `function count(${CONDITION}[] conditions) view returns (uint32)`,
  `function insert(${ENTRY} entry) returns (int32)`,
  `function update(string key, ${UPDATE_FIELD}[] updateFields) returns (int32)`,
  `function update(${CONDITION}[] conditions, ${LIMIT} limit, ${UPDATE_FIELD}[] updateFields) returns (int32)`,
  'function remove(string key) returns (int32)',
  `function remove(${CONDITION}[] conditions, ${LIMIT} limit) returns (int32)`,
  // 3.0/3.1 forms with key-only conditions (ops 0-3).
  `function select(${LEGACY_CONDITION}[] keyConditions, ${LIMIT} limit) view returns (${ENTRY}[])`,
  `function count(${LEGACY_CONDITION}[] keyConditions) view returns (uint32)`,
  `function update(${LEGACY_CONDITION}[] keyConditions, ${LIMIT} limit, ${UPDATE_FIELD}[] updateFields) returns (int32)`,
  `function remove(${LEGACY_CONDITION}[] keyConditions, ${LIMIT} limit) returns (int32)`,
];

export const TABLE_SIG = {
  selectByKey: 'select(string)',
  select: 'select((uint8,string,string)[],(uint32,uint32))',
  count: 'count((uint8,string,string)[])',
  insert: 'insert((string,string[]))',
  updateByKey: 'update(string,(string,string)[])',
  update: 'update((uint8,string,string)[],(uint32,uint32),(string,string)[])',
  removeByKey: 'remove(string)',
  remove: 'remove((uint8,string,string)[],(uint32,uint32))',
  legacySelect: 'select((uint8,string)[],(uint32,uint32))',
  legacyCount: 'count((uint8,string)[])',
  legacyUpdate: 'update((uint8,string)[],(uint32,uint32),(string,string)[])',
  legacyRemove: 'remove((uint8,string)[],(uint32,uint32))',
} as const;

/** Condition operators of Condition(v3.2). */
export enum ConditionOp {
  GT = 0,
  GE = 1,
  LT = 2,
  LE = 3,
  EQ = 4,
  NE = 5,
  STARTS_WITH = 6,
  ENDS_WITH = 7,
  CONTAINS = 8,
}

export enum KeyOrder {
  Lexicographic = 0,
  Numerical = 1,
}

export const USER_TABLE_PREFIX = '/tables/';
/** Storage table holding a user table's rows: `u_/tables/<name>`. */
export const USER_TABLE_STORAGE_PREFIX = 'u_';
/** Whole `/tables/<name>` path length limit. */
export const TABLE_PATH_MAX_LENGTH = 50;
export const TABLE_FIELD_NAME_MAX_LENGTH = 64;
/** Joined value-field list limit. */
export const TABLE_VALUE_FIELDS_MAX_LENGTH = 1024;
export const TABLE_KEY_MAX_LENGTH = 255;
export const TABLE_FIELD_VALUE_MAX_LENGTH = 16 * 1024 * 1024 - 1;
/** Largest `limit.count` of a condition query. */
export const TABLE_LIMIT_MAX = 500;
/** Schema prefix for key-ordered (v3.2) tables. */
export const TABLE_INFO_V320_PREFIX = '__v320_table_info__';

// Java SDK PrecompiledConstant names: the map keys of KVTableService/TableCRUDService.desc.
export const KEY_FIELD_NAME = 'key_field';
export const VALUE_FIELD_NAME = 'value_field';
export const KEY_ORDER = 'key_order';
/** Aliases under the names the SDK docs use (PrecompiledConstant.KEY_NAME / FIELD_NAME). */
export const KEY_NAME = KEY_FIELD_NAME;
export const FIELD_NAME = VALUE_FIELD_NAME;

/** Marker code of a table contract: "[PRECOMPILED],<impl address, no 0x>,/tables/<name>". */
export const PRECOMPILED_CODE_PREFIX = '[PRECOMPILED]';

export interface TableEntry {
  key: string;
  fields: string[];
}
export interface TableCondition {
  op: ConditionOp;
  field: string;
  value: string;
}
export interface TableLimit {
  offset: number;
  count: number;
}
export interface UpdateField {
  columnName: string;
  value: string;
}
