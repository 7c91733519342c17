// Built-in call gas follows the node's PrecompiledGas rule (devnode/builtin/gas.ts):
// Σ op cost × count + memory gas (3 per 32-byte word + words²/512); unmetered built-ins charge 0.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Interface } from 'ethers';
import {
  BFS_ADDRESS,
  SYS_CONFIG_ADDRESS,
  TABLE_MANAGER_ADDRESS,
} from '../../../src/protocol/builtin/addresses';
import { BFS_ABI } from '../../../src/protocol/builtin/bfs';
import { SYS_CONFIG_ABI } from '../../../src/protocol/builtin/sysconfig';
import {
  KV_TABLE_ABI,
  TABLE_ABI,
  TABLE_MANAGER_ABI,
  TABLE_MANAGER_SIG,
} from '../../../src/protocol/builtin/tables';
import { bindAbi } from '../../../src/protocol/builtin/abi';
import { GasMeter, memoryGas } from '../../../src/devnode/builtin/gas';
import { startDevnode } from '../../../src/devnode/index';
import { harness, type Harness } from './harness';
import { result, signedTx } from '../devnode/rpc-helpers';

async function gasOf(h: Harness, address: string, abiText: readonly string[], sig: string, args: unknown[]) {
  const target = h.builtins.precompiles.get(address);
  assert.ok(target, address);
  const r = await target.execute(h.ctx, bindAbi(abiText, h.ctx.suite).encodeCall(sig, args));
  return { status: r.status, gas: r.gasUsed ?? 0n };
}

test('memory gas and the opcode table', () => {
  assert.equal(memoryGas(0), 0);
  assert.equal(memoryGas(1), 3);
  assert.equal(memoryGas(32), 3);
  assert.equal(memoryGas(33), 6);
  assert.equal(memoryGas(512 * 32), 3 * 512 + 512); // 512 words: 1536 + 512²/512
  const m = new GasMeter();
  m.setMem(100);
  m.op('Select', 2);
  m.op('Insert');
  m.updateMem(50); // smaller: ignored
  assert.equal(m.total(), 200n * 2n + 10000n + BigInt(memoryGas(100)));
  m.setMem(1); // set replaces
  assert.equal(m.total(), 10400n + 3n);
});

