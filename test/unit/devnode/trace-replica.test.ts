// The debugger's replay cache: the devnode keeps a replica of the chain between traces and
// advances it only over the blocks committed since, so tracing a recent transaction does not
// replay from genesis; an older transaction starts from a checkpoint. Each trace must still see
// exactly the state before its transaction (Child.bump writes ++x, so the value written tells
// which state the replay started from).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Interface } from 'ethers';
import { fromHex, toHex } from '../../../src/protocol/hex';
import { COUNTER_SOURCE, compile, newChain, signedTx } from './chain-fixtures';
import type { DevChain } from '../../../src/devnode/chain/types';
import { DEFAULT_TRACE_LIMITS } from '../../../src/devnode/evm/trace';

const counter = compile(COUNTER_SOURCE).Counter;
const iface = new Interface(counter.abi as never);

const blocks = new Map<string, number>();

async function send(chain: DevChain, to: string, data: string | Uint8Array) {
  const input = typeof data === 'string' ? fromHex(data) : data;
  const { raw, hash } = signedTx(chain, chain.accounts[0].privateKey, to === '' ? { input } : { to, input });
  const r = await chain.submit(raw);
  assert.equal(r.receipt.data.status, 0);
  blocks.set(toHex(hash), r.block.header.blockNumber);
  return { hash, receipt: r.receipt };
}

/** The value Child.bump's SSTORE writes in the trace of a `poke` transaction. */
async function bumpedTo(chain: DevChain, hash: Uint8Array, child: string): Promise<bigint> {
  const t = (await chain.traceTransaction(hash, DEFAULT_TRACE_LIMITS))!;
  assert.equal(t.matchesReceipt, true);
  const writes = t.trace.steps
    .filter((s) => s.storage !== undefined && t.trace.frames[s.frame].address === child)
    .map((s) => BigInt(s.storage![1]));
  assert.equal(writes.length, 1);
  return writes[0];
}

test('traces reuse the replica: later transactions replay only the new blocks, older ones start from a checkpoint', async () => {
  const chain = await newChain();
  try {
    const deployed = await send(chain, '', counter.bytecode);
    const addr = '0x' + deployed.receipt.data.contractAddress;
    const made = await send(chain, addr, iface.encodeFunctionData('make'));
    const child = iface.decodeFunctionResult('make', toHex(made.receipt.data.output))[0] as string;
    const poke = iface.encodeFunctionData('poke', [child]);
    const pokes: Uint8Array[] = [];
    for (let i = 0; i < 6; i++) pokes.push((await send(chain, addr, poke)).hash);
    const blockOf = (h: Uint8Array) => blocks.get(toHex(h))!;

    // First trace: from genesis (nothing cached yet).
    assert.equal(await bumpedTo(chain, pokes[3], child.toLowerCase()), 5n);
    assert.deepEqual(chain.lastReplayStats, { startedAfter: -1, blocksReplayed: blockOf(pokes[3]) - 1 });

    // A later transaction: only the blocks between the two are replayed.
    assert.equal(await bumpedTo(chain, pokes[5], child.toLowerCase()), 7n);
    assert.equal(chain.lastReplayStats.startedAfter, blockOf(pokes[3]) - 1);
    assert.equal(chain.lastReplayStats.blocksReplayed, blockOf(pokes[5]) - blockOf(pokes[3]));

    // The same transaction again: nothing to replay, same answer.
    assert.equal(await bumpedTo(chain, pokes[5], child.toLowerCase()), 7n);
    assert.equal(chain.lastReplayStats.blocksReplayed, 0);

    // New blocks, then the newest transaction: the replica advances over them only.
    const more: Uint8Array[] = [];
    for (let i = 0; i < 3; i++) more.push((await send(chain, addr, poke)).hash);
    assert.equal(await bumpedTo(chain, more[2], child.toLowerCase()), 10n);
    assert.equal(chain.lastReplayStats.startedAfter, blockOf(pokes[5]) - 1);
    assert.equal(chain.lastReplayStats.blocksReplayed, blockOf(more[2]) - blockOf(pokes[5]));

    // An older transaction than the replica: from the genesis checkpoint, still the right state.
    assert.equal(await bumpedTo(chain, pokes[0], child.toLowerCase()), 2n);
    assert.equal(chain.lastReplayStats.startedAfter, 0);
    // And forward again from there.
    assert.equal(await bumpedTo(chain, more[0], child.toLowerCase()), 8n);
    assert.equal(chain.lastReplayStats.startedAfter, blockOf(pokes[0]) - 1);

    // The live chain is untouched by the replays: it goes on from its own state.
    const next = await send(chain, addr, poke);
    assert.equal(await bumpedTo(chain, next.hash, child.toLowerCase()), 11n);
    const x = await chain.call(
      child,
      fromHex(new Interface(['function x() view returns (uint256)']).encodeFunctionData('x')),
    );
    assert.equal(BigInt(toHex(x.output)), 11n);
  } finally {
    await chain.close();
  }
});
