// Exact request bodies the Client sends for every operation: params = [group, node, …] as real
// nodes read them (protocol.md §8, rpc-shapes.md), numeric incrementing ids, node-named forms.

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { Client, type NodeOptions } from '../../../src/client/client';
import * as fx from './fixtures';
import { byMethod, startRpcServer, type RpcServer } from './rpcServer';

const TX = '0x7e9f0440919e2bd719e29cc512b8ed364a7ce81091d460ea31272106424e93e0';
const ADDR = '0x6849f21d1e455e9f0712b1e99fa4fcd23758e8f1';
const BLOCK_HASH = '0x2fbafbf71395bb07d1d6e142a06fa3cd9436aee3e91b5b9e6ffc5c47133c3738';

const results: Record<string, unknown> = {
  sendTransaction: fx.sendReceiptOk,
  call: fx.callReverted,
  getCode: '0x6080',
  getABI: '[]',
  getBlockNumber: fx.blockNumber,
  getTotalTransactionCount: fx.totalTransactionCount,
  getBlockByNumber: fx.genesisBlock,
  getBlockByHash: fx.block2Header,
  getBlockHashByNumber: fx.genesisHash,
  getTransaction: fx.transactionWithProof,
  getTransactionReceipt: fx.deployReceiptWithProof,
  getPendingTxSize: fx.pendingTxSize,
  getPeers: fx.peers,
  getSyncStatus: fx.syncStatusText,
  getSystemConfigByKey: fx.systemConfig,
  getObserverList: fx.observerList,
  getSealerList: fx.sealerList,
  getNodeListByType: fx.sealerListWithTermWeight,
  getPbftView: fx.pbftView,
  getConsensusStatus: fx.consensusStatusText,
  getGroupInfo: fx.groupInfo,
  getGroupList: fx.groupList,
  getGroupPeers: fx.groupPeers,
  getGroupInfoList: [fx.groupInfo],
  getGroupNodeInfo: fx.nodeInfo,
};

// Each case: the call, the wire method, the params after the client adds group/node.
type Case = [string, (c: Client) => Promise<unknown>, string, unknown[]];

/** `o` is the options argument each call gets (undefined: none). */
function cases(node: string, o?: NodeOptions): Case[] {
  return [
    [
      'sendTransaction',
      (c) => c.sendTransaction('0x1a2b', undefined, o),
      'sendTransaction',
      ['group0', node, '0x1a2b', false],
    ],
    [
      'sendTransaction bytes+proof',
      (c) => c.sendTransaction(Uint8Array.of(0x1a, 0x2b), true, o),
      'sendTransaction',
      ['group0', node, '0x1a2b', true],
    ],
    ['call', (c) => c.call(ADDR, '0x12345678', o), 'call', ['group0', node, ADDR, '0x12345678']],
    [
      'call with sign',
      (c) => c.call(ADDR, '0x12345678', { ...o, sign: '0xabcd' }),
      'call',
      ['group0', node, ADDR, '0x12345678', '0xabcd'],
    ],
    ['getCode', (c) => c.getCode(ADDR, o), 'getCode', ['group0', node, ADDR]],
    ['getABI', (c) => c.getABI(ADDR, o), 'getABI', ['group0', node, ADDR]],
    ['getBlockNumber', (c) => c.getBlockNumber(o), 'getBlockNumber', ['group0', node]],
    [
      'getTotalTransactionCount',
      (c) => c.getTotalTransactionCount(o),
      'getTotalTransactionCount',
      ['group0', node],
    ],
    [
      'getBlockByNumber defaults',
      (c) => c.getBlockByNumber(4, undefined, undefined, o),
      'getBlockByNumber',
      ['group0', node, 4, true, true],
    ],
    [
      'getBlockByNumber full',
      (c) => c.getBlockByNumber(4n, false, false, o),
      'getBlockByNumber',
      ['group0', node, 4, false, false],
    ],
    [
      'getBlockByHash defaults',
      (c) => c.getBlockByHash(BLOCK_HASH, undefined, undefined, o),
      'getBlockByHash',
      ['group0', node, BLOCK_HASH, true, true],
    ],
    [
      'getBlockByHash hashes',
      (c) => c.getBlockByHash(BLOCK_HASH, false, true, o),
      'getBlockByHash',
      ['group0', node, BLOCK_HASH, false, true],
    ],
    [
      'getBlockHashByNumber',
      (c) => c.getBlockHashByNumber(0, o),
      'getBlockHashByNumber',
      ['group0', node, 0],
    ],
    [
      'getTransactionByHash',
      (c) => c.getTransactionByHash(TX, undefined, o),
      'getTransaction',
      ['group0', node, TX, false],
    ],
    [
      'getTransactionByHash proof',
      (c) => c.getTransactionByHash(TX, true, o),
      'getTransaction',
      ['group0', node, TX, true],
    ],
    [
      'getTransactionReceipt',
      (c) => c.getTransactionReceipt(TX, undefined, o),
      'getTransactionReceipt',
      ['group0', node, TX, false],
    ],
    [
      'getTransactionReceipt proof',
      (c) => c.getTransactionReceipt(TX, true, o),
      'getTransactionReceipt',
      ['group0', node, TX, true],
    ],
    ['getPendingTxSize', (c) => c.getPendingTxSize(o), 'getPendingTxSize', ['group0', node]],
    ['getBlockLimit', (c) => c.getBlockLimit(o), 'getBlockNumber', ['group0', node]],
    ['getSyncStatus', (c) => c.getSyncStatus(o), 'getSyncStatus', ['group0', node]],
    [
      'getSystemConfigByKey',
      (c) => c.getSystemConfigByKey('tx_count_limit', o),
      'getSystemConfigByKey',
      ['group0', node, 'tx_count_limit'],
    ],
    ['getObserverList', (c) => c.getObserverList(o), 'getObserverList', ['group0', node]],
    ['getSealerList', (c) => c.getSealerList(o), 'getSealerList', ['group0', node]],
    [
      'getNodeListByType',
      (c) => c.getNodeListByType('consensus_sealer', o),
      'getNodeListByType',
      ['group0', node, 'consensus_sealer'],
    ],
    ['getPbftView', (c) => c.getPbftView(o), 'getPbftView', ['group0', node]],
    ['getConsensusStatus', (c) => c.getConsensusStatus(o), 'getConsensusStatus', ['group0', node]],
  ];
}

