// The client suite against the devnode: deploy, call and send; every query method with its
// real-node shape; node-named and random forms; Async forms; proofs; pool rejections; an SM
// chain; mutual TLS with the certificates the devnode writes.

import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import type { JsonFragment } from 'ethers';
import { after, before, describe, it } from 'node:test';
import { startDevnode, type Devnode } from '../../src/devnode';
import {
  Client,
  Contract,
  RevertError,
  RpcError,
  TxPoolError,
  buildSignedTransaction,
  callContract,
  encodeDeploy,
  decodeLogs,
  getChainInfo,
  signAndSend,
  type Callback,
} from '../../src/client';
import { importPrivateKey, type Account } from '../../src/protocol/account';
import { decodeTransaction } from '../../src/protocol/transaction';
import { fromHex } from '../../src/protocol/hex';
import { toChecksumAddress } from '../../src/protocol/address';

const SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Greeter {
    string private greeting;
    address public owner;
    event Set(address indexed who, string value);
    error NotOwner(address who);
    constructor(string memory g) { greeting = g; owner = msg.sender; }
    function get() public view returns (string memory) { return greeting; }
    function set(string memory g) public { require(bytes(g).length > 0, "empty greeting"); greeting = g; emit Set(msg.sender, g); }
    function div(uint256 a, uint256 b) public pure returns (uint256) { return a / b; }
    function onlyOwner() public view returns (bool) { if (msg.sender != owner) revert NotOwner(msg.sender); return true; }
}`;

let compiled: { abi: JsonFragment[]; bytecode: string } | undefined;
function greeter(): { abi: JsonFragment[]; bytecode: string } {
  if (compiled) return compiled;
  const solc = createRequire(__filename)('solc') as { compile(input: string): string };
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'g.sol': { content: SOURCE } },
        settings: {
          evmVersion: 'paris',
          optimizer: { enabled: true, runs: 200 },
          outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
        },
      }),
    ),
  );
  const c = out.contracts['g.sol'].Greeter;
  return (compiled = { abi: c.abi, bytecode: c.evm.bytecode.object });
}

function viaCallback<T>(
  start: (cb: Callback<T>) => void,
): Promise<{ calls: number; error: Error | null; result?: T }> {
  return new Promise((resolve) => {
    let calls = 0;
    let last: { error: Error | null; result?: T } = { error: null };
    start((error, result) => {
      calls++;
      last = { error, result };
      setTimeout(() => resolve({ calls, ...last }), 20);
    });
  });
}

describe('client ↔ devnode (secp256k1, HTTP)', () => {
  let node: Devnode;
  let client: Client;
  let account: Account;
  let greeterAddress: string;
  let setTxHash: string;

  before(async () => {
    node = await startDevnode({ port: 0, logLevel: 'silent', seed: 'client-integration' });
    client = new Client({ group: node.groupId, url: node.url });
    account = importPrivateKey(node.accounts[0].privateKey);
  });
  after(async () => {
    client.close();
    await node.stop();
  });

  it('discovers chain facts from getGroupInfo', async () => {
    const chain = await getChainInfo(client);
    assert.equal(chain.chainId, node.chainId);
    assert.equal(chain.groupId, node.groupId);
    assert.equal(chain.sm, false);
    assert.ok(chain.compatibilityVersion > 0);
  });

  it('deploys, calls and sends through Contract', async () => {
    const { abi, bytecode } = greeter();
    const { contract, receipt } = await Contract.deploy(client, account, abi, bytecode, ['Hello']);
    greeterAddress = contract.address;
    assert.equal(receipt.status, 0);
    assert.match(receipt.contractAddress, /^0x[0-9a-f]{40}$/);
    assert.equal(receipt.checksumContractAddress, toChecksumAddress(receipt.contractAddress, account.suite));
    assert.equal(receipt.to, '');
    assert.equal(receipt.from, account.address);
    assert.deepEqual([...(await contract.call('get'))], ['Hello']);
    const sent = await contract.send('set', ['World']);
    setTxHash = sent.receipt.transactionHash;
    assert.equal(sent.receipt.status, 0);
    assert.match(sent.receipt.hash, /^0x[0-9a-f]{64}$/);
    assert.equal(sent.receipt.logEntries.length, 1);
    assert.equal(sent.receipt.logEntries[0].address, greeterAddress.slice(2), 'log address has no 0x');
    const [event] = decodeLogs(sent.receipt.logEntries, abi, account.suite);
    assert.equal(event.name, 'Set');
    assert.equal(event.args!.value, 'World');
    assert.equal(event.address, greeterAddress);
    assert.deepEqual([...(await contract.call('get'))], ['World']);
    assert.equal(JSON.parse(await client.getABI(greeterAddress)).length, abi.length);
    assert.match(await client.getCode(greeterAddress), /^0x[0-9a-f]+$/);
    assert.equal(await client.getCode('0x' + '12'.repeat(20)), '');
  });

  it('a failing transaction: receipt status 16 with hash "0x"; the helper decodes the reason', async () => {
    const contract = new Contract(client, greeter().abi, greeterAddress, account);
    await assert.rejects(contract.send('set', ['']), (err: unknown) => {
      assert.ok(err instanceof RevertError);
      assert.equal(err.status, 16);
      assert.equal(err.reason, 'empty greeting');
      assert.equal(err.receipt!.hash, '0x');
      return true;
    });
    await assert.rejects(
      contract.call('div', [1, 0]),
      (err: unknown) => err instanceof RevertError && err.panicCode === 0x12n,
    );
    const stranger = importPrivateKey(node.accounts[1].privateKey);
    await assert.rejects(contract.call('onlyOwner', [], { signer: stranger }), /NotOwner\(who=0x/);
    assert.deepEqual([...(await contract.call('onlyOwner', [], { signer: account }))], [true]);
  });

  it('pool rejections are named errors', async () => {
    const chain = await getChainInfo(client);
    const { abi } = greeter();
    const { Interface } = await import('ethers');
    const input = new Interface(abi).encodeFunctionData('set', ['again']);
    const nonce = '123456789012345678';
    await signAndSend(client, account, { to: greeterAddress, input }, { nonce });
    await assert.rejects(
      signAndSend(
        client,
        account,
        { to: greeterAddress, input: new Interface(abi).encodeFunctionData('set', ['other']) },
        { nonce },
      ),
      (err: unknown) => err instanceof TxPoolError && err.name === 'NonceCheckFail' && err.code === 10000,
    );
    const far = BigInt(await client.getBlockNumber()) + 5000n;
    await assert.rejects(
      signAndSend(client, account, { to: greeterAddress, input }, { blockLimit: far }),
      (err: unknown) => err instanceof TxPoolError && err.name === 'BlockLimitCheckFail',
    );
    const wrongChain = buildSignedTransaction(
      { chainId: 'otherchain', groupId: chain.groupId, blockLimit: far - 4000n, to: greeterAddress, input },
      account,
    );
    await assert.rejects(
      client.sendTransaction(wrongChain.hex),
      (err: unknown) => err instanceof RpcError && err.code === -1 && err.method === 'sendTransaction',
    );
  });

  it('every query method answers with the real node shapes', async () => {
    const height = await client.getBlockNumber();
    assert.ok(height >= 2);
    assert.equal(await client.getBlockLimit(), BigInt(height) + 500n);
    const count = await client.getTotalTransactionCount();
    assert.equal(count.txSum, count.transactionCount);
    assert.equal(count.failedTxSum, count.failedTransactionCount);
    assert.ok(count.failedTransactionCount >= 1);

    const header = await client.getBlockByNumber(height);
    assert.equal('transactions' in header, false, 'onlyHeader defaults to true');
    assert.match(header.gasUsed, /^\d+$/);
    assert.ok(header.sealerList.every((s) => /^0x[0-9a-f]{128}$/.test(s)));
    const withHashes = await client.getBlockByNumber(height, false, true);
    assert.ok((withHashes.transactions as string[]).every((h) => /^0x[0-9a-f]{64}$/.test(h)));
    const full = await client.getBlockByHash(header.hash, false, false);
    assert.equal(full.number, height);
    assert.equal(typeof (full.transactions as { hash: string }[])[0].hash, 'string');
    assert.equal(await client.getBlockHashByNumber(height), header.hash);
    assert.deepEqual(header.parentInfo[0].blockHash, await client.getBlockHashByNumber(height - 1));

    const tx = await client.getTransactionByHash(setTxHash);
    assert.equal(tx.hash, setTxHash);
    assert.equal(tx.from, account.address);
    assert.match(tx.nonce, /^[0-9a-f]+$/, 'nonce is hex of its bytes');
    assert.equal('txProof' in tx, false);
    const receipt = await client.getTransactionReceipt(setTxHash);
    assert.equal(receipt.transactionProof, null);
    assert.equal('txReceiptProof' in receipt, false);
    assert.equal(receipt.transactionHash, setTxHash);

    assert.equal(await client.getPendingTxSize(), 0);
    const peers = await client.getPeers();
    assert.ok(Array.isArray(peers.peers));
    const sync = await client.getSyncStatus();
    assert.ok(sync.raw.endsWith('\n'));
    assert.equal(sync.blockNumber, height);
    assert.equal((await client.getSystemConfigByKey('tx_count_limit')).value.length > 0, true);
    assert.deepEqual(await client.getObserverList(), []);
    const sealers = await client.getSealerList();
    assert.equal(sealers.length, node.nodes.length);
    assert.ok(sealers.every((s) => /^[0-9a-f]{128}$/.test(s.nodeID) && s.weight >= 1));
    assert.equal(typeof (await client.getPbftView()), 'number');
    const consensus = await client.getConsensusStatus();
    assert.ok(consensus.raw.endsWith('\n'));
    assert.equal(consensus.consensusNodeList.length, node.nodes.length);
    assert.equal(typeof consensus.connectedNodeList, 'number');

    const info = await client.getGroupInfo();
    assert.equal(info.chainID, node.chainId);
    assert.equal(info.genesisConfig!.sealerList.length, node.nodes.length);
    assert.equal(info.nodeList[0].iniConfig!.smCryptoType, false);
    assert.deepEqual((await client.getGroupList()).groupList, [node.groupId]);
    const groupPeers = await client.getGroupPeers();
    assert.ok(groupPeers.length >= 1);
    assert.equal((await client.getGroupInfoList())[0].groupID, node.groupId);
    const nodeInfo = (await client.getGroupNodeInfo(node.nodes[0].name))!;
    assert.equal(nodeInfo.nodeID, node.nodes[0].nodeId);
  });

  it('withProof: receipts and transactions carry proofs', async () => {
    const receipt = await client.getTransactionReceipt(setTxHash, true);
    assert.deepEqual(receipt.transactionProof, []);
    assert.ok(receipt.txReceiptProof!.length >= 1);
    assert.ok(receipt.txReceiptProof!.every((p) => /^[0-9a-f]+$/.test(p)));
    const tx = await client.getTransactionByHash(setTxHash, true);
    assert.ok(tx.txProof!.length >= 1);
    const chain = await getChainInfo(client);
    const { Interface } = await import('ethers');
    const input = new Interface(greeter().abi).encodeFunctionData('set', ['proof']);
    const { receipt: sent } = await signAndSend(
      client,
      account,
      { to: greeterAddress, input },
      { withProof: true },
    );
    assert.deepEqual(sent.receiptProof, sent.txReceiptProof);
    assert.ok(sent.txReceiptProof!.length >= 1);
    assert.equal(chain.sm, false);
  });

  it('node-named and random forms reach the node with params[1] set', async () => {
    const named = client.node(node.nodes[1].name);
    assert.equal(await named.getBlockNumber(), await client.getBlockNumber());
    assert.equal((await client.getSealerList({ node: node.nodes[2].name })).length, node.nodes.length);
    const [value] = await callContract(named, { to: greeterAddress, abi: greeter().abi, method: 'get' });
    assert.equal(typeof value, 'string');
    const nodeContract = new Contract(named, greeter().abi, greeterAddress, account);
    assert.equal((await nodeContract.send('set', ['via node1'])).receipt.status, 0);
    // get() by its selector, through a view that names no node.
    assert.equal((await client.node('').call(greeterAddress, '0x6d4ce63c')).status, 0);
  });

  it('Async forms call back once with (null, result) or (error)', async () => {
    const ok = await viaCallback<number>((cb) => client.getBlockNumberAsync(cb));
    assert.equal(ok.calls, 1);
    assert.equal(ok.error, null);
    assert.equal(typeof ok.result, 'number');
    const named = await viaCallback<number>((cb) =>
      client.getPendingTxSizeAsync({ node: node.nodes[1].name }, cb),
    );
    assert.equal(named.result, 0);
    const receipt = await viaCallback((cb) => client.getTransactionReceiptAsync(setTxHash, true, cb));
    assert.equal(receipt.calls, 1);
    assert.ok((receipt.result as { txReceiptProof: string[] }).txReceiptProof.length >= 1);
    const status = await viaCallback((cb) => client.getConsensusStatusAsync(cb));
    assert.equal((status.result as { raw: string }).raw.endsWith('\n'), true);
    const signed = buildSignedTransaction(
      {
        chainId: node.chainId,
        groupId: node.groupId,
        blockLimit: await client.getBlockLimit(),
        input: encodeDeploy(greeter().abi, greeter().bytecode, ['async']),
        abi: '',
      },
      account,
    );
    const sent = await viaCallback((cb) => client.sendTransactionAsync(signed.hex, cb));
    assert.equal(sent.calls, 1);
    assert.equal(sent.error, null);
    assert.equal((sent.result as { status: number }).status, 0);
    assert.equal(decodeTransaction(signed.bytes).data.to, '');
    const missing = await viaCallback((cb) => client.getTransactionReceiptAsync('0x' + 'ab'.repeat(32), cb));
    assert.equal(missing.calls, 1);
    assert.ok(missing.error instanceof Error);
  });
});

describe('client ↔ devnode (SM chain)', () => {
  let node: Devnode;
  let client: Client;
  before(async () => {
    node = await startDevnode({
      port: 0,
      logLevel: 'silent',
      sm: true,
      nodes: 1,
      accounts: 2,
      seed: 'client-sm',
    });
    client = new Client({ group: node.groupId, url: node.url });
  });
  after(async () => {
    client.close();
    await node.stop();
  });

  it('uses SM2/SM3 from getGroupInfo; a standard-solc contract works with keccak selectors', async () => {
    const chain = await getChainInfo(client);
    assert.equal(chain.sm, true);
    const account = importPrivateKey(node.accounts[0].privateKey, true);
    const { abi, bytecode } = greeter();
    const { contract, receipt } = await Contract.deploy(client, account, abi, bytecode, ['你好'], {
      selectors: 'keccak',
    });
    assert.equal(receipt.status, 0);
    assert.equal(receipt.checksumContractAddress, toChecksumAddress(receipt.contractAddress, chain.suite));
    assert.deepEqual([...(await contract.call('get'))], ['你好']);
    await contract.send('set', ['SM']);
    assert.deepEqual([...(await contract.call('get'))], ['SM']);
    const tx = await client.getTransactionByHash(receipt.transactionHash);
    assert.equal(fromHex(tx.signature).length, 128, 'SM2 signature carries the public key');
    const ecdsaAccount = importPrivateKey('145e247e170ba3afd6ae97e88f00dbc976c2345d511b0f6713355d19d8b80b58');
    await assert.rejects(
      contract.connect(ecdsaAccount).send('set', ['x']),
      /secp256k1 key but group group0 is an SM/,
    );
  });
});

describe('client ↔ devnode (mutual TLS)', () => {
  let node: Devnode;
  before(async () => {
    node = await startDevnode({
      port: 0,
      logLevel: 'silent',
      tls: true,
      nodes: 1,
      accounts: 1,
      seed: 'client-tls',
    });
  });
  after(() => node.stop());

  it('connects with the sdk certificates and sends a transaction', async () => {
    assert.ok(node.url.startsWith('https://'));
    const client = new Client({ group: node.groupId, url: node.url, tls: { certDir: node.sdkCertDir! } });
    const account = importPrivateKey(node.accounts[0].privateKey);
    const { abi, bytecode } = greeter();
    const { contract } = await Contract.deploy(client, account, abi, bytecode, ['tls']);
    assert.deepEqual([...(await contract.call('get'))], ['tls']);
    client.close();
  });

  it('plain HTTP to the TLS port fails with a transport error naming the URL', async () => {
    const client = new Client({
      group: node.groupId,
      url: node.url.replace('https:', 'http:'),
      timeoutMs: 3000,
    });
    await assert.rejects(
      client.getBlockNumber(),
      (err: unknown) => err instanceof Error && err.message.includes('http://'),
    );
    client.close();
  });
});
