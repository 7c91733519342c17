// Issue 11 in the UI: a governor freezes an account with "Account Status", that account's
// transaction from the call form is refused with status 22 "Account is frozen." (bcos-executor
// TransactionExecutive: AccountManager status check), unfreezing lets it through; then "Enable
// Balance" turns feature_balance on, the governor (funded at genesis like every dev account) adds
// more ("Balance" → add), "Transfer Value" moves 1.5 gwei and "Balance" shows both accounts change,
// and the call form, open since before, now has value fields and sends value to a payable function.
// Runs before governance-vote: a committee of one governor passes the balance proposals at once.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { useDevAccount } from '../lib/accounts';
import type { Scenario } from '../lib/scenario';
import { E2E_CONNECTION } from '../lib/settings';
import { poll, type Workbench } from '../lib/workbench';

const VAULT = `// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.11;

contract Vault {
    uint256 public stored;
    event Deposited(address from, uint256 amount);

    constructor() payable {}

    function deposit() public payable {
        emit Deposited(msg.sender, msg.value);
    }

    function set(uint256 v) public {
        stored = v;
    }
}
`;

const ACCOUNT_STATUS = 'FISCO BCOS: Account Status (Get, Freeze, Unfreeze, Abolish)';
const BALANCE = 'FISCO BCOS: Balance (Get, Add, Subtract, Transfer, Governors)';
const re = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');

/**
 * Runs a palette command from the Vault.sol editor. With the Call Vault webview active, the focus
 * goes back to the webview's frame some moments after the palette closes, and that closes the
 * command's own first prompt (seen in CI: the "Balance" picker gone before its row was clicked);
 * a text editor takes the focus back at once. A webview that just redrew can also hold the
 * keyboard (F1 then opens nothing): the palette is opened again.
 */
async function palette(wb: Workbench, title: string): Promise<void> {
  const input = wb.quickInput().locator('.quick-input-box input');
  const editorTab = wb.page.locator('.tabs-container .tab', { hasText: 'Vault.sol' }).first();
  for (let attempt = 1; ; attempt++) {
    try {
      if (await editorTab.isVisible()) await editorTab.click();
      await wb.page.keyboard.press('F1');
      await input.waitFor({ state: 'visible', timeout: 3_000 });
      await input.fill(`>${title}`, { timeout: 5_000 });
      await wb
        .quickInput()
        .locator(`.quick-input-list .monaco-list-row[role="option"].focused[aria-label^="${title}"]`)
        .waitFor({ timeout: 15_000 });
      await wb.page.keyboard.press('Enter');
      return;
    } catch (err) {
      if (attempt >= 3) throw err;
      await wb.page.keyboard.press('Escape');
    }
  }
}

/** Runs "Account Status" with an action on an address; resolves with the toast's text. */
async function accountStatus(
  wb: Workbench,
  action: string,
  address: string,
  confirm: boolean,
): Promise<string> {
  await wb.clearToasts();
  await palette(wb, ACCOUNT_STATUS);
  await wb.waitQuickInput('Account status');
  await wb.pick(new RegExp(`^${action}$`));
  await wb.waitQuickInput(`Account to ${action}`);
  await wb.answer(address);
  if (confirm) await wb.confirmDialog(re(`account ${address}`), 'Send Transaction');
  // The outcome's toast ("…: success" / "Account … is frozen."), not the progress one before it.
  return wb.expectInfoToast(re(confirm ? `${address}: ` : `${address} is `));
}

/** "Balance" → get: the amount its toast shows. */
async function balanceOf(wb: Workbench, address: string): Promise<bigint> {
  await wb.clearToasts();
  await palette(wb, BALANCE);
  await wb.waitQuickInput('Balance (0x1011');
  await wb.pick(/^get$/);
  await wb.waitQuickInput('Balance of which account?');
  await wb.answer(address);
  const text = await wb.expectInfoToast(re(`Balance of ${address}:`));
  return BigInt(/: (\d+)/.exec(text)![1]);
}

