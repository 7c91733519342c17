import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Result } from 'ethers';
import { BFS_ADDRESS, TABLE_MANAGER_ADDRESS } from '../../../src/protocol/builtin/addresses';
import { BFS_ABI, BFS_SIG } from '../../../src/protocol/builtin/bfs';
import {
  CODE_INSERT_KEY_EXIST,
  CODE_REMOVE_KEY_NOT_EXIST,
  CODE_TABLE_DUPLICATE_FIELD,
  CODE_TABLE_NAME_ALREADY_EXIST,
  CODE_TABLE_NOT_EXIST,
  CODE_UPDATE_KEY_NOT_EXIST,
} from '../../../src/protocol/builtin/retcode';
import {
  ConditionOp,
  KV_TABLE_ABI,
  TABLE_ABI,
  TABLE_MANAGER_ABI,
  TABLE_MANAGER_SIG,
  TABLE_SIG,
} from '../../../src/protocol/builtin/tables';
import { tableContractCode } from '../../../src/devnode/builtin/index';
import { harness, type Harness } from './harness';

const tm = (h: Harness, sig: string, args: unknown[]) =>
  h.call(TABLE_MANAGER_ADDRESS, TABLE_MANAGER_ABI, sig, args);
const ret = (r: { out: Result | undefined; status: number; reason?: string }) => {
  assert.equal(r.status, 0, r.reason);
  return Number(r.out![0]);
};
const open = async (h: Harness, name: string) =>
  (await tm(h, TABLE_MANAGER_SIG.openTable, [name])).out![0] as string;

test('KV table: create, set, get (missing key), desc, BFS link', async () => {
  const h = await harness();
  assert.equal(ret(await tm(h, TABLE_MANAGER_SIG.createKVTable, ['kv1', 'id', 'value'])), 0);
  assert.equal(
    ret(await tm(h, TABLE_MANAGER_SIG.createKVTable, ['kv1', 'id', 'value'])),
    CODE_TABLE_NAME_ALREADY_EXIST,
  );
  const addr = await open(h, 'kv1');
  assert.notEqual(addr, '0x0000000000000000000000000000000000000000');
  assert.equal(await open(h, '/tables/kv1'), addr);
  assert.equal(await open(h, 'missing'), '0x0000000000000000000000000000000000000000');
  assert.equal(ret(await h.call(addr, KV_TABLE_ABI, 'set(string,string)', ['k1', 'v1'])), 1);
  const got = await h.call(addr, KV_TABLE_ABI, 'get(string)', ['k1']);
  assert.deepEqual([...got.out!], [true, 'v1']);
  const missing = await h.call(addr, KV_TABLE_ABI, 'get(string)', ['nope']);
  assert.deepEqual([...missing.out!], [false, '']);
  const empty = await h.call(addr, KV_TABLE_ABI, 'set(string,string)', ['', 'v']);
  assert.equal(empty.reason, 'Table insert entry key is empty');
  const desc = (await tm(h, TABLE_MANAGER_SIG.desc, ['kv1'])).out![0];
  assert.deepEqual([desc[0], [...desc[1]]], ['id', ['value']]);
  const none = (await tm(h, TABLE_MANAGER_SIG.desc, ['nope'])).out![0];
  assert.deepEqual([none[0], [...none[1]]], ['', []]);
  const listed = await h.call(BFS_ADDRESS, BFS_ABI, BFS_SIG.list, ['/tables']);
  assert.deepEqual(
    [...listed.out![1]].map((e: Result) => [e[0], e[1]]),
    [['kv1', 'link']],
  );
  assert.equal(
    tableContractCode(h.store, addr),
    `[PRECOMPILED],0000000000000000000000000000000000001009,/tables/kv1`,
  );
});

