// Call files (*.call.json): the validator's messages, checked against an ABI in the file, and JSON syntax errors.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isCallFileName, parseCallFile, validateCallFile } from '../../../src/extension/callFiles/callFile';
import { compileCallFileContracts } from './callFiles-fixture';

const ADDR = '0x' + '1'.repeat(40);
const guardedAbi = compileCallFileContracts().guarded.abi;

describe('call file validation', () => {
  it('accepts a minimal call and fills in the defaults', () => {
    const r = validateCallFile({ address: ADDR, method: 'count' });
    assert.deepEqual(r, { ok: true, spec: { address: ADDR, method: 'count', args: [], send: false } });
    assert.equal(isCallFileName('/w/.fisco-bcos/calls/Counter.count.call.json'), true);
    assert.equal(isCallFileName('/w/deployments.json'), false);
  });

  it('names every problem with the field it concerns', () => {
    const r = validateCallFile({
      adress: ADDR,
      method: 7,
      args: 'x',
      send: 'yes',
      from: '',
      abi: { nope: 1 },
    });
    assert.equal(r.ok, false);
    assert.deepEqual(!r.ok && r.errors, [
      'Unknown field "adress" (known: description, connection, address, bfsPath, abi, method, args, send, from).',
      '"from" must be a non-empty string.',
      'Give the contract as "address" (0x + 40 hex digits) or "bfsPath" (e.g. /apps/Counter/1.0).',
      '"method" is required: a function name ("increment") or signature ("increment(uint256)").',
      '"args" must be a JSON array of argument values, e.g. ["1", "0xabc…", ["a", "b"]].',
      '"send" must be true (send a transaction) or false (a read-only call).',
      '"abi" must be a JSON ABI array (as solc or getABI give it).',
    ]);
    assert.deepEqual(validateCallFile({ address: '0x12', bfsPath: 'apps/x', method: 'a b' }), {
      ok: false,
      errors: [
        'Give either "address" or "bfsPath", not both.',
        '"address" must be 0x followed by 40 hex digits, got "0x12".',
        '"bfsPath" must be an absolute BFS path such as /apps/Counter/1.0, got "apps/x".',
        '"method" must be a function name or signature, got "a b".',
      ],
    });
    assert.deepEqual(validateCallFile([1]), {
      ok: false,
      errors: [
        'A call file is a JSON object, e.g. { "address": "0x…", "method": "get", "args": [], "send": false }.',
      ],
    });
  });

  it('checks the method and arguments against an ABI in the file', () => {
    const base = { address: ADDR, abi: guardedAbi };
    assert.deepEqual(validateCallFile({ ...base, method: 'nope' }), {
      ok: false,
      errors: ['The ABI has no function "nope" (it has f, f, limited, pair, positive).'],
    });
    assert.deepEqual(validateCallFile({ ...base, method: 'f', args: [1] }), {
      ok: false,
      errors: ['"f" is overloaded: set "method" to one of f(string), f(uint256).'],
    });
    assert.deepEqual(validateCallFile({ ...base, method: 'pair', args: [1] }), {
      ok: false,
      errors: ['pair(uint256,bool) takes 2 arguments; "args" has 1.'],
    });
    assert.deepEqual(validateCallFile({ ...base, method: 'pair', args: ['x', true] }), {
      ok: false,
      errors: ['a: "x" is not an integer.'],
    });
    assert.equal(validateCallFile({ ...base, method: 'f(uint256)', args: ['1'] }).ok, true);
    assert.equal(
      validateCallFile({ ...base, abi: JSON.stringify(guardedAbi), method: 'pair', args: ['1', false] }).ok,
      true,
    );
  });

  it('reports JSON syntax errors with line and column', () => {
    const r = parseCallFile('{\n  "address": "0x1",\n  "method": \n}');
    assert.equal(r.ok, false);
    assert.deepEqual(r, {
      ok: false,
      errors: [
        'Not valid JSON at line 4, column 1: expected a value (string, number, true, false, null, object or array).',
      ],
    });
    assert.deepEqual(parseCallFile('{ "method": "count", }'), {
      ok: false,
      errors: ['Not valid JSON at line 1, column 22: expected a string in double quotes.'],
    });
    assert.deepEqual(parseCallFile('{ "method": "count" "args": [] }'), {
      ok: false,
      errors: ['Not valid JSON at line 1, column 21: expected "," or "}".'],
    });
    assert.deepEqual(parseCallFile('{ "method": "count }'), {
      ok: false,
      errors: ['Not valid JSON at line 1, column 21: expected the closing " of the string.'],
    });
    assert.deepEqual(parseCallFile('{} x'), {
      ok: false,
      errors: ['Not valid JSON at line 1, column 4: expected the end of the file.'],
    });
  });
});
