// The table browser's message handling with the SDK against the devnode: each webview message,
// validated as the panel validates it, answered or planned, and the reply validated as the page
// validates it.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startDevnode, type Devnode } from '../../../src/devnode/index';
import { SdkChainApi } from '../../../src/extension/chain/sdkChainApi';
import type { Signer } from '../../../src/extension/chain/chainApi';
import { parseHostToKv, parseKvToHost, type HostToKv } from '../../../src/extension/messages/kvMessages';
import {
  answerRead,
  isTableRead,
  isTableWrite,
  planWrite,
  writeOutcome,
} from '../../../src/extension/models/tableBrowser';

let node: Devnode;
let api: SdkChainApi;
let signer: Signer;

before(async () => {
  node = await startDevnode({ port: 0, accounts: 1, nodes: 1, logLevel: 'silent' });
  api = new SdkChainApi({ name: 'tables', url: node.url, group: node.groupId });
  signer = { address: node.accounts[0].address, privateKey: node.accounts[0].privateKey, sm: false };
});

after(async () => {
  api?.close();
  await node?.stop();
});

/** Runs a raw webview message the way the panel does (minus the confirmation) and returns the page-side reply. */
/** A host answer as text for assertions: status lines are strings, anything else shows as JSON. */
const asText = (v: HostToKv | string): string => (typeof v === 'string' ? v : JSON.stringify(v));

async function handle(raw: unknown): Promise<HostToKv | string> {
  const m = parseKvToHost(raw);
  assert.ok(m, `rejected ${JSON.stringify(raw)}`);
  if (isTableRead(m)) {
    const reply = parseHostToKv(await answerRead(api, m));
    assert.ok(reply, 'the page accepts the reply');
    return reply;
  }
  assert.ok(isTableWrite(m));
  const { what, send } = planWrite(m);
  const r = await send(api, signer);
  assert.equal(r.ok, true, r.message);
  return writeOutcome(m, what, r);
}

describe('table browser against the devnode', () => {
  it('creates a CRUD table and opens it with its columns', async () => {
    const created = await handle({
      type: 'create',
      table: 'books',
      keyField: 'isbn',
      valueFields: ['title', 'year'],
      kind: 'crud',
    });
    assert.match(asText(created), /^Create CRUD table books\(isbn, title, year\): Success/);
    assert.deepEqual(await handle({ type: 'open', table: 'books' }), {
      type: 'table',
      table: 'books',
      keyField: 'isbn',
      valueFields: ['title', 'year'],
      keyOrder: 'lexicographic',
    });
  });

  it('inserts rows, selects a page with conditions and counts', async () => {
    for (const [isbn, title, year] of [
      ['1', 'Ada', '1990'],
      ['2', 'Bach', '2001'],
      ['3', 'Cobol', '2010'],
    ]) {
      assert.match(
        asText(await handle({ type: 'insert', table: 'books', row: { isbn, title, year } })),
        /Success \(1 row\)$/,
      );
    }
    const page = await handle({
      type: 'select',
      table: 'books',
      conditions: [{ field: 'year', op: 'gt', value: '1995' }],
      offset: 0,
      count: 1,
    });
    assert.deepEqual(page, {
      type: 'rows',
      table: 'books',
      columns: ['isbn', 'title', 'year'],
      rows: [{ isbn: '2', title: 'Bach', year: '2001' }],
      offset: 0,
      limit: 1,
    });
    const next = (await handle({
      type: 'select',
      table: 'books',
      conditions: [{ field: 'year', op: 'gt', value: '1995' }],
      offset: 1,
      count: 1,
    })) as Extract<HostToKv, { type: 'rows' }>;
    assert.deepEqual(
      next.rows.map((r) => r.title),
      ['Cobol'],
    );
    assert.deepEqual(
      await handle({
        type: 'count',
        table: 'books',
        conditions: [{ field: 'title', op: 'contains', value: 'a' }],
      }),
      { type: 'count', table: 'books', count: 2 },
    );
  });

  it('updates by key and removes by conditions, reporting the rows changed', async () => {
    assert.match(
      asText(await handle({ type: 'update', table: 'books', where: '1', fields: { year: '1991' } })),
      /^Update the row with key "1" of books: year = "1991": Success \(1 row\)$/,
    );
    assert.match(
      asText(
        await handle({ type: 'remove', table: 'books', where: [{ field: 'year', op: 'ge', value: '2001' }] }),
      ),
      /^Remove rows where year ≥ "2001" from books: Success \(2 rows\)$/,
    );
    const left = (await handle({
      type: 'select',
      table: 'books',
      conditions: [{ field: 'isbn', op: 'ge', value: '0' }],
      offset: 0,
      count: 10,
    })) as Extract<HostToKv, { type: 'rows' }>;
    assert.deepEqual(left.rows, [{ isbn: '1', title: 'Ada', year: '1991' }]);
  });

  it('still serves KV tables: create, set, get', async () => {
    await handle({ type: 'create', table: 'kv1', keyField: 'k', valueFields: ['v'] });
    await handle({ type: 'set', table: 'kv1', key: 'a', value: 'x' });
    assert.deepEqual(await handle({ type: 'get', table: 'kv1', key: 'a' }), {
      type: 'row',
      table: 'kv1',
      key: 'a',
      found: true,
      value: 'x',
    });
  });

  it('explains failures: unknown tables and columns', async () => {
    await assert.rejects(
      answerRead(api, { type: 'open', table: 'missing' }),
      /Table "missing" does not exist/,
    );
    await assert.rejects(
      answerRead(api, {
        type: 'count',
        table: 'books',
        conditions: [{ field: 'author', op: 'eq', value: 'x' }],
      }),
      /no column "author"/,
    );
  });
});
