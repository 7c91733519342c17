// The devnode's debugger trace (devnode_debugTraceTransaction / devnode_debugTraceCall, devnode
// extensions: real FISCO nodes have no trace method): a committed transaction re-executed on the
// state before it, step by step, also when it reverted or ran out of gas; built-ins as one step.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Interface } from 'ethers';
import { fromHex, toHex, utf8Encode } from '../../../src/protocol/hex';
import {
  KV_ADDRESS,
  COUNTER_SOURCE,
  compile,
  newChain,
  setConfig,
  signedTx,
  testBuiltins,
} from './chain-fixtures';
import type { DevChain } from '../../../src/devnode/chain/types';
import { DEFAULT_TRACE_LIMITS, TraceTooLarge } from '../../../src/devnode/evm/trace';
import { JournaledStateManager } from '../../../src/devnode/evm/stateManager';
import { MemoryKv, newBatch } from '../../../src/devnode/storage/kv';
import { Address } from '@ethereumjs/util';

const counter = compile(COUNTER_SOURCE).Counter;
const iface = new Interface(counter.abi as never);

async function deploy(chain: DevChain) {
  const { raw } = signedTx(chain, chain.accounts[0].privateKey, {
    input: counter.bytecode,
    abi: JSON.stringify(counter.abi),
  });
  return '0x' + (await chain.submit(raw)).receipt.data.contractAddress;
}

async function send(chain: DevChain, to: string, data: string) {
  const { raw, hash } = signedTx(chain, chain.accounts[0].privateKey, { to, input: fromHex(data) });
  const r = await chain.submit(raw);
  return { hash, receipt: r.receipt };
}

test('a committed transaction is traced on the state before it, with storage writes', async () => {
  const chain = await newChain();
  try {
    const addr = await deploy(chain);
    await send(chain, addr, iface.encodeFunctionData('set', [5]));
    const { hash } = await send(chain, addr, iface.encodeFunctionData('set', [9]));
    await send(chain, addr, iface.encodeFunctionData('set', [11])); // later state must not leak in
    const t = (await chain.traceTransaction(hash, DEFAULT_TRACE_LIMITS))!;
    assert.equal(t.status, 0);
    assert.equal(t.matchesReceipt, true);
    const steps = t.trace.steps;
    assert.equal(steps[0].pc, 0);
    assert.equal(steps[0].op, 'PUSH1');
    assert.equal(steps[0].depth, 0);
    // Gas only goes down within a frame.
    for (let i = 1; i < steps.length; i++) assert.ok(steps[i].gas <= steps[i - 1].gas);
    // The SSTORE writes 9 to slot 0.
    const writes = steps.filter((s) => s.storage).map((s) => s.storage);
    assert.deepEqual(writes, [['0x0', '0x9']]);
    assert.ok(steps.some((s) => s.memory !== undefined));
    assert.equal(steps.at(-1)!.op, 'STOP');
    assert.equal(t.trace.frames.length, 1);
    assert.equal(t.trace.frames[0].address, addr);
    assert.equal(t.trace.codes[addr], toHex(await chain.getCode(addr)));
    // Unknown hash: undefined (the RPC answers null).
    assert.equal(await chain.traceTransaction(new Uint8Array(32), DEFAULT_TRACE_LIMITS), undefined);
  } finally {
    await chain.close();
  }
});

test('reverted and out-of-gas transactions are traced to their failing instruction', async () => {
  // A 1,000,000 gas limit keeps the endless loop short (as chain-exec.test.ts does).
  const builtins = testBuiltins();
  const genesis = builtins.genesis.bind(builtins);
  builtins.genesis = (store, o) => {
    const done = genesis(store, o); // synchronous for the test built-ins
    setConfig(store, 'tx_gas_limit', '1000000', 0);
    return done;
  };
  const chain = await newChain({ builtins });
  try {
    const addr = await deploy(chain);
    const failed = await send(chain, addr, iface.encodeFunctionData('fail'));
    assert.equal(failed.receipt.data.status, 16);
    const t = (await chain.traceTransaction(failed.hash, DEFAULT_TRACE_LIMITS))!;
    assert.equal(t.status, 16);
    assert.equal(t.matchesReceipt, true);
    assert.equal(t.trace.steps.at(-1)!.op, 'REVERT');
    assert.equal(t.trace.frames[0].error, 'revert');

    const burn = await send(chain, addr, iface.encodeFunctionData('burn'));
    assert.notEqual(burn.receipt.data.status, 0);
    const o = (await chain.traceTransaction(burn.hash, DEFAULT_TRACE_LIMITS))!;
    assert.equal(o.status, burn.receipt.data.status);
    assert.equal(o.trace.frames[0].error, 'out of gas');
  } finally {
    await chain.close();
  }
});

