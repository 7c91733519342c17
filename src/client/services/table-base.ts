// Shared by the KV and CRUD table services: resolving a table name to its contract address
// (TableManager.openTable, cached) and reading its schema (desc / descWithKeyOrder).

import { ZeroAddress } from 'ethers';
import { TABLE_MANAGER_ADDRESS } from '../../protocol/builtin/addresses';
import {
  KEY_FIELD_NAME,
  KEY_ORDER,
  KeyOrder,
  TABLE_MANAGER_ABI,
  TABLE_MANAGER_SIG,
  VALUE_FIELD_NAME,
} from '../../protocol/builtin/tables';
import { BuiltinService, requireText } from './builtin-service';
import { asArray, asString, asStrings } from '../../protocol/unknownValues';

/** Chains before 3.2 lack key orders and value-field conditions. */
export const VERSION_3_2 = 0x03020000;

export interface TableSchema {
  keyOrder: KeyOrder;
  keyField: string;
  valueFields: string[];
}

export class TableNotFoundError extends Error {
  constructor(readonly tableName: string) {
    super(`Table "${tableName}" does not exist; create it first`);
    this.name = 'TableNotFoundError';
  }
}

export abstract class TableServiceBase extends BuiltinService {
  private readonly addresses = new Map<string, string>();

  protected async supportsV320(): Promise<boolean> {
    const { compatibilityVersion } = await this.chain();
    return compatibilityVersion === 0 || compatibilityVersion >= VERSION_3_2;
  }

  /** Address of the table's contract; rejects with TableNotFoundError when there is none. */
  protected async tableAddress(op: string, tableName: string): Promise<string> {
    requireText(op, 'tableName', tableName);
    const cached = this.addresses.get(tableName);
    if (cached) return cached;
    const [address] = await this.query(
      TABLE_MANAGER_ADDRESS,
      TABLE_MANAGER_ABI,
      TABLE_MANAGER_SIG.openTable,
      [tableName],
    );
    if (String(address) === ZeroAddress) throw new TableNotFoundError(tableName);
    const addr = String(address).toLowerCase();
    this.addresses.set(tableName, addr);
    return addr;
  }

  /** Key and value columns (and key order on ≥ 3.2); rejects with TableNotFoundError for an unknown table. */
  async schema(tableName: string): Promise<TableSchema> {
    requireText('desc', 'tableName', tableName);
    let schema: TableSchema;
    if (await this.supportsV320()) {
      const [infoRaw] = await this.query(
        TABLE_MANAGER_ADDRESS,
        TABLE_MANAGER_ABI,
        TABLE_MANAGER_SIG.descWithKeyOrder,
        [tableName],
      );
      const info = asArray(infoRaw);
      schema = {
        keyOrder: Number(info[0]),
        keyField: asString(info[1]),
        valueFields: asStrings(info[2]),
      };
    } else {
      const [infoRaw] = await this.query(TABLE_MANAGER_ADDRESS, TABLE_MANAGER_ABI, TABLE_MANAGER_SIG.desc, [
        tableName,
      ]);
      const info = asArray(infoRaw);
      schema = {
        keyOrder: KeyOrder.Lexicographic,
        keyField: asString(info[0]),
        valueFields: asStrings(info[1]),
      };
    }
    if (schema.keyField === '') throw new TableNotFoundError(tableName);
    return schema;
  }

  /** desc as the Java SDK maps it: key_field, value_field (comma-joined) and, on ≥ 3.2, key_order. */
  async desc(tableName: string): Promise<Record<string, string>> {
    const schema = await this.schema(tableName);
    const out: Record<string, string> = {
      [KEY_FIELD_NAME]: schema.keyField,
      [VALUE_FIELD_NAME]: schema.valueFields.join(','),
    };
    if (await this.supportsV320())
      out[KEY_ORDER] = schema.keyOrder === KeyOrder.Numerical ? 'Numerical' : 'Lexicographic';
    return out;
  }
}
