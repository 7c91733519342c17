// Debian's Chromium driven by playwright-core (never `playwright install`: no downloads here).
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { CHROMIUM_PATH } from './debian-packages';

export async function launchBrowser(runDir: string): Promise<BrowserContext> {
  const home = path.join(runDir, 'home');
  fs.mkdirSync(home, { recursive: true });
  return chromium.launchPersistentContext(path.join(runDir, 'chromium-profile'), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
    // Debian's build starts crashpad under ~/.config/chromium whatever the profile: keep it in the run dir.
    env: {
      ...process.env,
      XDG_CONFIG_HOME: path.join(home, '.config'),
      XDG_CACHE_HOME: path.join(home, '.cache'),
    },
    viewport: { width: 1400, height: 900 },
    reducedMotion: 'reduce',
    permissions: ['clipboard-read', 'clipboard-write'],
  });
}
