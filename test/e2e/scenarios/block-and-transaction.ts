// Block and transaction detail webviews: fields read inside the webview iframe, stepping to the
// parent block, and a transaction with its decoded input and events.
import assert from 'node:assert/strict';
import { Chain, compileSample } from '../lib/chain';
import type { Scenario } from '../lib/scenario';

export const blockAndTransaction: Scenario = {
  name: 'Block detail webview (step to parent) and a transaction with decoded input and events',
  async run({ wb, page, step, devnode }) {
    const chain = new Chain(devnode);
    const tx = await step(
      'set up through the SDK: deploy Counter, link it with its ABI, call increment(5)',
      async () => {
        const counter = compileSample('Counter.sol', 'Counter');
        const address = await chain.deploy(counter, ['block e2e', 10]);
        const linked = await chain.bfs().link('CounterTx', '1.0', address, JSON.stringify(counter.abi));
        assert.equal(linked.code, 0, linked.msg);
        const { receipt } = await chain.send(address, counter, 'increment', [5]);
        assert.equal(receipt.status, 0);
        return { hash: receipt.transactionHash.toLowerCase(), block: Number(receipt.blockNumber), address };
      },
    );

    const view = await step(
      `"Show Block" ${tx.block}: the webview shows the block and its transaction`,
      async () => {
        await wb.runCommand('FISCO BCOS: Show Block');
        await wb.waitQuickInput('Show block');
        await wb.answer(String(tx.block));
        await page
          .locator('.tabs-container .tab.active', { hasText: `Block ${tx.block}` })
          .waitFor({ timeout: 20_000 });
        const view = await wb.webview('FISCO BCOS Block');
        await view.locator('h1', { hasText: `Block ${tx.block}` }).waitFor({ timeout: 20_000 });
        await view.getByText('Transactions (1)').waitFor();
        const numberRow = view.locator('table.fields tr', {
          has: view.locator('th', { hasText: /^Number$/ }),
        });
        assert.equal((await numberRow.locator('td').innerText()).trim(), String(tx.block));
        // The transaction's section: its heading shows the decoded method in its real case.
        const item = view.locator('details[data-testid=block-transaction]').first();
        assert.equal(await item.getAttribute('data-hash'), tx.hash);
        assert.equal(
          (await item.locator('summary .section-title').innerText()).trim(),
          '#0 increment(uint256)',
          'its method is decoded, not upper-cased',
        );
        assert.ok(
          ((await item.getAttribute('data-description')) ?? '')
            .toLowerCase()
            .startsWith(tx.hash.slice(0, 18)),
          'it is the increment transaction',
        );
        // The block version reads as a release, with the raw number beside it.
        const versionRow = view
          .locator('table.fields tr', { has: view.locator('th', { hasText: /^Version$/ }) })
          .first();
        assert.match(
          (await versionRow.locator('td').innerText()).trim(),
          /^3\.\d+\.\d+ \(\d+ = 0x[0-9a-f]{8}\)$/,
        );
        // Signatures in lowercase hex.
        const signatures = await view
          .locator('h2', { hasText: /^Signatures/ })
          .locator('xpath=following-sibling::table[1]')
          .innerText();
        assert.match(signatures, /0x[0-9a-f]{130}/);
        assert.doesNotMatch(signatures, /0x[0-9a-fA-F]*[A-F][0-9a-fA-F]*/);
        await item.locator('summary').click();
        const nonceRow = item.locator('table.fields tr', { has: view.locator('th', { hasText: /^Nonce$/ }) });
        assert.match(
          (await nonceRow.locator('td').innerText()).trim(),
          /^\S+ \(0x[0-9a-f]+\)$/,
          'the nonce as text, then its hex',
        );
        return view;
      },
    );

    await step('"← Parent" steps to the previous block', async () => {
      await view.locator('vscode-button', { hasText: 'Parent' }).click();
      await page
        .locator('.tabs-container .tab.active', { hasText: `Block ${tx.block - 1}` })
        .waitFor({ timeout: 20_000 });
      const parent = await wb.webview('FISCO BCOS Block');
      await parent.locator('h1', { hasText: `Block ${tx.block - 1}` }).waitFor({ timeout: 20_000 });
    });

    await step(
      '"Show Transaction": decoded input increment(amount = 5) and the Incremented event',
      async () => {
        await wb.runCommand('FISCO BCOS: Show Transaction');
        await wb.waitQuickInput('Show transaction');
        await wb.answer(tx.hash);
        await page
          .locator('.tabs-container .tab.active', { hasText: /^Transaction/ })
          .waitFor({ timeout: 20_000 });
        const view = await wb.webview('FISCO BCOS Block');
        await view.locator('h1', { hasText: 'Transaction' }).waitFor({ timeout: 20_000 });
        await view.getByText('Events (1)').waitFor();
        const inputArgs = view
          .locator('h2', { hasText: 'Input' })
          .locator('xpath=following-sibling::table[1]');
        const inputText = await inputArgs.innerText();
        assert.match(inputText, /amount\s+uint256\s+"?5"?/);
        await view.locator('code', { hasText: /^Incremented/ }).waitFor();
        const events = await view.locator('.result').last().innerText();
        assert.match(events, /newCount\s+uint256\s+"?15"?/, events);
        assert.match(await view.locator('[data-testid=receipt-status]').innerText(), /success/i);
      },
    );
  },
};
