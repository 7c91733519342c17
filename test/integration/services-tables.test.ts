import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { RevertError } from '../../src/client/errors';
import { BfsService } from '../../src/client/services/bfs';
import { KeyNotFoundError, KvTableService } from '../../src/client/services/kv-table';
import { TableCrudService } from '../../src/client/services/table-crud';
import { TableNotFoundError } from '../../src/client/services/table-base';
import {
  CODE_INSERT_KEY_EXIST,
  CODE_TABLE_NAME_ALREADY_EXIST,
  CODE_UPDATE_KEY_NOT_EXIST,
} from '../../src/protocol/builtin/retcode';
import { FIELD_NAME, KEY_NAME, KeyOrder } from '../../src/protocol/builtin/tables';
import { CHAINS, useDevnode } from './services-fixture';

for (const chain of CHAINS) {
  describe(`table services against a ${chain.name} devnode`, () => {
    const fx = useDevnode({ sm: chain.sm, auth: true });

    test('KV table round trip, including a missing key', async () => {
      const kv = new KvTableService(fx.client, fx.user);
      assert.deepEqual(await kv.createTable('t_kv', 'id', ['value']).then((r) => [r.code, r.msg]), [
        0,
        'Success',
      ]);
      assert.equal((await kv.createTable('t_kv', 'id', 'value')).code, CODE_TABLE_NAME_ALREADY_EXIST);
      const set = await kv.set('t_kv', 'alice', 'v1');
      assert.deepEqual([set.code, set.msg], [1, 'Success']);
      assert.equal((await kv.set('t_kv', 'bob', { value: 'v2' })).code, 1);
      assert.equal(await kv.get('t_kv', 'alice'), 'v1');
      assert.equal(await kv.get('t_kv', 'bob'), 'v2');
      await assert.rejects(kv.get('t_kv', 'carol'), KeyNotFoundError);
      assert.equal(await kv.find('t_kv', 'carol'), undefined);
      assert.deepEqual(await kv.desc('t_kv'), { [KEY_NAME]: 'id', [FIELD_NAME]: 'value' });
      assert.deepEqual(await kv.desc('t_kv'), { key_field: 'id', value_field: 'value' });
      await assert.rejects(kv.get('missing', 'k'), TableNotFoundError);
      await assert.rejects(kv.set('t_kv', '', 'v'), /key must be a non-empty string/);
      const viaCallback = await new Promise<number>((resolve, reject) =>
        kv.asyncSet('t_kv', 'alice', 'v3', (e, r) => (e ? reject(e) : resolve(r!.code))),
      );
      assert.equal(viaCallback, 1);
      assert.equal(await kv.get('t_kv', 'alice'), 'v3');
      const tables = await new BfsService(fx.client, fx.user).list('/tables');
      assert.deepEqual(
        tables.map((e) => [e.fileName, e.fileType]),
        [['t_kv', 'link']],
      );
    });

    test("a table contract reports the node's marker as its code", async () => {
      const kv = new KvTableService(fx.client, fx.user);
      assert.equal((await kv.createTable('t_code', 'id', 'value')).code, 0);
      const [link] = (await new BfsService(fx.client, fx.user).list('/tables/t_code')).map((e) => e.address);
      assert.ok(link && /^0x[0-9a-f]{40}$/i.test(link), `link address ${link}`);
      const code = await fx.client.getCode(link);
      const marker = Buffer.from(code.slice(2), 'hex').toString('utf8');
      assert.equal(marker, '[PRECOMPILED],' + '0'.repeat(36) + '1009,/tables/t_code');
      // The fixed built-ins keep answering "" as before.
      assert.equal(await fx.client.getCode('0x' + '0'.repeat(36) + '1002'), '');
    });

    test('table creation errors come back decoded', async () => {
      const kv = new KvTableService(fx.client, fx.user);
      await assert.rejects(
        kv.createTable('bad', '_id', 'v'),
        (e: unknown) => e instanceof RevertError && e.reason === 'invalid field: _id',
      );
      await assert.rejects(kv.createTable('x'.repeat(43), 'id', 'v'), /tableName length overflow 50/);
    });

    test('CRUD table with conditions', async () => {
      const crud = new TableCrudService(fx.client, fx.user);
      assert.equal((await crud.createTable('people', 'name', ['age', 'city'])).code, 0);
      for (const [name, age, city] of [
        ['alice', '30', 'paris'],
        ['bob', '25', 'rome'],
        ['carol', '41', 'paris'],
      ])
        assert.equal((await crud.insert('people', { name, age, city })).code, 1);
      assert.equal((await crud.insert('people', { name: 'bob', age: '1' })).code, CODE_INSERT_KEY_EXIST);
      assert.deepEqual(await crud.select('people', 'bob'), { name: 'bob', age: '25', city: 'rome' });
      assert.equal(await crud.select('people', 'zed'), null);
      const paris = await crud.select('people', [{ field: 'city', op: 'eq', value: 'paris' }]);
      assert.deepEqual(
        paris.map((r) => r.name),
        ['alice', 'carol'],
      );
      const older = await crud.select('people', [
        { field: 'age', op: 'gt', value: '26' },
        { field: 'name', op: 'ne', value: 'carol' },
      ]);
      assert.deepEqual(
        older.map((r) => r.name),
        ['alice'],
      );
      assert.deepEqual(
        (await crud.select('people', [{ field: 'name', op: 'ge', value: 'a' }], { offset: 1, count: 1 })).map(
          (r) => r.name,
        ),
        ['bob'],
      );
      assert.equal(await crud.count('people', [{ field: 'city', op: 'contains', value: 'r' }]), 3);
      assert.equal((await crud.update('people', 'bob', { city: 'milan' })).code, 1);
      assert.equal((await crud.update('people', 'zed', { city: 'x' })).code, CODE_UPDATE_KEY_NOT_EXIST);
      assert.equal(
        (await crud.update('people', [{ field: 'city', op: 'eq', value: 'paris' }], { age: '50' })).code,
        2,
      );
      assert.equal((await crud.remove('people', [{ field: 'age', op: 'eq', value: '50' }])).code, 2);
      assert.equal((await crud.remove('people', 'bob')).code, 1);
      assert.equal(await crud.count('people', [{ field: 'name', op: 'ge', value: '' }]), 0);
      await assert.rejects(
        crud.select('people', [{ field: 'zip', op: 'eq', value: '1' }]),
        /no column "zip"/,
      );
      await assert.rejects(
        crud.update('people', 'alice', { name: 'x' }),
        /key column "name" cannot be updated/,
      );
      assert.deepEqual(await crud.desc('people'), {
        key_field: 'name',
        value_field: 'age,city',
        key_order: 'Lexicographic',
      });
      assert.equal((await crud.createTable('nums', 'id', ['v'], KeyOrder.Numerical)).code, 0);
      for (const id of ['10', '9', '100']) await crud.insert('nums', { id, v: 'x' });
      assert.deepEqual(
        (await crud.select('nums', [{ field: 'id', op: 'gt', value: '0' }])).map((r) => r.id),
        ['9', '10', '100'],
      );
    });
  });
}
