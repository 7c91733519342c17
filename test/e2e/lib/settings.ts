// User settings for the e2e profile: the extension points at the run's fresh dev node.
import type { Devnode } from '../../../scripts/lib/devnode-process';

export const E2E_CONNECTION = 'E2E Dev Node';

export function e2eSettings(devnode: Devnode): Record<string, unknown> {
  return {
    'fiscoBcos.connections': [{ name: E2E_CONNECTION, url: devnode.url, group: devnode.group }],
    'fiscoBcos.activeConnection': E2E_CONNECTION,
    // Fast status-bar polling so new blocks show quickly.
    'fiscoBcos.blockPollInterval': 1000,
  };
}
