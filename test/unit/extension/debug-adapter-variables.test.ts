// Decoded variables over the Debug Adapter Protocol (DebugClient against the adapter on a free
// port): at a breakpoint inside an internal function, the Locals scope lists its arguments and
// locals; compound values expand through variablesReference (a memory array, a struct in a
// mapping, a mapping touched by two keys); watch expressions read nested values; a long array
// pages by index range.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { startAdapter, type AdapterClient } from './debug-client';
import type { Trace } from '../../../src/extension/debug/traceModel';
import { VARS_LINE, compileVars, deployVars, type VarsDeployed } from './debug-variables-fixture';

const build = compileVars('solc');
const MANY = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Many {
    uint16[] public many;
    function fill() public {
        for (uint16 i = 0; i < 150; i++) many.push(i);
        many.push(7);
    }
}
`;
const manyBuild = compileVars('solc', MANY, 'Many');
let manyChain: VarsDeployed;
let manyTrace: { trace: Trace; status: number };
let d: VarsDeployed;
let adapter: AdapterClient;
let dc: DebugClient;
let traced: { trace: Trace; status: number };
let to: string;

before(async () => {
  d = await deployVars(build);
  to = d.chain.accounts[1].address.toLowerCase();
  traced = await d.traceTx(d.iface.encodeFunctionData('run', [12, to, 'note']));
  manyChain = await deployVars(manyBuild);
  manyTrace = await manyChain.traceTx(manyChain.iface.encodeFunctionData('fill'));
  adapter = await startAdapter({
    fetchTrace: (args) => Promise.resolve(args.txHash === '0x02' ? manyTrace : traced),
    lookup: (code) => build.lookup(code) ?? manyBuild.lookup(code),
  });
  dc = adapter.dc;
});

after(async () => {
  await adapter.close();
  await d.chain.close();
  await manyChain.chain.close();
});

async function children(ref: number): Promise<Map<string, DebugProtocol.Variable>> {
  const r = await dc.variablesRequest({ variablesReference: ref });
  return new Map(r.body.variables.map((v) => [v.name, v]));
}

test('variables at a breakpoint in an internal function expand through the protocol', async () => {
  await dc.initializeRequest();
  await dc.setBreakpointsRequest({
    source: { path: '/ws/Source.sol' },
    breakpoints: [{ line: VARS_LINE.helperR }],
  });
  await dc.configurationDoneRequest();
  const stopped = dc.waitForEvent('stopped');
  await dc.launch({ txHash: '0x01', sourceRoot: '/ws', stopOnEntry: false });
  assert.equal((await stopped).body.reason, 'breakpoint');
  const frames = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames;
  assert.equal(frames[0].line, VARS_LINE.helperR);

  const [localsScope, stateScope] = (await dc.scopesRequest({ frameId: frames[0].id })).body.scopes;
  const locals = await children(localsScope.variablesReference);
  assert.deepEqual([...locals.keys()], ['x', 'arr', 'r', 'sum']);
  assert.equal(locals.get('x')!.value, '12');
  assert.equal(locals.get('sum')!.value, '36');
  assert.equal(locals.get('arr')!.type, 'uint256[] memory');
  const arr = await children(locals.get('arr')!.variablesReference);
  assert.deepEqual(
    [...arr.values()].map((v) => [v.name, v.value]),
    [
      ['[0]', '12'],
      ['[1]', '0'],
    ],
  );

  const state = await children(stateScope.variablesReference);
  assert.equal(state.get('count')!.value, '12');
  assert.equal(state.get('name')!.value, '"note"');
  const balances = await children(state.get('balances')!.variablesReference);
  assert.equal(balances.get(`[${to}]`)!.value, '12');
  assert.equal(balances.get(`[${d.sender.toLowerCase()}]`)!.value, '1');
  const items = await children(state.get('items')!.variablesReference);
  const item = await children(items.get('[12]')!.variablesReference);
  assert.equal(item.get('owner')!.value, to);
  assert.equal(item.get('label')!.value, '"short"');
  assert.equal(item.get('active')!.type, 'bool');

  // An internal call stays in the EVM frame: one stack frame; watch reads nested values.
  assert.equal(frames.length, 1);
  const watch = await dc.evaluateRequest({
    expression: 'items[12].label',
    frameId: frames[0].id,
    context: 'watch',
  });
  assert.equal(watch.body.result, '"short"');

  // Continue runs to the last step; another continue ends the session.
  const last = dc.waitForEvent('stopped');
  await dc.continueRequest({ threadId: 1 });
  await last;
  const ended = dc.waitForEvent('terminated');
  await dc.continueRequest({ threadId: 1 });
  await ended;
});

test('a long array pages its elements by index range', async () => {
  const client = await adapter.connect();
  try {
    await client.initializeRequest();
    await client.setBreakpointsRequest({ source: { path: '/ws/Source.sol' }, breakpoints: [{ line: 7 }] });
    await client.configurationDoneRequest();
    const stopped = client.waitForEvent('stopped');
    await client.launch({ txHash: '0x02', sourceRoot: '/ws', stopOnEntry: false });
    await stopped;
    const state = (await client.scopesRequest({ frameId: 0 })).body.scopes[1];
    const vars = (await client.variablesRequest({ variablesReference: state.variablesReference })).body
      .variables;
    const many = vars.find((v) => v.name === 'many')!;
    assert.equal(many.value, 'uint16[] (length 150)');
    assert.equal(many.indexedVariables, 150);
    // VS Code asks for chunks of an indexed variable: here elements 120 to 122.
    const chunk = await client.variablesRequest({
      variablesReference: many.variablesReference,
      filter: 'indexed',
      start: 120,
      count: 3,
    });
    assert.deepEqual(
      chunk.body.variables.map((v) => [v.name, v.value]),
      [
        ['[120]', '120'],
        ['[121]', '121'],
        ['[122]', '122'],
      ],
    );
  } finally {
    await client.stop();
  }
});
