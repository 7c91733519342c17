// Playwright helpers for the VS Code 1.100 web workbench, with the selectors verified in
// vscode-e2e.md §4. Helpers wait for the UI state they need; the one fixed pause says why.
import type { FrameLocator, Locator, Page } from 'playwright-core';

/** Monaco renders spaces as U+00A0; compare text with this. */
export const plain = (text: string) => text.replace(/\u00a0/g, ' ');

/** Click pane headers at their left edge: the middle can hold view-title actions (Start Local Node…). */
const HEADER_TWISTIE = { x: 8, y: 10 };

export class Workbench {
  constructor(readonly page: Page) {}

  activityEntry(label: string): Locator {
    // The <li> has an empty aria-label in 1.100; built-in labels carry a keybinding suffix, hence ^=.
    return this.page.locator(
      `.part.activitybar li.action-item[role="tab"] > a.action-label[aria-label^="${label}"]`,
    );
  }

  /** The workbench is ready once the extension's activity-bar entry exists (remote scan finished). */
  async waitReady(activityLabel: string, timeout = 90_000): Promise<void> {
    await this.page.locator('.monaco-workbench .part.statusbar').waitFor({ timeout });
    await this.activityEntry(activityLabel).waitFor({ timeout });
  }

  /** Opens a view container in the sidebar (a click on an already open one would close it). */
  async openContainer(label: string): Promise<void> {
    const entry = this.activityEntry(label);
    const li = this.page.locator(
      `.part.activitybar li.action-item[role="tab"]:has(> a.action-label[aria-label^="${label}"])`,
    );
    if (
      (await li.getAttribute('aria-selected')) !== 'true' ||
      !(await this.page.locator('.part.sidebar').isVisible())
    ) {
      await entry.click();
    }
    await this.page.locator('.part.sidebar').waitFor();
  }

  /** A view's pane in the sidebar, by its name (the pane header title). */
  pane(viewName: string): Locator {
    return this.page.locator('.part.sidebar .pane', {
      has: this.page.locator('.pane-header h3.title', {
        hasText: new RegExp(`^${escapeRe(viewName)}$`, 'i'),
      }),
    });
  }

  /** Makes sure the pane is expanded and returns it. */
  async openPane(viewName: string): Promise<Locator> {
    const pane = this.pane(viewName);
    const header = pane.locator('.pane-header');
    await header.waitFor();
    if ((await header.getAttribute('aria-expanded')) !== 'true')
      await header.click({ position: HEADER_TWISTIE });
    await pane.locator('.pane-body').waitFor();
    return pane;
  }

  /** Collapses the other panes of the sidebar so a view has room (its tree is virtualised). */
  async onlyPane(viewName: string, others: string[]): Promise<Locator> {
    for (const other of others) {
      const header = this.pane(other).locator('.pane-header');
      if ((await header.getAttribute('aria-expanded')) === 'true')
        await header.click({ position: HEADER_TWISTIE });
    }
    return this.openPane(viewName);
  }

  /** Runs a context-menu entry of a tree row. */
  async contextMenu(row: Locator, item: string): Promise<void> {
    const menu = this.page.locator('.context-view .monaco-menu');
    await row.click({ button: 'right' });
    const entry = menu.locator('.action-item', {
      has: this.page.locator('.action-label', { hasText: new RegExp(`^${escapeRe(item)}$`) }),
    });
    await entry.waitFor();
    // A menu ignores the mouse-up that follows its opening too closely; fall back to the keyboard.
    await this.page.waitForTimeout(300);
    await entry.click();
    const closed = await menu.waitFor({ state: 'hidden', timeout: 2_000 }).then(
      () => true,
      () => false,
    );
    if (!closed) {
      await entry.hover();
      await this.page.keyboard.press('Enter');
      await menu.waitFor({ state: 'hidden' });
    }
  }

  /** Tree rows of a view; only rendered rows exist (the list is virtualised). */
  rows(pane: Locator): Locator {
    return pane.locator('.monaco-list-row[role="treeitem"]');
  }

  row(pane: Locator, label: string | RegExp): Locator {
    const name = typeof label === 'string' ? new RegExp(`^${escapeRe(label)}$`) : label;
    return this.rows(pane)
      .filter({ has: this.page.locator('.label-name', { hasText: name }) })
      .first();
  }

  /** Expands a tree row; retries because a refresh can re-render the row under the click. */
  async expand(row: Locator, timeout = 20_000): Promise<void> {
    await row.waitFor({ timeout });
    const deadline = Date.now() + timeout;
    while ((await row.getAttribute('aria-expanded')) !== 'true') {
      if (Date.now() > deadline) throw new Error(`tree row did not expand: ${await row.textContent()}`);
      if ((await row.getAttribute('aria-expanded')) === 'false') await row.click();
      for (let i = 0; i < 20 && (await row.getAttribute('aria-expanded')) === 'false'; i++)
        await this.page.waitForTimeout(100);
      for (let i = 0; i < 50 && (await row.getAttribute('aria-expanded')) !== 'true'; i++)
        await this.page.waitForTimeout(100);
    }
  }

