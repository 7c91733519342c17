import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ConsensusService } from '../../src/client/services/consensus';
import { CODE_LAST_SEALER } from '../../src/protocol/builtin/retcode';
import { CHAINS, useDevnode } from './services-fixture';

const hexOf = (b: string) => b.toLowerCase().replace(/^0x/, '');

for (const chain of CHAINS) {
  describe(`ConsensusService against a ${chain.name} devnode (auth off)`, () => {
    const fx = useDevnode({ sm: chain.sm, auth: false });
    const consensus = () => new ConsensusService(fx.client, fx.user);

    test('a sealer added is in force from the next block', async () => {
      const target = fx.node.nodes[3].nodeId;
      const toObserver = await consensus().addObserver(target);
      assert.deepEqual([toObserver.code, toObserver.msg], [0, 'Success']);
      assert.ok((await fx.client.getObserverList()).includes(target));
      assert.ok(!(await fx.client.getSealerList()).some((s) => s.nodeID === target));

      const ret = await consensus().addSealer(target, 2);
      assert.equal(ret.code, 0);
      const n = Number(ret.transactionReceipt!.blockNumber);
      const sealers = await fx.client.getSealerList();
      assert.equal(sealers.find((s) => s.nodeID === target)?.weight, 2);
      // The block holding the change is sealed by the old set; the next block by the new one.
      await consensus().setWeight(fx.node.nodes[0].nodeId, 1);
      const blockN = await fx.client.getBlockByNumber(n, true);
      const blockN1 = await fx.client.getBlockByNumber(n + 1, true);
      assert.ok(!blockN.sealerList.map(hexOf).includes(target));
      assert.ok(blockN1.sealerList.map(hexOf).includes(target));
    });

    test('client-side checks: node id, observer first, already a sealer', async () => {
      await assert.rejects(consensus().addSealer('abc', 1), /invalid node ID/);
      await assert.rejects(consensus().addSealer(fx.node.nodes[0].nodeId, 0), /weight must be between 1/);
      await assert.rejects(
        consensus().addSealer(fx.node.nodes[0].nodeId, 1),
        /already exists in the sealerList/,
      );
      await assert.rejects(
        consensus().addSealer('f'.repeat(128), 1),
        /must be in the list returned by getGroupPeers/,
      );
      await assert.rejects(consensus().removeNode('f'.repeat(128)), /already has been removed/);
    });

    test('callback form', async () => {
      const err = await new Promise((resolve) => consensus().addObserverAsync('xyz', (e) => resolve(e)));
      assert.match(String(err), /invalid node ID/);
    });
  });
}

describe('ConsensusService: the last sealer cannot be removed', () => {
  const fx = useDevnode({ sm: false, auth: false, nodes: 2 });
  test('removing sealers down to the last one', async () => {
    const consensus = new ConsensusService(fx.client, fx.user);
    const [a, b] = fx.node.nodes.map((n) => n.nodeId);
    assert.equal((await consensus.removeNode(b)).code, 0);
    const last = await consensus.removeNode(a);
    assert.deepEqual([last.code, last.msg], [CODE_LAST_SEALER, 'The last sealer cannot be removed']);
    assert.deepEqual(
      (await fx.client.getSealerList()).map((s) => s.nodeID),
      [a],
    );
  });
});

describe('ConsensusService with auth check on', () => {
  const fx = useDevnode({ sm: false, auth: true });
  test('a governor changes the node list through a proposal', async () => {
    const target = fx.node.nodes[2].nodeId;
    const ret = await new ConsensusService(fx.client, fx.governor).addObserver(target);
    assert.equal(ret.code, 0);
    assert.equal(ret.proposalStatus, 'finished');
    assert.ok(typeof ret.proposalId === 'bigint');
    assert.ok((await fx.client.getObserverList()).includes(target));
  });
  test('a non-governor is told which proposal to make', async () => {
    await assert.rejects(
      new ConsensusService(fx.client, fx.user).setWeight(fx.node.nodes[0].nodeId, 5),
      /setConsensusNodeWeightProposal/,
    );
    assert.equal(
      (await fx.client.getSealerList()).find((s) => s.nodeID === fx.node.nodes[0].nodeId)?.weight,
      1,
    );
  });
});
