// V8 starts the next full garbage collection when the old generation reaches its live size
// times a factor it derives from how fast GC runs compared with the program: up to 4x on a
// machine with memory to spare. The dev node keeps little alive (tens of MB: the bounded caches,
// the pool, the in-memory chain's records) but allocates a lot per request and per block, so
// with that factor its old generation carried 60-90 MB of dead objects between full GCs (peak
// RSS 220-226 MiB in the peers bench). A fixed factor of 1.5 starts full GCs sooner: 152-154 MiB
// there, for about 11% more CPU per `call` in most runs (1.25 gave 146 MiB for about 30% more;
// docs/BENCHMARKS.md, "Memory"). The flag is read at every GC, so setting it at start takes
// effect; the young generation's size is fixed when the process starts and is left alone. A flag
// the user gave node wins.

import { setFlagsFromString } from 'node:v8';

export const HEAP_GROWING_PERCENT = 50;

/** Called by the CLI (the dev node's own process), never by a library user's process. */
export function limitHeapGrowth(): void {
  const given = [...process.execArgv, ...(process.env.NODE_OPTIONS ?? '').split(/\s+/)];
  if (given.some((a) => /^--heap[-_]growing[-_]percent/.test(a))) return;
  setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