  /** Waits until a row's description matches (trees refresh asynchronously after a transaction). */
  async waitRowDescription(row: Locator, pattern: RegExp, timeout = 20_000): Promise<string> {
    return poll(
      () => this.rowDescription(row),
      (d) => pattern.test(d),
      `row description matching ${pattern}`,
      timeout,
    );
  }

  async rowDescription(row: Locator): Promise<string> {
    await row.waitFor();
    const description = row.locator('.label-description').first();
    return (await description.count()) ? plain((await description.textContent()) ?? '') : '';
  }

  /** Clicks a view-title action; pane-header actions only show while the header is hovered. */
  async clickViewAction(pane: Locator, label: string): Promise<void> {
    await pane.locator('.pane-header').hover();
    await pane.locator(`.pane-header a.action-label[aria-label^="${label}"]`).click();
  }

  quickInput(): Locator {
    return this.page.locator('.quick-input-widget');
  }

  /** Runs a command by its palette title ("Category: Title"), waiting for the focused row first. */
  async runCommand(title: string): Promise<void> {
    await this.page.keyboard.press('F1');
    const input = this.quickInput().locator('.quick-input-box input');
    await input.waitFor();
    await input.fill(`>${title}`);
    await this.quickInput()
      .locator(`.quick-input-list .monaco-list-row[role="option"].focused[aria-label^="${title}"]`)
      .waitFor({ timeout: 15_000 });
    await this.page.keyboard.press('Enter');
  }

  /** Waits for a quick pick / input box whose title or prompt matches. */
  async waitQuickInput(text: string | RegExp, timeout = 20_000): Promise<void> {
    const widget = this.quickInput();
    await widget.filter({ hasText: text }).waitFor({ state: 'visible', timeout });
  }

  /** Types into the open input box (or quick pick filter) and accepts. */
  async answer(text: string): Promise<void> {
    const input = this.quickInput().locator('.quick-input-box input');
    await input.waitFor({ state: 'visible' });
    await input.fill(text);
    await this.page.keyboard.press('Enter');
  }

  /** Picks a row of the open quick pick by its label. */
  async pick(label: string | RegExp, timeout = 30_000): Promise<void> {
    const row = this.quickInput()
      .locator('.quick-input-list .monaco-list-row[role="option"]')
      .filter({ has: this.page.locator('.label-name', { hasText: label }) })
      .first();
    await row.waitFor({ timeout });
    // A hover shown for where the pointer last was (a tree row, a status-bar item) can sit over the
    // list and take the click: move the pointer away so it hides, then click (retried until clear).
    await this.page.mouse.move(1, 1);
    await row.click({ timeout });
  }

  async quickInputClosed(timeout = 15_000): Promise<void> {
    await this.quickInput().waitFor({ state: 'hidden', timeout });
  }

  /** Notification toast; info toasts auto-hide, so wait for them right after the action. */
  toast(text: string | RegExp): Locator {
    return this.page
      .locator('.notifications-toasts .notification-list-item', {
        has: this.page.locator('.notification-list-item-message', { hasText: text }),
      })
      .first();
  }

  /** Waits for a toast and fails if it is an error toast. */
  async expectInfoToast(text: string | RegExp, timeout = 30_000): Promise<string> {
    let toast = this.toast(text);
    const shown = await toast.waitFor({ timeout }).then(
      () => true,
      () => false,
    );
    if (!shown) {
      // An info toast auto-hides (and one raised behind a modal dialog may never show as a toast);
      // the message then sits in the notification center, which is where a user would look.
      await this.runCommand('Notifications: Show Notifications');
      toast = this.page
        .locator('.notifications-center .notification-list-item', {
          has: this.page.locator('.notification-list-item-message', { hasText: text }),
        })
        .first();
      await toast.waitFor({ timeout: 10_000 });
    }
    const message = plain((await toast.locator('.notification-list-item-message').textContent()) ?? '');
    const error = (await toast.locator('.codicon-error').count()) > 0;
    if (!shown) await this.runCommand('Notifications: Hide Notifications').catch(() => undefined);
    if (error) throw new Error(`error notification: ${message}`);
    return message;
  }

  /** Clicks a button of the toast showing `text`. */
  async toastAction(text: string | RegExp, button: string): Promise<void> {
    await this.toast(text).locator('.monaco-button', { hasText: button }).first().click();
  }

