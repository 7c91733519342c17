// Child processes of the benches: their start-up line, CPU time and peak RSS (/proc), stopping
// them, and a free loopback port.

import type { ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { createServer } from 'node:net';

/** CPU seconds (user + system) a process (or, with `mainThread`, its main thread) has used so far. */
export function cpuSeconds(pid: number, mainThread = false): number {
  const path = mainThread ? `/proc/${pid}/task/${pid}/stat` : `/proc/${pid}/stat`;
  const fields = readFileSync(path, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

export interface ThreadStat {
  /** The process's own (JavaScript) thread. */
  main: boolean;
  /** The thread's name (`comm`: "node", "rocksdb:low", "tokio-rt-worker", ...). */
  name: string;
  /** Its status file, for what /proc/<pid>/task/<tid>/stat does not carry. */
  statusPath: string;
  /** CPU seconds (user + system) it has used so far. */
  cpu: number;
}

/** Every live thread of `pid` (a thread that ends while being read is left out). */
export function threadStats(pid: number): ThreadStat[] {
  const out: ThreadStat[] = [];
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    } catch {
      continue; // the thread ended
    }
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    out.push({
      main: tid === String(pid),
      name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')),
      statusPath: `/proc/${pid}/task/${tid}/status`,
      cpu: (Number(fields[11]) + Number(fields[12])) / 100,
    });
  }
  return out;
}

export function peakRssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmHWM:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : NaN;
}

export function waitForLine(
  child: ChildProcess,
  test: (line: string) => boolean,
  what: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const onData = (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      const hit = lines.find(test);
      if (hit !== undefined) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve(hit);
      }
    };
    child.stdout?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${what} exited (${code}) before it was ready`)));
  });
}

export async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const a = s.address();
      const port = typeof a === 'object' && a !== null ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}
