// The fisco-bcos debug adapter driven over the Debug Adapter Protocol by
// @vscode/debugadapter-testsupport's DebugClient (connected to the adapter served on a free
// port): launch by transaction hash, breakpoint hit, step into a second contract, stack trace,
// scopes and variables, continue to the end; a bad launch is refused with a clear error.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { DebugClient } from '@vscode/debugadapter-testsupport';
import { FiscoDebugSession } from '../../../src/extension/debug/session';
import type { Trace } from '../../../src/extension/debug/traceModel';
import { LINE, compileWith, deployCounter, lookupIn, type Deployed } from './debug-fixture';

const build = compileWith('solc');
let d: Deployed;
let server: Server;
let dc: DebugClient;
let traced: { trace: Trace; status: number };

before(async () => {
  d = await deployCounter(build);
  traced = await d.traceTx(d.iface.encodeFunctionData('increment', [5]));
  server = createServer((socket) => {
    const session = new FiscoDebugSession({
      fetchTrace: (args) =>
        args.txHash === '0xgood' ? Promise.resolve(traced) : Promise.reject(new Error('unknown transaction')),
      lookup: lookupIn(build.Counter),
    });
    session.setRunAsServer(true);
    session.start(socket, socket);
  }).listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  dc = new DebugClient('node', 'unused', 'fisco-bcos');
  await dc.start((server.address() as AddressInfo).port);
});

after(async () => {
  await dc.stop();
  server.close();
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
  assert.match(st.body.stackFrames[0].name, /^Counter @ pc \d+/);

  // Step into until Other.ping runs: two frames.
  let frames = st.body.stackFrames;
  for (let k = 0; k < 30 && frames.length < 2; k++) {
    const s = dc.waitForEvent('stopped');
    await dc.stepInRequest({ threadId: 1 });
    await s;
    frames = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames;
  }
  assert.equal(frames.length, 2);
  assert.match(frames[0].name, /^Other/);
  assert.match(frames[1].name, /^Counter/);

  const scopes = await dc.scopesRequest({ frameId: 0 });
  assert.deepEqual(
    scopes.body.scopes.map((s) => s.name),
    ['Step', 'Stack', 'Memory', 'Storage (written)'],
  );
  const step = await dc.variablesRequest({ variablesReference: scopes.body.scopes[0].variablesReference });
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
  const storage = await dc.variablesRequest({ variablesReference: scopes.body.scopes[3].variablesReference });
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
