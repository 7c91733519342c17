// Concurrent clients for the benches: wall time and per-request latency.

export interface Timing {
  seconds: number;
  p50: number;
  p99: number;
}

/** Runs `total` jobs on `workers` concurrent loops; returns wall time and per-request latency. */
export async function runConcurrent(
  total: number,
  workers: number,
  job: (i: number, worker: number) => Promise<void>,
): Promise<Timing> {
  const latencies: number[] = new Array(total);
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, w) => {
      for (let i = next++; i < total; i = next++) {
        const s = performance.now();
        await job(i, w);
        latencies[i] = performance.now() - s;
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return { seconds, p50: latencies[Math.floor(total * 0.5)], p99: latencies[Math.floor(total * 0.99)] };
}

/** Each sender sends its own transactions one after another (per-sender order, like nonces). */
export async function runSenders(
  perSender: string[][],
  send: (tx: string) => Promise<void>,
): Promise<number> {
  const t0 = performance.now();
  await Promise.all(
    perSender.map(async (txs) => {
      for (const tx of txs) await send(tx);
    }),
  );
  return (performance.now() - t0) / 1000;
}
