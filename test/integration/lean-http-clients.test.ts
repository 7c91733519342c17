// Real third-party HTTP clients stay on the RPC port's lean HTTP path
// (src/devnode/server/leanHttp.ts): ethers v6's JsonRpcProvider (node:http), Node's fetch
// (undici, which writes the head and the body separately) and Foundry's cast (hyper). The
// JSON-RPC handler here is a stand-in answering eth_chainId and eth_blockNumber: what is under
// test is the HTTP layer; the dev node's own answers to these clients are covered by
// web3-ethers.test.ts and web3-cast.test.ts, which run through the same server.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { JsonRpcProvider } from 'ethers';
import { startHttpServer, type RunningServer } from '../../src/devnode/server/http';
import { castBinary } from './web3-fixture';

const CAST_ENV = {
  ...process.env,
  NO_COLOR: '1',
  HTTP_PROXY: 'http://127.0.0.1:9',
  HTTPS_PROXY: 'http://127.0.0.1:9',
  ALL_PROXY: 'http://127.0.0.1:9',
  NO_PROXY: '127.0.0.1,localhost',
  FOUNDRY_DISABLE_NIGHTLY_WARNING: '1',
};

const RESULTS: Record<string, string> = { eth_chainId: '0x4d2', eth_blockNumber: '0x2a' };

/** One JSON-RPC request or a batch, as the stand-in answers it. */
function answer(body: string): Promise<string> {
  const one = (r: { id?: unknown; method?: string }) => ({
    jsonrpc: '2.0',
    id: r.id ?? null,
    result: RESULTS[r.method ?? ''],
  });
  const parsed = JSON.parse(body) as { id?: unknown; method?: string } | { id?: unknown; method?: string }[];
  return Promise.resolve(JSON.stringify(Array.isArray(parsed) ? parsed.map(one) : one(parsed)));
}

describe('third-party clients on the lean HTTP path', () => {
  let server: RunningServer;
  let requests = 0;
  let fallbacks = 0;
  before(async () => {
    server = await startHttpServer({
      host: '127.0.0.1',
      port: 0,
      handler: (body) => {
        requests++;
        return answer(body);
      },
      onLeanFallback: () => fallbacks++,
    });
  });
  after(() => server.close());

  it("ethers' JsonRpcProvider", async () => {
    const provider = new JsonRpcProvider(server.url, undefined, { staticNetwork: true, batchMaxCount: 1 });
    try {
      const before = requests;
      assert.equal(await provider.getBlockNumber(), 42);
      assert.equal(await provider.send('eth_chainId', []), '0x4d2');
      assert.ok(requests > before);
      assert.equal(fallbacks, 0);
    } finally {
      provider.destroy();
    }
  });

  it('fetch (undici)', async () => {
    for (let i = 0; i < 3; i++) {
      const r = await fetch(server.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: i, method: 'eth_chainId', params: [] }),
      });
      assert.equal(r.headers.get('server'), 'Boost.Beast/351');
      assert.deepEqual(await r.json(), { jsonrpc: '2.0', id: i, result: '0x4d2' });
    }
    assert.equal(fallbacks, 0);
  });

  it("Foundry's cast", async () => {
    const cast = castBinary();
    const run = (args: string[]) =>
      new Promise<string>((resolve, reject) =>
        execFile(cast, args, { env: CAST_ENV, timeout: 120_000 }, (error, stdout, stderr) =>
          error
            ? reject(new Error(`cast ${args[0]} failed: ${stderr || error.message}`))
            : resolve(stdout.trim()),
        ),
      );
    assert.equal(await run(['chain-id', '--rpc-url', server.url]), '1234');
    assert.equal(await run(['block-number', '--rpc-url', server.url]), '42');
    assert.equal(fallbacks, 0);
  });
});
