// The RPC port's HTTP behaviour: any method/path is JSON-RPC, OPTIONS is 204, keep-alive, the
// body limit, mutual TLS, and a clear error for a port in use.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import * as https from 'node:https';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDevnode, type Devnode } from '../../../src/devnode/index';

const BODY = '{"jsonrpc":"2.0","method":"getBlockNumber","params":["group0",""],"id":1}';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  reused: boolean;
}

function request(
  url: string,
  method: string,
  path: string,
  body: string | undefined,
  extra: https.RequestOptions = {},
): Promise<Answer> {
  const u = new URL(url);
  const lib = u.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    // An explicit length: GET/DELETE bodies are not chunked by Node's client.
    const headers = body === undefined ? {} : { 'Content-Length': Buffer.byteLength(body) };
    const req = lib.request({ host: u.hostname, port: u.port, method, path, headers, ...extra }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: Buffer.concat(chunks).toString(),
          reused: req.reusedSocket,
        }),
      );
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('devnode HTTP server', () => {
  let node: Devnode;
  before(async () => {
    node = await startDevnode({ port: 0, nodes: 1, accounts: 1, bodyLimit: 4096, logLevel: 'silent' });
  });
  after(() => node.stop());

  it('answers JSON-RPC on any method and path with 200 application/json', async () => {
    for (const [method, path] of [
      ['POST', '/'],
      ['PUT', '/some/path?x=1'],
      ['GET', '/rpc'],
      ['DELETE', '/'],
    ]) {
      const r = await request(node.url, method, path, BODY);
      assert.equal(r.status, 200, method);
      assert.equal(r.headers['content-type'], 'application/json');
      assert.equal(r.body, '{"id":1,"jsonrpc":"2.0","result":0}');
    }
    const empty = await request(node.url, 'GET', '/', undefined);
    assert.equal(empty.status, 200);
    assert.equal(JSON.parse(empty.body).error.code, -32600);
  });

  it('OPTIONS is a 204 preflight without a body', async () => {
    const r = await request(node.url, 'OPTIONS', '/', undefined);
    assert.equal(r.status, 204);
    assert.equal(r.body, '');
  });

  it('keeps connections alive between requests', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const a = await request(node.url, 'POST', '/', BODY, { agent });
      const b = await request(node.url, 'POST', '/', BODY, { agent });
      assert.equal(a.reused, false);
      assert.equal(b.reused, true);
      assert.equal(b.headers.connection, 'keep-alive');
    } finally {
      agent.destroy();
    }
  });

  it('refuses a body over the limit with 413 and keeps serving', async () => {
    const big = JSON.stringify({
      jsonrpc: '2.0',
      method: 'getBlockNumber',
      params: ['x'.repeat(5000)],
      id: 1,
    });
    const r = await request(node.url, 'POST', '/', big);
    assert.equal(r.status, 413);
    assert.equal(r.headers.connection, 'close');
    assert.match(JSON.parse(r.body).error.message, /larger than 4096 bytes/);
    assert.equal((await request(node.url, 'POST', '/', BODY)).status, 200);
  });

  it('a port in use is a clear error', async () => {
    await assert.rejects(
      startDevnode({ port: node.port, nodes: 1, accounts: 1, logLevel: 'silent' }),
      /already in use/,
    );
  });
});

describe('devnode mutual TLS', () => {
  let dir: string;
  let node: Devnode;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'devnode-tls-'));
    node = await startDevnode({
      port: 0,
      nodes: 1,
      accounts: 1,
      tls: true,
      dataDir: dir,
      logLevel: 'silent',
    });
  });
  after(async () => {
    await node.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes ca.crt, sdk.crt, sdk.key under <data>/sdk as build_chain.sh does', () => {
    assert.equal(node.sdkCertDir, join(dir, 'sdk'));
    for (const f of ['ca.crt', 'sdk.crt', 'sdk.key']) assert.ok(existsSync(join(dir, 'sdk', f)), f);
    assert.match(node.url, /^https:/);
  });

  it('serves a client with the SDK certificate', async () => {
    const sdk = join(dir, 'sdk');
    const r = await request(node.url, 'POST', '/', BODY, {
      ca: readFileSync(join(sdk, 'ca.crt')),
      cert: readFileSync(join(sdk, 'sdk.crt')),
      key: readFileSync(join(sdk, 'sdk.key')),
    });
    assert.equal(r.body, '{"id":1,"jsonrpc":"2.0","result":0}');
  });

  it('refuses a client without a certificate', async () => {
    await assert.rejects(
      request(node.url, 'POST', '/', BODY, { ca: readFileSync(join(dir, 'sdk', 'ca.crt')) }),
    );
  });

  it('reuses the certificates when restarted on the same data directory', async () => {
    const before = readFileSync(join(dir, 'sdk', 'sdk.crt'), 'utf8');
    await node.stop();
    node = await startDevnode({
      port: 0,
      nodes: 1,
      accounts: 1,
      tls: true,
      dataDir: dir,
      logLevel: 'silent',
    });
    assert.equal(readFileSync(join(dir, 'sdk', 'sdk.crt'), 'utf8'), before);
  });
});
