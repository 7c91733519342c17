// The extension's ChainApi over the SDK, against an in-process devnode: the queries the trees
// show, BFS paging and writes, deploy/call/send, governance reads and a proposal round.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { SdkChainApi } from '../../../src/extension/chain/sdkChainApi';
import type { Signer } from '../../../src/extension/chain/chainApi';
import { ContractCodec } from '../../../src/extension/models/abiCodec';
import { blockView } from '../../../src/extension/models/blockView';
import { groupByStatus, isGovernor } from '../../../src/extension/models/governanceModel';

// Counter.sol compiled with solc 0.8 (paris): set(uint256), get() view, event Set(uint256).
const COUNTER_ABI = [
  {
    type: 'function',
    name: 'get',
    inputs: [],
    outputs: [{ name: '', type: 'uint256' }],
    stateMutability: 'view',
  },
  {
    type: 'function',
    name: 'set',
    inputs: [{ name: 'v', type: 'uint256' }],
    outputs: [],
    stateMutability: 'nonpayable',
  },
  { type: 'event', name: 'Set', inputs: [{ name: 'v', type: 'uint256', indexed: false }], anonymous: false },
];

let node: Devnode;
let api: SdkChainApi;
let governor: Signer;
let bytecode: string;

before(async () => {
  node = await startDevnode({ port: 0, accounts: 2, logLevel: 'silent' });
  api = new SdkChainApi({ name: 'test', url: node.url, group: node.groupId });
  governor = { address: node.accounts[0].address, privateKey: node.accounts[0].privateKey, sm: false };
  const solc = require('solc');
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: {
          'Counter.sol': {
            content:
              'pragma solidity ^0.8.0; contract Counter { uint256 v; event Set(uint256 v); function set(uint256 x) public { v = x; emit Set(x); } function get() public view returns (uint256) { return v; } }',
          },
        },
        settings: { evmVersion: 'paris', outputSelection: { '*': { '*': ['evm.bytecode.object'] } } },
      }),
    ),
  );
  bytecode = `0x${out.contracts['Counter.sol'].Counter.evm.bytecode.object}`;
});

after(async () => {
  api?.close();
  await node?.stop();
});

describe('SdkChainApi against the devnode', () => {
  it('summarises the group with node roles and per-node status', async () => {
    const summary = await api.groupSummary();
    assert.equal(summary.group, 'group0');
    assert.ok(summary.nodes.length >= 1);
    assert.ok(summary.nodes.every((n) => n.role === 'sealer' && /^[0-9a-f]{128}$/.test(n.nodeId)));
    const status = await api.nodeStatus(summary.nodes[0].name);
    assert.equal(typeof status.blockNumber, 'number');
    assert.equal(status.pendingTxs, 0);
  });

  it('lists the BFS root and creates a directory under /apps', async () => {
    const root = await api.bfsList('/', 0, 500);
    assert.ok(root.entries.some((e) => e.name === 'apps' && e.type === 'directory'));
    const r = await api.bfsMkdir(governor, '/apps/demo');
    assert.equal(r.ok, true, r.message);
    const apps = await api.bfsList('/apps', 0, 500);
    assert.ok(apps.entries.some((e) => e.name === 'demo'));
  });

  it('deploys, sends, calls and decodes a contract, then links it into BFS', async () => {
    const receipt = await api.deploy(governor, bytecode, JSON.stringify(COUNTER_ABI));
    assert.equal(receipt.status, 0);
    const address = receipt.contractAddress;
    const codec = new ContractCodec(COUNTER_ABI, (t) => api.hashText(t));
    const sent = await api.send(governor, address, codec.encodeCall('set(uint256)', ['42']));
    assert.equal(sent.status, 0);
    const event = codec.decodeEvent(sent.logEntries[0].topics, sent.logEntries[0].data);
    assert.deepEqual(
      event?.args.map((a) => a.value),
      ['42'],
    );
    const called = await api.call(address, codec.encodeCall('get()', []));
    assert.deepEqual(
      codec.decodeOutput('get()', called.output).map((v) => v.value),
      ['42'],
    );
    const link = await api.bfsLink(governor, '/apps/Counter/1.0', address, JSON.stringify(COUNTER_ABI));
    assert.equal(link.ok, true, link.message);
    const listed = await api.bfsList('/apps/Counter', 0, 500);
    assert.deepEqual(
      listed.entries.map((e) => e.name),
      ['1.0'],
    );

    const block = await api.block(sent.blockNumber, true);
    const view = blockView(
      block,
      new Map([[sent.transactionHash, (await api.receipt(sent.transactionHash))!]]),
      (a) => (a.toLowerCase() === address.toLowerCase() ? codec : undefined),
      block.number,
    );
    assert.equal(view.transactions[0].method, 'set(uint256)');
    assert.equal(view.transactions[0].receipt?.statusText, 'Success');
  });

  it('creates a KV table, sets and reads a row', async () => {
    const created = await api.kvCreate(governor, 'people', 'id', ['name']);
    assert.equal(created.ok, true, created.message);
    assert.deepEqual(await api.kvDesc('people'), { keyField: 'id', valueFields: ['name'] });
    assert.equal(await api.kvGet('people', 'alice'), undefined);
    const set = await api.kvSet(governor, 'people', 'alice', 'Alice');
    assert.equal(set.ok, true, set.message);
    assert.equal(await api.kvGet('people', 'alice'), 'Alice');
    await assert.rejects(api.kvGet('nope', 'x'), /table "nope" does not exist/i);
  });

  it('reads the committee and runs a proposal through to passed', async () => {
    const committee = await api.committee();
    assert.ok(isGovernor(committee, governor.address));
    const created = await api.createProposal(governor, { kind: 'setRate', participatesRate: 0, winRate: 0 });
    assert.equal(created.ok, true, created.message);
    const count = await api.proposalCount();
    const p = await api.proposal(count);
    assert.equal(p.proposalType, 12);
    assert.ok(groupByStatus([p]).has(2), `status ${p.status}`);
  });

  it('reports a non-governor vote as a decoded failure instead of throwing', async () => {
    const other: Signer = {
      address: node.accounts[1].address,
      privateKey: node.accounts[1].privateKey,
      sm: false,
    };
    const r = await api.vote(other, 1, true);
    assert.equal(r.ok, false);
    assert.match(r.message, /governor/i);
  });
});
