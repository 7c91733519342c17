// anvil writes the states it evicts from memory under $HOME/.foundry/anvil/tmp (several GiB per
// bench run) and leaves them behind when it is stopped. Each anvil the benches start gets a
// home of its own, removed when the process exits.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ChildProcess } from 'node:child_process';

/** A fresh HOME for one anvil process: pass `env` to spawn, then `track` the child. */
export function anvilHome(): { env: NodeJS.ProcessEnv; track(child: ChildProcess): void } {
  const home = mkdtempSync(join(tmpdir(), 'bench-anvil-home-'));
  const remove = () => rmSync(home, { recursive: true, force: true });
  // Also when the bench itself dies first: anvil then exits on its closed stdout pipe or is
  // killed, and this removes what it left.
  process.once('exit', remove);
  return {
    env: { ...process.env, HOME: home },
    track: (child) => child.once('exit', remove),
  };
}
