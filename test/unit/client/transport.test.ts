// HttpTransport against local servers: ids, timeout, cancellation, error mapping (JSON-RPC codes,
// tx-pool names, HTTP failures, bad JSON, size guard, connection refused), and mutual TLS with
// build_chain.sh-style certificates made by openssl.

import assert from 'node:assert/strict';
import * as https from 'node:https';
import * as net from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Client } from '../../../src/client/client';
import { RpcError, TransportError, TxPoolError } from '../../../src/client/errors';
import { HttpTransport } from '../../../src/client/transport/http';
import { makeTestCerts, type TestCerts } from './certs';
import * as fx from './fixtures';
import { byMethod, startRpcServer, type Reply, type RpcRequestBody, type RpcServer } from './rpcServer';

describe('HttpTransport over HTTP', () => {
  let server: RpcServer;
  let next: (req: RpcRequestBody) => Reply = () => ({ result: 1 });
  before(async () => {
    server = await startRpcServer((req) => next(req));
  });
  after(() => server.close());

  it('posts JSON-RPC 2.0 with incrementing numeric ids and returns result', async () => {
    next = (req) => ({ result: req.id * 10 });
    const t = new HttpTransport({ url: server.url });
    server.requests.length = 0;
    assert.equal(await t.request('getBlockNumber', ['group0', '']), 10);
    assert.equal(await t.request('getBlockNumber', ['group0', '']), 20);
    assert.deepEqual(server.requests[0], {
      jsonrpc: '2.0',
      method: 'getBlockNumber',
      params: ['group0', ''],
      id: 1,
    });
    assert.equal(server.requests[1].id, 2);
    t.close();
  });

  it('JSON-RPC errors become RpcError with code, message and method', async () => {
    next = () => ({ error: { code: -32601, message: 'The method does not exist/is not available.' } });
    const t = new HttpTransport({ url: server.url });
    await assert.rejects(t.request('getTransactionByHash', ['group0', '', '0x']), (err: unknown) => {
      assert.ok(err instanceof RpcError);
      assert.equal(err.code, -32601);
      assert.equal(err.method, 'getTransactionByHash');
      assert.equal(err.rpcMessage, 'The method does not exist/is not available.');
      assert.match(
        err.message,
        /getTransactionByHash failed: The method does not exist\/is not available\. \(code -32601\)/,
      );
      return true;
    });
    next = () => ({ error: { code: 3008, message: 'GetTransactionReceiptByHash' } });
    await assert.rejects(
      t.request('getTransactionReceipt', []),
      (err: unknown) => err instanceof RpcError && !(err instanceof TxPoolError) && err.code === 3008,
    );
    t.close();
  });

  it('tx-pool codes 10000+ become named TxPoolError (the documented TxPoolIsFull body)', async () => {
    next = () => ({ raw: fx.txPoolIsFullBody });
    const t = new HttpTransport({ url: server.url });
    await assert.rejects(t.request('sendTransaction', ['group0', '', '0x1a', false]), (err: unknown) => {
      assert.ok(err instanceof TxPoolError);
      assert.ok(err instanceof RpcError);
      assert.equal(err.code, 10002);
      assert.equal(err.name, 'TxPoolIsFull');
      assert.equal(err.status, 'TxPoolIsFull');
      assert.equal(err.method, 'sendTransaction');
      return true;
    });
    const named: [number, string][] = [
      [10000, 'NonceCheckFail'],
      [10001, 'BlockLimitCheckFail'],
      [10004, 'AlreadyInTxPool'],
      [10005, 'TxAlreadyInChain'],
      [10006, 'InvalidChainId'],
      [10007, 'InvalidGroupId'],
      [10008, 'InvalidSignature'],
      [10010, 'TransactionPoolTimeout'],
    ];
    for (const [code, name] of named) {
      next = () => ({ error: { code, message: name } });
      await assert.rejects(
        t.request('sendTransaction', []),
        (err: unknown) => err instanceof TxPoolError && err.name === name && err.code === code,
      );
    }
    next = () => ({ error: { code: -1, message: 'Chain ID mismatch!' } });
    await assert.rejects(
      t.request('sendTransaction', []),
      (err: unknown) => err instanceof RpcError && !(err instanceof TxPoolError) && err.code === -1,
    );
    t.close();
  });

  it('times out with a TransportError naming the method and URL', async () => {
    next = () => ({ hang: true });
    const t = new HttpTransport({ url: server.url, timeoutMs: 100 });
    const started = Date.now();
    await assert.rejects(t.request('getBlockNumber', []), (err: unknown) => {
      assert.ok(err instanceof TransportError);
      assert.equal(err.kind, 'timeout');
      assert.ok(
        err.message.includes(server.url) &&
          err.message.includes('getBlockNumber') &&
          err.message.includes('100 ms'),
      );
      return true;
    });
    assert.ok(Date.now() - started < 2000);
    // Per-request override.
    await assert.rejects(t.request('getBlockNumber', [], { timeoutMs: 50 }), /timed out after 50 ms/);
    t.close();
  });

  it('cancels through an AbortSignal, before and during the request', async () => {
    next = () => ({ hang: true });
    const t = new HttpTransport({ url: server.url });
    const controller = new AbortController();
    const pending = t.request('sendTransaction', [], { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    await assert.rejects(
      pending,
      (err: unknown) =>
        err instanceof TransportError && err.kind === 'aborted' && err.message.includes(server.url),
    );
    const count = server.requests.length;
    await assert.rejects(
      t.request('getBlockNumber', [], { signal: AbortSignal.abort() }),
      (err: unknown) => err instanceof TransportError && err.kind === 'aborted',
    );
    assert.equal(server.requests.length, count, 'an already-aborted request is not sent');
    t.close();
  });

  it('Client forwards signal and timeout per call', async () => {
    next = () => ({ hang: true });
    const client = new Client({ group: 'group0', url: server.url });
    await assert.rejects(
      client.getBlockNumber({ timeoutMs: 40 }),
      (err: unknown) => err instanceof TransportError && err.kind === 'timeout',
    );
    await assert.rejects(
      client.getPeers({ signal: AbortSignal.timeout(40) }),
      (err: unknown) => err instanceof TransportError && err.kind === 'aborted',
    );
    client.close();
  });

  it('HTTP failures, malformed JSON and non-JSON-RPC bodies are TransportErrors', async () => {
    const t = new HttpTransport({ url: server.url });
    next = () => ({ raw: 'Bad Gateway', status: 502 });
    await assert.rejects(
      t.request('getBlockNumber', []),
      (err: unknown) =>
        err instanceof TransportError &&
        err.kind === 'http' &&
        err.httpStatus === 502 &&
        /HTTP 502/.test(err.message),
    );
    next = () => ({ raw: '{"id":1,"jsonrpc":"2.0","result":' });
    await assert.rejects(
      t.request('getBlockNumber', []),
      (err: unknown) =>
        err instanceof TransportError && err.kind === 'protocol' && /not valid JSON/.test(err.message),
    );
    next = () => ({ raw: '[1,2]' });
    await assert.rejects(t.request('getBlockNumber', []), /not a JSON-RPC object/);
    next = () => ({ raw: '{"id":1,"jsonrpc":"2.0"}' });
    await assert.rejects(t.request('getBlockNumber', []), /neither result nor error/);
    next = () => ({ raw: '{"id":999999,"jsonrpc":"2.0","result":5}' });
    await assert.rejects(t.request('getBlockNumber', []), /does not match request id/);
    next = () => ({ raw: '{"error":{"message":"x"},"id":0,"jsonrpc":""}' });
    await assert.rejects(t.request('getBlockNumber', []), /malformed error object/);
    t.close();
  });

  it('refuses a response above the size guard, and does not send a request above it', async () => {
    next = () => ({ result: 'x'.repeat(5000) });
    const t = new HttpTransport({ url: server.url, maxResponseBytes: 1000, maxRequestBytes: 2000 });
    await assert.rejects(
      t.request('getCode', []),
      (err: unknown) =>
        err instanceof TransportError &&
        err.kind === 'too-large' &&
        /response of \d+ bytes exceeds the 1000-byte limit/.test(err.message),
    );
    const count = server.requests.length;
    await assert.rejects(
      t.request('sendTransaction', ['group0', '', '0x' + '00'.repeat(2000), false]),
      /request of \d+ bytes exceeds the 2000-byte limit/,
    );
    assert.equal(server.requests.length, count);
    await assert.rejects(t.request('getCode', [], { timeoutMs: 0 }), /timeoutMs must be a positive/);
    t.close();
  });

  it('a connection dropped mid-response is a TransportError', async () => {
    const http = await import('node:http');
    const dropper = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"id":1,"jsonrpc":"2.0","result":');
      setTimeout(() => res.socket?.destroy(), 10);
    });
    await new Promise<void>((r) => dropper.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(dropper.address() as net.AddressInfo).port}`;
    const t = new HttpTransport({ url });
    await assert.rejects(
      t.request('getBlockNumber', []),
      (err: unknown) => err instanceof TransportError && err.kind === 'connect' && err.message.includes(url),
    );
    t.close();
    await new Promise((r) => dropper.close(r));
  });

  it('a refused connection names the URL and says what to check', async () => {
    const port = await freePort();
    const t = new HttpTransport({ url: `http://127.0.0.1:${port}` });
    await assert.rejects(t.request('getBlockNumber', []), (err: unknown) => {
      assert.ok(err instanceof TransportError);
      assert.equal(err.kind, 'connect');
      assert.equal(err.code, 'ECONNREFUSED');
      assert.ok(err.message.includes(`http://127.0.0.1:${port}`));
      assert.match(err.message, /is the node running/);
      return true;
    });
  });

  it('rejects bad construction options clearly', () => {
    assert.throws(() => new HttpTransport({ url: '' }), /url .* is required/);
    assert.throws(() => new HttpTransport({ url: 'not a url' }), /not a valid URL/);
    assert.throws(() => new HttpTransport({ url: 'ws://127.0.0.1:1' }), /unsupported scheme/);
    assert.throws(() => new HttpTransport({ url: 'https://127.0.0.1:1' }), /no tls options/);
    assert.throws(
      () => new HttpTransport({ url: 'http://127.0.0.1:1', tls: { certDir: '/x' } }),
      /not https/,
    );
    assert.throws(
      () => new HttpTransport({ url: 'http://127.0.0.1:1', timeoutMs: -1 }),
      /timeoutMs must be a positive/,
    );
    assert.throws(
      () => new HttpTransport({ url: 'https://127.0.0.1:1', tls: { certDir: '/nonexistent-dir' } }),
      /ca\.crt, sdk\.crt, sdk\.key not found in \/nonexistent-dir/,
    );
    assert.throws(
      () => new HttpTransport({ url: 'https://127.0.0.1:1', tls: { ca: 'x' } }),
      /cert, key missing/,
    );
  });
});

