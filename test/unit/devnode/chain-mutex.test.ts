// The chain's lock (src/devnode/chain/mutex.ts): runs take turns in arrival order, a run on a free
// lock starts at once, and a failing run (synchronous throw or rejection) frees the lock.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Mutex } from '../../../src/devnode/chain/mutex';

/** A run that holds the lock until released. */
function held(events: string[], name: string): { fn: () => Promise<void>; release: () => void } {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  return {
    fn: async () => {
      events.push(`${name} start`);
      await gate;
      events.push(`${name} end`);
    },
    release,
  };
}

const turns = async (n: number) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};

describe('chain lock (Mutex)', () => {
  it('starts a run on a free lock at once and queues the others in arrival order', async () => {
    const m = new Mutex();
    const events: string[] = [];
    const a = held(events, 'a');
    const b = held(events, 'b');
    const runs = [m.run(a.fn), m.run(b.fn), m.run(async () => void events.push('c'))];
    assert.deepEqual(events, ['a start']);
    b.release(); // b is queued: releasing it early changes nothing
    await turns(10);
    assert.deepEqual(events, ['a start']);
    a.release();
    await Promise.all(runs);
    assert.deepEqual(events, ['a start', 'a end', 'b start', 'b end', 'c']);
  });

  it('frees the lock after a run that throws synchronously or rejects', async () => {
    const m = new Mutex();
    await assert.rejects(
      m.run(() => {
        throw new Error('sync');
      }),
      /sync/,
    );
    await assert.rejects(
      m.run(() => Promise.reject(new Error('async'))),
      /async/,
    );
    assert.equal(await m.run(() => Promise.resolve(7)), 7);
  });

  it('queues a run that a starting run starts itself behind it, and later runs behind both', async () => {
    const m = new Mutex();
    const events: string[] = [];
    const inner = held(events, 'inner');
    let innerRun!: Promise<void>;
    const outer = m.run(async () => {
      events.push('outer start');
      innerRun = m.run(inner.fn);
      await turns(3);
      events.push('outer end');
    });
    await outer;
    const later = m.run(async () => void events.push('later'));
    await turns(10);
    inner.release();
    await Promise.all([innerRun, later]);
    assert.deepEqual(events, ['outer start', 'outer end', 'inner start', 'inner end', 'later']);
  });
});
