// Voting through the command palette: a committee of three governors with 51 % rates (set up
// through the SDK), a proposal created in the UI by one governor, passed by a second governor's
// vote, and a non-governor stopped before any question, with the offer to switch to a governor.
import assert from 'node:assert/strict';
import { useDevAccount } from '../lib/accounts';
import { Chain } from '../lib/chain';
import type { Scenario } from '../lib/scenario';

const plainText = (t: string) => t.replace(/\u00a0/g, ' ');

export const governanceVote: Scenario = {
  name: 'Vote via the command palette: second governor passes a proposal, a non-governor is stopped first',
  async run({ wb, step, devnode, log }) {
    const chain = new Chain(devnode);
    const [govA, govB, govC] = [0, 1, 2].map((i) => chain.account(i).address.toLowerCase());
    const pendingId = await step(
      'set up through the SDK: rates 51 %/51 %, governors #0, #1, #2, one open proposal',
      async () => {
        const auth = chain.auth(0);
        await auth.setRate(51, 51); // one governor: passes on the proposer's own vote
        await auth.updateGovernor(govB, 1);
        const third = await auth.updateGovernor(govC, 1); // 1 of 2 votes is under 51 %: needs #1
        await chain.auth(1).voteProposal(third, true);
        const committee = await auth.getCommitteeInfo();
        assert.equal(committee.governorList.length, 3);
        // 1 of 3 votes: stays open for the outsider (a different type: one open proposal per resource).
        const pending = await auth.updateGovernor(chain.account(3).address.toLowerCase(), 1);
        log(`committee of 3, open proposal #${pending}`);
        return Number(pending);
      },
    );

    const pane = await step('governor #0 is active; the Governance view shows the committee', async () => {
      await useDevAccount(wb, devnode, 0, 'Governor A');
      await wb.openContainer('FISCO BCOS');
      const pane = await wb.onlyPane('Governance', ['Groups', 'BFS']);
      await wb.clickViewAction(pane, 'Refresh Governance');
      const committee = wb.row(pane, 'Committee');
      await committee.waitFor({ timeout: 20_000 });
      // After Refresh the old rows stay until the new read lands: wait for the values, do not read once.
      await wb.waitRowDescription(committee, /3 governors · you are a governor/);
      await wb.waitRowDescription(wb.row(pane, 'Participation Rate'), /51/);
      return pane;
    });

    const created = await step('"Create Proposal" → Set Rate 60 %/60 % through the palette', async () => {
      const input = wb.quickInput().locator('.quick-input-box input');
      await wb.runCommand('FISCO BCOS: Create Proposal');
      await wb.waitQuickInput('Create proposal');
      await wb.pick('Set Rate');
      // Both prompts start from the committee's current rates, not 0.
      await wb.waitQuickInput('Participation rate (%), now 51');
      assert.equal(await input.inputValue(), '51');
      await wb.answer('60');
      await wb.waitQuickInput('Win rate (%), now 51');
      assert.equal(await input.inputValue(), '51');
      await wb.answer('60');
      await wb.confirmDialog('Propose rates 60% / 60%', 'Send Transaction');
      await wb.expectInfoToast(/Propose rates 60% \/ 60%/);
      const id = pendingId + 1;
      const row = wb.row(pane, `#${id} Set Rate`);
      await row.waitFor({ timeout: 20_000 });
      assert.match(await wb.rowDescription(row), /^Open · 1\/3 agree/);
      return id;
    });

    await step(`governor #1 votes for #${created} through the palette: the proposal passes`, async () => {
      await useDevAccount(wb, devnode, 1, 'Governor B');
      await wb.runCommand('FISCO BCOS: Vote on Proposal');
      await wb.waitQuickInput('Vote on proposal');
      await wb.pick(`#${created} Set Rate`);
      await wb.waitQuickInput(`Vote on proposal #${created}`);
      await wb.pick(/For/);
      await wb.confirmDialog(`Vote for proposal #${created}`, 'Send Transaction');
      await wb.expectInfoToast(new RegExp(`Vote for proposal #${created}`));
      const passedGroup = wb.row(pane, 'Passed');
      await passedGroup.waitFor({ timeout: 20_000 });
      await wb.expand(passedGroup);
      await wb.waitRowDescription(wb.row(pane, `#${created} Set Rate`), /^Passed · 2\/3 agree/);
      await wb.clickViewAction(pane, 'Refresh Governance');
      await wb.page
        .locator('.part.sidebar .monaco-list-row', { hasText: 'Participation Rate' })
        .filter({ hasText: '60' })
        .waitFor({ timeout: 20_000 });
    });

    await step(
      `a non-governor (#5) runs Vote: stopped before any question with the held governors offered, nothing sent`,
      async () => {
        const outsider = await useDevAccount(wb, devnode, 5, 'Outsider');
        const proposalRow = wb.row(pane, `#${pendingId} Update Governor`);
        await wb.clickViewAction(pane, 'Refresh Governance');
        await wb.waitRowDescription(proposalRow, /^Open · 1\/3 agree/);
        // The tree redraws for the new account asynchronously: wait for it, do not read it once.
        await wb.waitRowDescription(wb.row(pane, 'Committee'), /3 governors · you are not a governor/);
        await wb.clearToasts();
        await wb.recordNotifications();
        // Checked before anything is asked: a dialog offers the governor accounts the extension holds.
        await wb.runCommand('FISCO BCOS: Vote on Proposal');
        const dialog = wb.page.locator('.monaco-dialog-box');
        await dialog.waitFor({ timeout: 20_000 });
        const text = plainText(await dialog.innerText());
        assert.match(
          text,
          new RegExp(`Outsider \\(${outsider}\\) is not a governor, so it cannot vote\\.`, 'i'),
        );
        assert.match(text, /Switch the active account to a governor this extension holds: .*Governor A/);
        for (const button of ['Use Governor A', 'Use Governor B'])
          assert.equal(await dialog.locator('.monaco-button', { hasText: button }).count(), 1, button);
        assert.equal(await wb.quickInput().isVisible(), false, 'no proposal was asked for');
        await dialog.locator('.dialog-buttons .monaco-button', { hasText: 'Cancel' }).first().click();
        await dialog.waitFor({ state: 'hidden' });
        // Nothing was offered for signing: no confirmation dialog, no progress notification.
        assert.equal(await dialog.count(), 0, 'no transaction confirmation opened');
        const seen = await wb.recordedNotifications();
        assert.ok(
          !seen.some((t) => /Vote for proposal/.test(t)),
          `no transaction progress: ${JSON.stringify(seen)}`,
        );
        // The chain and the Governance tree still count one vote.
        const info = await chain.auth(0).getProposalInfo(pendingId);
        assert.equal(info.agreeVoters.length, 1, 'the refused vote was not counted');
        assert.equal(info.againstVoters.length, 0);
        await wb.clickViewAction(pane, 'Refresh Governance');
        await wb.waitRowDescription(proposalRow, /^Open · 1\/3 agree/);
        await wb.expand(proposalRow);
        const short = (a: string) => `${a.slice(0, 10)}…${a.slice(-6)}`;
        assert.equal(
          (await wb.waitRowDescription(wb.row(pane, 'Agree'), /./)).toLowerCase(),
          short(govA),
          'only the proposer agreed',
        );
        assert.equal(await wb.rowDescription(wb.row(pane, 'Against')), 'none');
        await wb.openPane('Groups');
        await wb.openPane('BFS');
      },
    );
  },
};
