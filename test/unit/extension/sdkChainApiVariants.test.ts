// The same ChainApi over mutual TLS (the devnode's SDK certificates) and on an SM (SM2/SM3)
// chain, where selectors and event topics are SM3 hashes.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { SdkChainApi } from '../../../src/extension/chain/sdkChainApi';
import { ContractCodec } from '../../../src/extension/models/abiCodec';
import { keyFromHex } from '../../../src/extension/accounts/keyMaterial';
import { id } from 'ethers';
import { codecFor, selectorHashOf } from '../../../src/extension/chain/contractCodec';

const ABI = [
  {
    type: 'function',
    name: 'set',
    inputs: [{ name: 'v', type: 'uint256' }],
    outputs: [],
    stateMutability: 'nonpayable',
  },
  {
    type: 'function',
    name: 'get',
    inputs: [],
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
];

describe('SdkChainApi over mutual TLS', () => {
  let node: Devnode;
  before(async () => {
    node = await startDevnode({ port: 0, accounts: 1, tls: true, logLevel: 'silent' });
  });
  after(async () => node?.stop());

  it('connects with the certificate folder and reads the group', async () => {
    assert.ok(node.sdkCertDir);
    const api = new SdkChainApi({
      name: 'tls',
      url: node.url,
      group: node.groupId,
      tlsCertDir: node.sdkCertDir,
    });
    try {
      assert.match(node.url, /^https:/);
      assert.equal(typeof (await api.blockNumber()), 'number');
      assert.ok((await api.groupSummary()).nodes.length > 0);
    } finally {
      api.close();
    }
  });
});

describe('SdkChainApi on an SM chain', () => {
  let node: Devnode;
  let api: SdkChainApi;
  before(async () => {
    node = await startDevnode({ port: 0, accounts: 1, sm: true, logLevel: 'silent' });
    api = new SdkChainApi({ name: 'sm', url: node.url, group: node.groupId, sm: true });
  });
  after(async () => {
    api?.close();
    await node?.stop();
  });

  it('reports SM nodes and signs with SM2 keys', async () => {
    assert.equal((await api.groupSummary()).nodes[0].sm, true);
    const key = keyFromHex(node.accounts[0].privateKey, true);
    assert.equal(key.address, node.accounts[0].address.toLowerCase());
    const r = await api.bfsMkdir({ ...key, sm: true }, '/apps/sm');
    assert.equal(r.ok, true, r.message);
  });

  it('calls a standard-solc contract on the SM chain with the keccak selectors its code uses', async () => {
    const solc = require('solc');
    const source =
      'pragma solidity ^0.8.0; contract C { uint256 v; function set(uint256 x) public { v = x; } function get() public view returns (uint256) { return v; } }';
    const out = JSON.parse(
      solc.compile(
        JSON.stringify({
          language: 'Solidity',
          sources: { 'C.sol': { content: source } },
          settings: { evmVersion: 'paris', outputSelection: { '*': { '*': ['evm.bytecode.object'] } } },
        }),
      ),
    );
    const signer = { ...keyFromHex(node.accounts[0].privateKey, true), sm: true };
    const receipt = await api.deploy(
      signer,
      `0x${out.contracts['C.sol'].C.evm.bytecode.object}`,
      JSON.stringify(ABI),
    );
    assert.equal(receipt.status, 0);
    const codec = await codecFor(api, receipt.contractAddress, JSON.stringify(ABI));
    assert.equal(codec.selector('set(uint256)'), id('set(uint256)').slice(0, 10));
    assert.equal(
      (await api.send(signer, receipt.contractAddress, codec.encodeCall('set(uint256)', ['8']))).status,
      0,
    );
    const r = await api.call(receipt.contractAddress, codec.encodeCall('get()', []));
    assert.deepEqual(
      codec.decodeOutput('get()', r.output).map((v) => v.value),
      ['8'],
    );
    assert.equal(
      selectorHashOf('0x63' + api.hashText('get()').slice(2, 10), ['get()'], (t) => api.hashText(t)),
      'chain',
    );
  });

  it('encodes calls with SM3 selectors', () => {
    const codec = new ContractCodec(ABI, (t) => api.hashText(t));
    const keccakCodec = new ContractCodec(ABI, id);
    assert.notEqual(codec.selector('set(uint256)'), keccakCodec.selector('set(uint256)'));
    assert.equal(codec.decodeInput(codec.encodeCall('set(uint256)', ['1']))?.signature, 'set(uint256)');
  });
});
