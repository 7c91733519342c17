// The benches' command line (bench/lib/args.ts): counts are checked and a flag without its value
// is refused with a message naming the flag, instead of a run on NaN or on a default.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { UsageError, numberIn, optionalIntIn, valueIn, valuesIn } from '../../../bench/lib/args';

describe('bench command line', () => {
  it('reads counts and refuses what is not one', () => {
    assert.equal(numberIn(['--rounds', '5'], '--rounds', 3), 5);
    assert.equal(numberIn([], '--rounds', 3), 3);
    for (const bad of ['abc', '0', '-2', '1.5', '', '1e400']) {
      assert.throws(
        () => numberIn(['--rounds', bad], '--rounds', 3),
        (e: unknown) =>
          e instanceof UsageError && e.message === `--rounds expects an integer of at least 1, not "${bad}"`,
      );
    }
    // A lower bound of 0 where 0 means something (the first key of a continued chain).
    assert.equal(numberIn(['--growth-from', '0'], '--growth-from', 0, { min: 0 }), 0);
    // Fractions where the flag is a duration.
    assert.equal(
      numberIn(['--budget', '0.5'], '--budget', Infinity, { integer: false, min: Number.MIN_VALUE }),
      0.5,
    );
    assert.throws(
      () => numberIn(['--budget', '0'], '--budget', Infinity, { integer: false, min: Number.MIN_VALUE }),
      /--budget expects a number above 0, not "0"/,
    );
  });

  it('refuses a flag whose value is missing, except flag lists for another program', () => {
    assert.throws(() => valueIn(['--rounds'], '--rounds'), /--rounds needs a value/);
    assert.throws(() => valueIn(['--ab-ref', '--durable'], '--ab-ref'), /--ab-ref needs a value/);
    assert.equal(valueIn(['--node-args', '--cpu-prof'], '--node-args'), '--cpu-prof');
    assert.deepEqual(valuesIn(['--ab', '--a', '--ab', '--b=1'], '--ab'), ['--a', '--b=1']);
    assert.throws(() => valuesIn(['--ab'], '--ab'), /--ab needs a value/);
  });

  it('takes an optional count: absent, given alone, or given with a value', () => {
    assert.equal(optionalIntIn([], '--growth', 1000), undefined);
    assert.equal(optionalIntIn(['--growth'], '--growth', 1000), 1000);
    assert.equal(optionalIntIn(['--growth', '--budget', '2'], '--growth', 1000), 1000);
    assert.equal(optionalIntIn(['--growth', '5000'], '--growth', 1000), 5000);
    assert.throws(() => optionalIntIn(['--growth', 'lots'], '--growth', 1000), /--growth expects an integer/);
  });

  it('stops a bench before it starts anything, with exit code 2 and the message', () => {
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(__dirname, '../../../bench/devnode.bench.ts'), '--rounds', 'abc'],
      { encoding: 'utf8', timeout: 120_000 },
    );
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /error: --rounds expects an integer of at least 1, not "abc"/);
  });
});
