// The benches' HTTP JSON-RPC client: the same for every node under test (keep-alive, 64 sockets).

import { Agent, request } from 'node:http';

export class Rpc {
  private agent = new Agent({ keepAlive: true, maxSockets: 64 });
  private id = 0;
  private readonly host: string;
  private readonly port: number;

  constructor(url: string) {
    const u = new URL(url);
    this.host = u.hostname;
    this.port = Number(u.port);
  }

  call<T = unknown>(method: string, params: unknown[]): Promise<T> {
    const body = JSON.stringify({ jsonrpc: '2.0', id: ++this.id, method, params });
    return new Promise((resolve, reject) => {
      const req = request(
        {
          host: this.host,
          port: this.port,
          method: 'POST',
          path: '/',
          agent: this.agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            try {
              const msg = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
                result?: T;
                error?: { code: number; message: string };
              };
              if (msg.error) reject(new Error(`${method}: ${msg.error.code} ${msg.error.message}`));
              else resolve(msg.result as T);
            } catch (e) {
              reject(e instanceof Error ? e : new Error(String(e)));
            }
          });
        },
      );
      req.on('error', reject);
      req.end(body);
    });
  }

  /** Drops idle keep-alive sockets, which a server may close while another node is measured. */
  fresh(): void {
    this.agent.destroy();
    this.agent = new Agent({ keepAlive: true, maxSockets: 64 });
  }

  close(): void {
    this.agent.destroy();
  }
}
