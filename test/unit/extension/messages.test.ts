// Webview ↔ host messages are validated on arrival; anything malformed is dropped.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseBlockToHost, parseHostToBlock } from '../../../src/extension/messages/blockMessages';
import { parseCallToHost, parseHostToCall } from '../../../src/extension/messages/callMessages';
import {
  parseHostToPermissions,
  parsePermissionsToHost,
} from '../../../src/extension/messages/permissionMessages';
import { parseHostToKv, parseKvToHost } from '../../../src/extension/messages/kvMessages';

describe('block panel messages', () => {
  it('accepts navigation by number, hash and transaction', () => {
    assert.deepEqual(parseBlockToHost({ type: 'openBlock', id: 3 }), { type: 'openBlock', id: 3 });
    assert.ok(parseBlockToHost({ type: 'openBlock', id: `0x${'a'.repeat(64)}` }));
    assert.ok(parseBlockToHost({ type: 'openTransaction', hash: `0x${'b'.repeat(64)}` }));
    assert.ok(parseBlockToHost({ type: 'ready' }));
    assert.ok(parseBlockToHost({ type: 'debugTransaction', hash: `0x${'c'.repeat(64)}` }));
  });

  it('rejects malformed or unknown messages', () => {
    assert.equal(parseBlockToHost({ type: 'openBlock', id: -1 }), undefined);
    assert.equal(parseBlockToHost({ type: 'openBlock', id: 'latest; rm -rf' }), undefined);
    assert.equal(parseBlockToHost({ type: 'openTransaction', hash: '0x12' }), undefined);
    assert.equal(parseBlockToHost({ type: 'debugTransaction', hash: 'latest' }), undefined);
    assert.equal(parseBlockToHost({ type: 'eval', code: '1' }), undefined);
    assert.equal(parseBlockToHost(null), undefined);
    assert.equal(parseHostToBlock({ type: 'show', view: { kind: 'other' } }), undefined);
    assert.ok(parseHostToBlock({ type: 'error', message: 'x' }));
  });
});

describe('call form messages', () => {
  it('accepts an invoke with a function signature, args and mode', () => {
    const m = { type: 'invoke', requestId: 1, signature: 'set(uint256)', args: ['1'], mode: 'send' };
    assert.deepEqual(parseCallToHost(m), m);
  });

  it('accepts a Debug request for a failed transaction or call, and nothing malformed', () => {
    const tx = { type: 'debug', target: { txHash: `0x${'d'.repeat(64)}` } };
    assert.deepEqual(parseCallToHost(tx), tx);
    const call = { type: 'debug', target: { call: { to: `0x${'1'.repeat(40)}`, data: '0xabcd' } } };
    assert.deepEqual(parseCallToHost(call), call);
    for (const target of [
      { txHash: '0x12' },
      { call: { to: 'nope', data: '0x' } },
      { call: { to: `0x${'1'.repeat(40)}`, data: '0xabc' } },
      { call: { to: `0x${'1'.repeat(40)}`, data: '0x', from: 7 } },
      'x',
    ])
      assert.equal(parseCallToHost({ type: 'debug', target }), undefined, JSON.stringify(target));
  });

  it('rejects bad modes, signatures and argument containers', () => {
    assert.equal(
      parseCallToHost({
        type: 'invoke',
        requestId: 1,
        signature: 'set(uint256)',
        args: ['1'],
        mode: 'delegate',
      }),
      undefined,
    );
    assert.equal(
      parseCallToHost({ type: 'invoke', requestId: 1, signature: 'not a signature', args: [], mode: 'call' }),
      undefined,
    );
    assert.equal(
      parseCallToHost({ type: 'invoke', requestId: 1, signature: 'f()', args: {}, mode: 'call' }),
      undefined,
    );
    assert.equal(
      parseHostToCall({ type: 'result', result: { requestId: 'x', ok: true, message: '' } }),
      undefined,
    );
    assert.ok(
      parseHostToCall({
        type: 'init',
        contract: { name: 'A', address: '0x' },
        functions: [],
        lastInputs: {},
      }),
    );
    // feature_balance changed while the form is open (callPanel.ts refreshBalance).
    assert.deepEqual(parseHostToCall({ type: 'balance', on: true }), { type: 'balance', on: true });
    assert.equal(parseHostToCall({ type: 'balance', on: 'yes' }), undefined);
  });
});

describe('permission editor messages', () => {
  const account = `0x${'1'.repeat(40)}`;
  it('accepts each action with valid fields', () => {
    assert.ok(parsePermissionsToHost({ type: 'action', action: { type: 'setDeployAuthType', authType: 1 } }));
    assert.ok(
      parsePermissionsToHost({ type: 'action', action: { type: 'modifyDeployAuth', account, open: true } }),
    );
    assert.ok(
      parsePermissionsToHost({
        type: 'action',
        action: { type: 'setMethodAuth', selector: '0x12345678', account, open: false },
      }),
    );
    assert.ok(parsePermissionsToHost({ type: 'refresh' }));
  });

  it('rejects out-of-range types, bad addresses and selectors', () => {
    assert.equal(
      parsePermissionsToHost({ type: 'action', action: { type: 'setDeployAuthType', authType: 0 } }),
      undefined,
    );
    assert.equal(
      parsePermissionsToHost({
        type: 'action',
        action: { type: 'modifyDeployAuth', account: '0x1', open: true },
      }),
      undefined,
    );
    assert.equal(
      parsePermissionsToHost({
        type: 'action',
        action: { type: 'setMethodAuthType', selector: '0x1234', authType: 1 },
      }),
      undefined,
    );
    assert.equal(parsePermissionsToHost({ type: 'action', action: { type: 'selfdestruct' } }), undefined);
    assert.equal(parseHostToPermissions({ type: 'state', state: {} }), undefined);
    assert.ok(parseHostToPermissions({ type: 'outcome', ok: true, message: 'done' }));
  });
});

