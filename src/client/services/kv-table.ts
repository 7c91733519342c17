// KvTableService: key-value tables (TableManager.createKVTable at 0x1002, then get/set on the
// table's own contract), as the Java SDK's KVTableService offers them.

import {
  KEY_FIELD_NAME,
  KV_TABLE_ABI,
  KV_TABLE_SIG,
  TABLE_KEY_MAX_LENGTH,
  TABLE_MANAGER_ABI,
  TABLE_MANAGER_SIG,
  VALUE_FIELD_NAME,
} from '../../protocol/builtin/tables';
import { TABLE_MANAGER_ADDRESS } from '../../protocol/builtin/addresses';
import { OVER_TABLE_KEY_LENGTH_LIMIT } from '../../protocol/builtin/retcode';
import { runAsync, type AsyncArgs, type Callback } from '../callback';
import { requireText, type TxRetCode } from './builtin-service';
import { asString } from '../../protocol/unknownValues';
import { TableServiceBase } from './table-base';

export class KeyNotFoundError extends Error {
  constructor(
    readonly tableName: string,
    readonly key: string,
  ) {
    super(`Key "${key}" not found in table "${tableName}"`);
    this.name = 'KeyNotFoundError';
  }
}

function checkKey(op: string, key: unknown): string {
  const text = requireText(op, 'key', key);
  if (Buffer.byteLength(text, 'utf8') > TABLE_KEY_MAX_LENGTH)
    throw new RangeError(`${op}: ${OVER_TABLE_KEY_LENGTH_LIMIT}`);
  return text;
}

export class KvTableService extends TableServiceBase {
  /** Creates /tables/<tableName> with a key column and value column(s). */
  async createTable(
    tableName: string,
    keyFieldName: string,
    valueFields: string | string[],
  ): Promise<TxRetCode> {
    requireText('createTable', 'tableName', tableName);
    requireText('createTable', 'keyFieldName', keyFieldName);
    const values = Array.isArray(valueFields) ? valueFields.join(',') : valueFields;
    requireText('createTable', 'valueFields', values);
    return this.transactForRetCode(
      TABLE_MANAGER_ADDRESS,
      TABLE_MANAGER_ABI,
      TABLE_MANAGER_SIG.createKVTable,
      [tableName, keyFieldName, values],
    );
  }

  /**
   * Writes `value` under `key` (insert or overwrite). `value` may also be a record keyed by the
   * table's value field name. Code 1 (one row written) is success.
   */
  async set(tableName: string, key: string, value: string | Record<string, string>): Promise<TxRetCode> {
    checkKey('set', key);
    const address = await this.tableAddress('set', tableName);
    let text: string;
    if (typeof value === 'string') text = value;
    else if (value !== null && typeof value === 'object') {
      const { valueFields } = await this.schema(tableName);
      const field = valueFields[0];
      if (!(field in value))
        throw new TypeError(`set: the record has no "${field}" field (the value field of ${tableName})`);
      text = String(value[field]);
    } else throw new TypeError('set: value must be a string or a record');
    return this.transactForRetCode(address, KV_TABLE_ABI, KV_TABLE_SIG.set, [key, text]);
  }

  /** The value stored under `key`; rejects with KeyNotFoundError when there is none. */
  async get(tableName: string, key: string): Promise<string> {
    const found = await this.find(tableName, key);
    if (found === undefined) throw new KeyNotFoundError(tableName, key);
    return found;
  }

  /** The value stored under `key`, or undefined. */
  async find(tableName: string, key: string): Promise<string | undefined> {
    checkKey('get', key);
    const address = await this.tableAddress('get', tableName);
    const [found, value] = await this.query(address, KV_TABLE_ABI, KV_TABLE_SIG.get, [key]);
    return found ? asString(value) : undefined;
  }

  /** KVTableService.desc: { key_field, value_field }. */
  override async desc(tableName: string): Promise<Record<string, string>> {
    const schema = await this.schema(tableName);
    return { [KEY_FIELD_NAME]: schema.keyField, [VALUE_FIELD_NAME]: schema.valueFields.join(',') };
  }

  /** set with a callback that runs once the receipt arrives (Java SDK asyncSet). */
  asyncSet(
    tableName: string,
    key: string,
    value: string | Record<string, string>,
    callback: Callback<TxRetCode>,
  ): void {
    runAsync('asyncSet', [tableName, key, value, callback], (t: string, k: string, v: string) =>
      this.set(t, k, v),
    );
  }

  createTableAsync(...args: AsyncArgs<Parameters<KvTableService['createTable']>, TxRetCode>): void {
    runAsync('createTableAsync', args, (t: string, k: string, v: string | string[]) =>
      this.createTable(t, k, v),
    );
  }
  setAsync(...args: AsyncArgs<Parameters<KvTableService['set']>, TxRetCode>): void {
    runAsync('setAsync', args, (t: string, k: string, v: string) => this.set(t, k, v));
  }
  getAsync(...args: AsyncArgs<Parameters<KvTableService['get']>, string>): void {
    runAsync('getAsync', args, (t: string, k: string) => this.get(t, k));
  }
  findAsync(...args: AsyncArgs<Parameters<KvTableService['find']>, string | undefined>): void {
    runAsync('findAsync', args, (t: string, k: string) => this.find(t, k));
  }
  descAsync(...args: AsyncArgs<[tableName: string], Record<string, string>>): void {
    runAsync('descAsync', args, (t: string) => this.desc(t));
  }
}
