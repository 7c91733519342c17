// One place that turns any failure into a clear message: node RPC errors by name, transport
// failures with the URL, reverts with their reason, and follow-up actions.

import * as vscode from 'vscode';
import { UserFacingError } from './session';
import { describeError } from './errorText';

export { describeError };

const ACTION_COMMANDS: Record<string, string> = {
  'Start Local Node': 'fiscoBcos.startLocalNode',
  'Add Connection': 'fiscoBcos.addConnection',
  'Create Account': 'fiscoBcos.createAccount',
  'Import Account': 'fiscoBcos.importAccount',
  'Select Account': 'fiscoBcos.selectAccount',
  'Show Log': 'fiscoBcos.showLocalNodeLog',
  'Reset Local Node': 'fiscoBcos.resetLocalNode',
};

/**
 * Shows an error notification with actions; never throws. Resolves once shown, not when the user
 * dismisses it, so a failed command finishes (and can be awaited) right away.
 */
export function showError(prefix: string, err: unknown): void {
  const actions = err instanceof UserFacingError ? err.actions : [];
  const message = `${prefix}: ${describeError(err)}`;
  console.error(`[FISCO BCOS] ${message}`);
  void vscode.window.showErrorMessage(message, ...actions).then((picked) => {
    const command = picked && ACTION_COMMANDS[picked];
    if (command) void vscode.commands.executeCommand(command);
  });
}

/** Wraps a command handler so any failure is shown instead of swallowed. */
export function guarded<A extends unknown[]>(
  title: string,
  fn: (...args: A) => unknown, // a value or a Promise of one
): (...args: A) => Promise<unknown> {
  return async (...args: A) => {
    try {
      return await fn(...args);
    } catch (err) {
      if (err instanceof CancelledError) return undefined;
      showError(title, err);
      return undefined;
    }
  };
}

/** Thrown when the user dismisses a prompt: ends the command quietly. */
export class CancelledError extends Error {
  constructor() {
    super('Cancelled');
    this.name = 'CancelledError';
  }
}

/** Returns the value or ends the command when the user pressed Escape. */
export function required<T>(value: T | undefined): T {
  if (value === undefined) throw new CancelledError();
  return value;
}
