// Table browser webview: a KV table created, written and read back in the UI; a CRUD table (set up
// through the SDK) selected and counted with a condition on a value column.
import assert from 'node:assert/strict';
import { KvTableService, TableCrudService } from '../../../src/client/services';
import { useDevAccount } from '../lib/accounts';
import { Chain } from '../lib/chain';
import type { Scenario } from '../lib/scenario';
import { poll, selectOption } from '../lib/workbench';

const KV = 'kv_e2e';
const CRUD = 'people_e2e';

export const tableBrowser: Scenario = {
  name: 'Table browser: create a KV table, set and look up a value; select CRUD rows with a condition',
  async run({ wb, step, devnode }) {
    const chain = new Chain(devnode);
    await step(`set up through the SDK: CRUD table ${CRUD}(id; name, age) with three rows`, async () => {
      const crud = new TableCrudService(chain.client, chain.account(0));
      assert.equal((await crud.createTable(CRUD, 'id', ['name', 'age'])).code, 0);
      for (const [id, name, age] of [
        ['1', 'alice', '25'],
        ['2', 'bob', '31'],
        ['3', 'carol', '40'],
      ]) {
        assert.equal((await crud.insert(CRUD, { id, name, age })).code, 1, 'one row inserted');
      }
    });

    const view = await step('"Browse KV Table" opens the table browser', async () => {
      await useDevAccount(wb, devnode, 0, 'Table Owner');
      await wb.runCommand('FISCO BCOS: Browse KV Table');
      const view = await wb.webview('FISCO BCOS KV Tables');
      await view.locator('h1', { hasText: 'Tables' }).waitFor({ timeout: 20_000 });
      return view;
    });
    const fill = (id: string, text: string) => view.locator(`#${id}`).locator('input').fill(text);
    const button = (label: string) => view.locator('vscode-button', { hasText: label }).first();
    const outcome = () => view.locator('.message').first();

    await step(`create KV table ${KV}(k, v)`, async () => {
      await fill('kv-table', KV);
      await fill('kv-new-key', 'k');
      await fill('kv-new-values', 'v');
      await button('Create Table').click();
      await wb.confirmDialog(`Create KV table ${KV}(k, v)`, 'Send Transaction');
      await view.locator('table.fields td', { hasText: `/tables/${KV}` }).waitFor({ timeout: 30_000 });
      assert.match(await outcome().innerText(), new RegExp(`Create KV table ${KV}`));
      assert.equal(await view.locator('.message.error').count(), 0);
    });

    await step(`set ${KV}["greeting"] and look it up`, async () => {
      await fill('kv-key', 'greeting');
      await fill('kv-value', 'hello, fisco');
      await button('Set Value').click();
      await wb.confirmDialog(`Set ${KV}["greeting"] = "hello, fisco"`, 'Send Transaction');
      await poll(
        async () =>
          (await view.locator('.message.ok').count())
            ? await view.locator('.message.ok').first().innerText()
            : '',
        (t) => t.includes(`Set ${KV}["greeting"]`),
        'the set outcome',
      );
      await button('Look Up').click();
      const row = view.locator('[data-testid=kv-row]');
      await row.locator('table.fields').waitFor({ timeout: 20_000 });
      assert.match(await row.innerText(), /greeting\s+hello, fisco/);
      assert.equal(
        await new KvTableService(chain.client, chain.account(0)).get(KV, 'greeting'),
        'hello, fisco',
        'the chain has it',
      );
    });

    await step(`open ${CRUD}, select rows with age ≥ 30: bob and carol`, async () => {
      await fill('kv-table', CRUD);
      await button('Open Table').click();
      await view.locator('h2', { hasText: 'Rows (CRUD)' }).waitFor({ timeout: 20_000 });
      const condition = view.locator('[data-testid=crud-condition]').first();
      const selects = condition.locator('vscode-single-select');
      await selectOption(selects.nth(0), 'age');
      await selectOption(selects.nth(1), 'ge');
      await condition.locator('vscode-textfield').locator('input').fill('30');
      await button('Select Rows').click();
      const rows = view.locator('[data-testid=crud-row]');
      await poll(
        () => rows.count(),
        (n) => n === 2,
        'two selected rows',
      );
      const texts = (await rows.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
      assert.deepEqual(texts, ['2 bob 31', '3 carol 40']);
      await button('Count Rows').click();
      await view
        .locator('[data-testid=crud-count]', { hasText: `2 rows match in ${CRUD}` })
        .waitFor({ timeout: 20_000 });
    });
  },
};
