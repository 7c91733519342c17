// Runs the bundled dev node (dist/devnode-cli.js) as a detached child and waits for its
// `--json` ready line, which carries the RPC URL and the funded dev accounts.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { devnodeCli } from './paths';
import { PidFile, stopGroup } from './process-group';
import { isRecord } from '../../src/protocol/unknownValues';

/** A ready-line field as text (numbers and strings as String() gives them; objects as JSON). */
const text = (v: unknown): string => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

export interface DevAccount {
  address: string;
  privateKey: string;
}

export interface Devnode {
  url: string;
  port: number;
  group: string;
  accounts: DevAccount[];
  pid: number;
  logFile: string;
  stop(): Promise<void>;
}

export interface DevnodeOptions {
  port: number;
  dataDir: string;
  /** Start from an empty chain. */
  fresh?: boolean;
  logFile: string;
  pidFile: PidFile;
  extraArgs?: string[];
}

/** Tolerant reading of the ready line: the field names are the devnode's, kept loose on purpose. */
export function parseReady(
  line: string,
  port: number,
): Omit<Devnode, 'pid' | 'logFile' | 'stop'> | undefined {
  if (!line.trim().startsWith('{')) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isRecord(parsed)) return undefined;
  const o = parsed;
  const rpc = isRecord(o.rpc) ? o.rpc : {};
  const event = o.event ?? o.type ?? o.status;
  if (event !== undefined && !/ready|listening|started/i.test(text(event))) return undefined;
  if (event === undefined && o.url === undefined && o.rpcUrl === undefined && o.port === undefined)
    return undefined;
  const realPort = Number(o.port ?? rpc.port ?? port);
  const url = text(o.url ?? o.rpcUrl ?? rpc.url ?? `http://127.0.0.1:${realPort}`).replace(/\/+$/, '');
  const accounts = (Array.isArray(o.accounts) ? o.accounts : [])
    .map((a: unknown) => {
      const r = isRecord(a) ? a : {};
      return { address: text(r.address ?? ''), privateKey: text(r.privateKey ?? r.key ?? '') };
    })
    .filter((a: DevAccount) => a.address && a.privateKey);
  return { url, port: realPort, group: text(o.group ?? o.groupId ?? 'group0'), accounts };
}

export async function startDevnode(opts: DevnodeOptions): Promise<Devnode> {
  if (!fs.existsSync(devnodeCli)) throw new Error(`${devnodeCli} is missing: run "node esbuild.js" first`);
  fs.mkdirSync(opts.dataDir, { recursive: true });
  fs.mkdirSync(path.dirname(opts.logFile), { recursive: true });
  const args = [
    devnodeCli,
    '--host',
    '127.0.0.1',
    '--port',
    String(opts.port),
    '--data',
    opts.dataDir,
    '--json',
    ...(opts.fresh ? ['--fresh'] : []),
    ...(opts.extraArgs ?? []),
  ];
  const out = fs.openSync(opts.logFile, 'w');
  const marker = `BCOS_TOOLING_DEVNODE=${opts.dataDir}`;
  const child = spawn(process.execPath, args, {
    detached: true,
    stdio: ['ignore', out, out],
    env: { ...process.env, BCOS_TOOLING_DEVNODE: opts.dataDir },
  });
  fs.closeSync(out);
  const pid = child.pid!;
  child.unref();
  opts.pidFile.add({ pgid: pid, marker, what: 'devnode' });
  let exited: string | undefined;
  child.on('exit', (code, sig) => {
    exited = `devnode exited with ${code ?? sig}`;
  });
  const stop = async () => {
    await stopGroup(pid);
    opts.pidFile.remove(pid);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    const log = fs.readFileSync(opts.logFile, 'utf8');
    for (const line of log.split('\n')) {
      const ready = parseReady(line, opts.port);
      if (ready) return { ...ready, pid, logFile: opts.logFile, stop };
    }
    if (exited || Date.now() > deadline) {
      await stop();
      throw new Error(`${exited ?? 'devnode gave no ready line within 60 s'}; log:\n${log.slice(-3000)}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
