// JSON-RPC block, status, consensus and group methods: result shapes against reference/rpc-shapes.md, on the
// real chain, and the wire text of a reply.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { Devnode } from '../../../src/devnode/index';
import { call, post, result } from './rpc-helpers';
import { G, NODE_ID, sortedKeys, startMethodsChain, type Obj } from './rpc-methods-fixture';

describe('devnode RPC chain methods', () => {
  let node: Devnode;
  let deploy: Obj;

  before(async () => {
    ({ node, deploy } = await startMethodsChain());
  });
  after(() => node.stop());

  it('blocks: header-only by default, hashes or full transactions on request', async () => {
    const n = deploy.blockNumber as number;
    const header = await result<Obj>(node, 'getBlockByNumber', [G, '', n]);
    assert.deepEqual(sortedKeys(header), [
      'consensusWeights',
      'extraData',
      'gasUsed',
      'hash',
      'number',
      'parentInfo',
      'receiptsRoot',
      'sealer',
      'sealerList',
      'signatureList',
      'stateRoot',
      'timestamp',
      'txsRoot',
      'version',
    ]);
    assert.equal(header.version, 0x03100400);
    assert.ok((header.sealerList as string[]).every((s) => /^0x[0-9a-f]{128}$/.test(s)));
    assert.equal(header.txsRoot, deploy.transactionHash, 'one tx: the root is the leaf');
    assert.equal(header.receiptsRoot, deploy.hash);
    const parent = (header.parentInfo as Obj[])[0];
    assert.deepEqual(sortedKeys(parent), ['blockHash', 'blockNumber']);
    const hashes = await result<Obj>(node, 'getBlockByNumber', [G, '', n, false, true]);
    assert.deepEqual(hashes.transactions, [deploy.transactionHash]);
    const full = await result<Obj>(node, 'getBlockByNumber', [G, '', n, false, false]);
    const tx = (full.transactions as Obj[])[0];
    assert.equal(tx.hash, deploy.transactionHash);
    assert.ok(!('txProof' in tx));
    assert.deepEqual(await result(node, 'getBlockByHash', [G, '', header.hash]), header);
    assert.deepEqual((await result<Obj>(node, 'getBlockByHash', [G, '', header.hash, false])).transactions, [
      deploy.transactionHash,
    ]);
    const genesis = await result<Obj>(node, 'getBlockByNumber', [G, '', 0]);
    assert.equal(genesis.gasUsed, '0');
    assert.equal(genesis.txsRoot, '0x' + '0'.repeat(64));
    assert.deepEqual((await call(node, 'getBlockByNumber', [G, '', 9999])).error, {
      code: 3006,
      message: 'Get block failed with errors!',
    });
    assert.deepEqual((await call(node, 'getBlockByNumber', [G, '', -1])).error, {
      code: 3003,
      message: 'Wrong argument',
    });
    assert.deepEqual((await call(node, 'getBlockByNumber', [G, '', '0x1'])).error, {
      code: -32600,
      message: 'Value is not convertible to Int64.',
    });
    assert.equal((await call(node, 'getBlockByHash', [G, '', '0x' + '0'.repeat(64)])).error?.code, 3008);
    assert.equal(await result(node, 'getBlockHashByNumber', [G, '', n]), header.hash);
    assert.equal(await result(node, 'getBlockHashByNumber', [G, '', 9999]), '0x' + '0'.repeat(64));
    assert.equal(await result(node, 'getBlockHashByNumber', [G, '', -5]), '0x' + '0'.repeat(64));
  });

  it('scalar and count methods', async () => {
    assert.equal(await result(node, 'getBlockNumber', [G, '']), node.chain.blockNumber());
    const count = await result<Obj>(node, 'getTotalTransactionCount', [G, '']);
    assert.deepEqual(sortedKeys(count), ['blockNumber', 'failedTransactionCount', 'transactionCount']);
    assert.ok((count.transactionCount as number) >= 5);
    assert.ok((count.failedTransactionCount as number) >= 1);
    assert.equal(await result(node, 'getPendingTxSize', [G, '']), 0);
    assert.equal(typeof (await result(node, 'getPbftView', [G, ''])), 'number');
    assert.deepEqual(await result(node, 'getSystemConfigByKey', [G, '', 'tx_count_limit']), {
      blockNumber: 0,
      value: '1000',
    });
    assert.deepEqual((await call(node, 'getSystemConfigByKey', [G, '', 'no_such_key'])).error, {
      code: 3008,
      message: 'Entry: no_such_key does not exists!',
    });
  });

  it('consensus lists: sealers with termWeight, observers as plain IDs', async () => {
    const sealers = await result<Obj[]>(node, 'getSealerList', [G, '']);
    assert.equal(sealers.length, 4);
    for (const s of sealers) {
      assert.deepEqual(sortedKeys(s), ['nodeID', 'termWeight', 'weight']);
      assert.match(s.nodeID as string, NODE_ID);
    }
    assert.deepEqual(await result(node, 'getObserverList', [G, '']), []);
    assert.deepEqual(await result(node, 'getNodeListByType', [G, '', 'consensus_sealer']), sealers);
    assert.deepEqual(await result(node, 'getNodeListByType', [G, '', 'no_such_type']), []);
  });

  it('sync and consensus status are JSON strings ending in a newline', async () => {
    const sync = await result<string>(node, 'getSyncStatus', [G, '']);
    assert.ok(sync.endsWith('\n'));
    const s = JSON.parse(sync) as Obj;
    assert.deepEqual(sortedKeys(s), [
      'archivedBlockNumber',
      'blockNumber',
      'genesisHash',
      'isSyncing',
      'knownHighestNumber',
      'knownLatestHash',
      'latestHash',
      'nodeID',
      'peers',
    ]);
    assert.match(s.genesisHash as string, /^[0-9a-f]{64}$/);
    assert.equal((s.peers as Obj[]).length, 3);
    const cons = await result<string>(node, 'getConsensusStatus', [G, '']);
    assert.ok(cons.endsWith('\n'));
    const c = JSON.parse(cons) as Obj;
    assert.deepEqual(sortedKeys(c), [
      'blockNumber',
      'changeCycle',
      'connectedNodeList',
      'consensusNodeList',
      'consensusNodesNum',
      'hash',
      'index',
      'isConsensusNode',
      'leaderIndex',
      'maxFaultyQuorum',
      'minRequiredQuorum',
      'nodeID',
      'timeout',
      'view',
    ]);
    assert.equal(c.consensusNodesNum, 4);
    assert.equal(c.maxFaultyQuorum, 1);
    assert.equal(c.minRequiredQuorum, 3);
    assert.equal(c.connectedNodeList, 4);
    const list = c.consensusNodeList as { nodeID: string }[];
    assert.deepEqual(
      list.map((e) => e.nodeID),
      list.map((e) => e.nodeID).sort(),
      'PBFT sorts by node ID',
    );
  });

  it('peers and group info', async () => {
    const peers = await result<Obj>(node, 'getPeers', [G]);
    assert.deepEqual(sortedKeys(peers), ['endPoint', 'groupNodeIDInfo', 'p2pNodeID', 'peers']);
    assert.match(peers.p2pNodeID as string, /^04[0-9a-f]{128}$/);
    assert.equal((peers.peers as Obj[]).length, 3);
    const groupPeers = await result<string[]>(node, 'getGroupPeers', [G]);
    assert.deepEqual(groupPeers, node.nodes.map((n) => n.nodeId).sort());
    assert.deepEqual(await result(node, 'getGroupPeers', ['nope']), []);
    assert.deepEqual(await result(node, 'getGroupList', []), { code: 0, groupList: [G], msg: 'success' });
    const info = await result<Obj>(node, 'getGroupInfo', [G]);
    assert.deepEqual(sortedKeys(info), ['chainID', 'genesisConfig', 'groupID', 'iniConfig', 'nodeList']);
    assert.equal(info.iniConfig, '');
    const genesis = JSON.parse(info.genesisConfig as string) as Obj;
    assert.deepEqual(genesis, {
      blockTxCountLimit: 1000,
      consensusLeaderPeriod: 1,
      consensusType: 'pbft',
      sealerList: node.nodes.map((n) => ({ nodeID: n.nodeId, weight: 1 })),
      txGasLimit: 3000000000,
    });
    const n0 = (info.nodeList as Obj[])[0];
    assert.deepEqual(sortedKeys(n0), [
      'featureKeys',
      'iniConfig',
      'microService',
      'name',
      'nodeID',
      'protocol',
      'serviceInfo',
      'supportConfigs',
      'type',
    ]);
    assert.equal(n0.type, 0);
    assert.deepEqual(n0.protocol, {
      compatibilityVersion: 0x03100400,
      maxSupportedVersion: 2,
      minSupportedVersion: 0,
    });
    assert.ok((n0.iniConfig as string).endsWith('\n'));
    const ini = JSON.parse(n0.iniConfig as string) as Obj;
    assert.equal(ini.smCryptoType, false);
    assert.equal(ini.isWasm, false);
    assert.equal(ini.isAuthCheck, true);
    assert.equal(ini.isSerialExecute, true);
    assert.equal(ini.chainID, 'chain0');
    assert.equal((ini.binaryInfo as Obj).version, '3.16.4');
    assert.equal(await result(node, 'getGroupInfo', ['nope']), null);
    assert.deepEqual(await result(node, 'getGroupInfoList', []), [info]);
    assert.deepEqual(await result(node, 'getGroupNodeInfo', [G, 'node1']), (info.nodeList as Obj[])[1]);
    assert.equal(await result(node, 'getGroupNodeInfo', [G, 'node9']), null);
  });

  it('group and node rules: "" group works except where the exact group is needed', async () => {
    assert.equal(typeof (await result(node, 'getBlockNumber', ['', ''])), 'number');
    assert.deepEqual((await call(node, 'getBlockNumber', ['group9', ''])).error, {
      code: -32000,
      message:
        "Invalid request for the specified node of doesn't exist or doesn't started!,request=getBlockNumber,chain=chain0,group=group9,node=",
    });
    assert.equal((await call(node, 'getBlockNumber', [G, 'node7'])).error?.code, -32000);
    for (const [m, extra] of [
      ['getCode', [deploy.contractAddress]],
      ['getABI', [deploy.contractAddress]],
      ['getTransactionReceipt', [deploy.transactionHash, false]],
      ['sendTransaction', ['0x00', false]],
    ] as const) {
      assert.deepEqual(
        (await call(node, m, ['', '', ...extra])).error,
        { code: -32005, message: 'The group  does not exist!' },
        m,
      );
    }
  });

  it('wire text: compact, keys sorted, HTTP 200 + application/json', async () => {
    const r = await post(node.url, { method: 'getGroupList', id: 7, params: [], jsonrpc: '2.0' });
    assert.equal(r.status, 200);
    assert.equal(r.contentType, 'application/json');
    assert.equal(
      r.text,
      '{"id":7,"jsonrpc":"2.0","result":{"code":0,"groupList":["group0"],"msg":"success"}}',
    );
    const e = await post(node.url, { method: 'nope', id: 8, params: [], jsonrpc: '2.0' });
    assert.equal(
      e.text,
      '{"error":{"code":-32601,"message":"The method does not exist/is not available."},"id":8,"jsonrpc":"2.0"}',
    );
  });
});
