// The context message every webview receives when it opens and whenever the active connection,
// group or account changes: each page's parser accepts it and rejects malformed ones.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  contextKey,
  describeContext,
  isContextMessage,
} from '../../../src/extension/messages/contextMessages';
import { parseHostToBlock } from '../../../src/extension/messages/blockMessages';
import { parseHostToCall, parseCallToHost } from '../../../src/extension/messages/callMessages';
import { parseHostToKv } from '../../../src/extension/messages/kvMessages';
import {
  parseHostToPermissions,
  parsePermissionsToHost,
} from '../../../src/extension/messages/permissionMessages';

const account = '0x' + 'ab'.repeat(20);
const context = { connection: 'Dev', group: 'group0', account, accountLabel: 'Alice' };

describe('context messages', () => {
  it('every page accepts the same context message, with or without a gone subject', () => {
    for (const m of [
      { type: 'context', context },
      { type: 'context', context: { connection: '', group: '' } },
      { type: 'context', context, gone: 'Counter does not exist on Dev (group0).' },
    ]) {
      assert.ok(isContextMessage(m));
      for (const parse of [parseHostToBlock, parseHostToCall, parseHostToKv, parseHostToPermissions])
        assert.deepEqual(parse(m), m);
    }
  });

  it('rejects malformed context messages', () => {
    for (const m of [
      { type: 'context' },
      { type: 'context', context: { connection: 1, group: 'g' } },
      { type: 'context', context: { connection: 'a' } },
      { type: 'context', context, gone: 5 },
      { type: 'context', context: { ...context, account: 7 } },
    ]) {
      assert.equal(isContextMessage(m), false, JSON.stringify(m));
      assert.equal(parseHostToPermissions(m), undefined);
    }
  });

  it('describes the context in one line and keys it by connection, group and account', () => {
    assert.equal(describeContext(context), 'Dev · group0 · Alice (0xabab…abab)');
    assert.equal(describeContext({ connection: 'Dev', group: 'g1' }), 'Dev · g1 · no account');
    assert.equal(describeContext({ connection: '', group: '' }), 'No active connection');
    assert.notEqual(contextKey(context), contextKey({ ...context, account: undefined }));
    assert.notEqual(contextKey(context), contextKey({ ...context, group: 'group1' }));
    assert.equal(contextKey(context), contextKey({ ...context, accountLabel: 'renamed' }));
  });

  it('actions and sends carry the account the page showed', () => {
    const action = { type: 'setMethodAuthType', selector: '0x12345678', authType: 1 };
    assert.deepEqual(parsePermissionsToHost({ type: 'action', action, account }), {
      type: 'action',
      action,
      account,
    });
    assert.deepEqual(parsePermissionsToHost({ type: 'action', action }), { type: 'action', action });
    assert.equal(parsePermissionsToHost({ type: 'action', action, account: 3 }), undefined);
    const invoke = { type: 'invoke', requestId: 1, signature: 'f()', args: [], mode: 'send' };
    assert.deepEqual(parseCallToHost({ ...invoke, account: '' }), { ...invoke, account: '' });
    assert.equal(parseCallToHost({ ...invoke, account: 1 }), undefined);
  });

  it('a block error may offer the latest block', () => {
    const m = { type: 'error', message: 'Block 9 does not exist yet', latest: 4 };
    assert.deepEqual(parseHostToBlock(m), m);
    assert.equal(parseHostToBlock({ ...m, latest: 'x' }), undefined);
  });
});
