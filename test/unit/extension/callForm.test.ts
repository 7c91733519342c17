// The call form's view of an ABI: tuples named "tuple…" with components, read-only detection.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Interface } from 'ethers';
import { functionView } from '../../../src/extension/models/functionView';
import { coerceArgs } from '../../../src/extension/models/abiArgs';

describe('call form function view', () => {
  const iface = new Interface([
    'function put(tuple(uint256 id, string[] tags) s, tuple(address a, bytes32 h)[] list, bool flag) returns (uint256)',
    'function get() view returns (uint256)',
  ]);

  it('describes tuples and arrays of tuples with components', () => {
    const put = functionView(iface.getFunction('put')!);
    assert.equal(put.signature, 'put((uint256,string[]),(address,bytes32)[],bool)');
    assert.deepEqual(
      put.inputs.map((p) => p.type),
      ['tuple', 'tuple[]', 'bool'],
    );
    assert.deepEqual(
      put.inputs[1].components?.map((c) => `${c.name}:${c.type}`),
      ['a:address', 'h:bytes32'],
    );
    assert.equal(put.readOnly, false);
    assert.equal(functionView(iface.getFunction('get')!).readOnly, true);
  });

  it('the form values it produces pass the host validation', () => {
    const put = functionView(iface.getFunction('put')!);
    const values = [{ id: '1', tags: ['x'] }, [{ a: `0x${'1'.repeat(40)}`, h: `0x${'2'.repeat(64)}` }], true];
    assert.equal(coerceArgs(put.inputs, values).length, 3);
  });
});
