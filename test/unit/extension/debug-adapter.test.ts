// The fisco-bcos debug adapter driven over the Debug Adapter Protocol by
// @vscode/debugadapter-testsupport's DebugClient (connected to the adapter served on a free
// port): launch by transaction hash, breakpoint hit, step into a second contract, stack trace,
// scopes and variables (decoded arguments and state variables at a breakpoint, raw views),
// continue to the end; a bad launch is refused with a clear error.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import { startAdapter, type AdapterClient } from './debug-client';
import type { Trace } from '../../../src/extension/debug/traceModel';
import { LINE, compileWith, deployCounter, lookupIn, type Deployed } from './debug-fixture';

const build = compileWith('solc');
let d: Deployed;
let adapter: AdapterClient;
let dc: DebugClient;
let traced: { trace: Trace; status: number };

before(async () => {
  d = await deployCounter(build);
  traced = await d.traceTx(d.iface.encodeFunctionData('increment', [5]));
  adapter = await startAdapter({
    fetchTrace: (args) =>
      args.txHash === '0xgood' ? Promise.resolve(traced) : Promise.reject(new Error('unknown transaction')),
    lookup: lookupIn(build.Counter),
  });
  dc = adapter.dc;
});

after(async () => {
  await adapter.close();
  await d.chain.close();
});

test('launch, breakpoint, step into a second contract, stack trace and variables', async () => {
  await dc.initializeRequest();
  await dc.setBreakpointsRequest({ source: { path: '/ws/Counter.sol' }, breakpoints: [{ line: LINE.ping }] });
  await dc.configurationDoneRequest();
  const stopped = dc.waitForEvent('stopped');
  await dc.launch({ txHash: '0xgood', sourceRoot: '/ws', stopOnEntry: false });
  const ev = await stopped;
  assert.equal(ev.body.reason, 'breakpoint');
  const st = await dc.stackTraceRequest({ threadId: 1 });
  assert.equal(st.body.stackFrames.length, 1);
  assert.equal(st.body.stackFrames[0].line, LINE.ping);
  assert.equal(st.body.stackFrames[0].source?.path, '/ws/Counter.sol');
  // Named by contract and function (source map jump-in markers and the AST), not by instruction.
  assert.equal(st.body.stackFrames[0].name, 'Counter.increment');

  // At the breakpoint in increment(5): the argument and the state variables, decoded (count was
  // 0 and got `amount` added on the line before; other is the contract the constructor made).
  const atBreak = await dc.scopesRequest({ frameId: 0 });
  const [locals, state] = atBreak.body.scopes;
  assert.equal(locals.name, 'Locals');
  assert.equal(locals.presentationHint, 'locals');
  assert.equal(state.name, 'State');
  const args = (await dc.variablesRequest({ variablesReference: locals.variablesReference })).body.variables;
  assert.deepEqual(
    args.map((v) => [v.name, v.value, v.type]),
    [['amount', '5', 'uint256']],
  );
  const vars = (await dc.variablesRequest({ variablesReference: state.variablesReference })).body.variables;
  assert.deepEqual(
    vars.map((v) => v.name),
    ['count', 'other'],
  );
  assert.equal(vars[0].value, '5');
  assert.match(vars[1].value, /^Other 0x[0-9a-f]{40}$/);
  // Hover / watch: a variable by name; an expression that would need running code is refused.
  const hover = await dc.evaluateRequest({ expression: 'amount', frameId: 0, context: 'hover' });
  assert.equal(hover.body.result, '5');
  assert.equal(
    (await dc.evaluateRequest({ expression: 'count', frameId: 0, context: 'watch' })).body.result,
    '5',
  );
  await assert.rejects(
    dc.evaluateRequest({ expression: 'amount + 1', frameId: 0, context: 'watch' }),
    /Only variable names with \.member and \[index\] accessors can be evaluated/,
  );
  await assert.rejects(
    dc.evaluateRequest({ expression: 'nothing', frameId: 0, context: 'hover' }),
    /nothing is not a variable in scope here/,
  );

  // Step into until Other.ping runs: two frames.
  let frames = st.body.stackFrames;
  for (let k = 0; k < 30 && frames.length < 2; k++) {
    const s = dc.waitForEvent('stopped');
    await dc.stepInRequest({ threadId: 1 });
    await s;
    frames = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames;
  }
  assert.equal(frames.length, 2);
  assert.match(frames[0].name, /^Other(\.ping$| @ pc \d+)/);
  assert.equal(frames[1].name, 'Counter.increment');

  const scopes = await dc.scopesRequest({ frameId: 0 });
  assert.deepEqual(
    scopes.body.scopes.map((s) => s.name),
    ['Locals', 'State', 'Step', 'Stack', 'Memory', 'Storage (written)'],
  );
  // The caller's frame (Counter, below Other on the stack) still shows its own argument.
  const caller = (await dc.scopesRequest({ frameId: 1 })).body.scopes[0];
  const callerVars = await dc.variablesRequest({ variablesReference: caller.variablesReference });
  assert.equal(callerVars.body.variables.find((v) => v.name === 'amount')?.value, '5');
  const step = await dc.variablesRequest({ variablesReference: scopes.body.scopes[2].variablesReference });
  const byName = new Map(step.body.variables.map((v) => [v.name, v.value]));
  assert.equal(byName.get('depth'), '1');
  assert.match(byName.get('opcode') ?? '', /^[A-Z0-9]+$/);

  // Step out returns to Counter; continue runs to the end.
  const s2 = dc.waitForEvent('stopped');
  await dc.stepOutRequest({ threadId: 1 });
  await s2;
  assert.equal((await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames.length, 1);
  const s3 = dc.waitForEvent('stopped');
  await dc.continueRequest({ threadId: 1 });
  await s3;
  const storage = await dc.variablesRequest({ variablesReference: scopes.body.scopes[5].variablesReference });
  assert.deepEqual(
    storage.body.variables.map((v) => [v.name, v.value]),
    [['0x0', '0x6']],
  );
  const ended = dc.waitForEvent('terminated');
  await dc.continueRequest({ threadId: 1 });
  await ended;
});

test('a launch without a known transaction is refused with a clear error', async () => {
  await assert.rejects(dc.launch({ txHash: '0xbad' }), /Cannot debug: unknown transaction/);
});
