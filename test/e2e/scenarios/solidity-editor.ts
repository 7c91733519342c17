// Solidity in the editor, as a user sees it: the contract is coloured, in a light and in a dark
// theme (computed colours of keyword, comment, type and name spans differ); an error typed into the
// unsaved buffer appears in Problems and goes away when fixed; hover shows the signature and
// NatSpec of a function from an imported file, and go to definition opens that file; a solc 0.6.10
// contract deploys (version from its pragma); a contract using two external libraries deploys
// after the libraries are deployed from the prompts.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { useDevAccount } from '../lib/accounts';
import type { Locator } from 'playwright-core';
import type { Scenario } from '../lib/scenario';

const MATH = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

library MathLib {
    /// @notice Adds two numbers without overflow surprises.
    /// @param a the first
    function add(uint256 a, uint256 b) internal pure returns (uint256) {
        return a + b;
    }
}
`;

const USES = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

import "./lib/MathLib.sol";

contract UsesMath {
    uint256 public total;

    function bump(uint256 by) public {
        total = MathLib.add(total, by);
    }
}
`;

const OLD = `pragma solidity 0.6.10;

contract OldStore {
    uint256 public value = 7;
}
`;

const CALC = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;

library Adder {
    function add(uint256 a, uint256 b) external pure returns (uint256) { return a + b; }
}

library Doubler {
    function twice(uint256 a) external pure returns (uint256) { return Adder.add(a, a); }
}

