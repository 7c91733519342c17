// The dev accounts `npm start` hands to the extension (FISCO_BCOS_DEV_ACCOUNTS): accepted only for
// the named loopback connection at the same URL, and only keys that derive their addresses.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { isLoopbackUrl, readDevAccounts } from '../../../src/extension/accounts/devAccountsEnv';
import { generateKey } from '../../../src/extension/accounts/keyMaterial';

const a0 = generateKey(false);
const a1 = generateKey(false);
const accounts = [a0, a1].map((k) => ({ address: k.address, privateKey: k.privateKey }));
const local = { name: 'Dev Node (npm start)', url: 'http://127.0.0.1:20200' };
const raw = (o: object) => JSON.stringify({ connection: local.name, url: local.url, accounts, ...o });

describe('dev accounts handed over by npm start', () => {
  it('recognises loopback URLs only', () => {
    for (const u of [
      'http://127.0.0.1:20200',
      'https://localhost:1',
      'http://[::1]:8545',
      'http://127.5.0.1',
    ])
      assert.equal(isLoopbackUrl(u), true, u);
    for (const u of [
      'http://10.0.0.1:20200',
      'http://127.0.0.1.example.com',
      'http://example.com',
      'not a url',
    ])
      assert.equal(isLoopbackUrl(u), false, u);
  });

  it('is a no-op without the variable', () => {
    assert.equal(readDevAccounts(undefined, [local]), undefined);
    assert.equal(readDevAccounts('', [local]), undefined);
  });

  it('accepts the keys for the named loopback connection, in order', () => {
    const r = readDevAccounts(raw({}), [{ name: 'other', url: 'http://10.1.1.1:20200' }, local]);
    assert.ok(r && 'keys' in r, JSON.stringify(r));
    assert.equal(r.connection, local.name);
    assert.deepEqual(
      r.keys.map((k) => k.address),
      [a0.address, a1.address],
    );
    assert.equal(r.keys[0].sm, false);
  });

  it('refuses a remote URL, a connection pointing elsewhere, unknown names and wrong keys', () => {
    const refused = (text: string, conns = [local]) => {
      const r = readDevAccounts(text, conns);
      assert.ok(r && 'refused' in r, JSON.stringify(r));
      return r.refused;
    };
    assert.match(refused(raw({ url: 'http://10.0.0.5:20200' })), /not a loopback/);
    assert.match(
      refused(raw({}), [{ ...local, url: 'http://10.0.0.5:20200' }]),
      /points at http:\/\/10\.0\.0\.5/,
    );
    assert.match(refused(raw({}), [{ ...local, url: 'http://127.0.0.1:20201' }]), /not the local node/);
    assert.match(refused(raw({ connection: 'Someone else' })), /no connection named/);
    assert.match(refused(raw({ accounts: [{ address: a1.address, privateKey: a0.privateKey }] })), /derives/);
    assert.match(refused(raw({ accounts: [] })), /no accounts/);
    assert.match(refused('{not json'), /not JSON/);
  });
});
