// KVTablePrecompiled (0x1009 implementation) behind each KV table's own address (precompiled.md §5.3).

import {
  KV_TABLE_ABI,
  KV_TABLE_SIG,
  TABLE_FIELD_VALUE_MAX_LENGTH,
  TABLE_KEY_MAX_LENGTH,
} from '../../protocol/builtin/tables';
import { CODE_TABLE_KEY_VALUE_LENGTH_OVERFLOW } from '../../protocol/builtin/retcode';
import { dynamicInputSize } from './gas';
import { checkLength, definePrecompiled, PrecompiledError } from './precompiled-base';
import { readRow, readSchema, rowTable, writeRow, type TableSchema } from './table-registry';
import type { Precompiled, TableStore } from './types';
import { asString } from '../../protocol/unknownValues';

export function schemaOrThrow(store: TableStore, path: string): TableSchema {
  const schema = readSchema(store, path);
  if (!schema) throw new PrecompiledError(`${rowTable(path)} does not exist`);
  return schema;
}

export function kvTableAt(address: string, path: string): Precompiled {
  return definePrecompiled({
    address,
    name: 'KVTablePrecompiled',
    abi: KV_TABLE_ABI,
    // The node meters from the whole dynamic-precompiled input ([path], call data).
    meteredInput: (input) => dynamicInputSize(path, input),
    functions: {
      [KV_TABLE_SIG.get]: {
        run: (ctx, a, _abi, gas) => {
          const schema = schemaOrThrow(ctx.store, path);
          const row = readRow(ctx.store, path, schema, asString(a[0]));
          gas.op('Select');
          if (row) gas.updateMem(Buffer.byteLength(row[0] ?? '', 'utf8'));
          return row ? [true, row[0] ?? ''] : [false, ''];
        },
      },
      [KV_TABLE_SIG.set]: {
        write: true,
        run: (ctx, a, _abi, gas) => {
          const [key, value] = [asString(a[0]), asString(a[1])];
          const schema = schemaOrThrow(ctx.store, path);
          if (key.length === 0) throw new PrecompiledError('Table insert entry key is empty');
          checkLength(key, TABLE_KEY_MAX_LENGTH, CODE_TABLE_KEY_VALUE_LENGTH_OVERFLOW);
          checkLength(value, TABLE_FIELD_VALUE_MAX_LENGTH, CODE_TABLE_KEY_VALUE_LENGTH_OVERFLOW);
          const fields = schema.values.map((_, i) => (i === 0 ? value : ''));
          writeRow(ctx.store, path, schema, key, fields.length > 0 ? fields : [value]);
          // As the node: a set drops the input's memory size to 1 before counting the insert.
          gas.setMem(1);
          gas.op('Insert');
          return [1];
        },
      },
    },
  });
}
