// One dev node per data directory: two writers on the same store would corrupt it. The lock is
// held by the operating system, never guessed from a process id: on Linux an abstract-namespace
// Unix socket named after the directory (the kernel frees the name the moment the owner dies,
// kill -9 included); elsewhere a socket file in the directory, taken over only when nothing
// answers on it. The LOCK file next to it records the owner's pid for the message only.

import { createHash } from 'node:crypto';
import { realpathSync, unlinkSync, writeFileSync, readFileSync } from 'node:fs';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';

export interface DirLock {
  release(): void;
}

export async function lockDataDir(dir: string): Promise<DirLock> {
  const real = realpathSync(dir);
  const linux = process.platform === 'linux';
  const name = linux
    ? '\0bcos-devnode:' + createHash('sha256').update(real).digest('hex')
    : join(real, 'LOCK.sock');
  let server: Server;
  try {
    server = await listen(name);
  } catch (e) {
    if (!(e instanceof Error && 'code' in e && e.code === 'EADDRINUSE')) throw e;
    if (linux || (await answers(name))) throw inUse(dir);
    // A socket file left by a dead owner: nobody listens on it any more.
    unlinkSync(name);
    try {
      server = await listen(name);
    } catch {
      throw inUse(dir);
    }
  }
  server.on('connection', (s) => s.destroy());
  server.unref();
  const info = join(dir, 'LOCK');
  try {
    writeFileSync(info, String(process.pid));
  } catch {
    // informational only
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      server.close();
      try {
        if (readFileSync(info, 'utf8') === String(process.pid)) unlinkSync(info);
      } catch {
        // already gone
      }
    },
  };
}

function inUse(dir: string): Error {
  let pid = '';
  try {
    pid = readFileSync(join(dir, 'LOCK'), 'utf8').trim();
  } catch {
    // no pid recorded
  }
  return new Error(
    `data directory ${dir} is in use by another dev node${/^\d+$/.test(pid) ? ` (pid ${pid})` : ''}; stop it, or use another --data directory`,
  );
}

function listen(name: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(name, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection(path);
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}
