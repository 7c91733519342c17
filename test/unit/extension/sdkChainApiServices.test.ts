// The ChainApi's built-in writes over the SDK services, against in-process devnodes: consensus
// and system config (proposals when the committee governs, direct calls when it does not),
// client-side checks surfacing as clear errors, CRUD tables, and the deploy allow/deny list
// derived from the committee's proposal history.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { SdkChainApi } from '../../../src/extension/chain/sdkChainApi';
import type { Signer } from '../../../src/extension/chain/chainApi';

const signerOf = (node: Devnode, i: number): Signer => ({
  address: node.accounts[i].address.toLowerCase(),
  privateKey: node.accounts[i].privateKey,
  sm: false,
});

/** Seals one block so changes that take effect "from the next block" become visible. */
const tick = (api: SdkChainApi, s: Signer) =>
  api.bfsMkdir(s, `/apps/tick${Math.random().toString(36).slice(2, 8)}`);

describe('SdkChainApi built-ins with the committee governing', () => {
  let node: Devnode;
  let api: SdkChainApi;
  let governor: Signer;
  let other: Signer;
  before(async () => {
    node = await startDevnode({ port: 0, accounts: 3, nodes: 2, logLevel: 'silent' });
    api = new SdkChainApi({ name: 'test', url: node.url, group: node.groupId });
    governor = signerOf(node, 0);
    other = signerOf(node, 1);
  });
  after(async () => {
    api?.close();
    await node?.stop();
  });

  it('routes consensus changes through proposals and reports them', async () => {
    assert.equal(await api.authEnabled(), true);
    const id = (await api.groupSummary()).nodes.at(-1)!.nodeId;
    const observer = await api.addObserver(governor, id);
    assert.equal(observer.ok, true, observer.message);
    assert.match(observer.message, /proposal #\d+, passed and executed/);
    await tick(api, governor);
    assert.equal((await api.groupSummary()).nodes.find((n) => n.nodeId === id)?.role, 'observer');
    const sealer = await api.addSealer(governor, id, 2);
    assert.equal(sealer.ok, true, sealer.message);
    await tick(api, governor);
    assert.equal((await api.groupSummary()).nodes.find((n) => n.nodeId === id)?.weight, 2);
  });

  it('removes a node from consensus and brings it back', async () => {
    const id = (await api.groupSummary()).nodes.at(-1)!.nodeId;
    const removed = await api.removeNode(governor, id);
    assert.equal(removed.ok, true, removed.message);
    await tick(api, governor);
    assert.equal((await api.groupSummary()).nodes.find((n) => n.nodeId === id)?.role, 'none');
    await assert.rejects(api.removeNode(governor, id), /already has been removed/);
    assert.equal((await api.addObserver(governor, id)).ok, true);
    await tick(api, governor);
    assert.equal((await api.addSealer(governor, id, 1)).ok, true);
    await tick(api, governor);
    assert.equal((await api.groupSummary()).nodes.find((n) => n.nodeId === id)?.role, 'sealer');
  });

  it('stops bad consensus requests before anything is sent, saying why', async () => {
    const id = (await api.groupSummary()).nodes[0].nodeId;
    await assert.rejects(api.addSealer(governor, id, 1), /already exists in the sealerList/);
    await assert.rejects(api.setWeight(governor, 'abc', 1), /invalid node ID/);
    await assert.rejects(api.addObserver(other, id), /not a governor/);
  });

  it('sets a system config value through a proposal and lists the configs', async () => {
    const r = await api.setSystemConfig(governor, 'tx_count_limit', '3000');
    assert.equal(r.ok, true, r.message);
    assert.ok(r.value !== undefined && r.value > 0n, 'the proposal id');
    await tick(api, governor);
    const rows = await api.systemConfigs();
    assert.equal(rows.find((x) => x.key === 'tx_count_limit')?.value, '3000');
    await assert.rejects(
      api.setSystemConfig(governor, 'tx_count_limit', '0'),
      /must be an integer no less than 1/,
    );
  });

  it('creates a CRUD table, inserts, selects with conditions, counts, updates and removes', async () => {
    const created = await api.tableCreate(governor, 'people', 'id', ['name', 'age']);
    assert.equal(created.ok, true, created.message);
    const desc = await api.tableDesc('people');
    assert.equal(desc.keyField, 'id');
    assert.deepEqual(desc.valueFields, ['name', 'age']);
    for (const [id, name, age] of [
      ['1', 'Ann', '30'],
      ['2', 'Bob', '41'],
      ['3', 'Cyd', '52'],
    ]) {
      const r = await api.tableInsert(governor, 'people', { id, name, age });
      assert.equal(r.ok, true, r.message);
      assert.equal(r.value, 1n);
    }
    assert.deepEqual(await api.tableRow('people', '2'), { id: '2', name: 'Bob', age: '41' });
    assert.equal(await api.tableRow('people', '9'), null);
    const older = await api.tableSelect('people', [{ field: 'age', op: 'ge', value: '41' }], {
      offset: 0,
      count: 10,
    });
    assert.deepEqual(
      older.map((r) => r.name),
      ['Bob', 'Cyd'],
    );
    assert.equal(await api.tableCount('people', [{ field: 'name', op: 'startsWith', value: 'A' }]), 1);
    const updated = await api.tableUpdate(governor, 'people', '1', { age: '31' });
    assert.equal(updated.ok, true, updated.message);
    assert.equal((await api.tableRow('people', '1'))?.age, '31');
    const removed = await api.tableRemove(governor, 'people', [{ field: 'id', op: 'gt', value: '1' }]);
    assert.equal(removed.value, 2n);
    assert.equal(await api.tableCount('people', [{ field: 'id', op: 'ge', value: '0' }]), 1);
    await assert.rejects(
      api.tableUpdate(governor, 'people', '1', { id: '5' }),
      /key column "id" cannot be updated/,
    );
    await assert.rejects(api.tableDesc('nobody'), /does not exist/);
  });

  it('derives the deploy allow/deny list from executed modifyDeployAuth proposals', async () => {
    assert.deepEqual(await api.deployAuthList(), []);
    const policy = await api.createProposal(governor, { kind: 'setDeployAuthType', authType: 2 });
    assert.equal(policy.ok, true, policy.message);
    const deny = await api.createProposal(governor, {
      kind: 'modifyDeployAuth',
      account: other.address,
      open: false,
    });
    assert.equal(deny.ok, true, deny.message);
    const third = node.accounts[2].address.toLowerCase();
    await api.createProposal(governor, { kind: 'modifyDeployAuth', account: third, open: false });
    await api.createProposal(governor, { kind: 'modifyDeployAuth', account: third, open: true });
    const list = await api.deployAuthList();
    assert.deepEqual(
      list.map((e) => [e.account, e.canDeploy]),
      [
        [other.address, false],
        [third, true],
      ],
    );
    assert.equal(list[1].lastProposalId, Number(await api.proposalCount()));
  });
});

describe('SdkChainApi built-ins without the committee', () => {
  let node: Devnode;
  let api: SdkChainApi;
  before(async () => {
    node = await startDevnode({ port: 0, accounts: 1, nodes: 2, auth: false, logLevel: 'silent' });
    api = new SdkChainApi({ name: 'open', url: node.url, group: node.groupId });
  });
  after(async () => {
    api?.close();
    await node?.stop();
  });

  it('writes consensus and system config directly', async () => {
    const s = signerOf(node, 0);
    assert.equal(await api.authEnabled(), false);
    const id = (await api.groupSummary()).nodes.at(-1)!.nodeId;
    const r = await api.setWeight(s, id, 5);
    assert.equal(r.ok, true, r.message);
    assert.equal(r.message, 'Success');
    const c = await api.setSystemConfig(s, 'tx_count_limit', '4000');
    assert.equal(c.ok, true, c.message);
    await tick(api, s);
    assert.equal((await api.groupSummary()).nodes.find((n) => n.nodeId === id)?.weight, 5);
    assert.equal((await api.systemConfig('tx_count_limit'))?.value, '4000');
    // A key never set: bcos-ledger Ledger.cpp (system config read) answers 'Entry: <key> does not
    // exists!' with LedgerError::GetStorageError (3008); the adapter reads that as unset.
    assert.equal(await api.systemConfig('no_such_key'), undefined);
  });
});