test('creation parameter errors are PrecompiledErrors; length limit 50', async () => {
  const h = await harness();
  const err = async (args: unknown[], sig: string = TABLE_MANAGER_SIG.createKVTable) =>
    (await tm(h, sig, args)).reason;
  assert.equal(await err(['t', '_id', 'v']), 'invalid field: _id');
  assert.equal(await err(['t', 'id', 'a,a']), 'duplicated field: a');
  assert.equal(await err(['t', 'id', 'a-b']), 'invalid field: a-b');
  assert.match((await err(['bad-name', 'id', 'v']))!, /^Invalid table name "bad-name"/);
  assert.equal(await err(['x'.repeat(43), 'id', 'v']), 'errorCode: -50002 tableName length overflow 50');
  assert.equal(ret(await tm(h, TABLE_MANAGER_SIG.createKVTable, ['x'.repeat(42), 'id', 'v'])), 0);
  assert.equal(
    await err(['t', 'id', 'k'.repeat(65)]),
    'errorCode: -50003table field name length overflow 64',
  );
  assert.equal(
    await err(['t', [2, 'id', ['v']]], TABLE_MANAGER_SIG.createTableV320),
    '2 KeyOrder not exist!',
  );
  assert.equal(
    (await tm(h, TABLE_MANAGER_SIG.openTable, ['t'])).out![0],
    '0x0000000000000000000000000000000000000000',
  );
});

