// The contract developer's feedback loop: add console.sol, deploy a contract that logs and
// emits from the editor, see its events in the events view, follow a new one live, open a failed
// transaction (status name, reason, failing Solidity line, console.log output), and a BFS link
// transaction decoded with the BFS ABI.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { RevertError } from '../../../src/client';
import { useDevAccount } from '../lib/accounts';
import { Chain, type Compiled } from '../lib/chain';
import type { Scenario } from '../lib/scenario';
import { poll } from '../lib/workbench';

const SHOP = `// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.11;

import "./console.sol";

contract Shop {
    event Bought(address indexed buyer, uint256 item);

    function buy(uint256 item) public {
        console.log("buying", item);
        require(item < 100, "no such item");
        emit Bought(msg.sender, item);
    }
}
`;
const FAIL_LINE = SHOP.split('\n').findIndex((l) => l.includes('require(item < 100')) + 1;
const SHOP_ABI = [
  {
    type: 'function',
    name: 'buy',
    inputs: [{ name: 'item', type: 'uint256' }],
    outputs: [],
    stateMutability: 'nonpayable',
  },
];

export const eventsAndFailures: Scenario = {
  name: 'Events view (range and live), a failed transaction with its line and console.log, a decoded BFS link',
  async run({ wb, page, step, devnode, workspace }) {
    const chain = new Chain(devnode);
    const shopAbi: Compiled = { abi: SHOP_ABI, bytecode: '0x' };
    fs.writeFileSync(path.join(workspace, 'contracts', 'Shop.sol'), SHOP);
    await step('import dev account 2 as the deployer', () => useDevAccount(wb, devnode, 2, 'E2E Shop'));

    await step('"Add console.sol to the Workspace" writes contracts/console.sol', async () => {
      await wb.runCommand('FISCO BCOS: Add console.sol to the Workspace');
      await wb.waitQuickInput('Where should console.sol go?');
      await wb.pick('contracts/console.sol');
      await wb.toast(/Added contracts\/console\.sol/).waitFor({ timeout: 20_000 });
      assert.ok(fs.existsSync(path.join(workspace, 'contracts', 'console.sol')));
    });

    const address = await step('deploy Shop from its CodeLens', async () => {
      await wb.openFile('Shop.sol');
      const lens = page.locator('.codelens-decoration a', { hasText: 'Deploy Shop' });
      await lens.waitFor({ timeout: 30_000 });
      await lens.click();
      await wb.confirmDialog(/Deploy Shop/, 'Send Transaction', 60_000);
      const done = wb.toast(/Deployed Shop at 0x[0-9a-fA-F]{40}/);
      await done.waitFor({ timeout: 60_000 });
      return /0x[0-9a-fA-F]{40}/.exec((await done.textContent()) ?? '')![0].toLowerCase();
    });

    await step('emit two events through the SDK', async () => {
      for (const item of [7, 8]) {
        const { receipt } = await chain.send(address, shopAbi, 'buy', [item]);
        assert.equal(receipt.status, 0);
      }
    });

    const view = await step('"Show Contract Events": the two Bought events, decoded', async () => {
      await wb.runCommand('FISCO BCOS: Show Contract Events');
      const view = await wb.webview('FISCO BCOS Events');
      await view.locator('h1', { hasText: 'Events' }).waitFor({ timeout: 20_000 });
      await view.locator('#events-address input').fill(address);
      await view.locator('#events-query').click();
      await view.locator('[data-testid=event-row]').nth(1).waitFor({ timeout: 30_000 });
      const text = await view.locator('[data-testid=events-table]').innerText();
      assert.match(text, /Bought\(address,uint256\)/);
      assert.match(text, /item=7/);
      assert.match(text, /item=8/);
      return view;
    });

    await step('"Follow live": a new event appears without asking', async () => {
      await view.locator('#events-follow').click();
      await view.getByText('Following new events…').waitFor({ timeout: 20_000 });
      await chain.send(address, shopAbi, 'buy', [9]);
      await view.locator('[data-testid=event-row]').nth(2).waitFor({ timeout: 30_000 });
      assert.match(await view.locator('[data-testid=events-table]').innerText(), /item=9/);
      await view.locator('#events-follow').click();
    });

    const failed = await step('a failing buy(500) through the SDK', async () => {
      try {
        await chain.send(address, shopAbi, 'buy', [500]);
      } catch (e) {
        if (e instanceof RevertError && e.transactionHash) return e.transactionHash;
        throw e;
      }
      throw new Error('buy(500) should fail');
    });

    await step('its page: status name, reason, the failing Solidity line and console.log', async () => {
      await wb.runCommand('FISCO BCOS: Show Transaction');
      await wb.waitQuickInput('Show transaction');
      await wb.answer(failed);
      const tx = await wb.webview('FISCO BCOS Block');
      await tx.locator('[data-testid=failure-location]').waitFor({ timeout: 30_000 });
      assert.match(
        await tx.locator('[data-testid=receipt-status]').innerText(),
        /RevertInstruction \(16\): no such item/,
      );
      assert.match(
        await tx.locator('[data-testid=failure-location]').innerText(),
        new RegExp(`Shop\\.buy \\(contracts/Shop\\.sol:${FAIL_LINE}\\)`),
      );
      assert.match(await tx.locator('[data-testid=console-logs]').innerText(), /buying 500/);
    });

    await step('a BFS link transaction is decoded as link(…), not unknown', async () => {
      const linked = await chain.bfs().link('ShopEv', '1.0', address, JSON.stringify(SHOP_ABI));
      assert.equal(linked.code, 0, linked.msg);
      const n = await chain.client.getBlockNumber();
      const block = await chain.client.getBlockByNumber(n, false, true);
      const first = block.transactions?.[0];
      const hash = typeof first === 'string' ? first : (first?.hash ?? '');
      await wb.runCommand('FISCO BCOS: Show Transaction');
      await wb.waitQuickInput('Show transaction');
      await wb.answer(hash);
      const tx = await wb.webview('FISCO BCOS Block');
      // The panel is reused: until the new transaction has loaded it may still show the last one.
      const method = await poll(
        () =>
          tx
            .locator('h2', { hasText: 'Input' })
            .locator('xpath=following-sibling::p[1]')
            .innerText({ timeout: 2_000 })
            .catch(() => ''),
        (m) => m.startsWith('link('),
        'the link transaction to be shown',
      );
      assert.match(method, /^link\(string,string,string,string\)/);
    });
  },
};
