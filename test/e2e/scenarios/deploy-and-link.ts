// Deploy from the editor: the CodeLens above the contract asks for the constructor arguments,
// confirms, shows progress and the address, links the contract as /apps/<name>/<version>, and
// the link appears in the BFS tree. A contract that does not compile lands in Problems.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { useDevAccount } from '../lib/accounts';
import type { Scenario } from '../lib/scenario';
import { E2E_CONNECTION } from '../lib/settings';

const VERSION = '1.0';

export const deployAndLink: Scenario = {
  name: 'Deploy and link from the editor; a compile error shows in Problems',
  async run({ wb, page, step, devnode, workspace }) {
    // Written first so the workbench's file watcher has seen it by the last step.
    fs.writeFileSync(
      path.join(workspace, 'contracts', 'Broken.sol'),
      '// SPDX-License-Identifier: Apache-2.0\npragma solidity ^0.8.11;\n\ncontract Broken {\n    uint256 value\n}\n',
    );
    await step('import dev account 1 as the deployer', () => useDevAccount(wb, devnode, 1, 'E2E Deployer'));

    await step(
      'open contracts/Counter.sol: a "Deploy Counter" CodeLens sits above the contract',
      async () => {
        await wb.openFile('Counter.sol');
        await page
          .locator('.codelens-decoration a', { hasText: 'Deploy Counter' })
          .waitFor({ timeout: 30_000 });
      },
    );

    await step('click the CodeLens and give the constructor arguments', async () => {
      await page.locator('.codelens-decoration a', { hasText: 'Deploy Counter' }).click();
      await wb.waitQuickInput(/Counter constructor · initialLabel \(string\)/, 60_000); // first use loads solc
      await wb.answer('from e2e');
      await wb.waitQuickInput(/Counter constructor · start \(uint256\)/);
      await wb.answer('41');
    });

    const address = await step('confirm the transaction: progress, then the deployed address', async () => {
      await wb.recordNotifications();
      await wb.confirmDialog(
        new RegExp(`Deploy Counter\\("from e2e", "?41"?\\) to ${E2E_CONNECTION}`),
        'Send Transaction',
      );
      const done = wb.toast(/Deployed Counter at 0x[0-9a-fA-F]{40}/);
      await done.waitFor({ timeout: 30_000 });
      const seen = await wb.recordedNotifications();
      assert.ok(
        seen.some((t) => t.includes('Deploying Counter')),
        `progress notification shown (saw: ${seen.join(' | ')})`,
      );
      const text = (await done.textContent()) ?? '';
      return /0x[0-9a-fA-F]{40}/.exec(text)![0].toLowerCase();
    });

    await step(`"Link into BFS" as /apps/Counter/${VERSION}`, async () => {
      await wb.toastAction(/Deployed Counter at/, 'Link into BFS');
      await wb.waitQuickInput('Link Counter into BFS');
      // A path typed as the version is refused in place (it would have landed at /apps/Counter//usr/counter).
      const input = wb.quickInput().locator('.quick-input-box input');
      await input.fill('/usr/counter');
      await wb
        .quickInput()
        .locator('.quick-input-message', { hasText: /A version is one path segment: "\/" is not allowed/ })
        .waitFor({ timeout: 10_000 });
      await wb.page.keyboard.press('Enter');
      assert.ok(await wb.quickInput().isVisible(), 'Enter does not accept an invalid version');
      await wb.answer(VERSION);
      await wb.confirmDialog(/\/apps\/Counter\/1\.0/, 'Send Transaction');
      await wb.toast(/\/apps\/Counter\/1\.0/).waitFor({ timeout: 30_000 });
    });

    await step('the link appears in the BFS tree', async () => {
      await wb.openContainer('FISCO BCOS');
      const pane = await wb.openPane('BFS');
      await wb.clickViewAction(pane, 'Refresh BFS');
      await wb.expand(wb.row(pane, 'apps'));
      await wb.expand(wb.row(pane, 'Counter'));
      const link = wb.row(pane, VERSION);
      await link.waitFor({ timeout: 20_000 });
      assert.ok(
        (await link.getAttribute('aria-label'))?.includes('/apps/Counter/1.0') ?? false,
        'row is /apps/Counter/1.0',
      );
      await wb.row(pane, 'apps').click(); // collapse for the next scenarios
      assert.ok(address.startsWith('0x'));
    });

    await step('a contract with a syntax error: compiling lists the error in Problems', async () => {
      await wb.openFile('Broken.sol');
      await wb.runCommand('FISCO BCOS: Compile Solidity File');
      const problems = await wb.problems();
      assert.ok(
        problems.some((p) => /Broken\.sol/.test(p)),
        `Problems lists Broken.sol: ${problems.join(' | ')}`,
      );
      assert.ok(
        problems.some((p) => /expected ';'/i.test(p)),
        `Problems shows the parser error: ${problems.join(' | ')}`,
      );
    });
  },
};
