// Port preflight for the local node: is the port free, and if not, which free port to offer.

import * as net from 'node:net';
import { isRecord } from '../../protocol/unknownValues';

export function isPortFree(port: number, host = '127.0.0.1'): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.once('listening', () => server.close(() => resolve(true)));
    server.listen(port, host);
  });
}

/** A port the OS reports free right now. */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Whether a FISCO BCOS node (e.g. a local node left running) answers JSON-RPC on the port. */
export async function probeFiscoNode(port: number, group = 'group0'): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${port}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBlockNumber', params: [group, ''] }),
      signal: AbortSignal.timeout(2000),
    });
    const body: unknown = await response.json();
    return isRecord(body) && typeof body.result === 'number';
  } catch {
    return false;
  }
}
