// ChainApi KV and CRUD tables over the SDK's KvTableService and TableCrudService.

import { KvTableService } from '../../client/services/kv-table';
import { TableCrudService } from '../../client/services/table-crud';
import { KeyOrder } from '../../protocol/builtin/tables';
import type { Signer, TableCondition, TableRow, TableSchemaInfo, WriteResult } from './chainApi';
import { write, type SdkContext } from './sdkWriteResult';

export class SdkTables {
  constructor(private readonly ctx: SdkContext) {}

  private kv(signer?: Signer): KvTableService {
    return new KvTableService(this.ctx.client, this.ctx.maybeAccount(signer));
  }

  private crud(signer?: Signer): TableCrudService {
    return new TableCrudService(this.ctx.client, this.ctx.maybeAccount(signer));
  }

  // ---- KV tables ----

  kvCreate(signer: Signer, table: string, keyField: string, valueFields: string[]): Promise<WriteResult> {
    return write(() => this.kv(signer).createTable(table, keyField, valueFields));
  }

  kvSet(signer: Signer, table: string, key: string, value: string): Promise<WriteResult> {
    return write(() => this.kv(signer).set(table, key, value));
  }

  kvGet(table: string, key: string): Promise<string | undefined> {
    return this.kv().find(table, key);
  }

  async kvDesc(table: string) {
    const { keyField, valueFields } = await this.kv().schema(table);
    return { keyField, valueFields };
  }

  // ---- CRUD tables ----

  tableCreate(signer: Signer, table: string, keyField: string, valueFields: string[]): Promise<WriteResult> {
    return write(() => this.crud(signer).createTable(table, keyField, valueFields));
  }

  async tableDesc(table: string): Promise<TableSchemaInfo> {
    const crud = this.crud();
    const [schema, desc] = await Promise.all([crud.schema(table), crud.desc(table)]);
    const order = desc.key_order
      ? schema.keyOrder === KeyOrder.Numerical
        ? 'numerical'
        : 'lexicographic'
      : undefined;
    return {
      keyField: schema.keyField,
      valueFields: schema.valueFields,
      ...(order ? { keyOrder: order } : {}),
    };
  }

  tableRow(table: string, key: string): Promise<TableRow | null> {
    return this.crud().select(table, key);
  }

  tableSelect(
    table: string,
    conditions: TableCondition[],
    limit: { offset: number; count: number },
  ): Promise<TableRow[]> {
    return this.crud().select(table, conditions, limit);
  }

  tableCount(table: string, conditions: TableCondition[]): Promise<number> {
    return this.crud().count(table, conditions);
  }

  tableInsert(signer: Signer, table: string, row: TableRow): Promise<WriteResult> {
    return write(() => this.crud(signer).insert(table, row));
  }

  tableUpdate(
    signer: Signer,
    table: string,
    where: string | TableCondition[],
    fields: TableRow,
  ): Promise<WriteResult> {
    return write(() => this.crud(signer).update(table, where, fields));
  }

  tableRemove(signer: Signer, table: string, where: string | TableCondition[]): Promise<WriteResult> {
    return write(() => this.crud(signer).remove(table, where));
  }
}