describe('Client construction', () => {
  it('requires a group id', () => {
    assert.throws(() => new Client({ url: 'http://127.0.0.1:20200' } as never), /a group id is required/);
    assert.throws(() => new Client({ group: '  ', url: 'http://127.0.0.1:20200' }), /a group id is required/);
    assert.throws(() => new Client(undefined as never), /options \{ group, url \| transport \} required/);
  });
  it('requires a url or a transport', () => {
    assert.throws(() => new Client({ group: 'group0' }), /give a url/);
  });
  it('rejects bad arguments before sending anything', async () => {
    const sent: string[] = [];
    const client = new Client({
      group: 'group0',
      transport: { url: 'mem://', request: async (m: string) => (sent.push(m), null) as never, close() {} },
    });
    await assert.rejects(client.getBlockByNumber(1.5), /block number must be a non-negative integer/);
    await assert.rejects(client.getBlockByHash('0x1234'), /hash must be 32 bytes/);
    await assert.rejects(client.getCode('0xzz'), /is not hex/);
    await assert.rejects(client.call('0x1234', '0x'), /address must be 20 bytes/);
    await assert.rejects(
      client.call('0x6849f21d1e455e9f0712b1e99fa4fcd23758e8f1', '0x123'),
      /odd number of hex digits/,
    );
    await assert.rejects(client.sendTransaction('0x'), /signedTransactionData is empty/);
    await assert.rejects(client.getBlockByNumber(1, 'yes' as never), /onlyHeader must be a boolean/);
    await assert.rejects(client.getBlockNumber({ node: 5 as never }), /node must be a node name string/);
    await assert.rejects(client.getSystemConfigByKey(''), /key must be a non-empty string/);
    assert.deepEqual(sent, []);
  });
});

