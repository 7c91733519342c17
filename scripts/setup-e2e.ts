// `npm run setup:e2e`: everything the e2e and integration runners need, idempotent.
// Debian packages (installed when root), code-server in .cache/code-server, Chromium.
import { BROWSER_PACKAGES, ensureDebianPackages } from './lib/debian-packages';
import { ensureCodeServer } from './lib/code-server-install';

async function main() {
  await ensureDebianPackages(BROWSER_PACKAGES);
  const entry = await ensureCodeServer();
  console.log(`ready: code-server at ${entry}, chromium at /usr/bin/chromium`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