test('CRUD table: insert, select by key and conditions, count, update, remove, append columns', async () => {
  const h = await harness();
  assert.equal(ret(await tm(h, TABLE_MANAGER_SIG.createTable, ['people', ['name', ['age', 'city']]])), 0);
  const t = await open(h, 'people');
  const call = (sig: string, args: unknown[]) => h.call(t, TABLE_ABI, sig, args);
  for (const [k, age, city] of [
    ['alice', '30', 'paris'],
    ['bob', '25', 'rome'],
    ['carol', '41', 'paris'],
    ['dave', '9', 'oslo'],
  ])
    assert.equal(ret(await call(TABLE_SIG.insert, [[k, [age, city]]])), 1);
  assert.equal(ret(await call(TABLE_SIG.insert, [['bob', ['1', 'x']]])), CODE_INSERT_KEY_EXIST);
  assert.equal(
    (await call(TABLE_SIG.insert, [['eve', ['1']]])).reason,
    'Table insert entry fields number mismatch',
  );
  const byKey = (await call(TABLE_SIG.selectByKey, ['bob'])).out![0];
  assert.deepEqual([byKey[0], [...byKey[1]]], ['bob', ['25', 'rome']]);
  const none = (await call(TABLE_SIG.selectByKey, ['zed'])).out![0];
  assert.deepEqual([none[0], [...none[1]]], ['', []]);
  const keys = async (conds: [number, string, string][], offset = 0, count = 500) =>
    [...(await call(TABLE_SIG.select, [conds, [offset, count]])).out![0]].map((e: Result) => e[0]);
  assert.deepEqual(await keys([[ConditionOp.EQ, 'city', 'paris']]), ['alice', 'carol']);
  assert.deepEqual(
    await keys([
      [ConditionOp.GT, 'age', '20'],
      [ConditionOp.NE, 'city', 'paris'],
    ]),
    ['bob', 'dave'],
  );
  assert.deepEqual(
    await keys([
      [ConditionOp.GE, 'name', 'bob'],
      [ConditionOp.LT, 'name', 'dave'],
    ]),
    ['bob', 'carol'],
  );
  assert.deepEqual(await keys([[ConditionOp.STARTS_WITH, 'name', 'c']]), ['carol']);
  assert.deepEqual(await keys([[ConditionOp.CONTAINS, 'city', 'o']]), ['bob', 'dave']);
  assert.deepEqual(await keys([[ConditionOp.ENDS_WITH, 'city', 's']]), ['alice', 'carol']);
  assert.deepEqual(
    await keys([[ConditionOp.LE, 'age', '25']]),
    ['bob'],
    'values compare as strings: "9" > "25"',
  );
  assert.deepEqual(await keys([[ConditionOp.GE, 'name', 'a']], 1, 2), ['bob', 'carol']);
  assert.equal((await call(TABLE_SIG.select, [[], [0, 10]])).reason, 'Condition is empty');
  assert.equal((await call(TABLE_SIG.select, [[[4, 'name', 'a']], [0, 501]])).reason, 'Limit overflow.');
  assert.equal(
    (await call(TABLE_SIG.select, [[[4, 'zip', 'a']], [0, 1]])).reason,
    'Table condition fields not found',
  );
  assert.equal(
    (await call(TABLE_SIG.select, [[[9, 'name', 'a']], [0, 1]])).reason,
    '9 ConditionOP not exist!',
  );
  assert.equal(ret(await call(TABLE_SIG.count, [[[ConditionOp.EQ, 'city', 'paris']]])), 2);
  assert.equal(ret(await call(TABLE_SIG.updateByKey, ['bob', [['city', 'milan']]])), 1);
  assert.equal(ret(await call(TABLE_SIG.updateByKey, ['zed', [['city', 'x']]])), CODE_UPDATE_KEY_NOT_EXIST);
  assert.equal(
    (await call(TABLE_SIG.updateByKey, ['bob', [['name', 'x']]])).reason,
    'Table update fields cannot contains key field',
  );
  assert.equal(
    ret(await call(TABLE_SIG.update, [[[ConditionOp.EQ, 'city', 'paris']], [0, 500], [['age', '50']]])),
    2,
  );
  assert.equal(ret(await call(TABLE_SIG.count, [[[ConditionOp.EQ, 'age', '50']]])), 2);
  assert.equal(ret(await call(TABLE_SIG.removeByKey, ['dave'])), 1);
  assert.equal(ret(await call(TABLE_SIG.removeByKey, ['dave'])), CODE_REMOVE_KEY_NOT_EXIST);
  assert.equal(ret(await call(TABLE_SIG.remove, [[[ConditionOp.EQ, 'age', '50']], [0, 1]])), 1);
  assert.deepEqual(await keys([[ConditionOp.GE, 'name', '']]), ['bob', 'carol']);
  assert.equal(ret(await tm(h, TABLE_MANAGER_SIG.appendColumns, ['people', ['zip']])), 0);
  assert.equal(
    ret(await tm(h, TABLE_MANAGER_SIG.appendColumns, ['people', ['zip']])),
    CODE_TABLE_DUPLICATE_FIELD,
  );
  assert.equal(ret(await tm(h, TABLE_MANAGER_SIG.appendColumns, ['nope', ['zip']])), CODE_TABLE_NOT_EXIST);
  const row = (await call(TABLE_SIG.selectByKey, ['bob'])).out![0];
  assert.deepEqual([...row[1]], ['25', 'milan']);
});

test('numerical key order sorts keys as numbers', async () => {
  const h = await harness();
  assert.equal(ret(await tm(h, TABLE_MANAGER_SIG.createTableV320, ['nums', [1, 'id', ['v']]])), 0);
  const t = await open(h, 'nums');
  for (const k of ['10', '-3', '2', '100'])
    assert.equal(ret(await h.call(t, TABLE_ABI, TABLE_SIG.insert, [[k, ['x']]])), 1);
  assert.equal(
    (await h.call(t, TABLE_ABI, TABLE_SIG.insert, [['01', ['x']]])).reason,
    'The key cannot be converted to a number(int64)',
  );
  const sel = await h.call(t, TABLE_ABI, TABLE_SIG.select, [[[ConditionOp.GT, 'id', '-5']], [0, 10]]);
  assert.deepEqual(
    [...sel.out![0]].map((e: Result) => e[0]),
    ['-3', '2', '10', '100'],
  );
  const d = (await tm(h, TABLE_MANAGER_SIG.descWithKeyOrder, ['nums'])).out![0];
  assert.equal(Number(d[0]), 1);
});