test('table manager, KV and CRUD calls charge as the node', async () => {
  const h = await harness();
  // createKVTable("kv1","id","value"): 4 + 3 heads + 3 × (length + one word) = 292 bytes → 10 words.
  const create = await gasOf(h, TABLE_MANAGER_ADDRESS, TABLE_MANAGER_ABI, TABLE_MANAGER_SIG.createKVTable, [
    'kv1',
    'id',
    'value',
  ]);
  assert.deepEqual(create, { status: 0, gas: 16000n + 30n });
  // Already there: the node still records CreateTable and returns a code.
  assert.equal(
    (
      await gasOf(h, TABLE_MANAGER_ADDRESS, TABLE_MANAGER_ABI, TABLE_MANAGER_SIG.createKVTable, [
        'kv1',
        'id',
        'value',
      ])
    ).gas,
    16030n,
  );
  // openTable("kv1"): 100 bytes of input → 4 words.
  assert.equal(
    (await gasOf(h, TABLE_MANAGER_ADDRESS, TABLE_MANAGER_ABI, TABLE_MANAGER_SIG.openTable, ['kv1'])).gas,
    200n + 12n,
  );
  // desc: the 288-byte result ("id", ["value"]) is the largest memory → 9 words.
  assert.equal(
    (await gasOf(h, TABLE_MANAGER_ADDRESS, TABLE_MANAGER_ABI, TABLE_MANAGER_SIG.desc, ['kv1'])).gas,
    200n + 27n,
  );
  // desc of a missing table records no Select; its ("", []) result is 160 bytes.
  assert.equal(
    (await gasOf(h, TABLE_MANAGER_ADDRESS, TABLE_MANAGER_ABI, TABLE_MANAGER_SIG.desc, ['none'])).gas,
    15n,
  );

  const kv = (await h.call(TABLE_MANAGER_ADDRESS, TABLE_MANAGER_ABI, TABLE_MANAGER_SIG.openTable, ['kv1']))
    .out![0] as string;
  // set: Insert, memory reset to 1 then the 32-byte result.
  assert.deepEqual(await gasOf(h, kv, KV_TABLE_ABI, 'set(string,string)', ['k1', 'v1']), {
    status: 0,
    gas: 10003n,
  });
  // get: Select; memory is the dynamic input abi(["/tables/kv1"], 100-byte call) = 352 bytes → 11 words.
  assert.deepEqual(await gasOf(h, kv, KV_TABLE_ABI, 'get(string)', ['k1']), { status: 0, gas: 200n + 33n });
  assert.deepEqual(await gasOf(h, kv, KV_TABLE_ABI, 'get(string)', ['nope']), { status: 0, gas: 233n });
  // A PrecompiledError leaves the gas untouched.
  assert.deepEqual(await gasOf(h, kv, KV_TABLE_ABI, 'set(string,string)', ['', 'v']), {
    status: 15,
    gas: 0n,
  });

  await h.call(TABLE_MANAGER_ADDRESS, TABLE_MANAGER_ABI, TABLE_MANAGER_SIG.createTable, [
    't1',
    ['id', ['a', 'b']],
  ]);
  const t = (await h.call(TABLE_MANAGER_ADDRESS, TABLE_MANAGER_ABI, TABLE_MANAGER_SIG.openTable, ['t1']))
    .out![0] as string;
  const insert = await gasOf(h, t, TABLE_ABI, 'insert((string,string[]))', [['k', ['x', 'y']]]);
  const insertInput = bindAbi(TABLE_ABI, h.ctx.suite).encodeCall('insert((string,string[]))', [
    ['k', ['x', 'y']],
  ]).length;
  assert.deepEqual(insert, { status: 0, gas: 10000n + BigInt(memoryGas(insertInput)) });
  // removeByKey("k"): Remove + 100 bytes of input; a second one finds nothing and records no op.
  assert.deepEqual(await gasOf(h, t, TABLE_ABI, 'remove(string)', ['k']), { status: 0, gas: 2500n + 12n });
  assert.deepEqual(await gasOf(h, t, TABLE_ABI, 'remove(string)', ['k']), { status: 0, gas: 12n });
});

test('receipts: BFS and system config charge nothing, a KV set its metered gas', async () => {
  const node = await startDevnode({ port: 0, nodes: 1, accounts: 1, auth: false, logLevel: 'silent' });
  try {
    const send = async (to: string, abi: readonly string[], fn: string, args: unknown[]) => {
      const input = new Interface(abi).encodeFunctionData(fn, args);
      return result<{ status: number; gasUsed: string }>(node, 'sendTransaction', [
        'group0',
        '',
        signedTx(node, { to, input }),
        false,
      ]);
    };
    const mkdir = await send(BFS_ADDRESS, BFS_ABI, 'mkdir', ['/apps/gas']);
    assert.deepEqual([mkdir.status, mkdir.gasUsed], [0, '0']);
    const cfg = await send(SYS_CONFIG_ADDRESS, SYS_CONFIG_ABI, 'setValueByKey', ['tx_count_limit', '2000']);
    assert.deepEqual([cfg.status, cfg.gasUsed], [0, '0']);
    const created = await send(TABLE_MANAGER_ADDRESS, TABLE_MANAGER_ABI, 'createKVTable', [
      'kvr',
      'id',
      'value',
    ]);
    assert.deepEqual([created.status, created.gasUsed], [0, '16030']);
    const addr = (
      await result<{ output: string }>(node, 'call', [
        'group0',
        '',
        TABLE_MANAGER_ADDRESS,
        new Interface(TABLE_MANAGER_ABI).encodeFunctionData('openTable', ['kvr']),
      ])
    ).output;
    const kv = '0x' + addr.slice(-40);
    const set = await send(kv, KV_TABLE_ABI, 'set', ['k1', 'v1']);
    assert.deepEqual([set.status, set.gasUsed], [0, '10003']);
  } finally {
    await node.stop();
  }
});
