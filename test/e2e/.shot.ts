import { launchBrowser } from '../../scripts/lib/browser';
import { Workbench } from './lib/workbench';
async function main() {
  const ctx = await launchBrowser('/tmp/shot-run'); const page = ctx.pages()[0]!;
  await page.goto(process.argv[2]!);
  const wb = new Workbench(page);
  await wb.waitReady('FISCO BCOS');
  await wb.openContainer('FISCO BCOS');
  await page.keyboard.press('Control+P'); await page.keyboard.type('Counter.sol'); await page.waitForTimeout(1500); await page.keyboard.press('Enter');
  await page.waitForTimeout(4000);
  await page.screenshot({ path: '/tmp/start-shot.png' });
  await ctx.close();
}
main().catch((e) => { console.error(e); process.exit(1); });
