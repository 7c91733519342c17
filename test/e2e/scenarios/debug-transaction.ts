// The Solidity debugger on the local node: deploy Counter and CounterClient from the editor,
// set a breakpoint in Counter.sol, open an `increment` transaction's page and press "Debug
// Transaction": the breakpoint is hit and the Variables view shows `amount` and `count`. A
// `bump` transaction (CounterClient → Counter), debugged from the command palette, steps into the
// second contract: two frames on the call stack. A reverted `increment(0)` stops on the require.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { RevertError } from '../../../src/client';
import { useDevAccount } from '../lib/accounts';
import { Chain, compileSample, type Compiled } from '../lib/chain';
import type { Scenario } from '../lib/scenario';
import { plain, poll, type Workbench } from '../lib/workbench';

const lineOf = (file: string, text: string, workspace: string) =>
  fs
    .readFileSync(path.join(workspace, 'contracts', file), 'utf8')
    .split('\n')
    .findIndex((l) => l.includes(text)) + 1;

/** Deploys a contract from its CodeLens; returns the address from the toast. */
async function deployFromLens(
  wb: Workbench,
  page: Page,
  contract: string,
  args: [name: string, value: string][],
): Promise<string> {
  await wb.openFile(`${contract}.sol`);
  const lens = page.locator('.codelens-decoration a', { hasText: `Deploy ${contract}` });
  await lens.waitFor({ timeout: 60_000 });
  await lens.click();
  // Each argument's own prompt: the previous box keeps its title until the next one replaces it.
  for (const [name, value] of args) {
    await wb.waitQuickInput(new RegExp(`${contract} constructor · ${name} \\(`), 60_000);
    await wb.answer(value);
  }
  await wb.confirmDialog(new RegExp(`Deploy ${contract}`), 'Send Transaction', 60_000);
  const done = wb.toast(new RegExp(`Deployed ${contract} at 0x[0-9a-fA-F]{40}`));
  await done.waitFor({ timeout: 60_000 });
  const address = /0x[0-9a-fA-F]{40}/.exec((await done.textContent()) ?? '')![0].toLowerCase();
  await wb.clearToasts();
  return address;
}

/** Toggles a breakpoint on `line` of the active editor. */
async function breakpointAt(wb: Workbench, page: Page, line: number): Promise<void> {
  const before = await page.locator('.monaco-editor .codicon-debug-breakpoint').count();
  await wb.runCommand('Go to Line/Column...');
  await wb.page.keyboard.type(String(line));
  await wb.page.keyboard.press('Enter');
  await wb.runCommand('Debug: Toggle Breakpoint');
  await poll(
    () => page.locator('.monaco-editor .codicon-debug-breakpoint').count(),
    (n) => n > before,
    `a breakpoint glyph on line ${line}`,
  );
}

/** The call stack's frames as "name file line" text, innermost first. */
async function frames(wb: Workbench): Promise<string[]> {
  const rows = wb.pane('Call Stack').locator('.stack-frame');
  return (await rows.allInnerTexts()).map((t) => plain(t).replace(/\s+/g, ' ').trim());
}

/** Waits until the debugger stopped with the top frame on `file`:`line`. */
async function stoppedAt(wb: Workbench, file: string, line: number, timeout = 60_000): Promise<string[]> {
  await wb.openPane('Call Stack');
  return poll(
    () => frames(wb),
    (f) => f.length > 0 && f[0].includes(file) && new RegExp(`\\b${line}:\\d+`).test(f[0]),
    `the top frame at ${file}:${line}`,
    timeout,
  );
}

async function variablesText(wb: Workbench): Promise<string> {
  const pane = await wb.openPane('Variables');
  return plain(await pane.locator('.monaco-list').first().innerText());
}

function scopeRow(wb: Workbench, pane: Locator, name: string): Locator {
  return pane.locator('.monaco-list-row', { has: wb.page.locator('.scope', { hasText: name }) });
}

/**
 * Expands the scope `name` and waits until the Variables view's text passes `ok`. The view is
 * rebuilt when a stop's scopes arrive: a click that lands on the tree being replaced leaves the
 * scope collapsed (seen once in CI: State stayed closed after Continue), so each read re-expands
 * it, and a scope shown open but empty for a while is closed and opened again, as a user would.
 */
async function expandScopeUntil(
  wb: Workbench,
  name: string,
  ok: (text: string) => boolean,
  what: string,
): Promise<string> {
  let emptyReads = 0;
  return poll(
    async () => {
      const pane = await wb.openPane('Variables');
      const row = scopeRow(wb, pane, name);
      await row.waitFor({ timeout: 20_000 });
      if ((await row.getAttribute('aria-expanded')) !== 'true') await row.click();
      else if (++emptyReads % 15 === 0) {
        await row.click();
        await row.click();
      }
      return variablesText(wb);
    },
    ok,
    what,
    40_000,
  );
}

async function stopDebugging(wb: Workbench): Promise<void> {
  // The palette's best match for "Debug: Stop" is "Start Debugging and Stop on Entry": the toolbar's button.
  await wb.page.locator('.debug-toolbar .action-label.codicon-debug-stop').click();
  await wb.page.locator('.debug-toolbar').waitFor({ state: 'hidden', timeout: 20_000 });
}

