// A local JSON-RPC test server standing in for a node's [rpc] port: records every request body
// and answers with what the test's handler returns, over HTTP or mutual TLS (verify_peer +
// fail_if_no_peer_cert, as a node built by build_chain.sh does).

import * as http from 'node:http';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';

export interface RpcRequestBody {
  jsonrpc: string;
  method: string;
  params: unknown[];
  id: number;
}

export type Reply =
  | { result: unknown }
  | { error: { code: number; message: string } }
  /** Raw body text, optional HTTP status. */
  | { raw: string; status?: number }
  /** Never answer (for timeout and abort tests). */
  | { hang: true };

export interface RpcServer {
  url: string;
  requests: RpcRequestBody[];
  close(): Promise<void>;
}

export interface ServerTls {
  key: Buffer;
  cert: Buffer;
  ca: Buffer;
}

export async function startRpcServer(
  handler: (req: RpcRequestBody) => Reply | Promise<Reply>,
  tls?: ServerTls,
): Promise<RpcServer> {
  const requests: RpcRequestBody[] = [];
  const hanging = new Set<http.ServerResponse>();
  const onRequest = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    // A failing handler is a test bug: let it surface as an unhandled rejection.
    req.on(
      'end',
      () =>
        void (async () => {
          const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RpcRequestBody;
          requests.push(body);
          const reply = await handler(body);
          if ('hang' in reply) {
            hanging.add(res);
            return;
          }
          let text: string;
          let status = 200;
          if ('raw' in reply) {
            text = reply.raw;
            status = reply.status ?? 200;
          } else if ('error' in reply) {
            text = JSON.stringify({ error: reply.error, id: body.id, jsonrpc: body.jsonrpc });
          } else {
            text = JSON.stringify({ id: body.id, jsonrpc: body.jsonrpc, result: reply.result });
          }
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(text);
        })(),
    );
  };
  const server = tls
    ? https.createServer(
        { key: tls.key, cert: tls.cert, ca: tls.ca, requestCert: true, rejectUnauthorized: true },
        onRequest,
      )
    : http.createServer(onRequest);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `${tls ? 'https' : 'http'}://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers each method with a fixed result; unknown methods get -32601 like a node. */
export function byMethod(results: Record<string, unknown>): (req: RpcRequestBody) => Reply {
  return (req) =>
    req.method in results
      ? { result: results[req.method] }
      : { error: { code: -32601, message: 'The method does not exist/is not available.' } };
}
