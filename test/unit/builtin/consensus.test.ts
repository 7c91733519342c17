import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COMMITTEE_MANAGER_ADDRESS, CONSENSUS_ADDRESS } from '../../../src/protocol/builtin/addresses';
import { CONSENSUS_ABI, CONSENSUS_SIG } from '../../../src/protocol/builtin/consensus';
import {
  CODE_ADD_SEALER_SHOULD_IN_OBSERVER,
  CODE_INVALID_NODE_ID,
  CODE_INVALID_WEIGHT,
  CODE_LAST_SEALER,
  CODE_NO_AUTHORIZED,
  CODE_NODE_NOT_EXIST,
} from '../../../src/protocol/builtin/retcode';
import { harness, SEALERS, type Harness } from './harness';

const NEW = 'e'.repeat(128);
const code = async (h: Harness, sig: string, args: unknown[]) => {
  const r = await h.call(CONSENSUS_ADDRESS, CONSENSUS_ABI, sig, args);
  assert.equal(r.status, 0, r.reason);
  return Number(r.out![0]);
};
const sealersAt = (h: Harness, n: number) =>
  h.builtins
    .consensusNodes(h.store, n)
    .filter((x) => x.type === 'consensus_sealer')
    .map((x) => x.nodeId);
const observersAt = (h: Harness, n: number) =>
  h.builtins
    .consensusNodes(h.store, n)
    .filter((x) => x.type === 'consensus_observer')
    .map((x) => x.nodeId);

test('a node becomes observer, then sealer, each from the next block', async () => {
  const h = await harness();
  assert.equal(await code(h, CONSENSUS_SIG.addSealer, [NEW, 1]), CODE_ADD_SEALER_SHOULD_IN_OBSERVER);
  h.ctx.blockNumber = 5;
  assert.equal(await code(h, CONSENSUS_SIG.addObserver, [NEW.toUpperCase()]), 0);
  assert.deepEqual(observersAt(h, 5), []);
  assert.deepEqual(observersAt(h, 6), [NEW]);
  h.ctx.blockNumber = 7;
  assert.equal(await code(h, CONSENSUS_SIG.addSealer, [NEW, 3]), 0);
  assert.ok(!sealersAt(h, 7).includes(NEW));
  assert.ok(sealersAt(h, 8).includes(NEW));
  assert.equal(h.builtins.consensusNodes(h.store, 8).find((n) => n.nodeId === NEW)!.weight, 3);
});

test('node id, weight and observer rules', async () => {
  const h = await harness();
  assert.equal(await code(h, CONSENSUS_SIG.addObserver, ['ab']), CODE_INVALID_NODE_ID);
  assert.equal(await code(h, CONSENSUS_SIG.addObserver, ['g'.repeat(128)]), CODE_INVALID_NODE_ID);
  assert.equal(await code(h, CONSENSUS_SIG.addSealer, [SEALERS[0], 0]), CODE_INVALID_WEIGHT);
  assert.equal(await code(h, CONSENSUS_SIG.setWeight, [SEALERS[0], 0]), CODE_INVALID_WEIGHT);
  assert.equal(await code(h, CONSENSUS_SIG.setWeight, [NEW, 2]), CODE_NODE_NOT_EXIST);
  assert.equal(await code(h, CONSENSUS_SIG.remove, [NEW]), CODE_NODE_NOT_EXIST);
  assert.equal(await code(h, CONSENSUS_SIG.addObserver, [NEW]), 0);
  const r = await h.call(CONSENSUS_ADDRESS, CONSENSUS_ABI, CONSENSUS_SIG.setWeight, [NEW, 2]);
  assert.equal(r.status, 15);
  assert.equal(r.reason, 'Cannot set weight to observer.');
  assert.equal(await code(h, CONSENSUS_SIG.setWeight, [SEALERS[1], 9]), 0);
});

test('the last sealer can be neither removed nor turned into an observer', async () => {
  const h = await harness({ sealers: [SEALERS[0], SEALERS[1]] });
  assert.equal(await code(h, CONSENSUS_SIG.remove, [SEALERS[1]]), 0);
  // The removing block (1) is still sealed by both; the next one by the rest.
  assert.deepEqual(sealersAt(h, 1), [SEALERS[0], SEALERS[1]]);
  assert.deepEqual(sealersAt(h, 2), [SEALERS[0]]);
  assert.equal(await code(h, CONSENSUS_SIG.remove, [SEALERS[1]]), CODE_NODE_NOT_EXIST);
  assert.equal(await code(h, CONSENSUS_SIG.remove, [SEALERS[0]]), CODE_LAST_SEALER);
  assert.equal(await code(h, CONSENSUS_SIG.addObserver, [SEALERS[0]]), CODE_LAST_SEALER);
  assert.deepEqual(sealersAt(h, 2), [SEALERS[0]]);
  // A removed node can come back as an observer.
  h.ctx.blockNumber = 3;
  assert.equal(await code(h, CONSENSUS_SIG.addObserver, [SEALERS[1]]), 0);
  assert.deepEqual(observersAt(h, 4), [SEALERS[1]]);
});

test('with auth check on only the committee may write', async () => {
  const h = await harness({ authEnabled: true });
  assert.equal(await code(h, CONSENSUS_SIG.addObserver, [NEW]), CODE_NO_AUTHORIZED);
  assert.deepEqual(observersAt(h, 10), []);
  h.ctx.caller = COMMITTEE_MANAGER_ADDRESS;
  assert.equal(await code(h, CONSENSUS_SIG.addObserver, [NEW]), 0);
});
