// Voting and proposing check the active account before asking anything, and offer to switch to a
// governor account the extension holds; the account picker marks governors from the committee
// (not only "account 0").
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { connectTestChain, runAndDismiss, runRecorded, sleep, waitFor } from './helpers';

suite('Governor checks', () => {
  teardown(async () => {
    const { api: a } = await connectTestChain();
    a.testHooks.answerModal = undefined;
  });

  test('a non-governor is stopped before any prompt and offered the held governor', async () => {
    const { api: a, chain } = await connectTestChain();
    const gov = chain.accounts[0].address.toLowerCase();
    const outsider = await vscode.commands.executeCommand<string>('fiscoBcos.createAccount', {
      label: 'Outsider',
      sm: false,
    });
    await vscode.commands.executeCommand('fiscoBcos.selectAccount', outsider);
    const committee = await a.session.requireChain().committee();
    assert.ok(!committee.governors.some((g) => g.address.toLowerCase() === outsider));

    // Dismissed: nothing asked, nothing sent, no error.
    a.testHooks.answerModal = () => undefined;
    const dismissed = await runRecorded('fiscoBcos.voteProposal');
    assert.deepEqual(dismissed.prompts, [], 'no proposal or For/Against was asked');
    assert.deepEqual(dismissed.errors, []);
    const modal = a.testHooks.messages.find((m) => m.modal);
    assert.ok(modal, 'a modal explained it');
    assert.equal(modal.message, `Outsider (${outsider}) is not a governor, so it cannot vote.`);
    assert.ok(modal.items.includes('Use Test Governor'), JSON.stringify(modal.items));
    assert.match(modal.detail ?? '', new RegExp(`Test Governor \\(${gov}\\)`));

    // Accepted: the governor becomes active and the command goes on (a harmless proposal: same rates).
    const count = await a.session.requireChain().proposalCount();
    a.testHooks.answerModal = (m) =>
      m.items.includes('Use Test Governor') ? 'Use Test Governor' : undefined;
    const created = await runRecorded('fiscoBcos.createProposal', {
      kind: 'setRate',
      participatesRate: committee.participatesRate,
      winRate: committee.winRate,
    });
    assert.deepEqual(created.errors, []);
    assert.equal(a.session.account()?.address, gov);
    assert.equal(await a.session.requireChain().proposalCount(), count + 1);
  });

  test('the account picker marks every current governor', async () => {
    const { api: a, chain } = await connectTestChain();
    const committee = await a.session.requireChain().committee();
    const o = await runAndDismiss('fiscoBcos.selectAccount');
    const rows = o.prompts.find((p) => p.kind === 'quickPick')?.items ?? [];
    for (const account of a.session.accounts.listFor(false)) {
      const row = rows.find((r) => r.includes(account.address));
      assert.ok(row, `${account.address} is listed`);
      const governs = committee.governors.some((g) => g.address.toLowerCase() === account.address);
      assert.equal(row.endsWith(' · governor'), governs, row);
      assert.doesNotMatch(row, /\(governor\)/, 'no static governor label');
    }
    assert.ok(
      rows.some((r) => r.includes(chain.accounts[0].address.toLowerCase()) && r.endsWith(' · governor')),
    );
  });

  /**
   * Starts Create Proposal, picks the type `down` rows below the first in the real quick pick, and
   * resolves with the prompts recorded once `next` was shown; then closes everything.
   */
  // Picks the proposal type `down` rows below the first and returns the prompts up to `next`.
  // Key presses can land before the picker has drawn its rows on a busy host; when a wrong prompt
  // (or none) follows, the attempt is cancelled and the command started again.
  async function throughProposalType(down: number, next: string) {
    const { api: a } = await connectTestChain();
    const reached = () => a.testHooks.prompts.some((p) => p.title?.startsWith(next));
    const prompts = await waitFor(
      async () => {
        a.testHooks.clear();
        let settled = false;
        const pending = vscode.commands.executeCommand('fiscoBcos.createProposal').then(
          () => (settled = true),
          () => (settled = true),
        );
        await waitFor(
          () => a.testHooks.prompts.some((p) => p.title === 'Create proposal'),
          'the type picker',
        );
        for (let i = 0; i < down; i++)
          await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
        await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
        const moved = await waitFor(
          () => a.testHooks.prompts.length > 1 || settled,
          'a prompt after the type picker',
          5_000,
        ).catch(() => false);
        const seen = [...a.testHooks.prompts];
        const ok = moved && reached();
        await waitFor(async () => {
          await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
          await sleep(100);
          return settled;
        }, 'the command to end');
        await pending;
        return ok ? seen : false;
      },
      `the "${next}" prompt`,
      50_000,
    );
    return { a, prompts };
  }

  test('Update Governor offers the known accounts, governors marked', async () => {
    const { a, prompts } = await throughProposalType(0, 'Governor account');
    const rows = prompts.find((p) => p.title === 'Governor account')?.items ?? [];
    const committee = await a.session.requireChain().committee();
    for (const account of a.session.accounts.listFor(false))
      assert.ok(
        rows.some((r) => r.includes(account.address)),
        `${account.label} is offered: ${JSON.stringify(rows)}`,
      );
    assert.ok(rows.some((r) => r.endsWith(' · governor')) && committee.governors.length > 0);
    assert.equal(rows.at(-1), '$(edit) Enter an address…');
  });

  test('Set Rate starts from the current rates', async () => {
    const { a, prompts } = await throughProposalType(1, 'Participation rate');
    const committee = await a.session.requireChain().committee();
    const rate = prompts.find((p) => p.title?.startsWith('Participation rate'));
    assert.equal(rate?.value, String(committee.participatesRate));
    assert.equal(rate?.title, `Participation rate (%), now ${committee.participatesRate}`);
  });
});