export const debugTransaction: Scenario = {
  name: 'Debug a transaction: breakpoint in Counter.sol, variables, two contracts, a failed require',
  async run({ wb, page, step, devnode, workspace }) {
    const chain = new Chain(devnode);
    const abi = compileSample('Counter.sol', 'Counter');
    // Only the ABI is needed to send (the extension deployed the contract); CounterClient imports Counter.
    const clientAbi: Compiled = {
      bytecode: '0x',
      abi: [
        {
          type: 'function',
          name: 'bump',
          inputs: [
            { name: 'counter', type: 'address' },
            { name: 'amount', type: 'uint256' },
          ],
          outputs: [{ name: '', type: 'uint256' }],
          stateMutability: 'nonpayable',
        },
      ],
    };
    const ADD_LINE = lineOf('Counter.sol', 'count += amount;', workspace);
    const REQUIRE_LINE = lineOf('Counter.sol', 'require(amount > 0', workspace);
    const CALL_LINE = lineOf('CounterClient.sol', 'return counter.increment(amount);', workspace);
    await step('import dev account 4 as the deployer', () => useDevAccount(wb, devnode, 4, 'E2E Debugger'));

    const counter = await step('deploy Counter from its CodeLens', () =>
      deployFromLens(wb, page, 'Counter', [
        ['initialLabel', 'debug me'],
        ['start', '10'],
      ]),
    );
    const client = await step('deploy CounterClient from its CodeLens', () =>
      deployFromLens(wb, page, 'CounterClient', []),
    );

    const incremented = await step('an increment(5) transaction through the SDK', async () => {
      const { receipt } = await chain.send(counter, abi, 'increment', [5]);
      assert.equal(receipt.status, 0);
      return receipt.transactionHash;
    });

    await step(`a breakpoint on Counter.sol line ${ADD_LINE} (count += amount)`, async () => {
      await wb.openFile('Counter.sol');
      await breakpointAt(wb, page, ADD_LINE);
    });

    await step('"Debug Transaction" on the transaction page opens the debugger', async () => {
      await wb.runCommand('FISCO BCOS: Show Transaction');
      await wb.waitQuickInput('Show transaction');
      await wb.answer(incremented);
      const tx = await wb.webview('FISCO BCOS Block');
      await tx.locator('[data-testid=debug-transaction]').click();
      await page.locator('.debug-toolbar').waitFor({ timeout: 60_000 });
      // Stopped on entry first; Continue runs to the breakpoint.
      await wb.openPane('Call Stack');
      await poll(
        () => frames(wb),
        (f) => f.length > 0,
        'the entry stop',
      );
      await wb.runCommand('Debug: Continue');
      const f = await stoppedAt(wb, 'Counter.sol', ADD_LINE);
      assert.match(f[0], /^Counter/);
    });

    await step('the Variables view shows amount (5) and count', async () => {
      await poll(
        () => variablesText(wb),
        (t) => /\bamount\b/.test(t),
        'amount in Locals',
      );
      const text = await expandScopeUntil(wb, 'State', (t) => /\bcount\b/.test(t), 'count in State');
      assert.match(text, /amount\s*[:=]?\s*5\b/);
      assert.match(text, /\bcount\b/);
    });

    const bumped = await step('a bump(counter, 7) transaction through CounterClient', async () => {
      await stopDebugging(wb);
      const { receipt } = await chain.send(client, clientAbi, 'bump', [counter, 7]);
      assert.equal(receipt.status, 0);
      return receipt.transactionHash;
    });

    await step('debugged from the command palette, stepping into Counter shows two frames', async () => {
      await wb.openFile('CounterClient.sol');
      await breakpointAt(wb, page, CALL_LINE);
      await wb.runCommand('FISCO BCOS: Debug Transaction');
      await wb.waitQuickInput(/Transaction hash/);
      await wb.answer(bumped);
      await page.locator('.debug-toolbar').waitFor({ timeout: 60_000 });
      await wb.openPane('Call Stack');
      await poll(
        () => frames(wb),
        (f) => f.length > 0,
        'the entry stop',
      );
      await wb.runCommand('Debug: Continue');
      const one = await stoppedAt(wb, 'CounterClient.sol', CALL_LINE);
      assert.equal(one.length, 1);
      let f = one;
      for (let k = 0; k < 40 && f.length < 2; k++) {
        const before = f.join('|');
        await wb.runCommand('Debug: Step Into');
        f = await poll(
          () => frames(wb),
          (v) => v.length > 0 && v.join('|') !== before,
          'the next stop',
        );
      }
      assert.equal(f.length, 2, f.join(' / '));
      assert.match(f[0], /^Counter\b/);
      assert.match(f[0], /Counter\.sol/);
      assert.match(f[1], /^CounterClient/);
    });

    const failed = await step('a reverted increment(0) through the SDK', async () => {
      await stopDebugging(wb);
      try {
        await chain.send(counter, abi, 'increment', [0]);
      } catch (e) {
        if (e instanceof RevertError && e.transactionHash) return e.transactionHash;
        throw e;
      }
      throw new Error('increment(0) should revert');
    });

    await step(`the reverted transaction stops on the failed require (line ${REQUIRE_LINE})`, async () => {
      await wb.runCommand('FISCO BCOS: Debug Transaction');
      await wb.waitQuickInput(/Transaction hash/);
      await wb.answer(failed);
      await page.locator('.debug-toolbar').waitFor({ timeout: 60_000 });
      await wb.openPane('Call Stack');
      await poll(
        () => frames(wb),
        (f) => f.length > 0,
        'the entry stop',
      );
      await wb.runCommand('Debug: Continue');
      const f = await stoppedAt(wb, 'Counter.sol', REQUIRE_LINE);
      assert.equal(f.length, 1);
      // The stop names the failure: the Call Stack's state and the editor's exception widget.
      await wb
        .pane('Call Stack')
        .getByText('The transaction failed here (revert: amount must be positive)')
        .waitFor({ timeout: 20_000 });
      await page
        .locator('.exception-widget', { hasText: 'Transaction failed: revert: amount must be positive' })
        .waitFor({ timeout: 20_000 });
    });

    await step('stop debugging', () => stopDebugging(wb));
  },
};