// Methods whose params do not carry a node: the same body whatever node the client names.
const nodeless: Case[] = [
  ['getPeers', (c) => c.getPeers(), 'getPeers', []],
  ['getGroupInfo', (c) => c.getGroupInfo(), 'getGroupInfo', ['group0']],
  ['getGroupList', (c) => c.getGroupList(), 'getGroupList', []],
  ['getGroupPeers', (c) => c.getGroupPeers(), 'getGroupPeers', ['group0']],
  ['getGroupInfoList', (c) => c.getGroupInfoList(), 'getGroupInfoList', []],
  ['getGroupNodeInfo', (c) => c.getGroupNodeInfo('node1'), 'getGroupNodeInfo', ['group0', 'node1']],
];

describe('Client request bodies', () => {
  let server: RpcServer;
  before(async () => {
    server = await startRpcServer(byMethod(results));
  });
  after(() => server.close());
  beforeEach(() => {
    server.requests.length = 0;
  });

  async function check(client: Client, list: Case[]): Promise<void> {
    for (const [label, run, method, params] of list) {
      server.requests.length = 0;
      await run(client);
      assert.equal(server.requests.length, 1, label);
      const body = server.requests[0];
      assert.deepEqual(Object.keys(body).sort(), ['id', 'jsonrpc', 'method', 'params'], label);
      assert.equal(body.jsonrpc, '2.0', label);
      assert.equal(body.method, method, label);
      assert.deepEqual(body.params, params, label);
      assert.equal(typeof body.id, 'number', label);
    }
  }

  it('sends [group, "", …] when no node is named (the node RPC picks one)', async () => {
    const client = new Client({ group: 'group0', url: server.url });
    await check(client, [...cases(''), ...nodeless]);
    client.close();
  });

  it('sends [group, node, …] with the { node } option', async () => {
    const client = new Client({ group: 'group0', url: server.url });
    await check(client, cases('node1', { node: 'node1' }));
    client.close();
  });

  it('client.node(name) is a view whose requests name that node; node-less methods are unchanged', async () => {
    const client = new Client({ group: 'group0', url: server.url });
    const view = client.node('node1');
    assert.equal(view.group, 'group0');
    assert.equal(view.defaultNode, 'node1');
    assert.equal(view.transport, client.transport);
    await check(view, [...cases('node1'), ...nodeless]);
    // An explicit option still wins over the view's node.
    server.requests.length = 0;
    await view.getBlockNumber({ node: '' });
    assert.deepEqual(server.requests[0].params, ['group0', '']);
    client.close();
  });

  it('numbers requests with incrementing integer ids', async () => {
    const client = new Client({ group: 'group0', url: server.url });
    await client.getBlockNumber();
    await client.getPbftView();
    await Promise.all([client.getPendingTxSize(), client.getSealerList(), client.getObserverList()]);
    const ids = server.requests.map((r) => r.id);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => a - b),
    );
    assert.deepEqual(new Set(ids).size, 5);
    assert.ok(
      ids.every((id, i) => i === 0 || id === ids[i - 1] + 1),
      `ids ${ids.join(',')}`,
    );
    client.close();
  });

  it('normalises hashes and addresses to lowercase 0x hex', async () => {
    const client = new Client({ group: 'group0', url: server.url });
    await client.getTransactionReceipt(TX.slice(2).toUpperCase());
    await client.getCode('0x6849F21D1E455E9F0712B1E99FA4FCD23758E8F1');
    assert.deepEqual(server.requests[0].params, ['group0', '', TX, false]);
    assert.deepEqual(server.requests[1].params, ['group0', '', ADDR]);
    client.close();
  });
});