contract Calc {
    function compute(uint256 x) external pure returns (uint256) { return Adder.add(Doubler.twice(x), 1); }
}
`;

export const solidityEditor: Scenario = {
  name: 'Solidity editor: colours (light and dark), live diagnostics, hover and definition, 0.6.10 and library deploys',
  async run({ wb, page, step, devnode, workspace }) {
    const contracts = path.join(workspace, 'contracts');
    fs.mkdirSync(path.join(contracts, 'lib'), { recursive: true });
    fs.writeFileSync(path.join(contracts, 'lib', 'MathLib.sol'), MATH);
    fs.writeFileSync(path.join(contracts, 'UsesMath.sol'), USES);
    fs.writeFileSync(path.join(contracts, 'OldStore.sol'), OLD);
    fs.writeFileSync(path.join(contracts, 'Calc.sol'), CALC);
    // VS Code for the Web auto-saves after a delay by default; this scenario shows diagnostics on an
    // unsaved buffer, so the workspace turns that off (the scenario runs last).
    // The colours are checked in a light theme first, then in a dark one (the settings file is
    // rewritten; VS Code applies it at once).
    const settingsFile = path.join(workspace, '.vscode', 'settings.json');
    const writeSettings = (theme: string) =>
      fs.writeFileSync(
        settingsFile,
        `${JSON.stringify({ 'files.autoSave': 'off', 'workbench.colorTheme': theme }, null, 2)}\n`,
      );
    fs.mkdirSync(path.dirname(settingsFile), { recursive: true });
    writeSettings('Default Light Modern');
    await wb.closeAllEditors();

    const editor = page.locator('.editor-instance .monaco-editor').first();
    let lightKeyword: string | undefined;
    await step('open UsesMath.sol: keywords, types, comments and names are coloured', async () => {
      await wb.openFile('UsesMath.sol');
      await editor.locator('.view-lines', { hasText: 'contract' }).waitFor();
      // Each token colour is a distinct mtkN class; plain text would be one. Tokenizing is async.
      const colours = () =>
        editor
          .locator('.view-lines span span')
          .evaluateAll((els) => [...new Set(els.map((e) => e.className))].length);
      await waitFor(async () => (await colours()) >= 5, 'at least five token colours');
      const light = await waitForTheme(editor, 'light');
      // The import path is a string, `contract` a keyword, the SPDX line a comment: three colours.
      assert.ok(light.keyword && light.string && light.comment, JSON.stringify(light));
      assert.equal(
        new Set([light.keyword, light.string, light.comment, light.foreground]).size,
        4,
        JSON.stringify(light),
      );
      lightKeyword = light.keyword;
    });

    await step('switch to a dark theme: Counter.sol is coloured there too', async () => {
      writeSettings('Default Dark Modern');
      await wb.openFile('Counter.sol');
      await editor.locator('.view-lines', { hasText: 'contract Counter' }).waitFor();
      const dark = await waitForTheme(editor, 'dark');
      assert.ok(dark.keyword && dark.comment && dark.type && dark.name, JSON.stringify(dark));
      // Keyword, comment, type and function name each differ from plain text, keyword and comment
      // from each other, and the keyword's colour is not the light theme's.
      for (const c of [dark.keyword, dark.comment, dark.type, dark.name])
        assert.notEqual(c, dark.foreground, JSON.stringify(dark));
      assert.notEqual(dark.keyword, dark.comment);
      assert.ok(new Set([dark.keyword, dark.comment, dark.type, dark.name]).size >= 3, JSON.stringify(dark));
      assert.notEqual(dark.keyword, lightKeyword);
    });

    await step('type an error without saving: it shows in Problems', async () => {
      await wb.openFile('UsesMath.sol');
      await editor.locator('.view-line', { hasText: 'total = MathLib' }).click();
      await page.keyboard.press('End');
      await page.keyboard.type(' oops');
      await waitFor(async () => (await wb.problems()).some((p) => /Expected/.test(p)), 'the error');
      // Not saved: the file on disk is still the original.
      assert.equal(fs.readFileSync(path.join(contracts, 'UsesMath.sol'), 'utf8'), USES);
    });

    await step('fix it (still unsaved): Problems clears', async () => {
      // Problems took the focus: back to the end of the edited line.
      await editor.locator('.view-line', { hasText: 'oops' }).click();
      await page.keyboard.press('End');
      for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
      await waitFor(
        async () => (await page.locator('.part.panel .markers-panel .monaco-list-row').count()) === 0,
        'Problems to clear',
      );
    });

    await step('hover MathLib.add: its signature and NatSpec from the imported file', async () => {
      // The cursor into the `add` token of MathLib.add(total, by).
      await editor.locator('.view-line span span', { hasText: /^add$/ }).first().click();
      await wb.runCommand('Show or Focus Hover');
      const hover = page.locator('.monaco-hover', { hasText: 'function add(uint256 a, uint256 b)' });
      await hover.waitFor({ timeout: 30_000 });
      assert.match((await hover.textContent()) ?? '', /Adds two numbers/);
    });

    await step('go to definition opens lib/MathLib.sol', async () => {
      await page.keyboard.press('Escape');
      await wb.runCommand('Go to Definition');
      await page.locator('.tabs-container .tab.active', { hasText: 'MathLib.sol' }).waitFor();
      // Back to UsesMath.sol: drop the (already undone) edit so closing it asks nothing.
      await page.locator('.tabs-container .tab', { hasText: 'UsesMath.sol' }).click();
      await wb.runCommand('File: Revert File');
      await page
        .locator('.tabs-container .tab.dirty', { hasText: 'UsesMath.sol' })
        .waitFor({ state: 'detached' });
    });

    await step('use a dev account to deploy', () => useDevAccount(wb, devnode, 2, 'E2E Solidity'));

    await step('deploy OldStore (pragma solidity 0.6.10) from its CodeLens', async () => {
      await wb.closeAllEditors();
      await wb.openFile('OldStore.sol');
      await page.locator('.codelens-decoration a', { hasText: 'Deploy OldStore' }).click({ timeout: 30_000 });
      await wb.confirmDialog(/Deploy OldStore to /, 'Send Transaction', 60_000);
      await wb.expectInfoToast(/Deployed OldStore at 0x[0-9a-fA-F]{40}/, 60_000);
    });

    await step(
      'deploy Calc: deploy its libraries Adder and Doubler from the prompts, then Calc',
      async () => {
        await wb.clearToasts();
        await wb.openFile('Calc.sol');
        await page.locator('.codelens-decoration a', { hasText: 'Deploy Calc' }).click({ timeout: 30_000 });
        await wb.waitQuickInput(/Calc links library Adder/, 60_000);
        await wb.pick(/Deploy a new Adder/);
        await wb.confirmDialog(/Deploy library Adder/, 'Send Transaction');
        await wb.waitQuickInput(/Calc links library Doubler/, 30_000);
        await wb.pick(/Deploy a new Doubler/);
        await wb.confirmDialog(/Deploy library Doubler/, 'Send Transaction');
        await wb.confirmDialog(/Deploy Calc to /, 'Send Transaction');
        // The workspace's deployment records list Calc and both libraries, each at an address (the
        // result toast can be displaced by the progress toasts, so the record is what is checked).
        const records = path.join(workspace, '.fisco-bcos', 'deployments.json');
        const deployed = (name: string) =>
          fs.existsSync(records) && new RegExp(`"name":\\s*"${name}"`).test(fs.readFileSync(records, 'utf8'));
        await waitFor(
          () => Promise.resolve(['Adder', 'Doubler', 'Calc'].every(deployed)),
          'Calc and its libraries in deployments.json',
        );
      },
    );
  },
};

interface TokenColours {
  background: string;
  foreground: string;
  keyword?: string;
  string?: string;
  comment?: string;
  type?: string;
  name?: string;
}

/** Computed colours of some token spans of the visible editor, and its background and text colours. */
async function tokenColours(editor: Locator): Promise<TokenColours> {
  // No helper functions inside evaluate(): tsx would wrap them in a __name() the page lacks.
  const page = await editor.evaluate((root) => ({
    spans: [...root.querySelectorAll('.view-lines span span')].map((e) => [
      e.textContent ?? '',
      getComputedStyle(e).color,
    ]),
    // The theme's editor background (the background element itself may be transparent).
    background:
      getComputedStyle(root).getPropertyValue('--vscode-editor-background').trim() ||
      getComputedStyle(root).backgroundColor,
    foreground: getComputedStyle(root.querySelector('.view-lines') ?? root).color,
  }));
  const colour = (test: (text: string) => boolean) => page.spans.find(([text]) => test(text))?.[1];
  return {
    background: page.background,
    foreground: page.foreground,
    keyword: colour((t) => t === 'contract'),
    string: colour((t) => t.includes('MathLib.sol')),
    comment: colour((t) => t.includes('SPDX-License-Identifier')),
    type: colour((t) => t === 'uint256'),
    name: colour((t) => t === 'increment'),
  };
}

/** Waits until the editor has the theme's background (light or dark) and returns its token colours. */
async function waitForTheme(editor: Locator, kind: 'light' | 'dark'): Promise<TokenColours> {
  let last: TokenColours | undefined;
  const ok = await waitFor(async () => {
    last = await tokenColours(editor);
    const hex = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})/i.exec(last.background);
    const [r, g, b] = hex
      ? hex.slice(1, 4).map((h) => parseInt(h, 16))
      : (last.background.match(/\d+(\.\d+)?/g) ?? []).map(Number);
    const luminance = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
    return kind === 'dark' ? luminance < 0.3 : luminance > 0.7;
  }, `a ${kind} editor background`).then(
    () => true,
    () => false,
  );
  if (!ok) throw new Error(`the editor did not turn ${kind}: ${JSON.stringify(last)}`);
  return last!;
}

async function waitFor(check: () => Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}
