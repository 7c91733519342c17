// The sidebar shows the configured dev node: connection → group0 with chain id and height → the node.
import assert from 'node:assert/strict';
import type { Scenario } from '../lib/scenario';
import { E2E_CONNECTION } from '../lib/settings';

export const groupsView: Scenario = {
  name: 'Groups view shows the dev node, its group and node',
  async run({ wb, step, devnode }) {
    await step('open the FISCO BCOS sidebar', async () => {
      await wb.openContainer('FISCO BCOS');
      for (const view of ['Groups', 'BFS', 'Governance']) await wb.pane(view).waitFor();
    });
    const pane = await step('the active connection is listed and expanded', async () => {
      const pane = await wb.openPane('Groups');
      const connection = wb.row(pane, E2E_CONNECTION);
      await connection.waitFor({ timeout: 30_000 });
      assert.match(await wb.rowDescription(connection), /active/);
      assert.match(await wb.rowDescription(connection), new RegExp(String(devnode.port)));
      return pane;
    });
    await step('group0 shows the chain and block height; the node is listed', async () => {
      const group = wb.row(pane, devnode.group);
      await group.waitFor({ timeout: 30_000 });
      assert.match(await wb.rowDescription(group), /chain .+ · block \d+/);
      await wb.expand(group);
      // The node row sits one level below the group.
      const level = Number(await group.getAttribute('aria-level'));
      const node = wb.rows(pane).and(wb.page.locator(`[aria-level="${level + 1}"]`)).first();
      await node.waitFor({ timeout: 30_000 });
      assert.match(await wb.rowDescription(node), /sealer/i);
    });
  },
};