describe('KV browser messages', () => {
  it('accepts lookups, writes and table creation with valid names', () => {
    assert.ok(parseKvToHost({ type: 'get', table: 't_1', key: 'k' }));
    assert.ok(parseKvToHost({ type: 'set', table: 't', key: 'k', value: '' }));
    assert.ok(parseKvToHost({ type: 'create', table: 't', keyField: 'id', valueFields: ['a', 'b'] }));
    assert.ok(parseHostToKv({ type: 'row', table: 't', key: 'k', found: false, value: '' }));
  });

  it('rejects bad table names, empty keys and field lists', () => {
    assert.equal(parseKvToHost({ type: 'open', table: '../sys' }), undefined);
    assert.equal(parseKvToHost({ type: 'get', table: 't', key: '' }), undefined);
    assert.equal(parseKvToHost({ type: 'create', table: 't', keyField: 'id', valueFields: [] }), undefined);
    assert.equal(
      parseKvToHost({ type: 'create', table: 't', keyField: 'id', valueFields: ['bad name'] }),
      undefined,
    );
  });
});

describe('table browser CRUD messages', () => {
  const cond = { field: 'age', op: 'ge', value: '30' };
  it('accepts selects, counts and row writes by key or conditions', () => {
    assert.ok(parseKvToHost({ type: 'select', table: 't', conditions: [cond], offset: 0, count: 500 }));
    assert.ok(
      parseKvToHost({
        type: 'count',
        table: 't',
        conditions: [cond, { field: 'name', op: 'startsWith', value: 'A' }],
      }),
    );
    assert.ok(parseKvToHost({ type: 'insert', table: 't', row: { id: '1', name: 'Ann' } }));
    assert.ok(parseKvToHost({ type: 'update', table: 't', where: '1', fields: { name: 'Bo' } }));
    assert.ok(parseKvToHost({ type: 'remove', table: 't', where: [cond] }));
    assert.ok(
      parseKvToHost({ type: 'create', table: 't', keyField: 'id', valueFields: ['a'], kind: 'crud' }),
    );
    assert.ok(
      parseHostToKv({ type: 'rows', table: 't', columns: ['id'], rows: [{ id: '1' }], offset: 0, limit: 50 }),
    );
    assert.ok(parseHostToKv({ type: 'count', table: 't', count: 3 }));
  });

  it('rejects unknown operators, empty conditions, over-limit pages and non-text cells', () => {
    assert.equal(
      parseKvToHost({
        type: 'select',
        table: 't',
        conditions: [{ ...cond, op: 'like' }],
        offset: 0,
        count: 10,
      }),
      undefined,
    );
    assert.equal(
      parseKvToHost({ type: 'select', table: 't', conditions: [], offset: 0, count: 10 }),
      undefined,
    );
    assert.equal(
      parseKvToHost({ type: 'select', table: 't', conditions: [cond], offset: 0, count: 501 }),
      undefined,
    );
    assert.equal(
      parseKvToHost({ type: 'select', table: 't', conditions: [cond], offset: -1, count: 1 }),
      undefined,
    );
    assert.equal(parseKvToHost({ type: 'insert', table: 't', row: { id: 1 } }), undefined);
    assert.equal(parseKvToHost({ type: 'insert', table: 't', row: {} }), undefined);
    assert.equal(parseKvToHost({ type: 'update', table: 't', where: '', fields: { a: 'b' } }), undefined);
    assert.equal(parseKvToHost({ type: 'remove', table: 't', where: { field: 'id' } }), undefined);
    assert.equal(
      parseKvToHost({ type: 'create', table: 't', keyField: 'id', valueFields: ['a'], kind: 'sql' }),
      undefined,
    );
    assert.equal(
      parseHostToKv({ type: 'rows', table: 't', columns: ['id'], rows: [{ id: 1 }], offset: 0, limit: 1 }),
      undefined,
    );
  });
});

describe('permission editor state', () => {
  const account = `0x${'1'.repeat(40)}`;
  const base = { account, isGovernor: true, authEnabled: true, deployAuthType: 2 };
  it('accepts the deploy list derived from proposal history, or the reason it is missing', () => {
    assert.ok(
      parseHostToPermissions({
        type: 'state',
        state: { ...base, deployList: [{ account, canDeploy: false, lastProposalId: 3 }] },
      }),
    );
    assert.ok(
      parseHostToPermissions({
        type: 'state',
        state: { ...base, deployListError: 'getProposalInfoList failed' },
      }),
    );
  });

  it('rejects malformed deploy entries and method views', () => {
    assert.equal(
      parseHostToPermissions({
        type: 'state',
        state: { ...base, deployList: [{ account: 'x', canDeploy: false, lastProposalId: 3 }] },
      }),
      undefined,
    );
    assert.equal(
      parseHostToPermissions({
        type: 'state',
        state: { ...base, deployList: [{ account, canDeploy: 'no', lastProposalId: 3 }] },
      }),
      undefined,
    );
    const contract = {
      name: 'C',
      address: account,
      admin: account,
      isAdmin: true,
      methods: [{ signature: 'set(uint256)', selector: '0x1', authType: 1, access: [], block: [] }],
    };
    assert.equal(parseHostToPermissions({ type: 'state', state: { ...base, contract } }), undefined);
  });
});
