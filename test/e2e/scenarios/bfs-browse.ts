// Browsing BFS in the sidebar: a directory larger than one page (500 entries) pages with
// "Load more…", and a contract linked under /apps shows its address.
import assert from 'node:assert/strict';
import { Chain, compileSample } from '../lib/chain';
import type { Scenario } from '../lib/scenario';

const LARGE_DIR = 'bulk';
const LARGE_COUNT = 520;

export const bfsBrowse: Scenario = {
  name: 'Browse BFS: paging a large directory, linked contract with its address',
  async run({ wb, page, step, devnode, log }) {
    const chain = new Chain(devnode);
    const address = await step(
      `set up through the SDK: HelloWorld linked at /apps/HelloWorld/2.0, ${LARGE_COUNT} entries in /apps/${LARGE_DIR}`,
      async () => {
        const hello = compileSample('HelloWorld.sol', 'HelloWorld');
        const addr = await chain.deploy(hello, ['from the SDK']);
        const bfs = chain.bfs();
        const linked = await bfs.link('HelloWorld', '2.0', addr, JSON.stringify(hello.abi));
        assert.equal(linked.code, 0, linked.msg);
        await bfs.mkdir(`/apps/${LARGE_DIR}`);
        const t = Date.now();
        const names = Array.from({ length: LARGE_COUNT }, (_, i) => `d${String(i).padStart(3, '0')}`);
        for (let i = 0; i < names.length; i += 40) {
          await Promise.all(names.slice(i, i + 40).map((n) => bfs.mkdir(`/apps/${LARGE_DIR}/${n}`)));
        }
        log(`${LARGE_COUNT} directories in ${Date.now() - t} ms`);
        return addr;
      },
    );

    const pane = await step('open the BFS view and refresh it', async () => {
      await wb.openContainer('FISCO BCOS');
      const pane = await wb.openPane('BFS');
      await wb.clickViewAction(pane, 'Refresh BFS');
      await wb.row(pane, 'apps').waitFor({ timeout: 30_000 });
      await wb.expand(wb.row(pane, 'apps'));
      return pane;
    });

    await step(`expand /apps/${LARGE_DIR}: the first page ends with "Load more…"`, async () => {
      await wb.expand(wb.row(pane, LARGE_DIR));
      await wb.row(pane, 'd000').waitFor({ timeout: 30_000 });
      await page.keyboard.press('End'); // the list is virtualised: jump to its last row
      const more = wb.row(pane, /^Load more/);
      await more.waitFor({ timeout: 20_000 });
      assert.match(await wb.rowDescription(more), new RegExp(`${LARGE_COUNT - 500} more`));
      assert.equal(await wb.row(pane, `d${LARGE_COUNT - 1}`).count(), 0, 'the last entry is not loaded yet');
    });

    await step('"Load more…" loads the rest of the directory', async () => {
      await wb.row(pane, /^Load more/).click();
      const first = wb.row(pane, 'd500'); // the first entry of the second page
      await first.waitFor({ timeout: 30_000 });
      await first.click(); // focus the tree again: the clicked row was replaced
      await page.keyboard.press('End');
      await wb.row(pane, `d${LARGE_COUNT - 1}`).waitFor({ timeout: 30_000 });
      assert.equal(await wb.row(pane, /^Load more/).count(), 0, 'no further page');
      await page.keyboard.press('Home');
      await wb.row(pane, LARGE_DIR).click(); // collapse it again to keep the tree short
    });

    await step('expand /apps/HelloWorld: version 2.0 shows the linked address', async () => {
      await wb.expand(wb.row(pane, 'HelloWorld'));
      const link = wb.row(pane, '2.0');
      await link.waitFor({ timeout: 20_000 });
      assert.equal((await wb.rowDescription(link)).toLowerCase(), `→ ${address}`);
    });
  },
};