test('calls and creations open frames; built-ins are one decoded step', async () => {
  const chain = await newChain();
  try {
    const addr = await deploy(chain);
    const made = await send(chain, addr, iface.encodeFunctionData('make'));
    const child = '0x' + toHex(made.receipt.data.output, false).slice(-40);
    const poke = await send(chain, addr, iface.encodeFunctionData('poke', [child]));
    await send(chain, addr, iface.encodeFunctionData('poke', [child])); // must not leak into the first
    const mt = (await chain.traceTransaction(made.hash, DEFAULT_TRACE_LIMITS))!;
    assert.deepEqual(
      mt.trace.frames.map((f) => [f.kind, f.depth, f.address]),
      [
        ['call', 0, addr],
        ['create', 1, child],
      ],
    );
    assert.ok(mt.trace.codes['init:1'].length > 2);
    assert.ok(mt.trace.steps.some((s) => s.depth === 1 && s.frame === 1));
    const pt = (await chain.traceTransaction(poke.hash, DEFAULT_TRACE_LIMITS))!;
    assert.deepEqual(
      pt.trace.frames.map((f) => [f.kind, f.parent, f.codeAddress]),
      [
        ['call', -1, addr],
        ['call', 0, child],
      ],
    );
    // Child.bump reads x = 1 (the state before the first poke) and writes 2.
    const sload = pt.trace.steps.findIndex((s) => s.op === 'SLOAD' && s.frame === 1);
    assert.equal(pt.trace.steps[sload + 1].stack.at(-1), '0x1');
    assert.deepEqual(
      pt.trace.steps.filter((s) => s.storage).map((s) => s.storage),
      [['0x0', '0x2']],
    );
    const kv = await send(chain, addr, iface.encodeFunctionData('kvSet', [toHex(utf8Encode('k'))]));
    const kt = (await chain.traceTransaction(kv.hash, DEFAULT_TRACE_LIMITS))!;
    const builtin = kt.trace.steps.filter((s) => s.op === 'BUILTIN');
    assert.equal(builtin.length, 1);
    assert.equal(builtin[0].builtin!.name, `test-kv (${KV_ADDRESS})`);
    assert.equal(builtin[0].builtin!.input, '0x01' + toHex(utf8Encode('k'), false));
    assert.equal(builtin[0].builtin!.status, 0);
  } finally {
    await chain.close();
  }
});

test('the trace carries the storage before the transaction of each account it runs in', async () => {
  const chain = await newChain();
  try {
    const addr = await deploy(chain);
    await send(chain, addr, iface.encodeFunctionData('set', [5]));
    const made = await send(chain, addr, iface.encodeFunctionData('make'));
    const child = '0x' + toHex(made.receipt.data.output, false).slice(-40);
    const poke = await send(chain, addr, iface.encodeFunctionData('poke', [child]));
    await send(chain, addr, iface.encodeFunctionData('set', [7])); // later state must not leak in
    const pt = (await chain.traceTransaction(poke.hash, DEFAULT_TRACE_LIMITS))!;
    // Counter.value = 5; Child.x = 1 (its constructor's value) before the poke wrote 2.
    assert.deepEqual(pt.trace.preStorage, {
      [addr]: { slots: { '0x0': '0x5' }, complete: true },
      [child]: { slots: { '0x0': '0x1' }, complete: true },
    });
    // A contract created by the transaction starts with empty storage.
    const mt = (await chain.traceTransaction(made.hash, DEFAULT_TRACE_LIMITS))!;
    assert.deepEqual(mt.trace.preStorage?.[child], { slots: {}, complete: true });
    // A read-only call is traced on the latest state.
    const ct = await chain.traceCall(
      addr,
      fromHex(iface.encodeFunctionData('value')),
      undefined,
      DEFAULT_TRACE_LIMITS,
    );
    assert.deepEqual(ct.trace.preStorage?.[addr], { slots: { '0x0': '0x7' }, complete: true });
  } finally {
    await chain.close();
  }
});

test('the storage dump reads the store under the overlay, and says when it stops at the cap', async () => {
  const kv = new MemoryKv();
  const state = new JournaledStateManager(kv);
  const a = new Address(fromHex('0x' + 'ab'.repeat(20)));
  const slot = (k: number) => fromHex('0x' + k.toString(16).padStart(64, '0'));
  for (const k of [1, 2, 3]) await state.putStorage(a, slot(k), new Uint8Array([k]));
  state.settle();
  const batch = newBatch();
  state.flushInto(batch);
  await kv.write(batch);
  // In the overlay (the current block): slot 2 cleared, slot 4 set.
  await state.putStorage(a, slot(2), new Uint8Array(0));
  await state.putStorage(a, slot(4), new Uint8Array([4]));
  const hexes = (m: Map<string, Uint8Array>) =>
    [...m].map(([k, v]) => [BigInt('0x' + k), toHex(v)] as const).sort((x, y) => Number(x[0] - y[0]));
  const all = state.storageSlots(a.toString(), 10);
  assert.equal(all.complete, true);
  assert.deepEqual(hexes(all.slots), [
    [1n, '0x01'],
    [3n, '0x03'],
    [4n, '0x04'],
  ]);
  const capped = state.storageSlots(a.toString(), 2);
  assert.equal(capped.complete, false);
  assert.equal(capped.slots.size, 2);
});

test('a call is traced at the latest state; limits fail the trace with a clear error', async () => {
  const chain = await newChain();
  try {
    const addr = await deploy(chain);
    await send(chain, addr, iface.encodeFunctionData('set', [3]));
    const r = await chain.traceCall(
      addr,
      fromHex(iface.encodeFunctionData('value')),
      undefined,
      DEFAULT_TRACE_LIMITS,
    );
    assert.equal(BigInt(toHex(r.output)), 3n);
    assert.ok(r.trace.steps.length > 10);
    await assert.rejects(
      chain.traceCall(addr, fromHex(iface.encodeFunctionData('value')), undefined, {
        maxSteps: 5,
        maxBytes: 1 << 20,
      }),
      (e: unknown) => e instanceof TraceTooLarge && /more than 5 steps \(maxSteps\)/.test(e.message),
    );
    // The call changed nothing.
    const c = await chain.call(addr, fromHex(iface.encodeFunctionData('value')));
    assert.equal(BigInt(toHex(c.output)), 3n);
  } finally {
    await chain.close();
  }
});