export const freezeAndBalance: Scenario = {
  name: 'Freeze an account (its transaction refused, status 22), enable balance, transfer value and send value from the call form',
  async run({ wb, step, devnode, workspace }) {
    fs.writeFileSync(path.join(workspace, 'contracts', 'Vault.sol'), VAULT);
    const user = devnode.accounts[7].address.toLowerCase();
    const payee = devnode.accounts[8].address.toLowerCase();
    await step('import dev account 0 (the governor)', () => useDevAccount(wb, devnode, 0, 'Vault Governor'));

    await step(
      'deploy Vault from its CodeLens: the payable constructor asks for a value, checked',
      async () => {
        await wb.openFile('Vault.sol');
        const lens = wb.page.locator('.codelens-decoration a', { hasText: 'Deploy Vault' });
        await lens.waitFor({ timeout: 30_000 });
        await lens.click();
        await wb.waitQuickInput(/Vault constructor is payable · value to send/, 60_000);
        const input = wb.quickInput().locator('.quick-input-box input');
        await input.fill('-1');
        await wb
          .quickInput()
          .locator('.quick-input-message', { hasText: 'Value must not be negative' })
          .waitFor({ timeout: 10_000 });
        await wb.answer('0');
        await wb.confirmDialog(new RegExp(`Deploy Vault to ${E2E_CONNECTION}`), 'Send Transaction', 60_000);
        await wb.toast(/Deployed Vault at 0x[0-9a-fA-F]{40}/).waitFor({ timeout: 60_000 });
      },
    );

    await step(`the governor freezes account #7 with "Account Status"`, async () => {
      await accountStatus(wb, 'freeze', user, true);
      assert.match(await accountStatus(wb, 'get', user, false), /is frozen\./);
    });

    await step('account #7 sends set(5) from the call form: refused, status 22', async () => {
      await useDevAccount(wb, devnode, 7, 'Frozen User');
      await palette(wb, 'FISCO BCOS: Call Contract');
      await wb.waitQuickInput('Contract to call');
      await wb.pick(/^Vault$/);
      const call = await wb.webview(/^Call Vault/);
      await call.getByRole('cell', { name: user }).waitFor({ timeout: 20_000 });
      const form = call.locator('details[data-signature="set(uint256)"]');
      await form.waitFor({ timeout: 20_000 });
      if ((await form.getAttribute('open')) === null) await form.locator('summary').click();
      await form.locator('vscode-textfield').first().locator('input').fill('5');
      await form.locator('vscode-button', { hasText: 'Send Transaction' }).click();
      await wb.confirmDialog(/Send set\(uint256\) to Vault/, 'Send Transaction');
      const result = form.locator('[data-testid=call-result]');
      await result.waitFor({ timeout: 30_000 });
      const text = await result.innerText();
      assert.match(text, /AccountFrozen \(22\): Account is frozen\./, text);
      assert.equal(await result.locator('.message.error').count(), 1, 'shown as an error');
    });

    await step('the governor unfreezes #7; its set(6) then goes through', async () => {
      await useDevAccount(wb, devnode, 0, 'Vault Governor');
      await accountStatus(wb, 'unfreeze', user, true);
      assert.match(await accountStatus(wb, 'get', user, false), /is normal\./);
      await useDevAccount(wb, devnode, 7, 'Frozen User');
      await palette(wb, 'FISCO BCOS: Call Contract');
      await wb.waitQuickInput('Contract to call');
      await wb.pick(/^Vault$/);
      const view = await wb.webview(/^Call Vault/);
      await view.getByRole('cell', { name: user }).waitFor({ timeout: 20_000 });
      const form = view.locator('details[data-signature="set(uint256)"]');
      if ((await form.getAttribute('open')) === null) await form.locator('summary').click();
      await form.locator('vscode-textfield').first().locator('input').fill('6');
      await form.locator('vscode-button', { hasText: 'Send Transaction' }).click();
      await wb.confirmDialog(/Send set\(uint256\) to Vault/, 'Send Transaction');
      const result = form.locator('[data-testid=call-result]', { hasText: /Sealed in block/ });
      await result.waitFor({ timeout: 30_000 });
    });

    await step(
      'the governor runs "Enable Balance": feature_balance, then feature_balance_precompiled',
      async () => {
        await useDevAccount(wb, devnode, 0, 'Vault Governor');
        await wb.clearToasts();
        await palette(wb, 'FISCO BCOS: Enable Balance (feature_balance)');
        await wb.confirmDialog(/(Propose|Set) feature_balance = 1/, 'Send Transaction', 30_000);
        await wb.confirmDialog(/(Propose|Set) feature_balance_precompiled = 1/, 'Send Transaction', 30_000);
        // The outcome as a user checks it: "Show System Config" lists both keys at 1 (polled: each
        // proposal executes with its block).
        await poll(
          async () => {
            await palette(wb, 'FISCO BCOS: Show System Config');
            await wb.waitQuickInput('System config of');
            // The list is virtualised: filter it down to the two keys.
            await wb.quickInput().locator('.quick-input-box input').fill('feature_balance');
            const values = [];
            for (const key of ['feature_balance', 'feature_balance_precompiled']) {
              const row = wb
                .quickInput()
                .locator('.quick-input-list .monaco-list-row[role="option"]')
                .filter({ has: wb.page.locator('.label-name', { hasText: new RegExp(`^${key}$`) }) })
                .first();
              values.push(
                (await row.count())
                  ? ((await row.locator('.label-description').textContent()) ?? '').trim()
                  : '',
              );
            }
            await wb.page.keyboard.press('Escape');
            await wb.quickInputClosed();
            return values;
          },
          (values) => values.every((v) => v === '1'),
          'feature_balance and feature_balance_precompiled at 1 in Show System Config',
          60_000,
        );
      },
    );

    const governor = devnode.accounts[0].address.toLowerCase();
    // The dev accounts hold 10 000 ether from genesis (the chain state 0x1011 and transfers use);
    // a balance governor can add more, as with the console's addBalance on a real chain.
    await step('the governor adds 1 ether to its own balance with "Balance" → add', async () => {
      await wb.clearToasts();
      await palette(wb, BALANCE);
      await wb.waitQuickInput('Balance (0x1011');
      await wb.pick(/^add$/);
      await wb.waitQuickInput('Account to add');
      await wb.answer(governor);
      await wb.waitQuickInput('Amount to add');
      await wb.answer('1 ether');
      await wb.confirmDialog(
        re(`Add balance 1000000000000000000 wei (1 ether) to ${governor}`),
        'Send Transaction',
      );
      await wb.expectInfoToast(re(`to ${governor}: `));
    });
    const before = await step('"Balance" shows the governor\'s and #8\'s balances', async () => ({
      governor: await balanceOf(wb, governor),
      payee: await balanceOf(wb, payee),
    }));

    await step('"Transfer Value" sends 1.5 gwei to #8', async () => {
      await wb.clearToasts();
      await palette(wb, 'FISCO BCOS: Transfer Value');
      await wb.waitQuickInput('Send value to');
      await wb.answer(payee);
      await wb.waitQuickInput('Value to send');
      const input = wb.quickInput().locator('.quick-input-box input');
      await input.fill('0.5 wei');
      await wb
        .quickInput()
        .locator('.quick-input-message', { hasText: 'whole number of wei' })
        .waitFor({ timeout: 10_000 });
      await wb.answer('1.5 gwei');
      await wb.confirmDialog(re(`Send 1500000000 wei (1.5 gwei) to ${payee}`), 'Send Transaction');
      await wb.expectInfoToast(re(`sent 1500000000 to ${payee}`));
    });

    await step('"Balance" again: #8 gained 1.5 gwei, the governor paid it', async () => {
      const payee2 = await balanceOf(wb, payee);
      const governor2 = await balanceOf(wb, governor);
      assert.equal(payee2 - before.payee, 1_500_000_000n);
      // The tx_gas_price is 0 on the dev node: the governor pays exactly the value.
      assert.equal(before.governor - governor2, 1_500_000_000n);
    });

    await step(
      'the call form sends 1000 wei with deposit(): the result shows the value, Vault holds it',
      async () => {
        await palette(wb, 'FISCO BCOS: Call Contract');
        await wb.waitQuickInput('Contract to call');
        await wb.pick(/^Vault$/);
        const view = await wb.webview(/^Call Vault/);
        await view.getByRole('cell', { name: governor }).waitFor({ timeout: 20_000 });
        // With feature_balance on, every transaction gets a value field, not only payable ones.
        await view
          .locator('details[data-signature="set(uint256)"] [data-testid=value-amount]')
          .waitFor({ state: 'attached', timeout: 20_000 });
        const form = view.locator('details[data-signature="deposit()"]');
        await form.waitFor({ timeout: 20_000 });
        if ((await form.getAttribute('open')) === null) await form.locator('summary').click();
        await form.locator('[data-testid=value-amount] input').fill('1000');
        await form.locator('vscode-button', { hasText: 'Send Transaction' }).click();
        await wb.confirmDialog(/Send deposit\(\) with 1000 wei to Vault/, 'Send Transaction');
        const result = form.locator('[data-testid=call-result]');
        await result.waitFor({ timeout: 30_000 });
        assert.equal(await result.locator('[data-testid=sent-value]').innerText(), '1000 wei');
        assert.match(await result.innerText(), /amount="?1000"?/);
        const vault = /0x[0-9a-f]{40}/i.exec(await view.locator('table').first().innerText())![0];
        assert.equal(await balanceOf(wb, vault.toLowerCase()), 1000n);
      },
    );
  },
};
