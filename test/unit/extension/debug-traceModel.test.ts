// Source-map stepping over devnode traces of contracts compiled with two solc versions (the
// bundled 0.8.x and 0.6.10): every step of known code gets its Solidity line; step over stays in
// the frame, step into enters the called contract, step out returns; a revert stops on require.

import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TraceModel } from '../../../src/extension/debug/traceModel';
import { LINE, compileWith, creationLookupIn, deployCounter, lookupIn, type Deployed } from './debug-fixture';

for (const pkg of ['solc', 'solc-0.6.10'] as const) {
  describe(`trace model with ${pkg}`, () => {
    const build = compileWith(pkg);
    let d: Deployed;
    after(async () => d?.chain.close());

    it('maps steps to lines and steps over, into and out of a call', async () => {
      d = await deployCounter(build);
      const { trace } = await d.traceTx(d.iface.encodeFunctionData('increment', [5]));
      const m = new TraceModel(trace, lookupIn(build.Counter));
      assert.equal(m.contract(0), 'Counter');
      assert.equal(m.contract(1), 'Other');
      const lines = (frame: number) =>
        new Set(m.locations.filter((l, i) => l && trace.steps[i].frame === frame).map((l) => l!.line));
      for (const l of [LINE.require, LINE.countAdd, LINE.ping, LINE.countInc])
        assert.ok(lines(0).has(l), `line ${l}`);
      assert.ok(lines(1).has(LINE.pings));
      // From the first step on the ping line, step over stays in Counter and reaches the next line.
      const atPing = m.locations.findIndex((l, i) => l?.line === LINE.ping && trace.steps[i].frame === 0);
      const over = m.stepOver(atPing);
      assert.equal(trace.steps[over].frame, 0);
      assert.notEqual(m.locations[over]?.line, LINE.ping);
      // Step into from the ping line eventually enters Other (two frames on the call stack).
      let i = atPing;
      for (let k = 0; k < 50 && trace.steps[i].frame === 0; k++) i = m.stepInto(i);
      assert.equal(trace.steps[i].frame, 1);
      assert.equal(m.callStack(i).length, 2);
      assert.deepEqual(
        m.callStack(i).map((c) => c.frame),
        [1, 0],
      );
      const out = m.stepOut(i);
      assert.equal(trace.steps[out].frame, 0);
      // A breakpoint in Other stops there on continue.
      const hit = m.continueFrom(0, (l) => l.line === LINE.pings);
      assert.equal(m.locations[hit]?.line, LINE.pings);
      assert.ok(m.storageAt(trace.steps.length - 1).size >= 1);
    });

    it('a reverted transaction ends on the require that failed', async () => {
      const { trace, status } = await d.traceTx(d.iface.encodeFunctionData('increment', [500]));
      assert.equal(status, 16);
      const m = new TraceModel(trace, lookupIn(build.Counter));
      const last = m.length - 1;
      assert.equal(trace.steps[last].op, 'REVERT');
      // The last located step is on the require line.
      let j = last;
      while (j > 0 && m.locations[j] === undefined) j--;
      assert.equal(m.locations[j]?.line, LINE.require);
    });

    it('a deployment steps through the constructor by source line (creation source map)', async () => {
      const { trace, status } = await d.traceDeploy();
      assert.equal(status, 0);
      assert.equal(trace.frames[0].kind, 'create');
      const m = new TraceModel(trace, lookupIn(build.Counter), creationLookupIn(build.Counter));
      assert.equal(m.contract(0), 'Counter');
      assert.equal(m.noSourceReason(0), undefined);
      const first = m.locations.findIndex((l) => l !== undefined);
      assert.equal(m.locations[first]?.file, 'Counter.sol');
      // The constructor's body line is reached by stepping, and `new Other()` opens a creation frame.
      let i = first;
      for (let k = 0; k < 50 && m.locations[i]?.line !== LINE.newOther; k++) i = m.stepInto(i);
      assert.equal(m.locations[i]?.line, LINE.newOther);
      assert.equal(trace.frames[0].kind, 'create');
      assert.ok(trace.frames.some((f) => f.kind === 'create' && f.parent === 0));
      assert.equal(m.contract(1), 'Other');
      // Without the creation lookup the constructor steps by instruction and says why.
      const bare = new TraceModel(trace, lookupIn(build.Counter));
      assert.match(bare.noSourceReason(0)!, /creation bytecode; .*"buildInfo"/);
    });

    it('unknown code steps by instruction and says why', async () => {
      const { trace } = await d.traceTx(d.iface.encodeFunctionData('increment', [1]));
      const m = new TraceModel(trace, () => undefined);
      assert.match(
        m.noSourceReason(0)!,
        /no compilation known to the debugger has this contract’s deployed bytecode; .*"buildInfo"/,
      );
      assert.equal(m.stepOver(0), 1);
      assert.equal(m.stepInto(3), 4);
    });
  });
}
