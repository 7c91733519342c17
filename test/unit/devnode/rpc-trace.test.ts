// devnode_debugTraceTransaction / devnode_debugTraceCall over JSON-RPC (devnode extensions with
// their own names; a real FISCO node answers -32601 to them): shapes, null for unknown hashes,
// limits and bad options refused with clear errors.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { RETURN_42, REVERT, call, deployCode, result, signedTx } from './rpc-helpers';

const G = 'group0';
type Obj = Record<string, unknown>;
interface Traced {
  status: number;
  matchesReceipt?: boolean;
  trace: { steps: { op: string; pc: number; stack: string[] }[]; frames: Obj[]; codes: Obj };
}

let node: Devnode;
let deployHash: string;
let revertHash: string;
let returner: string;

before(async () => {
  node = await startDevnode({ port: 0, logLevel: 'silent' });
  const d = await result<Obj>(node, 'sendTransaction', [
    G,
    '',
    signedTx(node, { input: deployCode(RETURN_42) }),
    false,
  ]);
  deployHash = d.transactionHash as string;
  returner = d.contractAddress as string;
  const r = await result<Obj>(node, 'sendTransaction', [
    G,
    '',
    signedTx(node, { input: deployCode(REVERT) }),
    false,
  ]);
  const tx = await result<Obj>(node, 'sendTransaction', [
    G,
    '',
    signedTx(node, { to: r.contractAddress as string, input: '0x' }),
    false,
  ]);
  assert.equal(tx.status, 16);
  revertHash = tx.transactionHash as string;
});

after(async () => {
  await node.stop();
});

test('a deployment and a reverted transaction are traced step by step', async () => {
  const d = await result<Traced>(node, 'devnode_debugTraceTransaction', [G, deployHash]);
  assert.equal(d.status, 0);
  assert.equal(d.matchesReceipt, true);
  assert.equal(d.trace.frames.length, 1);
  assert.equal(d.trace.frames[0].kind, 'create');
  assert.equal(d.trace.steps.at(-1)!.op, 'RETURN');
  const r = await result<Traced>(node, 'devnode_debugTraceTransaction', [G, revertHash, { maxSteps: 100 }]);
  assert.equal(r.status, 16);
  assert.deepEqual(
    r.trace.steps.map((s) => s.op),
    ['PUSH1', 'PUSH1', 'REVERT'],
  );
  assert.deepEqual(r.trace.steps[2].stack, ['0x0', '0x0']);
});

test('a call is traced; unknown hashes give null; limits and bad options are clear errors', async () => {
  const c = await result<Traced & { output: string }>(node, 'devnode_debugTraceCall', [G, returner, '0x']);
  assert.equal(BigInt(c.output), 42n);
  assert.equal(c.trace.steps.at(-1)!.op, 'RETURN');
  assert.equal(await result(node, 'devnode_debugTraceTransaction', [G, '0x' + '11'.repeat(32)]), null);
  const big = await call(node, 'devnode_debugTraceTransaction', [G, deployHash, { maxSteps: 2 }]);
  assert.equal(big.error?.code, -32000);
  assert.match(big.error?.message ?? '', /trace too large: .*more than 2 steps \(maxSteps\)/);
  const bad = await call(node, 'devnode_debugTraceCall', [G, returner, '0x', '', { maxSteps: -1 }]);
  assert.equal(bad.error?.code, -32602);
  assert.match(bad.error?.message ?? '', /maxSteps must be an integer/);
  const notObj = await call(node, 'devnode_debugTraceTransaction', [G, deployHash, 'x']);
  assert.equal(notObj.error?.code, -32602);
});
