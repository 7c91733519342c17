// A committee with two governors and a 100% participation rate: proposals stay open, the second
// governor votes them through from the tree, and the proposer revokes one.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { connectTestChain, treeLabels } from './helpers';

suite('Governance flow', () => {
  test('votes and revokes open proposals', async () => {
    const { api: a, chain } = await connectTestChain();
    assert.ok(chain.accounts.length >= 2, 'the test chain has at least two funded accounts');
    const [first, second] = chain.accounts;
    if (!a.session.accounts.list().some((x) => x.address === second.address.toLowerCase())) {
      await vscode.commands.executeCommand('fiscoBcos.importAccount', {
        privateKey: second.privateKey,
        label: 'Second Governor',
        sm: false,
      });
    }
    await vscode.commands.executeCommand('fiscoBcos.selectAccount', first.address);
    await vscode.commands.executeCommand('fiscoBcos.createProposal', {
      kind: 'updateGovernor',
      account: second.address,
      weight: 1,
    });
    await vscode.commands.executeCommand('fiscoBcos.createProposal', {
      kind: 'setRate',
      participatesRate: 100,
      winRate: 51,
    });
    const committee = await a.session.requireChain().committee();
    assert.equal(committee.governors.length, 2);
    assert.equal(committee.participatesRate, 100);

    // Now a proposal needs both governors.
    await vscode.commands.executeCommand('fiscoBcos.createProposal', {
      kind: 'setDeployAuthType',
      authType: 2,
    });
    a.trees.governance.refresh();
    const { proposals } = await a.trees.governance.load();
    const open = proposals.find((p) => p.proposalType === 21 && p.status === 1);
    assert.ok(open, 'the deploy-auth proposal is open');
    assert.match((await treeLabels(a.trees.governance, 3)).join('\n'), /Open — 1/);

    await vscode.commands.executeCommand('fiscoBcos.selectAccount', second.address);
    await vscode.commands.executeCommand('fiscoBcos.voteFor', open.id);
    assert.equal((await a.session.requireChain().proposal(open.id)).status, 2);
    assert.equal(await a.session.requireChain().deployAuthType(), 2);

    // A proposal the second governor raises and then revokes.
    await vscode.commands.executeCommand('fiscoBcos.createProposal', {
      kind: 'setDeployAuthType',
      authType: 1,
    });
    const count = await a.session.requireChain().proposalCount();
    await vscode.commands.executeCommand('fiscoBcos.revokeProposal', count);
    assert.equal((await a.session.requireChain().proposal(count)).status, 4);

    // voting against through the palette command with explicit arguments
    await vscode.commands.executeCommand('fiscoBcos.createProposal', {
      kind: 'setDeployAuthType',
      authType: 1,
    });
    const last = await a.session.requireChain().proposalCount();
    await vscode.commands.executeCommand('fiscoBcos.selectAccount', first.address);
    await vscode.commands.executeCommand('fiscoBcos.voteProposal', last, false);
    assert.equal((await a.session.requireChain().proposal(last)).status, 3);

    // and through the tree's inline "Vote Against"
    await vscode.commands.executeCommand('fiscoBcos.selectAccount', second.address);
    await vscode.commands.executeCommand('fiscoBcos.createProposal', {
      kind: 'setDeployAuthType',
      authType: 1,
    });
    const another = await a.session.requireChain().proposalCount();
    await vscode.commands.executeCommand('fiscoBcos.selectAccount', first.address);
    await vscode.commands.executeCommand('fiscoBcos.voteAgainst', another);
    assert.equal((await a.session.requireChain().proposal(another)).status, 3);
  });

  test('the deploy deny list comes from executed modifyDeployAuth proposals', async () => {
    const { api: a, chain } = await connectTestChain();
    const [first, second] = chain.accounts;
    const denied = (chain.accounts[2] ?? { address: '0x' + 'de'.repeat(20) }).address.toLowerCase();
    // Two governors, 100% participation (previous test): the second governor's vote passes it.
    await vscode.commands.executeCommand('fiscoBcos.selectAccount', first.address);
    await vscode.commands.executeCommand('fiscoBcos.createProposal', {
      kind: 'modifyDeployAuth',
      account: denied,
      open: false,
    });
    const id = await a.session.requireChain().proposalCount();
    await vscode.commands.executeCommand('fiscoBcos.selectAccount', second.address);
    await vscode.commands.executeCommand('fiscoBcos.voteFor', id);
    await vscode.commands.executeCommand('fiscoBcos.selectAccount', first.address);
    const list = await a.session.requireChain().deployAuthList();
    assert.deepEqual(
      list.filter((e) => e.account === denied).map((e) => [e.canDeploy, e.lastProposalId]),
      [[false, id]],
    );
    const panel = await vscode.commands.executeCommand<{
      panel: vscode.WebviewPanel;
    }>('fiscoBcos.editPermissions', {});
    assert.equal(panel.panel.viewType, 'fiscoBcos.permissions');
    panel.panel.dispose();
  });
});
