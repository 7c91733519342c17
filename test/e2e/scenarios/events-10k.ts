// 10,000 events in the events view: a contract emits them in four transactions (loops), the view
// reads them all, shows one page of 100 at a time, pages to the end, narrows them by an argument
// and by event. Behaviour only (rows, counts, pages), no timing: `npm run bench` owns speed.
import assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { Chain, type Compiled } from '../lib/chain';
import { poll } from '../lib/workbench';
import type { Scenario } from '../lib/scenario';

const BURST = `// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.11;
contract Burst {
    event Tick(uint256 indexed i, address indexed who, uint256 bucket);
    event Tock(uint256 i);
    function burst(uint256 start, uint256 count) public {
        for (uint256 i = start; i < start + count; i++) {
            if (i % 10 == 0) emit Tock(i);
            else emit Tick(i, msg.sender, i % 7);
        }
    }
}
`;
const TOTAL = 10_000;
const PER_TX = 2_500;
const PAGE = 100; // the view's page size (webview/events.ts)

function compileBurst(): Compiled {
  const solc = require('solc') as { compile(input: string): string };
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'Burst.sol': { content: BURST } },
        settings: { evmVersion: 'paris', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
      }),
    ),
  ) as {
    contracts?: Record<string, Record<string, { abi: object[]; evm: { bytecode: { object: string } } }>>;
  };
  const c = out.contracts?.['Burst.sol']?.Burst;
  if (!c) throw new Error(`solc: ${JSON.stringify(out)}`);
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` };
}

/** Sets a vscode-single-select's value as a pick would, change event included. */
async function choose(view: FrameLocator, selector: string, value: string): Promise<void> {
  await view.locator(selector).evaluate((el, v) => {
    (el as HTMLElement & { value: string }).value = v;
    el.dispatchEvent(new Event('change', { bubbles: true }));
  }, value);
}

/** The i argument of the rows on the page, in order. */
async function shownIndexes(view: FrameLocator): Promise<number[]> {
  const texts = await view.locator('[data-testid=event-row] td:nth-child(3)').allInnerTexts();
  return texts.map((t) => Number(/(?:^|, )i=(\d+)/.exec(t)?.[1] ?? NaN));
}

export const events10k: Scenario = {
  name: '10,000 events in the events view: paging, argument and event filters',
  async run({ wb, step, devnode }) {
    const chain = new Chain(devnode);
    const burst = compileBurst();
    const { address, firstBlock } = await step(
      `emit ${TOTAL} events in ${TOTAL / PER_TX} transactions`,
      async () => {
        const address = await chain.deploy(burst, []);
        let firstBlock = -1;
        for (let start = 0; start < TOTAL; start += PER_TX) {
          const { receipt } = await chain.send(address, burst, 'burst', [start, PER_TX]);
          assert.equal(receipt.status, 0);
          assert.equal(receipt.logEntries?.length, PER_TX);
          if (firstBlock < 0) firstBlock = receipt.blockNumber;
        }
        // Linked into BFS, the contract is in the view's list with its ABI (event names).
        const linked = await chain.bfs().link('Burst', '1.0', address, JSON.stringify(burst.abi));
        assert.equal(linked.code, 0, linked.msg);
        return { address, firstBlock };
      },
    );

    const view = await step('open the events view and read all of them', async () => {
      await wb.runCommand('FISCO BCOS: Show Contract Events');
      const view = await wb.webview('FISCO BCOS Events');
      await view.locator('h1', { hasText: 'Events' }).waitFor({ timeout: 20_000 });
      // The list is read when the view opens; Refresh in case it was already open.
      await view.locator('vscode-button', { hasText: 'Refresh' }).click();
      await view
        .locator('#events-contract vscode-option', { hasText: address })
        .waitFor({ state: 'attached', timeout: 20_000 });
      // The view keeps the pick when the host re-sends the list (the option's `selected`).
      await choose(view, '#events-contract', address);
      await view.locator('#events-query').click();
      await view
        .locator('[data-testid=events-count]', { hasText: `${TOTAL} events` })
        .waitFor({ timeout: 60_000 });
      await view.getByText(/Read blocks 0–\d+\./).waitFor({ timeout: 60_000 });
      return view;
    });

    const page = () => view.locator('[data-testid=events-page]').innerText();
    const rows = view.locator('[data-testid=event-row]');

    await step('the first page: rows 0–99 in chain order, decoded', async () => {
      assert.equal(await page(), `Page 1 of ${TOTAL / PAGE}`);
      assert.equal(await rows.count(), PAGE);
      assert.deepEqual(await shownIndexes(view), [...Array(PAGE).keys()]);
      const first = await rows.first().innerText();
      assert.match(first, new RegExp(`^${firstBlock}\\s+Tock\\(uint256\\)\\s+i=0`));
      assert.match(
        await rows.nth(1).innerText(),
        /Tick\(uint256,address,uint256\)\s+i=1, who=0x[0-9a-fA-F]{40}, bucket=1/,
      );
    });

    await step('Next, then Last: the pages hold the following rows and the end', async () => {
      await view.locator('vscode-button', { hasText: 'Next' }).click();
      await view.locator('[data-testid=events-page]', { hasText: `Page 2 of ${TOTAL / PAGE}` }).waitFor();
      assert.deepEqual(
        await shownIndexes(view),
        [...Array(PAGE).keys()].map((i) => PAGE + i),
      );
      await view.locator('vscode-button', { hasText: 'Last' }).click();
      await view
        .locator('[data-testid=events-page]', { hasText: `Page ${TOTAL / PAGE} of ${TOTAL / PAGE}` })
        .waitFor();
      assert.deepEqual(
        await shownIndexes(view),
        [...Array(PAGE).keys()].map((i) => TOTAL - PAGE + i),
      );
    });

    await step('filter by argument "bucket=3": the count and pages narrow to the matches', async () => {
      const expected = [...Array(TOTAL).keys()].filter((i) => i % 10 !== 0 && i % 7 === 3);
      await view.locator('#events-filter input').fill('bucket=3');
      await view
        .locator('[data-testid=events-count]', {
          hasText: `${TOTAL} events, ${expected.length} match the filter`,
        })
        .waitFor();
      assert.equal(await page(), `Page 1 of ${Math.ceil(expected.length / PAGE)}`);
      assert.deepEqual(await shownIndexes(view), expected.slice(0, PAGE));
    });

    await step('Refresh re-reads the contract list and keeps the picked contract', async () => {
      // The page is redrawn when the list arrives: mark the current heading and wait for a new one.
      await view.locator('h1', { hasText: 'Events' }).evaluate((el) => el.setAttribute('data-old', ''));
      await view.locator('vscode-button', { hasText: 'Refresh' }).click();
      await view.locator('h1:not([data-old])', { hasText: 'Events' }).waitFor({ timeout: 20_000 });
      // Options are read by the select after they are slotted: poll until it has settled.
      await poll(
        () =>
          view.locator('#events-contract').evaluate((el) => (el as HTMLElement & { value: string }).value),
        (v) => v === address,
        'the picked contract to survive the refreshed list',
      );
    });

    await step('filter by event Tock: only its 1,000 events are read', async () => {
      await view.locator('#events-filter input').fill('');
      await view.locator('[data-testid=events-count]', { hasText: /^10000 events$/ }).waitFor();
      await choose(view, '#events-event', 'Tock(uint256)');
      await view.locator('#events-query').click();
      await view
        .locator('[data-testid=events-count]', { hasText: /^1000 events$/ })
        .waitFor({ timeout: 60_000 });
      assert.equal(await page(), 'Page 1 of 10');
      assert.deepEqual(
        await shownIndexes(view),
        [...Array(PAGE).keys()].map((i) => i * 10),
      );
      const events = await view.locator('[data-testid=event-row] td:nth-child(2)').allInnerTexts();
      assert.ok(events.every((e) => e.trim() === 'Tock(uint256)'));
      // Both filters: one row.
      await view.locator('#events-filter input').fill('i=5000');
      await view
        .locator('[data-testid=events-count]', { hasText: '1000 events, 1 match the filter' })
        .waitFor();
      assert.deepEqual(await shownIndexes(view), [5000]);
    });
  },
};
