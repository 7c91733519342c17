// One dev node per data directory: two writers appending to the same block log would corrupt
// it. The lock is a file holding the owner's pid, created exclusively; a lock left by a process
// that no longer exists (kill -9, crash) is taken over.

import { openSync, writeSync, closeSync, readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { errnoCode } from '../../protocol/unknownValues';

export interface DirLock {
  release(): void;
}

export function lockDataDir(dir: string): DirLock {
  const path = join(dir, 'LOCK');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          try {
            unlinkSync(path);
          } catch {
            // already gone
          }
        },
      };
    } catch (e) {
      if (errnoCode(e) !== 'EEXIST') throw e;
      const owner = Number(readFileSafe(path));
      if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
        throw new Error(`data directory ${dir} is in use by another dev node (pid ${owner})`, { cause: e });
      }
      // Stale lock: its owner is gone. Take it over.
      try {
        unlinkSync(path);
      } catch {
        // raced with another taker; the next attempt decides
      }
    }
  }
  throw new Error(`could not lock data directory ${dir}`);
}

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '';
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return errnoCode(e) === 'EPERM';
  }
}
