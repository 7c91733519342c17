// The …Async(…, callback) forms: return nothing, call back exactly once with (null, result) or
// (error), with the same request as the Promise form.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Client } from '../../../src/client/client';
import { RpcError } from '../../../src/client/errors';
import * as fx from './fixtures';
import { byMethod, startRpcServer, type RpcServer } from './rpcServer';

const ADDR = '0x6849f21d1e455e9f0712b1e99fa4fcd23758e8f1';
const TX = '0x7e9f0440919e2bd719e29cc512b8ed364a7ce81091d460ea31272106424e93e0';

/** Runs an Async form; resolves with every callback invocation seen within a short grace period. */
function collect(
  start: (cb: (err: Error | null, result?: unknown) => void) => unknown,
): Promise<{ ret: unknown; calls: [Error | null, unknown][] }> {
  return new Promise((resolve) => {
    const calls: [Error | null, unknown][] = [];
    const ret: unknown = start((err, result) => {
      calls.push([err, result]);
      setTimeout(() => resolve({ ret, calls }), 30);
    });
  });
}

describe('Client Async forms', () => {
  let server: RpcServer;
  let client: Client;
  before(async () => {
    server = await startRpcServer(
      byMethod({
        getBlockNumber: 8,
        getTotalTransactionCount: fx.totalTransactionCount,
        getBlockByNumber: fx.genesisBlock,
        getBlockByHash: fx.block2Header,
        getBlockHashByNumber: fx.genesisHash,
        getTransaction: fx.transactionWithProof,
        getTransactionReceipt: fx.callReceiptNoProof,
        getPendingTxSize: 0,
        getPeers: fx.peers,
        getSyncStatus: fx.syncStatusText,
        getSystemConfigByKey: fx.systemConfig,
        getObserverList: fx.observerList,
        getSealerList: fx.sealerList,
        getNodeListByType: fx.sealerList,
        getPbftView: 3,
        getConsensusStatus: fx.consensusStatusText,
        getGroupInfo: fx.groupInfo,
        getGroupList: fx.groupList,
        getGroupPeers: fx.groupPeers,
        getGroupInfoList: [fx.groupInfo],
        getGroupNodeInfo: fx.nodeInfo,
        sendTransaction: fx.sendReceiptOk,
        call: fx.callReverted,
        getCode: '0x60',
        getABI: '[]',
      }),
    );
    client = new Client({ group: 'group0', url: server.url });
  });
  after(async () => {
    client.close();
    await server.close();
  });

  it('every Async form calls back once with (null, result) and returns undefined', async () => {
    type Run = [string, (cb: (e: Error | null, r?: unknown) => void) => void, (r: unknown) => void];
    const runs: Run[] = [
      [
        'sendTransaction',
        (cb) => client.sendTransactionAsync('0x1a', cb),
        (r) => assert.equal((r as { status: number }).status, 0),
      ],
      ['call', (cb) => client.callAsync(ADDR, '0x01', cb), (r) => assert.deepEqual(r, fx.callReverted)],
      ['getCode', (cb) => client.getCodeAsync(ADDR, cb), (r) => assert.equal(r, '0x60')],
      ['getABI', (cb) => client.getABIAsync(ADDR, cb), (r) => assert.equal(r, '[]')],
      ['getBlockNumber', (cb) => client.getBlockNumberAsync(cb), (r) => assert.equal(r, 8)],
      [
        'getTotalTransactionCount',
        (cb) => client.getTotalTransactionCountAsync(cb),
        (r) => assert.equal((r as { txSum: number }).txSum, 8),
      ],
      [
        'getBlockByNumber',
        (cb) => client.getBlockByNumberAsync(0, false, false, cb),
        (r) => assert.equal((r as { number: number }).number, 0),
      ],
      [
        'getBlockByHash',
        (cb) => client.getBlockByHashAsync(fx.block2Header.hash, cb),
        (r) => assert.equal((r as { number: number }).number, 2),
      ],
      [
        'getBlockHashByNumber',
        (cb) => client.getBlockHashByNumberAsync(0, cb),
        (r) => assert.equal(r, fx.genesisHash),
      ],
      [
        'getTransactionByHash',
        (cb) => client.getTransactionByHashAsync(TX, true, cb),
        (r) => assert.equal((r as { blockLimit: number }).blockLimit, 509),
      ],
      [
        'getTransaction',
        (cb) => client.getTransactionAsync(TX, cb),
        (r) => assert.equal((r as { blockLimit: number }).blockLimit, 509),
      ],
      [
        'getTransactionReceipt',
        (cb) => client.getTransactionReceiptAsync(TX, cb),
        (r) => assert.equal((r as { gasUsed: string }).gasUsed, '19413'),
      ],
      ['getPendingTxSize', (cb) => client.getPendingTxSizeAsync(cb), (r) => assert.equal(r, 0)],
      ['getBlockLimit', (cb) => client.getBlockLimitAsync(cb), (r) => assert.equal(r, 508n)],
      [
        'getPeers',
        (cb) => client.getPeersAsync(cb),
        (r) => assert.equal((r as { peers: unknown[] }).peers.length, 2),
      ],
      [
        'getSyncStatus',
        (cb) => client.getSyncStatusAsync(cb),
        (r) => assert.equal((r as { blockNumber: number }).blockNumber, 7),
      ],
      [
        'getSystemConfigByKey',
        (cb) => client.getSystemConfigByKeyAsync('tx_count_limit', cb),
        (r) => assert.deepEqual(r, fx.systemConfig),
      ],
      [
        'getObserverList',
        (cb) => client.getObserverListAsync(cb),
        (r) => assert.deepEqual(r, fx.observerList),
      ],
      ['getSealerList', (cb) => client.getSealerListAsync(cb), (r) => assert.deepEqual(r, fx.sealerList)],
      [
        'getNodeListByType',
        (cb) => client.getNodeListByTypeAsync('consensus_sealer', cb),
        (r) => assert.deepEqual(r, fx.sealerList),
      ],
      ['getPbftView', (cb) => client.getPbftViewAsync(cb), (r) => assert.equal(r, 3)],
      [
        'getConsensusStatus',
        (cb) => client.getConsensusStatusAsync(cb),
        (r) => assert.equal((r as { view: number }).view, 3),
      ],
      [
        'getGroupInfo',
        (cb) => client.getGroupInfoAsync(cb),
        (r) => assert.equal((r as { chainID: string }).chainID, 'chain0'),
      ],
      ['getGroupList', (cb) => client.getGroupListAsync(cb), (r) => assert.deepEqual(r, fx.groupList)],
      ['getGroupPeers', (cb) => client.getGroupPeersAsync(cb), (r) => assert.deepEqual(r, fx.groupPeers)],
      [
        'getGroupInfoList',
        (cb) => client.getGroupInfoListAsync(cb),
        (r) => assert.equal((r as unknown[]).length, 1),
      ],
      [
        'getGroupNodeInfo',
        (cb) => client.getGroupNodeInfoAsync('node0', cb),
        (r) => assert.equal((r as { type: number }).type, 1),
      ],
    ];
    for (const [label, start, check] of runs) {
      const { ret, calls } = await collect(start);
      assert.equal(ret, undefined, `${label} returns nothing`);
      assert.equal(calls.length, 1, `${label} calls back once`);
      assert.equal(calls[0][0], null, `${label}: no error`);
      check(calls[0][1]);
    }
  });

  it('node-named Async form sends the node in params[1]', async () => {
    server.requests.length = 0;
    await collect((cb) => client.getBlockNumberAsync({ node: 'node2' }, cb));
    await collect((cb) => client.node('node3').getSealerListAsync(cb));
    await collect((cb) => client.getTransactionReceiptAsync(TX, true, { node: 'node1' }, cb));
    assert.deepEqual(
      server.requests.map((r) => r.params),
      [
        ['group0', 'node2'],
        ['group0', 'node3'],
        ['group0', 'node1', TX, true],
      ],
    );
  });

  it('calls back once with the error when an argument is bad', async () => {
    const { calls: c2 } = await collect((cb) => client.getBlockByNumberAsync(-1, cb));
    assert.equal(c2.length, 1);
    assert.match(c2[0][0]!.message, /getBlockByNumber: block number must be a non-negative integer/);
    assert.equal(c2[0][1], undefined);
  });

  it('an RPC error reaches the callback as RpcError', async () => {
    const failing = await startRpcServer(() => ({
      error: { code: 3008, message: 'GetTransactionReceiptByHash' },
    }));
    const c = new Client({ group: 'group0', url: failing.url });
    const { calls } = await collect((cb) => c.getTransactionReceiptAsync(TX, cb));
    assert.equal(calls.length, 1);
    assert.ok(calls[0][0] instanceof RpcError);
    assert.equal(calls[0][0].code, 3008);
    c.close();
    await failing.close();
  });

  it('the callback is not called synchronously, and an exception it throws is re-thrown on its own tick', async () => {
    let sync = true;
    let count = 0;
    let rethrow: (() => void) | undefined;
    const original = process.nextTick;
    await new Promise<void>((resolve) => {
      client.getBlockNumberAsync(() => {
        count++;
        assert.equal(sync, false);
        // Capture the re-throw instead of letting it crash the test process.
        process.nextTick = ((fn: () => void) => {
          process.nextTick = original;
          rethrow = fn;
          resolve();
        }) as typeof process.nextTick;
        throw new Error('boom from callback');
      });
      sync = false;
    });
    await new Promise((r) => setTimeout(r, 20));
    assert.equal(count, 1);
    assert.throws(() => rethrow!(), /boom from callback/);
  });

  it('a missing callback is a TypeError', () => {
    assert.throws(
      () => (client.getBlockNumberAsync as (...a: unknown[]) => void)(),
      /last argument must be a callback/,
    );
  });
});
