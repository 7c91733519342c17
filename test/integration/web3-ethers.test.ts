// ethers v6 against the devnode's Web3 port: a JsonRpcProvider and a Wallet holding a dev key.
// Real-node behaviour checked here is cited next to each assertion (FISCO-BCOS bcos-rpc).

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { AbiCoder, ContractFactory, JsonRpcProvider, Wallet, type Contract, type InterfaceAbi } from 'ethers';
import type { Devnode } from '../../src/devnode';
import { startWeb3Devnode, storeArtifact } from './web3-fixture';

describe('Web3 JSON-RPC with ethers v6', () => {
  let node: Devnode;
  let provider: JsonRpcProvider;
  let wallet: Wallet;

  before(async () => {
    node = await startWeb3Devnode();
    // batchMaxCount 8: [web3_rpc] batch_request_size_limit (NodeConfig.cpp) refuses larger batches.
    // cacheTimeout -1: blocks come within milliseconds; ethers would reuse a nonce read 250 ms ago.
    provider = new JsonRpcProvider(node.web3Url, undefined, {
      batchMaxCount: 8,
      pollingInterval: 50,
      cacheTimeout: -1,
    });
    wallet = new Wallet(node.accounts[1].privateKey, provider);
  });

  after(async () => {
    provider?.destroy();
    await node?.stop();
  });

  it('reports the chain id from web3_chain_id and the block number', async () => {
    // EthEndpoint::chainId reads the web3_chain_id system config; build_chain.sh writes 20200.
    assert.equal((await provider.getNetwork()).chainId, 20200n);
    assert.equal(await provider.getBlockNumber(), node.chain.blockNumber());
  });

  it('deploys with a ContractFactory, calls, sends, and reads the event with a filter query', async () => {
    const { abi, bytecode } = storeArtifact();
    const factory = new ContractFactory(abi as InterfaceAbi, bytecode, wallet);
    const deployed = await factory.deploy(7n);
    const deployReceipt = await deployed.deploymentTransaction()!.wait();
    assert.ok(deployReceipt);
    assert.equal(deployReceipt.status, 1);
    // feature_evm_address is off on a default chain: the scheduler derives the address from the
    // block number and transaction index (SerialBlockExecutive.cpp newEVMAddress), not from the
    // sender's nonce, so the receipt's contractAddress is where the contract lives.
    const address = deployReceipt.contractAddress!;
    assert.notEqual(address.toLowerCase(), (await deployed.getAddress()).toLowerCase());
    const store = factory.attach(address) as Contract;
    assert.equal(await store.getFunction('value')(), 7n);

    const tx = await store.getFunction('store')(42n);
    const receipt = await tx.wait();
    assert.equal(receipt.status, 1);
    assert.equal(await store.getFunction('value')(), 42n);

    const events = await store.queryFilter(
      store.filters.Stored(wallet.address),
      receipt.blockNumber,
      'latest',
    );
    assert.equal(events.length, 1);
    const args = (events[0] as unknown as { args: unknown[] }).args;
    assert.equal(args[0], wallet.address);
    assert.equal(args[1], 42n);
    assert.equal(events[0].transactionHash, tx.hash);

    // Nonces: the account nonce is max(stored, used) + 1 after each block (updateEoaNonce).
    assert.equal(await provider.getTransactionCount(wallet.address), 2);
  });

  it('answers a revert of eth_call with the status code, no message, and the revert data', async () => {
    const { abi, bytecode } = storeArtifact();
    const factory = new ContractFactory(abi as InterfaceAbi, bytecode, wallet);
    const receipt = await (await factory.deploy(1n)).deploymentTransaction()!.wait();
    const store = factory.attach(receipt!.contractAddress!) as Contract;
    // EthEndpoint::call answers {code: status, message, data: output}; an EVM revert is status 16
    // with an empty message (TransactionExecutive::parseEVMCResult), which ethers does not read
    // as revert data: it reports a CALL_EXCEPTION, and the Error(string) is in the answer's data.
    const error = await store
      .getFunction('store')
      .staticCall(13n)
      .then(
        () => assert.fail('the call should revert'),
        (e: unknown) =>
          e as { code: string; info?: { error?: { code: number; message: string; data: string } } },
      );
    assert.equal(error.code, 'CALL_EXCEPTION');
    assert.equal(error.info?.error?.code, 16);
    assert.equal(error.info?.error?.message, '');
    const data = error.info?.error?.data ?? '';
    assert.equal(data.slice(0, 10), '0x08c379a0');
    assert.equal(AbiCoder.defaultAbiCoder().decode(['string'], '0x' + data.slice(10))[0], 'unlucky');
  });

  it('refuses a sender without balance, as checkSenderBalance does', async () => {
    const stranger = Wallet.createRandom(provider);
    assert.equal(await provider.getBalance(stranger.address), 0n);
    await assert.rejects(
      stranger.sendTransaction({ to: wallet.address, value: 0n, gasLimit: 100000n, gasPrice: 0n }),
      /InsufficientFunds/,
    );
  });
});
