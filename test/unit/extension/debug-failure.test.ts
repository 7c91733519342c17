// A reverted transaction in the debug adapter (over DAP): continue stops on the `require` that
// failed with an "exception" stop that names the error, once; continuing again ends the session.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { DebugClient } from '@vscode/debugadapter-testsupport';
import type { DebugProtocol } from '@vscode/debugprotocol';
import { startAdapter, type AdapterClient } from './debug-client';
import { LINE, compileWith, deployCounter, lookupIn, type Deployed } from './debug-fixture';

const build = compileWith('solc');
let d: Deployed;
let adapter: AdapterClient;
let dc: DebugClient;

before(async () => {
  d = await deployCounter(build);
  const reverted = await d.traceTx(d.iface.encodeFunctionData('increment', [500]));
  assert.equal(reverted.status, 16);
  adapter = await startAdapter({
    fetchTrace: () => Promise.resolve(reverted),
    lookup: lookupIn(build.Counter),
  });
  dc = adapter.dc;
});

after(async () => {
  await adapter.close();
  await d.chain.close();
});

test('a reverted transaction stops on the failed require, then ends', async () => {
  await dc.initializeRequest();
  await dc.configurationDoneRequest();
  const entry = dc.waitForEvent('stopped');
  await dc.launch({ txHash: '0x' + '1'.repeat(64), sourceRoot: '/ws' });
  assert.equal(((await entry) as DebugProtocol.StoppedEvent).body.reason, 'entry');
  const failed = dc.waitForEvent('stopped') as Promise<DebugProtocol.StoppedEvent>;
  await dc.continueRequest({ threadId: 1 });
  const ev = await failed;
  assert.equal(ev.body.reason, 'exception');
  assert.match(ev.body.description ?? '', /failed here \(revert: too much\)/);
  const top = (await dc.stackTraceRequest({ threadId: 1 })).body.stackFrames[0];
  assert.equal(top.line, LINE.require);
  const ended = dc.waitForEvent('terminated');
  await dc.continueRequest({ threadId: 1 });
  await ended;
});
