// User settings for the e2e profile: the extension points at the run's fresh dev node.
import type { Devnode } from '../../../scripts/lib/devnode-process';
import { DEV_ACCOUNTS_ENV } from '../../../src/extension/accounts/devAccountsEnv';

export const E2E_CONNECTION = 'E2E Dev Node';

export function e2eSettings(devnode: Devnode): Record<string, unknown> {
  return {
    'fiscoBcos.connections': [{ name: E2E_CONNECTION, url: devnode.url, group: devnode.group }],
    'fiscoBcos.activeConnection': E2E_CONNECTION,
    // Fast status-bar polling so new blocks show quickly.
    'fiscoBcos.blockPollInterval': 1000,
  };
}

/** The hand-over `npm start` makes (scripts/start.ts): the node's dev accounts for our connection. */
export function e2eEnv(devnode: Devnode): Record<string, string> {
  return {
    [DEV_ACCOUNTS_ENV]: JSON.stringify({
      connection: E2E_CONNECTION,
      url: devnode.url,
      accounts: devnode.accounts,
    }),
  };
}
