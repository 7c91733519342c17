import path from 'node:path';
import { launchCodeServer, workbenchUrl } from '../../scripts/lib/code-server';
import { launchBrowser } from '../../scripts/lib/browser';
import { PidFile } from '../../scripts/lib/process-group';
import { groupMembers } from '../../scripts/lib/process-group';
async function main() {
  const runDir = '/tmp/smoke/run'; const t = Date.now();
  const server = await launchCodeServer({ runDir, settings: {}, pidFile: new PidFile('/tmp/smoke/pids.json'), env: { SMOKE: 'yes' } });
  console.log('url', server.url, Date.now() - t, groupMembers(server.pid));
  const ctx = await launchBrowser(runDir); const page = ctx.pages()[0]!;
  const authority = new URL(server.url).host;
  await page.goto(workbenchUrl(server.url, '/tmp/smoke', [['extensionDevelopmentPath', `vscode-remote://${authority}/tmp/smoke/ext`]]));
  await page.locator('.part.activitybar a.action-label[aria-label^="Smoke"]').waitFor({ timeout: 60000 });
  await page.locator('.notifications-toasts .notification-list-item-message', { hasText: 'smoke on yes' }).waitFor({ timeout: 30000 });
  console.log('ready', Date.now() - t);
  await page.screenshot({ path: '/tmp/smoke/shot.png' });
  await ctx.close(); await server.stop();
  console.log('left', groupMembers(server.pid), Date.now() - t);
}
main().catch((e) => { console.error(e); process.exit(1); });
