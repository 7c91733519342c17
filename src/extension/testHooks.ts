// Test-mode switches and recorders for the extension-host suite. They exist only when VS Code runs
// the extension in ExtensionMode.Test (activate() calls setTestMode): in production activate()
// exports nothing, the switches below are ignored, and `confirmed: true` command arguments never
// skip a transaction confirmation. No `vscode` import, so the gate is unit-tested in plain Node.

import { isRecord } from '../protocol/unknownValues';

/** A notification (or modal) the extension showed, as the Test-mode recorder saw it. */
export interface ShownMessage {
  severity: 'info' | 'warning' | 'error';
  message: string;
  modal: boolean;
  detail?: string;
  /** Titles of the buttons offered. */
  items: string[];
}

/** A quick pick or input box the extension opened. */
export interface ShownPrompt {
  kind: 'quickPick' | 'inputBox';
  title?: string;
  placeHolder?: string;
  prompt?: string;
  /** Quick pick rows as "label · description" (when the items were given as an array). */
  items?: string[];
  /** Input box pre-filled value. */
  value?: string;
}

let testMode = false;

export const testHooks = {
  /** Treat transaction confirmations as accepted (honoured in Test mode only). */
  autoConfirm: false,
  /** Messages shown since the last clear(), oldest first (recorded in Test mode only). */
  messages: [] as ShownMessage[],
  /** Quick picks and input boxes opened since the last clear(). */
  prompts: [] as ShownPrompt[],
  /** What the host posted to webviews, oldest first (recorded in Test mode only, the last 500). */
  posts: [] as { viewType: string; message: unknown }[],
  /** When set, answers modal messages instead of the user (Test mode only): the button title, or undefined to dismiss. */
  answerModal: undefined as ((m: ShownMessage) => string | undefined) | undefined,
  clear(): void {
    testHooks.messages.length = 0;
    testHooks.prompts.length = 0;
  },
  /** Messages of one severity since the last clear(). */
  shown(severity: ShownMessage['severity']): string[] {
    return testHooks.messages.filter((m) => m.severity === severity).map((m) => m.message);
  },
  /**
   * Runs `fn` with the Test-mode gate closed, exactly as a production host decides: `confirmed`
   * and `autoConfirm` are ignored meanwhile (the recorders stay, so a test can answer the modal).
   */
  async asProduction<T>(fn: () => Promise<T> | T): Promise<T> {
    const was = testMode;
    testMode = false;
    try {
      return await fn();
    } finally {
      testMode = was;
    }
  },
};

/** Records a message a panel posted to its page (Test mode only). */
export function recordPost(viewType: string, message: unknown): void {
  if (!testMode) return;
  testHooks.posts.push({ viewType, message });
  if (testHooks.posts.length > 500) testHooks.posts.splice(0, testHooks.posts.length - 500);
}

/** Called by activate(): true only for context.extensionMode === ExtensionMode.Test. */
export function setTestMode(on: boolean): void {
  testMode = on;
}

export function isTestMode(): boolean {
  return testMode;
}

/** Whether a transaction may go out without the modal confirmation: never outside Test mode. */
export function skipsConfirmation(confirmed: boolean | undefined): boolean {
  return testMode && (confirmed === true || testHooks.autoConfirm);
}

/** What activate() returns: the test API in Test mode, nothing otherwise (it holds the session and its keys). */
export function exportsFor<T>(isTest: boolean, api: () => T): T | undefined {
  return isTest ? api() : undefined;
}

type AnyFn = (...args: unknown[]) => unknown;

function itemTitle(item: unknown): string | undefined {
  if (typeof item === 'string') return item;
  if (isRecord(item) && typeof item.title === 'string') return item.title;
  return undefined;
}

/**
 * Test mode: wraps the window's message, quick-pick and input-box functions so every message and
 * prompt is recorded in testHooks (modal messages may be answered by testHooks.answerModal).
 * Returns the function that restores the originals.
 */
export function installUiRecorder(window: object): () => void {
  const originals: [string, unknown][] = [];
  const wrap = (name: string, make: (original: AnyFn) => AnyFn) => {
    const original: unknown = Reflect.get(window, name);
    if (typeof original !== 'function') return;
    const fn = (...args: unknown[]): unknown => Reflect.apply(original, window, args);
    originals.push([name, original]);
    Reflect.set(window, name, make(fn));
  };
  const message =
    (severity: ShownMessage['severity']) =>
    (original: AnyFn) =>
    (text: unknown, ...rest: unknown[]) => {
      const options =
        rest[0] && typeof rest[0] === 'object' && !('title' in rest[0])
          ? (rest[0] as { modal?: boolean; detail?: string })
          : undefined;
      const items = (options ? rest.slice(1) : rest).filter((i) => itemTitle(i) !== undefined);
      const shown: ShownMessage = {
        severity,
        message: String(text),
        modal: !!options?.modal,
        items: items.map((i) => itemTitle(i)!),
      };
      if (options?.detail) shown.detail = options.detail;
      testHooks.messages.push(shown);
      if (shown.modal && testHooks.answerModal) {
        const answer = testHooks.answerModal(shown);
        return Promise.resolve(answer === undefined ? undefined : items.find((i) => itemTitle(i) === answer));
      }
      return original(text, ...rest);
    };
  wrap('showInformationMessage', message('info'));
  wrap('showWarningMessage', message('warning'));
  wrap('showErrorMessage', message('error'));
  wrap('showQuickPick', (original) => (items: unknown, options?: unknown, ...rest: unknown[]) => {
    const o = (options ?? {}) as { title?: string; placeHolder?: string };
    const text = (i: unknown, key: string): string | undefined => {
      const v: unknown = i && typeof i === 'object' ? Reflect.get(i, key) : undefined;
      return typeof v === 'string' && v ? v : undefined;
    };
    const rows = Array.isArray(items)
      ? items.map((i: unknown) =>
          typeof i === 'string'
            ? i
            : [text(i, 'label'), text(i, 'description')].filter((t) => t !== undefined).join(' · '),
        )
      : undefined;
    testHooks.prompts.push({ kind: 'quickPick', title: o.title, placeHolder: o.placeHolder, items: rows });
    return original(items, options, ...rest);
  });
  wrap('showInputBox', (original) => (options?: unknown, ...rest: unknown[]) => {
    const o = (options ?? {}) as { title?: string; placeHolder?: string; prompt?: string; value?: string };
    testHooks.prompts.push({
      kind: 'inputBox',
      title: o.title,
      placeHolder: o.placeHolder,
      prompt: o.prompt,
      value: o.value,
    });
    return original(options, ...rest);
  });
  return () => {
    for (const [name, original] of originals) Reflect.set(window, name, original);
  };
}
