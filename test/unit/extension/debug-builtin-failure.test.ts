// The debugger over a built-in that fails on its own after the contract it called returned: the
// exception stop, the call stack and the Locals are the built-in's, not the contract's (which did
// not fail). A built-in passing on its callee's failure still stops in the callee.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Interface } from 'ethers';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { fromHex } from '../../../src/protocol/hex';
import type { Trace } from '../../../src/extension/debug/traceModel';
import { newChain, signedTx } from '../devnode/chain-fixtures';
import { RELAY_ADDRESS, relayBuiltins, relayInput, tracedTx, type RelayMode } from '../devnode/relay-builtin';
import { compileWith, lookupIn } from './debug-fixture';
import { startAdapter } from './debug-client';

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity >=0.6.0 <0.9.0;

contract Other {
    uint256 public pings;
    function ping(uint256 by) public returns (uint256) {
        require(by < 100, "too many");
        uint256 next = pings + by;
        pings = next;
        return next;
    }
}
`;
const build = compileWith('solc', SOURCE);

/** The stop a launch without stopOnEntry comes to: its event, frame names and Locals names. */
async function failureStop(fetched: { trace: Trace; status: number }) {
  const adapter = await startAdapter({
    fetchTrace: () => Promise.resolve(fetched),
    lookup: lookupIn(build.Other),
  });
  try {
    const dc = adapter.dc;
    await dc.initializeRequest();
    await dc.configurationDoneRequest();
    const stopped = dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>;
    await dc.launch({ txHash: '0x01', sourceRoot: '/ws', stopOnEntry: false });
    const ev = await stopped;
    const frames = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames;
    const [locals] = (await dc.scopesRequest({ frameId: frames[0].id })).body.scopes;
    const vars = (await dc.variablesRequest({ variablesReference: locals.variablesReference })).body
      .variables;
    return { ev, names: frames.map((f) => f.name), line: frames[0].line, locals: vars.map((v) => v.name) };
  } finally {
    await adapter.close();
  }
}

test('a built-in failing after the contract it called returned: the stop is in the built-in', async () => {
  const chain = await newChain({ builtins: relayBuiltins() });
  try {
    const { raw } = signedTx(chain, chain.accounts[0].privateKey, { input: build.Other.bytecode });
    const other = '0x' + (await chain.submit(raw)).receipt.data.contractAddress;
    const iface = new Interface(build.Other.abi as never);
    const traced = async (mode: RelayMode, by: number, nested: boolean) => {
      const call = relayInput(other, mode, fromHex(iface.encodeFunctionData('ping', [by])));
      const input = nested ? relayInput(RELAY_ADDRESS, 'plain', call) : call;
      const r = await tracedTx(chain, { to: RELAY_ADDRESS, input });
      assert.notEqual(r.status, 0);
      return r;
    };
    const BUILTIN = /^test-relay \(0x[0-9a-f]{40}\) @ pc 0 BUILTIN$/;

    // ping succeeded, the relay failed: the relay's frame, with no Solidity locals of its own.
    const own = await failureStop(await traced('fail', 5, false));
    assert.equal(own.ev.body.reason, 'exception');
    assert.equal(own.ev.body.text, 'Transaction failed: PrecompiledError');
    assert.equal(own.names.length, 1);
    assert.match(own.names[0], BUILTIN);
    assert.deepEqual(own.locals, ['unavailable']);

    // The same one level down, under a relay that passes the failure on: the inner relay's frame.
    const inner = await failureStop(await traced('fail', 5, true));
    assert.equal(inner.ev.body.reason, 'exception');
    assert.equal(inner.names.length, 2);
    assert.match(inner.names[0], BUILTIN);
    assert.match(inner.names[1], BUILTIN);

    // ping's require failed and the relay passed that on: the stop is at the require, in ping.
    const callee = await failureStop(await traced('plain', 500, false));
    assert.equal(callee.ev.body.reason, 'exception');
    assert.equal(callee.ev.body.text, 'Transaction failed: RevertInstruction: too many');
    assert.deepEqual(callee.names, ['Other.ping', callee.names[1]]);
    assert.match(callee.names[1], BUILTIN);
    assert.equal(callee.line, 7);
    assert.ok(callee.locals.includes('by'), callee.locals.join());
  } finally {
    await chain.close();
  }
});
