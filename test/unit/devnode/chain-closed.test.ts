// A closed chain refuses every entry point that executes or reads state, the synchronous readers
// (blocks, transactions, receipts, config, counts) included, with the same error submit gives, in
// memory and on RocksDB: after close() the store is gone, so an answer would come from whatever
// happened to be cached (or from a closed engine's own error), never from the chain.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Interface } from 'ethers';
import { fromHex, toHex } from '../../../src/protocol/hex';
import type { DevChain } from '../../../src/devnode/chain/types';
import { DEFAULT_TRACE_LIMITS } from '../../../src/devnode/evm/trace';
import { COUNTER_SOURCE, compile, newChain, signedTx } from './chain-fixtures';

const counter = compile(COUNTER_SOURCE).Counter;
const iface = new Interface(counter.abi as never);
const CLOSED = /the chain is closed/;

async function deployedAndClosed(
  chain: DevChain,
): Promise<{ address: string; data: Uint8Array; hash: Uint8Array; tx: Uint8Array }> {
  const d = await chain.submit(
    signedTx(chain, chain.accounts[0].privateKey, {
      input: counter.bytecode,
      abi: JSON.stringify(counter.abi),
    }).raw,
  );
  const address = '0x' + d.receipt.data.contractAddress;
  const data = fromHex(iface.encodeFunctionData('value', []));
  // Open, the call answers: the refusals below come from the close alone.
  assert.equal((await chain.call(address, data)).status, 0);
  // Signed while open (its block limit reads the block number).
  const tx = signedTx(chain, chain.accounts[0].privateKey, { to: address, input: data }).raw;
  await chain.close();
  return { address, data, hash: d.tx.hash, tx };
}

async function refusesEverything(
  chain: DevChain,
  address: string,
  data: Uint8Array,
  hash: Uint8Array,
  tx: Uint8Array,
): Promise<void> {
  await assert.rejects(chain.submit(tx), CLOSED);
  await assert.rejects(chain.call(address, data), CLOSED);
  await assert.rejects(chain.simulate(address, data), CLOSED);
  await assert.rejects(chain.traceCall(address, data, undefined, DEFAULT_TRACE_LIMITS), CLOSED);
  await assert.rejects(chain.traceTransaction(hash, DEFAULT_TRACE_LIMITS), CLOSED);
  await assert.rejects(chain.getCode(address), CLOSED);
  await assert.rejects(chain.getStorageAt(address, new Uint8Array(32)), CLOSED);
  await assert.rejects(chain.balance(address), CLOSED);

  const reads: [string, () => unknown][] = [
    ['blockNumber', () => chain.blockNumber()],
    ['getBlockByNumber', () => chain.getBlockByNumber(1)],
    ['getBlockByHash', () => chain.getBlockByHash(new Uint8Array(32))],
    ['getTransaction', () => chain.getTransaction(hash)],
    ['getReceipt', () => chain.getReceipt(hash)],
    ['web3Nonce', () => chain.web3Nonce(address)],
    ['pendingWeb3Nonce', () => chain.pendingWeb3Nonce(address)],
    ['getAbi', () => chain.getAbi(address)],
    ['pendingCount', () => chain.pendingCount()],
    ['totalTransactionCount', () => chain.totalTransactionCount()],
    ['systemConfig', () => chain.systemConfig('tx_count_limit')],
    ['consensusNodes', () => chain.consensusNodes()],
    ['pbftView', () => chain.pbftView()],
    ["a node's blockNumber", () => chain.nodes[0].blockNumber()],
    ['diagnostics', () => chain.diagnostics.get(toHex(hash))],
  ];
  for (const [name, read] of reads) assert.throws(read, CLOSED, name);
}

test('a closed in-memory chain refuses calls, simulations, traces and every read', async () => {
  const chain = await newChain();
  const { address, data, hash, tx } = await deployedAndClosed(chain);
  await refusesEverything(chain, address, data, hash, tx);
});

test('a closed chain on RocksDB refuses calls, simulations, traces and every read', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'devnode-closed-'));
  try {
    const chain = await newChain({ dataDir });
    const { address, data, hash, tx } = await deployedAndClosed(chain);
    await refusesEverything(chain, address, data, hash, tx);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
