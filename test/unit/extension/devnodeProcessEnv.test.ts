import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import { DEVNODE_PROCESS_DEFAULTS, devnodeProcessEnv } from '../../../src/extension/devnode/processEnv';

test('the dev node process gets two malloc arenas unless the user chose a number', () => {
  assert.equal(devnodeProcessEnv({ PATH: '/bin' }).MALLOC_ARENA_MAX, '2');
  assert.equal(devnodeProcessEnv({ PATH: '/bin' }).PATH, '/bin');
  assert.equal(devnodeProcessEnv({ MALLOC_ARENA_MAX: '8' }).MALLOC_ARENA_MAX, '8');
  // A launcher's own variables win over both.
  const env = devnodeProcessEnv({ ELECTRON_RUN_AS_NODE: '0' }, { ELECTRON_RUN_AS_NODE: '1' });
  assert.equal(env.ELECTRON_RUN_AS_NODE, '1');
  assert.equal(env.MALLOC_ARENA_MAX, DEVNODE_PROCESS_DEFAULTS.MALLOC_ARENA_MAX);
});

test('a process started with it sees the variable in its environment', () => {
  const seen = execFileSync(
    process.execPath,
    ['-e', 'process.stdout.write(process.env.MALLOC_ARENA_MAX ?? "")'],
    {
      env: devnodeProcessEnv({ PATH: process.env.PATH }),
    },
  ).toString();
  assert.equal(seen, '2');
});
