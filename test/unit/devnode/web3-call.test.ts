// eth_call on the Web3 port runs as the node RPC's `call`: FISCO-BCOS answers both through
// SchedulerImpl::call (EthEndpoint::call, JsonRpcImpl_2_0::call), which builds its BlockExecutive
// with staticCall = true, so the EVM runs with EVMC_STATIC (TransactionExecutive::execute:
// `hostContext.staticCall() ? EVMC_STATIC : 0`). A call that would write fails as the FISCO
// `call` fails, and nothing it tried changes the chain. eth_estimateGas keeps its documented
// deviation (README: it runs writes and discards them, to estimate what is about to be sent).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AbiCoder, Wallet } from 'ethers';
import { startDevnode, type Devnode } from '../../../src/devnode';
import { TransactionStatus } from '../../../src/protocol/rpc/status';
import { storeArtifact } from '../../integration/web3-fixture';

interface Answer {
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
}

async function rpc(url: string, method: string, params: unknown[]): Promise<Answer> {
  const res = await fetch(url, {
    method: 'POST',
    body: JSON.stringify({ jsonrpc: '2.0', method, params, id: 1 }),
    headers: { 'Content-Type': 'application/json' },
  });
  return (await res.json()) as Answer;
}

const word = (n: bigint) => AbiCoder.defaultAbiCoder().encode(['uint256'], [n]).slice(2);
const STORE = (v: bigint) => '0x6057361d' + word(v); // store(uint256)
const VALUE = '0x3fa4f245'; // value()

describe('Web3 eth_call runs as the FISCO call (static, read-only)', () => {
  let node: Devnode;
  let store: string;

  before(async () => {
    node = await startDevnode({ port: 0, web3Port: 0, accounts: 2, logLevel: 'silent' });
    const wallet = new Wallet(node.accounts[1].privateKey);
    const raw = await wallet.signTransaction({
      chainId: 20200n,
      gasPrice: 0n,
      gasLimit: 1_000_000n,
      type: 0,
      nonce: 0,
      data: storeArtifact().bytecode + word(5n),
    });
    const hash = (await rpc(node.web3Url!, 'eth_sendRawTransaction', [raw])).result as string;
    for (let i = 0; i < 400 && store === undefined; i++) {
      const r = (await rpc(node.web3Url!, 'eth_getTransactionReceipt', [hash])).result as {
        contractAddress?: string;
      } | null;
      if (r) store = String(r.contractAddress).toLowerCase();
      else await new Promise((resolve) => setTimeout(resolve, 25));
    }
    assert.ok(store, 'the Store contract is deployed');
  });
  after(() => node?.stop());

  /** The FISCO `call` on the node RPC port and eth_call on the Web3 port, for the same input. */
  async function both(data: string) {
    const fisco = (await rpc(node.url, 'call', ['group0', '', store, data])).result as {
      status: number;
      output: string;
    };
    const web3 = await rpc(node.web3Url!, 'eth_call', [{ to: store, data }, 'latest']);
    return { fisco, web3 };
  }

  it('a read gives the FISCO call output', async () => {
    const { fisco, web3 } = await both(VALUE);
    assert.equal(fisco.status, TransactionStatus.None);
    assert.equal(web3.result, fisco.output);
    assert.equal(BigInt(fisco.output), 5n);
  });

  it('a write fails as the FISCO call fails, and changes nothing', async () => {
    const blocks = node.chain.blockNumber();
    const { fisco, web3 } = await both(STORE(21n));
    assert.notEqual(fisco.status, TransactionStatus.None, 'the static FISCO call refuses the write');
    // EthEndpoint::call: the status as the code, the output as data.
    assert.equal(web3.result, undefined);
    assert.equal(web3.error?.code, fisco.status);
    assert.equal(web3.error?.data, fisco.output);
    // Nothing was written and no block was made.
    const slot = await rpc(node.web3Url!, 'eth_getStorageAt', [store, '0x0', 'latest']);
    assert.equal(BigInt(slot.result as string), 5n);
    assert.equal(BigInt((await both(VALUE)).web3.result as string), 5n);
    assert.equal(node.chain.blockNumber(), blocks);
  });

  it('a revert gives the FISCO call status and output', async () => {
    const { fisco, web3 } = await both(STORE(13n));
    assert.equal(fisco.status, TransactionStatus.RevertInstruction);
    assert.equal(web3.error?.code, fisco.status);
    assert.equal(web3.error?.message, ''); // TransactionExecutive::parseEVMCResult sets none
    assert.equal(web3.error?.data, fisco.output);
  });

  it('eth_estimateGas still estimates a write (its writes discarded)', async () => {
    const a = await rpc(node.web3Url!, 'eth_estimateGas', [{ to: store, data: STORE(21n) }, 'latest']);
    assert.ok(BigInt(a.result as string) > 0n, JSON.stringify(a));
    const slot = await rpc(node.web3Url!, 'eth_getStorageAt', [store, '0x0', 'latest']);
    assert.equal(BigInt(slot.result as string), 5n);
  });
});
