// Stops the process trees we spawn detached (one process group each), by id only.
// An idle code-server or its extension host can outlive a killed runner, so groups are also
// recorded in a pid file and swept by the next run.
import fs from 'node:fs';

interface ProcInfo {
  pid: number;
  pgid: number;
  state: string;
}

function readProc(pid: number): ProcInfo | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // comm may contain spaces and parentheses: fields start after the last ')'.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid, state: rest[0], pgid: Number(rest[2]) };
  } catch {
    return undefined;
  }
}

/** Live (non-zombie) members of a process group. */
export function groupMembers(pgid: number): number[] {
  const members: number[] = [];
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const info = readProc(Number(name));
    if (info && info.pgid === pgid && info.state !== 'Z') members.push(info.pid);
  }
  return members;
}

function environHas(pid: number, marker: string): boolean {
  try {
    return fs.readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(marker);
  } catch {
    return false;
  }
}

function signal(pid: number, sig: NodeJS.Signals): void {
  try {
    process.kill(pid, sig);
  } catch {
    /* already gone */
  }
}

/**
 * SIGTERM the group, wait up to graceMs, then SIGKILL what is left.
 * With a marker (an environment entry such as HOME=/run/dir/home) only processes that carry it
 * are touched, which guards against process-id reuse when sweeping an old pid file.
 */
export async function stopGroup(
  pgid: number,
  opts: { graceMs?: number; marker?: string } = {},
): Promise<void> {
  const ours = (pid: number) => !opts.marker || environHas(pid, opts.marker);
  let members = groupMembers(pgid).filter(ours);
  if (members.length === 0) return;
  if (!opts.marker) signal(-pgid, 'SIGTERM');
  for (const pid of members) signal(pid, 'SIGTERM');
  const deadline = Date.now() + (opts.graceMs ?? 8000);
  while (Date.now() < deadline) {
    members = members.filter((pid) => readProc(pid) && readProc(pid)!.state !== 'Z');
    if (members.length === 0) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  for (const pid of members) signal(pid, 'SIGKILL');
}

export interface PidRecord {
  pgid: number;
  marker: string;
  what: string;
  /** The runner that spawned the group (pid and start time, which guards against pid reuse). */
  owner?: { pid: number; start: string };
}

function startTime(pid: number): string | undefined {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

/** Our own identity, recorded with every group we spawn. */
export function selfOwner(): { pid: number; start: string } {
  return { pid: process.pid, start: startTime(process.pid) ?? '' };
}

function ownerAlive(r: PidRecord): boolean {
  return !!r.owner && r.owner.pid !== process.pid && startTime(r.owner.pid) === r.owner.start;
}

/** Remembers spawned groups in a JSON file so a later run can clean up after a killed one. */
export class PidFile {
  constructor(readonly file: string) {}

  add(record: PidRecord): void {
    const records = this.read().filter((r) => r.pgid !== record.pgid);
    records.push({ ...record, owner: selfOwner() });
    fs.writeFileSync(this.file, JSON.stringify(records, null, 2));
  }

  remove(pgid: number): void {
    const records = this.read().filter((r) => r.pgid !== pgid);
    if (records.length) fs.writeFileSync(this.file, JSON.stringify(records, null, 2));
    else fs.rmSync(this.file, { force: true });
  }

  read(): PidRecord[] {
    try {
      // The file this class writes (see add()); a broken one reads as empty below.
      // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
      return JSON.parse(fs.readFileSync(this.file, 'utf8')) as PidRecord[];
    } catch {
      return [];
    }
  }

  /** Kills leftovers of an earlier run that died without shutting down; returns what it found. */
  async sweep(): Promise<string[]> {
    const found: string[] = [];
    const records = this.read();
    const live = records.filter(ownerAlive);
    for (const r of records.filter((x) => !ownerAlive(x))) {
      const alive = groupMembers(r.pgid).filter((pid) => environHas(pid, r.marker));
      if (alive.length) {
        found.push(`${r.what} (${alive.join(', ')})`);
        await stopGroup(r.pgid, { marker: r.marker, graceMs: 3000 });
      }
    }
    // Groups of a runner that is still going (another test run) are its own business.
    if (live.length) fs.writeFileSync(this.file, JSON.stringify(live, null, 2));
    else fs.rmSync(this.file, { force: true });
    return found;
  }
}
