// One chain seen two ways: the node RPC (the SDK's Client) and the Web3 port (ethers). A
// contract deployed through either is used through the other; a Web3 transaction is a block
// entry of the node RPC under the hash eth_sendRawTransaction answered, and a FISCO
// transaction is visible to Web3 tools.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  Contract as EthContract,
  ContractFactory,
  JsonRpcProvider,
  Wallet,
  keccak256,
  type InterfaceAbi,
} from 'ethers';
import type { Devnode } from '../../src/devnode';
import { Client, Contract } from '../../src/client';
import { importPrivateKey, type Account } from '../../src/protocol/account';
import type { BlockTransactionJson } from '../../src/protocol/rpc/types';
import { startWeb3Devnode, storeArtifact } from './web3-fixture';

describe('Web3 and node RPC over the same chain', () => {
  let node: Devnode;
  let client: Client;
  let account: Account;
  let provider: JsonRpcProvider;
  let wallet: Wallet;

  before(async () => {
    node = await startWeb3Devnode();
    client = new Client({ group: node.groupId, url: node.url });
    account = importPrivateKey(node.accounts[0].privateKey);
    provider = new JsonRpcProvider(node.web3Url, undefined, {
      batchMaxCount: 8,
      pollingInterval: 50,
      cacheTimeout: -1,
    });
    wallet = new Wallet(node.accounts[1].privateKey, provider);
  });

  after(async () => {
    provider?.destroy();
    client?.close();
    await node?.stop();
  });

  it('a contract deployed over the node RPC is called and its code read over Web3', async () => {
    const { abi, bytecode } = storeArtifact();
    const { contract } = await Contract.deploy(client, account, abi as never, bytecode, [11n]);
    const viaWeb3 = new EthContract(contract.address, abi as InterfaceAbi, provider);
    assert.equal(await viaWeb3.getFunction('value')(), 11n);
    assert.equal(await provider.getCode(contract.address), await client.getCode(contract.address));
  });

  it('a contract deployed over Web3 is called and written over the node RPC', async () => {
    const { abi, bytecode } = storeArtifact();
    const deployed = await new ContractFactory(abi as InterfaceAbi, bytecode, wallet).deploy(21n);
    const receipt = (await deployed.deploymentTransaction()!.wait())!;
    const address = receipt.contractAddress!.toLowerCase();
    const viaNode = new Contract(client, abi as never, address, account);
    assert.deepEqual([...(await viaNode.call('value'))], [21n]);
    await viaNode.send('store', [22n]);
    const viaWeb3 = new EthContract(address, abi as InterfaceAbi, provider);
    assert.equal(await viaWeb3.getFunction('value')(), 22n);
  });

  it('a Web3 transaction is in getBlockByNumber under the hash of its signed RLP', async () => {
    const to = node.accounts[2].address;
    const signed = await wallet.signTransaction(
      await wallet.populateTransaction({ to, data: '0x', value: 0n, gasLimit: 50_000n, type: 2 }),
    );
    const hash = await provider.send('eth_sendRawTransaction', [signed]);
    // EthEndpoint::sendRawTransaction answers keccak256 of the signed RLP (Web3Transaction::txHash),
    // and TransactionImpl::hash is that extraTransactionHash: the node's hash of the transaction.
    assert.equal(hash, keccak256(signed));
    const receipt = (await provider.waitForTransaction(hash))!;
    const block = await client.getBlockByNumber(receipt.blockNumber, false, false);
    const entries = block.transactions as BlockTransactionJson[];
    const entry = entries.find((t) => t.hash === hash);
    assert.ok(entry, 'the Web3 transaction is listed in the node RPC block');
    assert.equal(entry.from, wallet.address.toLowerCase());
    assert.equal(entry.to, to);
    // JsonRpcImpl_2_0.cpp toJsonResp: value and gas of a Web3 transaction come from its RLP, in decimal.
    assert.equal(entry.value, '0');
    assert.equal(entry.gasLimit, 50000);
    const web3Block = await provider.getBlock(receipt.blockNumber);
    assert.equal(web3Block!.hash, block.hash);
    assert.deepEqual(
      web3Block!.transactions,
      entries.map((t) => t.hash),
    );
    const nodeReceipt = await client.getTransactionReceipt(hash);
    assert.equal(nodeReceipt.transactionHash, hash);
    // The target is an account without code and feature_balance is off: bcos-executor
    // TransactionExecutive::go answers CallAddressError (19) for a call to an address with no code.
    assert.equal(nodeReceipt.status, 19);
    assert.equal((await client.getTransactionByHash(hash)).hash, hash);
  });

  it('a FISCO transaction is visible to Web3 tools, with the FISCO nonce text', async () => {
    const { abi, bytecode } = storeArtifact();
    const { receipt } = await Contract.deploy(client, account, abi as never, bytecode, [1n]);
    const tx = (await provider.send('eth_getTransactionByHash', [receipt.transactionHash])) as Record<
      string,
      string
    >;
    const fisco = await client.getTransactionByHash(receipt.transactionHash);
    // TransactionResponse.cpp: a BCOS transaction is type 0, chainId 0, nonce "0x" + its nonce text.
    assert.equal(tx.type, '0x0');
    assert.equal(tx.chainId, '0x0');
    assert.equal(tx.nonce, '0x' + Buffer.from(fisco.nonce, 'hex').toString('utf8'));
    assert.equal(tx.to, null);
    const web3Receipt = await provider.getTransactionReceipt(receipt.transactionHash);
    assert.equal(web3Receipt!.status, 1);
    assert.equal(web3Receipt!.contractAddress!.toLowerCase(), receipt.contractAddress);
    // FISCO transactions leave the account's Web3 nonce alone (BlockExecutive::updateWeb3NonceMap).
    assert.equal(await provider.getTransactionCount(account.address), 0);
  });
});