describe('HttpTransport over mutual TLS (build_chain.sh-style RSA certificates)', () => {
  let certs: TestCerts;
  let server: RpcServer;
  before(async () => {
    certs = makeTestCerts();
    server = await startRpcServer(byMethod({ getBlockNumber: 8, getGroupList: fx.groupList }), certs.node);
  });
  after(async () => {
    await server.close();
    certs.cleanup();
  });

  it('talks to the node with ca.crt, sdk.crt, sdk.key from a cert folder', async () => {
    const client = new Client({ group: 'group0', url: server.url, tls: { certDir: certs.sdkDir } });
    assert.equal(await client.getBlockNumber(), 8);
    assert.deepEqual(await client.getGroupList(), fx.groupList);
    assert.deepEqual(server.requests.at(-2), {
      jsonrpc: '2.0',
      method: 'getBlockNumber',
      params: ['group0', ''],
      id: 1,
    });
    client.close();
  });

  it('accepts PEM contents instead of a folder', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const t = new HttpTransport({
      url: server.url,
      tls: {
        ca: readFileSync(join(certs.sdkDir, 'ca.crt')),
        cert: readFileSync(join(certs.sdkDir, 'sdk.crt')),
        key: readFileSync(join(certs.sdkDir, 'sdk.key')),
      },
    });
    assert.equal(await t.request('getBlockNumber', ['group0', '']), 8);
    t.close();
  });

  it('the node refuses a client that presents no certificate', async () => {
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const err = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
      const req = https.request(
        server.url,
        {
          method: 'POST',
          ca: readFileSync(join(certs.sdkDir, 'ca.crt')),
          checkServerIdentity: () => undefined,
          agent: false,
        },
        (res) => {
          res.resume();
          resolve(undefined);
        },
      );
      req.on('error', resolve);
      req.end('{"jsonrpc":"2.0","method":"getBlockNumber","params":[],"id":1}');
    });
    assert.ok(err, 'a request without a client certificate must fail');
  });

  it('a client certificate from another CA is refused, with a clear error naming the URL', async () => {
    const t = new HttpTransport({ url: server.url, tls: { certDir: certs.rogueSdkDir } });
    await assert.rejects(t.request('getBlockNumber', []), (err: unknown) => {
      assert.ok(err instanceof TransportError);
      assert.ok(err.kind === 'tls' || err.kind === 'connect', err.kind);
      assert.ok(err.message.includes(server.url));
      return true;
    });
    t.close();
  });

  it('a node certificate not signed by ca.crt is a TLS error', async () => {
    // The client trusts an unrelated certificate as its CA, so the node's chain cannot verify.
    const { readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const t = new HttpTransport({
      url: server.url,
      tls: {
        ca: readFileSync(join(certs.rogueSdkDir, 'sdk.crt')),
        cert: readFileSync(join(certs.sdkDir, 'sdk.crt')),
        key: readFileSync(join(certs.sdkDir, 'sdk.key')),
      },
    });
    await assert.rejects(t.request('getBlockNumber', []), (err: unknown) => {
      assert.ok(err instanceof TransportError);
      assert.equal(err.kind, 'tls');
      assert.match(err.message, /TLS failure/);
      return true;
    });
    t.close();
  });

  it('plain HTTP against the TLS port fails clearly', async () => {
    const t = new HttpTransport({ url: server.url.replace('https:', 'http:'), timeoutMs: 2000 });
    await assert.rejects(
      t.request('getBlockNumber', []),
      (err: unknown) => err instanceof TransportError && err.message.includes('http://127.0.0.1'),
    );
    t.close();
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}