  /** Modal dialog (e.g. transaction confirmation): checks its message, presses a button. */
  async confirmDialog(message: string | RegExp, button: string, timeout = 20_000): Promise<void> {
    const dialog = this.page.locator('.monaco-dialog-box').filter({ hasText: message });
    await dialog.waitFor({ timeout });
    await dialog.locator('.dialog-buttons .monaco-button', { hasText: button }).first().click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /**
   * Records the text of every notification that appears from now on, including progress toasts
   * that are gone before a poll could see them.
   */
  async recordNotifications(): Promise<void> {
    // A string, not a function: tsx's helpers (__name) do not exist in the page.
    await this.page.evaluate(`(() => {
      window.__seen = [];
      if (window.__seenObserver) window.__seenObserver.disconnect();
      window.__seenObserver = new MutationObserver(() => {
        for (const el of document.querySelectorAll('.notification-list-item-message')) {
          const t = el.textContent || '';
          if (t && !window.__seen.includes(t)) window.__seen.push(t);
        }
      });
      window.__seenObserver.observe(document.body, { childList: true, subtree: true, characterData: true });
    })()`);
  }

  async recordedNotifications(): Promise<string[]> {
    return this.page.evaluate(() => (window as unknown as { __seen?: string[] }).__seen ?? []);
  }

  /** Rows of the Problems panel (opened first), as text. */
  async problems(): Promise<string[]> {
    await this.runCommand('View: Focus Problems (Errors, Warnings, Infos)');
    const rows = this.page.locator('.part.panel .markers-panel .monaco-list-row');
    await rows.first().waitFor({ timeout: 20_000 });
    return (await rows.allTextContents()).map(plain);
  }

  async clearToasts(): Promise<void> {
    await this.runCommand('Notifications: Clear All Notifications').catch(() => undefined);
  }

  /** The webview whose HTML <title> matches, as a frame (nested iframes in an overlay). */
  async webview(title: string | RegExp, timeout = 30_000): Promise<FrameLocator> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const frames = this.page.frames().filter((f) => f.url().includes('/pre/fake.html'));
      for (const f of frames) {
        const t = await f.title().catch(() => '');
        if (typeof title === 'string' ? t.includes(title) : title.test(t)) {
          const outer = await f.parentFrame()?.frameElement();
          if (!outer || !(await outer.isVisible())) continue; // a panel in a background tab
          const name = outer ? ((await outer.getAttribute('name')) ?? '') : '';
          const outerSelector = name ? `iframe.webview[name="${name}"]` : 'iframe.webview.ready';
          return this.page.frameLocator(outerSelector).frameLocator('iframe#active-frame');
        }
      }
      if (Date.now() > deadline) throw new Error(`no webview titled ${title} within ${timeout} ms`);
      await this.page.waitForTimeout(200);
    }
  }

  /**
   * Quick Open (Ctrl+P) a workspace file by name, waiting for the search to find it; retried because
   * a file created moments ago reaches the search index only after the file watcher reports it.
   */
  async openFile(name: string, attempts = 4): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      await this.page.keyboard.press('Control+P');
      const input = this.quickInput().locator('.quick-input-box input');
      // Quick Open can close again at once when the focus goes back to a webview, or a webview
      // can hold the keyboard (seen in CI): give the focus to the workbench and open it again.
      const opened = await input.waitFor({ timeout: 10_000 }).then(
        () => true,
        () => false,
      );
      if (!opened) {
        if (attempt >= attempts) throw new Error(`Quick Open did not open to find ${name}`);
        await this.page
          .locator('.part.sidebar .title-label')
          .first()
          .click()
          .catch(() => undefined);
        continue;
      }
      await input.fill(name);
      const found = await this.quickInput()
        .locator(`.quick-input-list .monaco-list-row[role="option"].focused[aria-label*="${name}"]`)
        .waitFor({ timeout: 7_000 })
        .then(
          () => true,
          () => false,
        );
      if (found) break;
      await this.page.keyboard.press('Escape');
      if (attempt >= attempts) throw new Error(`Quick Open does not find ${name}`);
    }
    await this.page.keyboard.press('Enter');
    await this.page.locator('.tabs-container .tab.active', { hasText: name }).waitFor();
  }

  /** Text of the active editor (Monaco), with real spaces. */
  async editorText(): Promise<string> {
    return plain(await this.page.locator('.editor-instance .monaco-editor .view-lines').first().innerText());
  }

  async closeAllEditors(): Promise<void> {
    await this.runCommand('View: Close All Editors');
  }

  /** Back to a neutral state between scenarios: no pickers, editors, panel or toasts; all three views open. */
  async reset(): Promise<void> {
    for (let i = 0; i < 3; i++) await this.page.keyboard.press('Escape');
    await this.closeAllEditors().catch(() => undefined);
    // "Hide Panel" is only offered while the panel shows.
    if (await this.page.locator('.part.panel').isVisible()) await this.runCommand('View: Hide Panel');
    await this.clearToasts();
    await this.openContainer('FISCO BCOS');
    for (const view of ['Groups', 'BFS', 'Governance']) await this.openPane(view);
  }
}

/** Re-reads a value until it satisfies `ok`; the error names the last value seen. */
export async function poll<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  what: string,
  timeout = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function escapeRe(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Sets a vscode-single-select's value as a pick would (with a change event). The element ignores a
 * value its options do not hold yet (they render a moment after the host's data arrives), so set
 * it again until it reads back.
 */
export async function selectOption(select: Locator, value: string, timeout = 20_000): Promise<void> {
  await poll(
    () =>
      select.evaluate((el, v) => {
        const s = el as HTMLElement & { value: string };
        if (s.value !== v) {
          s.value = v;
          el.dispatchEvent(new Event('change', { bubbles: true }));
        }
        return s.value;
      }, value),
    (v) => v === value,
    `the select to take ${value}`,
    timeout,
  );
}
