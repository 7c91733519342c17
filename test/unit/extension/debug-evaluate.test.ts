// Hover and watch expressions over decoded variables: paths parse, look up locals before state,
// and match mapping keys typed in another notation; anything else is refused (no code runs).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lookupPath, parsePath } from '../../../src/extension/debug/variables/evaluate';
import type { NamedShown } from '../../../src/extension/debug/variables/values';

const locals: NamedShown[] = [{ name: 'count', value: '1', type: 'uint256' }];
const state: NamedShown[] = [
  { name: 'count', value: '9', type: 'uint256' },
  {
    name: 'items',
    value: 'mapping',
    type: 'mapping(uint256 => struct C.Item)',
    children: [
      {
        name: '[12]',
        value: 'Item',
        type: 'struct C.Item',
        children: [{ name: 'owner', value: '0xab', type: 'address' }],
      },
    ],
  },
  {
    name: 'named',
    value: 'mapping',
    type: 'mapping(string => uint256)',
    children: [{ name: '["a]b"]', value: '3', type: 'uint256' }],
  },
];

test('paths parse into a name and accessors; other expressions do not', () => {
  assert.deepEqual(parsePath(' items[12].owner '), ['items', '[12]', '.owner']);
  assert.deepEqual(parsePath('named["a]b"]'), ['named', '["a]b"]']);
  assert.equal(parsePath('count + 1'), undefined);
  assert.equal(parsePath('f()'), undefined);
  assert.equal(parsePath('1'), undefined);
});

test('lookup prefers locals, follows members and indexes, and matches keys by value', () => {
  assert.equal(lookupPath(parsePath('count')!, [locals, state])?.value, '1');
  assert.equal(lookupPath(parsePath('items[12].owner')!, [locals, state])?.value, '0xab');
  assert.equal(lookupPath(parsePath('items[0xc].owner')!, [locals, state])?.value, '0xab');
  assert.equal(lookupPath(parsePath('named["a]b"]')!, [locals, state])?.value, '3');
  assert.equal(lookupPath(parsePath('items[13]')!, [locals, state]), undefined);
  assert.equal(lookupPath(parsePath('missing')!, [locals, state]), undefined);
});
