// The call form's per-parameter raw JSON: parsing and checking one parameter (a struct member, an
// array, a scalar) with the host's rules, messages naming the parameter's path, and the structured
// and raw forms mixing into arguments the host encodes.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Interface, id } from 'ethers';
import { functionView } from '../../../src/extension/models/functionView';
import { ContractCodec } from '../../../src/extension/models/abiCodec';
import { paramLabel, paramProblem, parseRawParam, rawTextOf } from '../../../src/extension/models/paramInput';

const iface = new Interface([
  'function put(tuple(uint256 id, string[] tags) s, tuple(address a, bytes32 h)[] list, uint8 small, bool flag)',
]);
const put = functionView(iface.getFunction('put')!);
const [s, list, small] = put.inputs;
const A = `0x${'1'.repeat(40)}`;
const H = `0x${'2'.repeat(64)}`;

describe('call form: raw JSON per parameter', () => {
  it('labels parameters, struct members and unnamed ones by path', () => {
    assert.equal(paramLabel(s, 0), 's');
    assert.equal(paramLabel(s.components![1], 1, 's'), 's.tags');
    assert.equal(paramLabel({ name: '', type: 'uint256' }, 2), 'arg2');
    assert.equal(paramLabel({ name: '', type: 'uint256' }, 1, 'list[0]'), 'list[0].1');
  });

  it('parses one parameter as JSON and checks it against its type', () => {
    assert.deepEqual(parseRawParam(s, '{"id": "7", "tags": ["a", "b"]}', 's'), { id: '7', tags: ['a', 'b'] });
    assert.deepEqual(parseRawParam(list, `[{"a": "${A}", "h": "${H}"}]`, 'list'), [{ a: A, h: H }]);
    assert.equal(parseRawParam(small, '255', 'small'), 255);
    assert.deepEqual(parseRawParam(s.components![1], '["x"]', 's.tags'), ['x'], 'a struct member on its own');
  });

  it('says which parameter is wrong and why', () => {
    assert.throws(
      () => parseRawParam(s, '{"id": 1, "tags": "x"}', 's'),
      /^Error: s\.tags: expected a JSON array/,
    );
    assert.throws(() => parseRawParam(s, '{"id": 1}', 's'), /s: missing field "tags"/);
    assert.throws(
      () => parseRawParam(list, `[{"a": "0x12", "h": "${H}"}]`, 'list'),
      /list\[0\]\.a: "0x12" is not an address/,
    );
    assert.throws(() => parseRawParam(small, '256', 'small'), /small: 256 is out of range for uint8/);
    assert.throws(() => parseRawParam(list, '[{"a":', 'list'), /list: not valid JSON/);
    assert.equal(
      paramProblem(small, () => '300', 'small'),
      'small: 300 is out of range for uint8.',
    );
    assert.equal(
      paramProblem(small, () => '3', 'small'),
      '',
    );
  });

  it('round-trips the structured value through the raw text', () => {
    const value = { id: '7', tags: ['a'] };
    assert.deepEqual(parseRawParam(s, rawTextOf(value), 's'), value);
    assert.equal(rawTextOf(5n), '"5"');
    assert.equal(rawTextOf(undefined), 'null');
  });

  it('mixes raw and structured parameters into arguments the host encodes, and the host refuses bad ones', () => {
    const codec = new ContractCodec(iface.formatJson(), (t) => id(t));
    const args = [parseRawParam(s, '{"id": "1", "tags": []}', 's'), [{ a: A, h: H }], '9', true];
    const data = codec.encodeCall(put.signature, args);
    assert.equal(data.slice(0, 10), iface.getFunction('put')!.selector);
    assert.throws(
      () => codec.encodeCall(put.signature, [args[0], args[1], '999', true]),
      /small: 999 is out of range/,
    );
  });
});
