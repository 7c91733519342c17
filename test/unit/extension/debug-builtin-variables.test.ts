// The Variables view at a built-in's step shows the nearest contract up the call stack as it was
// when it made the call, not whatever code ran just before: a built-in that called a contract and
// then another built-in had that built-in's step show the returned contract's variables.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Interface } from 'ethers';
import { TraceModel } from '../../../src/extension/debug/traceModel';
import { VariableDecoder } from '../../../src/extension/debug/variables/frameVariables';
import { fromHex } from '../../../src/protocol/hex';
import { newChain, signedTx } from '../devnode/chain-fixtures';
import { RELAY_ADDRESS, relayBuiltins, tracedTx } from '../devnode/relay-builtin';
import { compileWith, lookupIn } from './debug-fixture';

// Top calls the relay in its 'kv-after' mode (5): test-kv, then Other.ping(marker), then test-kv.
const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity >=0.6.0 <0.9.0;

contract Other {
    uint256 public pings;
    function ping(uint256 by) public returns (uint256) {
        uint256 next = pings + by;
        pings = next;
        return next;
    }
}

contract Top {
    uint256 public seen;
    function run(address other) public {
        uint256 marker = 5;
        (bool ok, ) = address(0x${RELAY_ADDRESS.slice(2)}).call(
            abi.encodePacked(uint8(5), other, abi.encodeWithSignature("ping(uint256)", marker))
        );
        seen = ok ? marker : 0;
    }
}
`;

test('at a built-in’s step, the Variables view shows the contract that called through it', async () => {
  const build = compileWith('solc', SOURCE);
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    const key = chain.accounts[0].privateKey;
    const deploy = async (name: 'Other' | 'Top') => {
      const { raw } = signedTx(chain, key, { input: build[name].bytecode });
      const r = (await chain.submit(raw)).receipt.data;
      assert.equal(r.status, 0);
      return '0x' + r.contractAddress;
    };
    const other = await deploy('Other');
    const top = await deploy('Top');
    const input = new Interface(build.Top.abi as never).encodeFunctionData('run', [other]);
    const { status, trace } = await tracedTx(chain, { to: top, input: fromHex(input) });
    assert.equal(status, 0);
    const m = new TraceModel(trace, lookupIn(build.Top));
    const names = trace.steps.map((s) => s.builtin?.name.split(' ')[0]);
    const relay = names.indexOf('test-relay');
    const after = names.lastIndexOf('test-kv');
    assert.deepEqual(names.filter(Boolean), ['test-relay', 'test-kv', 'test-kv']);
    // Other's steps come just before the second test-kv call.
    assert.equal(trace.frames[trace.steps[after - 1].frame].address, other);
    assert.deepEqual(
      m.callStack(after).map(({ frame }) => trace.frames[frame].codeAddress),
      [trace.frames[trace.steps[after].frame].codeAddress, RELAY_ADDRESS, top],
    );

    const dec = new VariableDecoder(trace, lookupIn(build.Top));
    const call = m.callStack(after)[2].step;
    assert.equal(trace.steps[call].op, 'CALL');
    const local = (i: number, name: string) => dec.at(i).locals?.find((v) => v.name === name)?.value;
    // Top's `marker` at its CALL, at the relay's step and at the test-kv step after Other returned.
    assert.equal(local(call, 'marker'), '5');
    assert.equal(local(relay, 'marker'), '5');
    assert.equal(dec.functionAt(after), dec.functionAt(call));
    assert.equal(local(after, 'marker'), '5');
    assert.equal(local(after, 'by'), undefined);
    assert.deepEqual(
      dec.at(after).state?.map((v) => v.name),
      dec.at(call).state?.map((v) => v.name),
    );
  } finally {
    await chain.close();
  }
});
