// The devnode's diagnostics answers as the client checks them: a failure point naming the built-in
// that failed comes through as sent, one without it too (older devnodes), and an answer of the
// wrong shape is a clear error naming the method and the field instead of a value used blindly.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '../../../src/client/client';
import { devnodeTraceCall, getDevnodeDiagnostics } from '../../../src/client/devnode';
import { startRpcServer, type Reply, type RpcServer } from './rpcServer';

const TX = '0x' + '11'.repeat(32);
const BFS = '0x' + '100e'.padStart(40, '0');
const CONTRACT = '0x' + 'ab'.repeat(20);
const BUILTIN = { address: BFS, name: 'BFSPrecompiled', method: 'mkdir(string)' };
const OWN = {
  codeAddress: BFS,
  address: BFS,
  pc: -1,
  create: false,
  depth: 0,
  error: 'PrecompiledError',
  builtin: BUILTIN,
};
const PLAIN = { codeAddress: CONTRACT, address: CONTRACT, pc: 12, create: false, depth: 1, error: 'revert' };

describe('devnode diagnostics answers', () => {
  let server: RpcServer;
  let result: unknown = null;
  let client: Client;
  before(async () => {
    server = await startRpcServer((): Reply => ({ result }));
    client = new Client({ group: 'group0', url: server.url });
  });
  after(async () => {
    client.close();
    await server.close();
  });

  it('a failure point with or without a built-in comes through as the devnode sent it', async () => {
    for (const failure of [OWN, { ...PLAIN, builtin: BUILTIN }, PLAIN, null]) {
      result = { consoleLogs: ['x'], failure };
      assert.deepEqual(await getDevnodeDiagnostics(client, TX), result);
    }
    result = null;
    assert.equal(await getDevnodeDiagnostics(client, TX), null);
    result = { status: 15, output: '0x', consoleLogs: [], failure: OWN };
    assert.deepEqual(await devnodeTraceCall(client, BFS, '0x'), result);
  });

  it('a malformed answer is an error naming the method and the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{ consoleLogs: [], failure: { ...OWN, builtin: null } }, /failure\.builtin must be an object/],
      [
        { consoleLogs: [], failure: { ...OWN, builtin: { ...BUILTIN, method: 4 } } },
        /failure\.builtin\.method/,
      ],
      [
        { consoleLogs: [], failure: { ...OWN, builtin: { address: BFS, name: 'x' } } },
        /failure\.builtin\.method/,
      ],
      [{ consoleLogs: [], failure: { ...PLAIN, pc: '12' } }, /failure\.pc/],
      [{ consoleLogs: [1], failure: null }, /consoleLogs/],
      [{ failure: null }, /consoleLogs/],
      ['ok', /an object/],
    ];
    for (const [answer, field] of cases) {
      result = answer;
      await assert.rejects(getDevnodeDiagnostics(client, TX), (e: Error) => {
        assert.match(e.message, /^getDevnodeDiagnostics: malformed answer from the devnode: /);
        assert.match(e.message, field);
        return true;
      });
    }
    result = { consoleLogs: [], failure: PLAIN };
    await assert.rejects(devnodeTraceCall(client, CONTRACT, '0x'), /devnodeTraceCall: .*status/);
  });
});
