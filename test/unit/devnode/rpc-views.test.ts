// Node-named requests are answered from that node's view; roles, weights and the PBFT view
// follow the chain as blocks are sealed and the consensus built-in changes the node list.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Interface } from 'ethers';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { CONSENSUS_ABI, CONSENSUS_ADDRESS } from '../../../src/protocol/builtin/consensus';
import { call, result, signedTx } from './rpc-helpers';

const G = 'group0';
type Obj = Record<string, unknown>;
const consensus = new Interface(CONSENSUS_ABI);

describe('simulated node views', () => {
  let node: Devnode;
  before(async () => {
    node = await startDevnode({ port: 0, auth: false, logLevel: 'silent' });
  });
  after(() => node.stop());

  const id = (i: number) => node.nodes[i].nodeId;

  it('sync status is the named node’s own, peers exclude it', async () => {
    const s = JSON.parse(await result<string>(node, 'getSyncStatus', [G, 'node1'])) as {
      nodeID: string;
      peers: { nodeID: string }[];
    };
    assert.equal(s.nodeID, id(1));
    assert.deepEqual(s.peers.map((p) => p.nodeID).sort(), [id(0), id(2), id(3)].sort());
  });

  it('consensus status reports the named node and its index in the sorted sealer list', async () => {
    const sorted = node.nodes.map((n) => n.nodeId).sort();
    for (const i of [0, 2]) {
      const c = JSON.parse(await result<string>(node, 'getConsensusStatus', [G, `node${i}`])) as Obj;
      assert.equal(c.nodeID, id(i));
      assert.equal(c.index, sorted.indexOf(id(i)));
      assert.equal(c.isConsensusNode, true);
    }
  });

  it('peers, group node info and node IDs as names', async () => {
    const p0 = await result<Obj>(node, 'getPeers', [G, 'node0']);
    const p3 = await result<Obj>(node, 'getPeers', [G, 'node3']);
    assert.notEqual(p0.p2pNodeID, p3.p2pNodeID);
    assert.equal(p3.endPoint, '0.0.0.0:30303');
    assert.deepEqual((p3.groupNodeIDInfo as Obj[])[0], { group: G, nodeIDList: [id(3)] });
    assert.ok(!(p3.peers as Obj[]).some((p) => p.p2pNodeID === p3.p2pNodeID));
    const byEndpoint = await result<Obj>(node, 'getPeers', ['127.0.0.1:30302']);
    assert.deepEqual(byEndpoint, await result<Obj>(node, 'getPeers', [G, 'node2']));
    const info = await result<Obj>(node, 'getGroupNodeInfo', [G, 'node2']);
    assert.equal(info.name, 'node2');
    assert.equal(info.nodeID, id(2));
    const byId = JSON.parse(await result<string>(node, 'getSyncStatus', [G, id(3)])) as Obj;
    assert.equal(byId.nodeID, id(3));
    // Node IDs work as names with 0x and in upper case too, for any node-named method.
    for (const name of [`0x${id(1)}`, id(1).toUpperCase(), `0X${id(1)}`]) {
      assert.equal(
        (JSON.parse(await result<string>(node, 'getSyncStatus', [G, name])) as Obj).nodeID,
        id(1),
        name,
      );
      assert.equal((await result<Obj>(node, 'getGroupNodeInfo', [G, name])).name, 'node1', name);
      assert.equal(
        await result<number>(node, 'getBlockNumber', [G, name]),
        await result<number>(node, 'getBlockNumber', [G, 'node1']),
      );
    }
  });

  it('an unknown node name gets the node-not-found error', async () => {
    for (const m of [
      'getSyncStatus',
      'getConsensusStatus',
      'getBlockNumber',
      'getSealerList',
      'getPbftView',
    ]) {
      const r = await call(node, m, [G, 'node42']);
      assert.equal(r.error?.code, -32000, m);
      assert.match(r.error.message, new RegExp(`request=${m},chain=chain0,group=${G},node=node42$`));
    }
    assert.equal(await result(node, 'getGroupNodeInfo', [G, 'node42']), null);
    // A well-formed ID of no node in the group, and a near-ID (127 hex), are unknown names.
    for (const name of [`0x${'ab'.repeat(64)}`, id(0).slice(1)]) {
      assert.equal((await call(node, 'getBlockNumber', [G, name])).error?.code, -32000, name);
    }
  });

  it('roles move with the consensus built-in; the PBFT view stays (no view change), the leader rotates', async () => {
    const viewBefore = await result<number>(node, 'getPbftView', [G, '']);
    const leaderOf = async () =>
      (JSON.parse(await result<string>(node, 'getConsensusStatus', [G, 'node0'])) as Obj).leaderIndex;
    const add = await result<Obj>(node, 'sendTransaction', [
      G,
      '',
      signedTx(node, { to: CONSENSUS_ADDRESS, input: consensus.encodeFunctionData('addObserver', [id(3)]) }),
      false,
    ]);
    assert.equal(add.status, 0, JSON.stringify(add));
    assert.equal(await result<number>(node, 'getPbftView', [G, '']), viewBefore);
    assert.equal(viewBefore, 0);
    // leaderIndex = ((committed + 1) / leader_period + view) % sealers, leader_period 1.
    const committed = await result<number>(node, 'getBlockNumber', [G, '']);
    assert.equal(await leaderOf(), (committed + 1) % 3);
    assert.deepEqual(await result(node, 'getObserverList', [G, '']), [id(3)]);
    const sealers = await result<Obj[]>(node, 'getSealerList', [G, '']);
    assert.equal(sealers.length, 3);
    assert.ok(!sealers.some((s) => s.nodeID === id(3)));
    assert.deepEqual(await result(node, 'getNodeListByType', [G, '', 'consensus_observer']), [
      // ConsensusPrecompiled addSealerImpl(isConsensus = false): an observer's weights are 0.
      { nodeID: id(3), termWeight: 0, weight: 0 },
    ]);

    const text = await result<string>(node, 'getConsensusStatus', [G, 'node3']);
    // An observer's index is PBFT's (uint64)-1, written exactly.
    assert.match(text, /"index":18446744073709551615,/);
    assert.match(text, /"isConsensusNode":false/);
    assert.match(text, /"consensusNodesNum":3/);
    const sealerView = JSON.parse(await result<string>(node, 'getConsensusStatus', [G, 'node0'])) as Obj;
    assert.equal(sealerView.maxFaultyQuorum, 0);
    assert.equal(sealerView.minRequiredQuorum, 3);

    const remove = await result<Obj>(node, 'sendTransaction', [
      G,
      '',
      signedTx(node, { to: CONSENSUS_ADDRESS, input: consensus.encodeFunctionData('remove', [id(3)]) }),
      false,
    ]);
    assert.equal(remove.status, 0);
    assert.deepEqual(await result(node, 'getObserverList', [G, '']), []);
    assert.equal((await result<Obj[]>(node, 'getSealerList', [G, ''])).length, 3);
    // A removed node still answers for itself.
    const removed = JSON.parse(await result<string>(node, 'getConsensusStatus', [G, 'node3'])) as Obj;
    assert.equal(removed.isConsensusNode, false);
  });
});
