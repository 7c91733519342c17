// The HTTP server's batching of work after the event loop's poll (src/devnode/server/turnBatch.ts):
// the handlers of the requests read in one poll run together, in arrival order, and the answers
// they settle are written after all of them, in the same turn; a request the predicate picks (a
// transaction, in the dev node) is handled at once.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { handledAfterPoll, writeSoon } from '../../../src/devnode/server/turnBatch';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('turnBatch: handlers and writes after the poll', () => {
  it('runs the handlers of one turn after it, in order, then writes every answer they settled', async () => {
    const events: string[] = [];
    const handler = handledAfterPoll(async (name: string) => {
      events.push(`handle ${name}`);
      await Promise.resolve(); // an await or two, as the JSON-RPC handler has
      await Promise.resolve();
      return name.toUpperCase();
    });
    const answers = ['a', 'b', 'c'].map((name) =>
      handler(name).then((answer) => writeSoon(() => events.push(`write ${answer}`))),
    );
    // Nothing runs while the turn that read the requests is still going.
    assert.deepEqual(events, []);
    await Promise.all(answers);
    assert.deepEqual(events, ['handle a', 'handle b', 'handle c']);
    await nextTurn();
    assert.deepEqual(events, ['handle a', 'handle b', 'handle c', 'write A', 'write B', 'write C']);
  });

  it('writes an answer settled in a later turn after that turn', async () => {
    const events: string[] = [];
    let release!: () => void;
    const slow = handledAfterPoll(
      () =>
        new Promise<string>((resolve) => {
          release = () => resolve('late');
        }),
    );
    const fast = handledAfterPoll(async () => 'soon');
    const done = [slow(), fast()].map((p) => p.then((a) => writeSoon(() => events.push(a))));
    await done[1];
    await nextTurn();
    assert.deepEqual(events, ['soon']);
    release();
    await done[0];
    await nextTurn();
    assert.deepEqual(events, ['soon', 'late']);
  });

  it('runs a request the predicate picks at once, ahead of the batch', async () => {
    const events: string[] = [];
    const handler = handledAfterPoll(
      async (name: string) => {
        events.push(`handle ${name}`);
        return name;
      },
      (name) => name === 'tx',
    );
    const answers = [handler('call 1'), handler('tx'), handler('call 2')];
    assert.deepEqual(events, ['handle tx']);
    await Promise.all(answers);
    assert.deepEqual(events, ['handle tx', 'handle call 1', 'handle call 2']);
  });

  it('runs a handler queued between the batch and its writes (from a microtask)', async () => {
    let inner: Promise<string> | undefined;
    const handler = handledAfterPoll(async (name: string) => {
      // Queued while the batch's writes are still due: it must get a turn of its own.
      if (name === 'first')
        queueMicrotask(() => {
          inner = handler('second');
        });
      return name;
    });
    assert.equal(await handler('first'), 'first');
    await nextTurn();
    assert.equal(await inner, 'second');
  });

  it('rejects the promise of a handler that throws, and still answers the others', async () => {
    const handler = handledAfterPoll((n: number): Promise<number> => {
      if (n === 2) throw new Error('bad request 2');
      return Promise.resolve(n * 10);
    });
    const results = await Promise.allSettled([handler(1), handler(2), handler(3)]);
    assert.deepEqual(
      results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message)),
      [10, 'bad request 2', 30],
    );
  });
});
