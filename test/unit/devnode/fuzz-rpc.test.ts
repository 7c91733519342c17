// Sends 10,000 random and mutated requests, every one over HTTP (a few keep-alive connections), and
// checks that each gets a well-formed JSON-RPC response, then that the node still works.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import * as http from 'node:http';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { methods } from '../../../src/devnode/rpc/methods';
import { deployCode, result, RETURN_42, signedTx } from './rpc-helpers';

const TOTAL = 10_000;
/** Keep-alive connections: enough to overlap client and server work, few enough not to thrash. */
const CONCURRENCY = 4;
/** Generous bound for a loaded CI machine; an unloaded one needs a fraction of it. */
const TIMEOUT_MS = 240_000;

/** Deterministic PRNG (mulberry32) so a failure can be replayed from the seed. */
function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('RPC fuzzing', () => {
  let node: Devnode;
  let contract: string;
  let txHash: string;
  let validTx: string;
  before(async () => {
    node = await startDevnode({ port: 0, nodes: 2, accounts: 2, logLevel: 'silent' });
    const r = await result<{ contractAddress: string; transactionHash: string }>(node, 'sendTransaction', [
      'group0',
      '',
      signedTx(node, { input: deployCode(RETURN_42) }),
      false,
    ]);
    contract = r.contractAddress;
    txHash = r.transactionHash;
    validTx = signedTx(node, { input: deployCode(RETURN_42) });
  });
  after(() => node.stop());

  it(
    `answers ${TOTAL} random and mutated HTTP requests with well-formed responses`,
    { timeout: TIMEOUT_MS },
    async () => {
      const rand = rng(0xbc05);
      const int = (n: number) => Math.floor(rand() * n);
      const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)];
      const names = [...Object.keys(methods), 'getClientVersion', 'eth_blockNumber', '', 'GETBLOCKNUMBER'];
      const hexish = () =>
        '0x' + Array.from({ length: int(70) }, () => pick('0123456789abcdefABCDEFxg'.split(''))).join('');
      const scalar = (): unknown =>
        pick([
          () => int(2000) - 1000,
          () => rand() * 1e20,
          () => '9223372036854775808',
          () => rand() < 0.5,
          () => null,
          () => 'group0',
          () => '',
          () => 'node' + int(6),
          () => hexish(),
          () => contract,
          () => txHash,
          () => '\u0000\u00e9\ud83d\ude00"\\',
          () => 'x'.repeat(int(300)),
        ])();
      const value = (depth: number): unknown =>
        depth > 2 || rand() < 0.7
          ? scalar()
          : rand() < 0.5
            ? Array.from({ length: int(4) }, () => value(depth + 1))
            : { k: value(depth + 1) };
      const params = (): unknown[] => {
        const base: unknown[] = [
          pick(['group0', 'group0', '', 'group1', 7]),
          pick(['', '', 'node0', 'node1', 'node9', null]),
        ];
        const extra = [contract, txHash, int(4), '0x', rand() < 0.5, rand() < 0.5];
        if (rand() < 0.05) base.push(validTx.slice(0, int(validTx.length)));
        for (let i = 0; i < int(5); i++) base.push(rand() < 0.6 ? pick(extra) : value(0));
        return base;
      };
      const envelope = (): Record<string, unknown> => ({
        jsonrpc: '2.0',
        method: pick(names),
        params: params(),
        id: int(1e6),
      });
      const mutateObject = (o: Record<string, unknown>): Record<string, unknown> => {
        const keys = ['jsonrpc', 'method', 'params', 'id'];
        const k = pick(keys);
        const choice = int(4);
        if (choice === 0) delete o[k];
        else if (choice === 1) o[k] = value(0);
        else if (choice === 2) o[pick(['extra', '__proto__', 'constructor'])] = value(0);
        return o;
      };
      const mutateText = (t: string): string => {
        const choice = int(6);
        const at = int(t.length + 1);
        if (choice === 0) return t.slice(0, at);
        if (choice === 1)
          return (
            t.slice(0, at) +
            pick(['{', '}', '[', ']', ',', ':', '"', '\\', '/*', '//', '\n', '\u0000', 'é']) +
            t.slice(at)
          );
        if (choice === 2) return t.slice(0, at) + t.slice(at + 1 + int(5));
        if (choice === 3) return `[${t}]`;
        if (choice === 4) return t + ' trailing garbage';
        return t.replace(
          /"id":\d+/,
          `"id":${pick(['"7"', '1.5', '-0', '1e400', '18446744073709551616', 'true', '[]'])}`,
        );
      };
      const body = (): string => {
        const kind = int(10);
        if (kind === 0)
          return Buffer.from(Array.from({ length: int(64) }, () => int(256))).toString('latin1');
        if (kind === 1) return JSON.stringify(mutateObject(envelope()));
        if (kind <= 3) return mutateText(JSON.stringify(envelope()));
        return JSON.stringify(envelope());
      };

      const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
      const url = new URL(node.url);
      const send = (text: string) =>
        new Promise<{ status: number; type: string | undefined; text: string }>((resolve, reject) => {
          const req = http.request(
            {
              host: url.hostname,
              port: url.port,
              method: 'POST',
              path: '/',
              agent,
              headers: { 'Content-Length': Buffer.byteLength(text) },
            },
            (res) => {
              const chunks: Buffer[] = [];
              res.on('data', (c: Buffer) => chunks.push(c));
              res.on('end', () =>
                resolve({
                  status: res.statusCode!,
                  type: res.headers['content-type'],
                  text: Buffer.concat(chunks).toString(),
                }),
              );
            },
          );
          req.on('error', reject);
          req.end(text);
        });

      let sent = 0;
      let answeredOverHttp = 0;
      const failures: string[] = [];
      const worker = async () => {
        while (sent < TOTAL) {
          sent++;
          const text = body();
          const r = await send(text);
          answeredOverHttp++;
          const problem = checkResponse(r);
          if (problem && failures.length < 5)
            failures.push(
              `${problem}\n  request: ${JSON.stringify(text).slice(0, 300)}\n  response: ${r.text.slice(0, 300)}`,
            );
        }
      };
      try {
        await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      } finally {
        agent.destroy();
      }
      assert.deepEqual(failures, []);
      assert.equal(answeredOverHttp, TOTAL);

      // Still healthy: answers and commits a transaction.
      assert.equal(typeof (await result(node, 'getBlockNumber', ['group0', ''])), 'number');
      const after = await result<{ status: number }>(node, 'sendTransaction', [
        'group0',
        '',
        signedTx(node, { input: deployCode(RETURN_42) }),
        false,
      ]);
      assert.equal(after.status, 0);
    },
  );
});

/** undefined when the response is a well-formed JSON-RPC answer as the node writes it. */
function checkResponse(r: { status: number; type: string | undefined; text: string }): string | undefined {
  if (r.status !== 200) return `HTTP ${r.status}`;
  if (r.type !== 'application/json') return `content-type ${r.type}`;
  let o: Record<string, unknown>;
  try {
    o = JSON.parse(r.text) as Record<string, unknown>;
  } catch {
    return 'not JSON';
  }
  if (typeof o !== 'object' || o === null || Array.isArray(o)) return 'not an object';
  const keys = Object.keys(o);
  const hasError = 'error' in o;
  const expected = hasError ? ['error', 'id', 'jsonrpc'] : ['id', 'jsonrpc', 'result'];
  if (keys.join() !== expected.join()) return `keys ${keys.join()}`;
  if (typeof o.jsonrpc !== 'string' || typeof o.id !== 'number') return 'bad jsonrpc/id';
  if (hasError) {
    const e = o.error as Record<string, unknown>;
    if (Object.keys(e).join() !== 'code,message') return 'bad error keys';
    if (!Number.isInteger(e.code) || typeof e.message !== 'string') return 'bad error types';
    if (e.code === -32603) return `internal error: ${e.message}`;
  }
  return undefined;
}
