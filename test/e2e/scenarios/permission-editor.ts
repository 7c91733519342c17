// Permission editor: the contract admin sets a method's auth type to white list and opens it to
// one account in the webview; the chain then refuses that method from any other account.
import assert from 'node:assert/strict';
import { useDevAccount } from '../lib/accounts';
import { Chain, compileSample } from '../lib/chain';
import type { Scenario } from '../lib/scenario';
import { poll } from '../lib/workbench';

const METHOD = 'increment(uint256)';

export const permissionEditor: Scenario = {
  name: 'Permission editor: white-list a method, open it to one account, another account is refused',
  async run({ wb, step, devnode }) {
    const chain = new Chain(devnode);
    const counter = compileSample('Counter.sol', 'Counter');
    const allowed = chain.account(2).address.toLowerCase();
    const address = await step(
      'set up through the SDK: account #1 deploys Counter and links it at /apps/PermCounter/1.0',
      async () => {
        const addr = await chain.deploy(counter, ['perm e2e', 0], 1);
        const linked = await chain.bfs(1).link('PermCounter', '1.0', addr, JSON.stringify(counter.abi));
        assert.equal(linked.code, 0, linked.msg);
        return addr;
      },
    );

    const view = await step(
      'as admin (#1), open "Edit Permissions" on the link in the BFS tree',
      async () => {
        await useDevAccount(wb, devnode, 1, 'Contract Admin');
        await wb.openContainer('FISCO BCOS');
        const pane = await wb.openPane('BFS');
        await wb.clickViewAction(pane, 'Refresh BFS');
        await wb.expand(wb.row(pane, 'apps'));
        await wb.expand(wb.row(pane, 'PermCounter'));
        await wb.contextMenu(wb.row(pane, '1.0'), 'Edit Permissions');
        const view = await wb.webview(/Permissions/);
        await view.locator('h2', { hasText: /^Methods/ }).waitFor({ timeout: 20_000 });
        const contractRow = view.locator('table.fields tr', {
          has: view.locator('th', { hasText: /^Admin$/ }),
        });
        assert.match(
          (await contractRow.innerText()).toLowerCase(),
          /\(you\)/,
          'the active account is the admin',
        );
        assert.ok((await view.locator('body').innerText()).toLowerCase().includes(address));
        return view;
      },
    );

    const section = () => view.locator(`details[data-signature="${METHOD}"]`);

    await step(`set ${METHOD} to white list`, async () => {
      const s = section();
      // The heading is the signature as written (not upper-cased).
      assert.equal((await s.locator('summary .section-title').innerText()).trim(), METHOD);
      await s.locator('summary').click(); // open the section by its header
      await s.locator('vscode-single-select').evaluate((el) => {
        (el as HTMLElement & { value: string }).value = '1';
      });
      await s.locator('vscode-button', { hasText: 'Set Auth Type' }).click();
      await wb.confirmDialog(/./, 'Send Transaction');
      await poll(
        async () => (await section().getAttribute('data-description')) ?? '',
        (d) => /white list/.test(d),
        'the method to show "white list"',
      );
      assert.notEqual(
        await section().getAttribute('open'),
        null,
        'the section stays open after the page re-rendered',
      );
    });

    await step(`open ${METHOD} to account #2`, async () => {
      const s = section();
      assert.notEqual(await s.getAttribute('open'), null, 'still open');
      await s.locator('vscode-textfield').locator('input').fill(allowed);
      await s.locator('vscode-button', { hasText: 'Open for Account' }).click();
      await wb.confirmDialog(/./, 'Send Transaction');
      const allowedRow = () =>
        section().locator('table.fields tr', { has: view.locator('th', { hasText: /^Allowed$/ }) });
      await poll(
        async () => ((await allowedRow().textContent()) ?? '').toLowerCase(),
        (t) => t.includes(allowed),
        `Allowed to list ${allowed}`,
      );
    });

    await step('a second expanded method shows its access rule in the dropdown (not blank)', async () => {
      const other = view.locator('details[data-signature="setLabel(string)"]');
      if ((await other.getAttribute('open')) === null) await other.locator('summary').click();
      for (const sig of [METHOD, 'setLabel(string)']) {
        const select = view.locator(`details[data-signature="${sig}"] vscode-single-select`);
        await poll(
          () =>
            select.evaluate((el) => el.shadowRoot?.querySelector('.select-face .text')?.textContent ?? ''),
          (t) => /^(white|black) list$/.test(t.trim()),
          `the access-rule dropdown of ${sig} to show a rule`,
        );
      }
    });

    await step(
      'switching to account #3 updates the open editor at once: no admin controls, not "(you)"',
      async () => {
        await useDevAccount(wb, devnode, 3, 'Not Allowed');
        const notAllowed = chain.account(3).address.toLowerCase();
        await poll(
          async () => ((await view.locator('[data-testid=context-text]').textContent()) ?? '').trim(),
          (t) => t.includes('Not Allowed'),
          'the context bar to name the new account',
        );
        const fieldOf = (label: string) =>
          view.locator('table.fields tr', { has: view.locator('th', { hasText: new RegExp(`^${label}$`) }) });
        await poll(
          async () => ((await fieldOf('Active Account').textContent()) ?? '').toLowerCase(),
          (t) => t.includes(notAllowed),
          'Active Account to show account #3',
        );
        assert.match(await fieldOf('Governor').innerText(), /no/);
        assert.doesNotMatch(await fieldOf('Admin').innerText(), /\(you\)/);
        assert.equal(
          await view.locator('vscode-button', { hasText: 'Set Auth Type' }).count(),
          0,
          'no admin buttons for a non-admin',
        );
      },
    );

    await step('account #3 sends increment from the Call Contract webview: refused', async () => {
      const pane = await wb.openPane('BFS');
      await wb.contextMenu(wb.row(pane, '1.0'), 'Call Contract');
      const call = await wb.webview(/^Call/);
      const form = call.locator(`details[data-signature="${METHOD}"]`);
      await form.waitFor({ timeout: 20_000 });
      if ((await form.getAttribute('open')) === null) await form.locator('summary').click();
      // The argument field (with balance on, an earlier scenario's, the form also has a value field).
      await form.locator('vscode-textfield:not([data-testid=value-amount])').locator('input').fill('1');
      await form.locator('vscode-button', { hasText: 'Send Transaction' }).click();
      await wb.confirmDialog(/./, 'Send Transaction');
      const result = form.locator('[data-testid=call-result]');
      await result.waitFor({ timeout: 30_000 });
      const text = await result.innerText();
      assert.match(text, /PermissionDenied|permission denied/i, text);
      assert.equal(await result.locator('.message.error').count(), 1, 'shown as an error');
    });

    await step('through the SDK: account #2 may call increment, account #3 may not', async () => {
      await assert.rejects(
        chain.send(address, counter, 'increment', [1], 3),
        /permission|denied|auth|-5000|revert/i,
      );
      const { receipt } = await chain.send(address, counter, 'increment', [1], 2);
      assert.equal(receipt.status, 0);
    });
  },
};
