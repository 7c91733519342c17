// Several node RPC endpoints behind one Transport, as the console's and the Java SDK's `peers`:
// requests go to the endpoint that last answered and move on to the next when a node is down or
// restarting. Only failures where the request cannot have reached a node ("connect": refused,
// reset, unreachable) move a transaction on; reads also move on after a timeout. A node's own
// answer (RpcError) is never retried elsewhere.

import { TransportError } from '../errors';
import type { RequestOptions, Transport } from './types';

/** Methods that change nothing, so a timed-out one may be asked of another node. */
const WRITES = new Set(['sendTransaction']);

export class FailoverTransport implements Transport {
  readonly url: string;
  private current = 0;

  constructor(private readonly transports: readonly Transport[]) {
    if (transports.length === 0) throw new TypeError('FailoverTransport: at least one endpoint is required');
    this.url = transports.map((t) => t.url).join(', ');
  }

  /** The endpoint requests go to first (the last one that answered). */
  get activeUrl(): string {
    return this.transports[this.current].url;
  }

  async request<T = unknown>(method: string, params: unknown[], options: RequestOptions = {}): Promise<T> {
    const failures: string[] = [];
    let last: TransportError | undefined;
    for (let i = 0; i < this.transports.length; i++) {
      const index = (this.current + i) % this.transports.length;
      const transport = this.transports[index];
      try {
        const result = await transport.request<T>(method, params, options);
        this.current = index;
        return result;
      } catch (e) {
        if (!(e instanceof TransportError) || !this.canMoveOn(e, method)) throw e;
        last = e;
        failures.push(`${transport.url}: ${e.message}`);
      }
    }
    throw new TransportError(
      last?.kind ?? 'connect',
      this.url,
      `no node answered ${method} (${failures.join('; ')}); check that at least one of the peers is running`,
      last?.code,
      last?.httpStatus,
      { cause: last },
    );
  }

  private canMoveOn(e: TransportError, method: string): boolean {
    if (e.kind === 'connect') return true;
    return e.kind === 'timeout' && !WRITES.has(method);
  }

  close(): void {
    for (const t of this.transports) t.close();
  }
}
