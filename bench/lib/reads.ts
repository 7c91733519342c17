// The devnode bench's read phases: `call` and getBlockNumber from concurrent clients, measured
// for every peer in the same run.
//
// Why the reads come in slices, rotated and summed: the machine's speed drifts by tens of
// percent within seconds (two identical dev nodes measured one after the other, 5,000 requests
// each, differed by up to 1.35x in req/s). So each kind of read goes to every peer in turn, a
// slice at a time (SLICE_SIZE: 0.1 s to a few seconds), in a rotated order each time (no peer
// is always first after another's slice), for many slices; a peer's
// figure is its requests over its seconds summed over all its slices (not its best slice, which
// would favour the noisier peer). Each peer first gets an uncounted warm-up of both kinds: the
// JIT-compiled peers (the dev node, Hardhat) re-optimize their read paths after the
// transaction rounds. It is long enough for that to finish: after a warm-up of 1,000 calls, V8
// (--trace-opt) still optimized 16 of the dev node's functions in its first counted slice, 4 and
// 3 in the next two, none after about 7,000 calls; that first slice ran at half the speed of the
// others and decided the sum. The requests go through LoadClient (loadClient.ts says why).

import type { Timing } from './concurrency';
import { LoadClient, type ReadRequest } from './loadClient';
import { cpuSeconds } from './processes';

/**
 * Requests per slice of each kind, so that a slice lasts about 0.1 s on the fastest peer: with
 * 2,000 a getBlockNumber slice took 20–40 ms, a few of the scheduler's time slices, and one
 * peer's slices ranged from 27,000 to 96,000 req/s in one run.
 */
export const SLICE_SIZE: Record<ReadKind, number> = { call: 2000, 'block number': 8000 };
export const READERS = 16;
const WARM_UP = 8000;

/** A peer as the read phases need it. */
export interface Reader {
  name: string;
  pid: number;
  url: string;
  callRequest(k: number): ReadRequest;
  blockNumberRequest(): ReadRequest;
}

/** One slice of one kind of read for one peer, with the server's CPU time per request. */
export interface ReadRun extends Timing {
  requests: number;
  serverCpuMsPerReq: number;
}

/** A peer's slices of one kind, and the figures over all of them. */
export interface ReadSeries {
  runs: ReadRun[];
  /** Requests over seconds, summed over the slices. */
  reqPerSec: number;
  /** The median of the slices' p50s and of their p99s. */
  p50: number;
  p99: number;
  /** Server CPU over requests, summed over the slices. */
  serverCpuMsPerReq: number;
}

export type ReadKind = 'call' | 'block number';

async function measure(peer: Reader, client: LoadClient, requests: ReadRequest[]): Promise<ReadRun> {
  const cpu0 = cpuSeconds(peer.pid);
  const t = await client.run(requests);
  return {
    ...t,
    requests: requests.length,
    serverCpuMsPerReq: ((cpuSeconds(peer.pid) - cpu0) * 1000) / requests.length,
  };
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length / 2;
  return s.length % 2 ? s[Math.floor(mid)] : (s[mid - 1] + s[mid]) / 2;
}

function series(runs: ReadRun[]): ReadSeries {
  const seconds = runs.reduce((a, r) => a + r.seconds, 0);
  return {
    runs,
    reqPerSec: runs.reduce((a, r) => a + r.requests, 0) / seconds,
    p50: median(runs.map((r) => r.p50)),
    p99: median(runs.map((r) => r.p99)),
    serverCpuMsPerReq: runs.reduce((a, r) => a + r.serverCpuMsPerReq, 0) / runs.length,
  };
}

/**
 * Measures both kinds of read on every peer: `slices` slices of SLICE_SIZE requests each, peers in a
 * rotated order each time. `written` keys exist (1-based); calls spread over all of them.
 */
export async function measureReads<P extends Reader>(
  peers: P[],
  written: number,
  slices: number,
): Promise<Map<ReadKind, Map<P, ReadSeries>>> {
  // A stride prime to the count, so the keys cover everything written; each answer is checked.
  const key = (i: number) => ((i * 7919) % written) + 1;
  const requests: Record<ReadKind, (p: P, from: number, n: number) => ReadRequest[]> = {
    call: (p, from, n) => Array.from({ length: n }, (_, i) => p.callRequest(key(from + i))),
    'block number': (p, _from, n) => Array.from({ length: n }, () => p.blockNumberRequest()),
  };
  const kinds = Object.keys(requests) as ReadKind[];
  const clients = new Map(peers.map((p) => [p, new LoadClient(p.url, READERS)]));
  try {
    for (const p of peers) {
      for (const kind of kinds) await clients.get(p)!.run(requests[kind](p, 0, WARM_UP));
    }
    const runs = new Map(kinds.map((k) => [k, new Map(peers.map((p) => [p, [] as ReadRun[]]))]));
    for (const kind of kinds) {
      for (let r = 0; r < slices; r++) {
        for (let j = 0; j < peers.length; j++) {
          const p = peers[(r + j) % peers.length];
          // Calls go on through the keys from slice to slice.
          const n = SLICE_SIZE[kind];
          const run = await measure(p, clients.get(p)!, requests[kind](p, r * n, n));
          runs.get(kind)!.get(p)!.push(run);
        }
      }
    }
    return new Map(kinds.map((k) => [k, new Map(peers.map((p) => [p, series(runs.get(k)!.get(p)!)]))]));
  } finally {
    for (const c of clients.values()) c.close();
  }
}
/** One line per peer: the summed figures, then the range of the slices' req/s. */
export function formatSeries(s: ReadSeries): string {
  const rates = s.runs.map((r) => r.requests / r.seconds);
  return (
    `${s.reqPerSec.toFixed(0).padStart(6)} req/s  p50 ${s.p50.toFixed(2)} ms  p99 ${s.p99.toFixed(2)} ms` +
    `  server CPU ${s.serverCpuMsPerReq.toFixed(3)} ms/req` +
    `  slices ${Math.min(...rates).toFixed(0)}–${Math.max(...rates).toFixed(0)}`
  );
}
