import { test } from 'node:test';
import assert from 'node:assert/strict';
import { COMMITTEE_MANAGER_ADDRESS, SYS_CONFIG_ADDRESS } from '../../../src/protocol/builtin/addresses';
import { CODE_NO_AUTHORIZED } from '../../../src/protocol/builtin/retcode';
import { SYS_CONFIG_ABI, SYS_CONFIG_SIG } from '../../../src/protocol/builtin/sysconfig';
import { harness, type Harness } from './harness';

const set = (h: Harness, key: string, value: string) =>
  h.call(SYS_CONFIG_ADDRESS, SYS_CONFIG_ABI, SYS_CONFIG_SIG.setValueByKey, [key, value]);
const get = async (h: Harness, key: string) => {
  const r = await h.call(SYS_CONFIG_ADDRESS, SYS_CONFIG_ABI, SYS_CONFIG_SIG.getValueByKey, [key]);
  return [r.out![0] as string, Number(r.out![1])];
};

test('genesis values are in force from block 0', async () => {
  const h = await harness();
  assert.deepEqual(h.builtins.systemConfig(h.store, 'tx_count_limit', 0), { value: '1000', enableNumber: 0 });
  assert.deepEqual(await get(h, 'compatibility_version'), ['3.16.4', 0]);
  assert.deepEqual(await get(h, 'tx_gas_price'), ['0x0', 0]);
  assert.deepEqual(await get(h, 'bugfix_revert'), ['1', 0]);
  assert.deepEqual(await get(h, 'no_such_key'), ['', -1]);
});

test('a new value takes effect from the next block', async () => {
  const h = await harness();
  h.ctx.blockNumber = 4;
  const r = await set(h, 'TX_COUNT_LIMIT', '2000');
  assert.equal(Number(r.out![0]), 0);
  assert.equal(h.builtins.systemConfig(h.store, 'tx_count_limit', 4)!.value, '1000');
  assert.deepEqual(h.builtins.systemConfig(h.store, 'tx_count_limit', 5), { value: '2000', enableNumber: 5 });
  assert.deepEqual(await get(h, 'tx_count_limit'), ['2000', 5]);
});

test('invalid values are PrecompiledErrors with the node texts and change nothing', async () => {
  const h = await harness();
  const cases: [string, string, string][] = [
    ['tx_count_limit', '0', 'Invalid value 0 ,the value for tx_count_limit must be no less than 1'],
    ['tx_gas_limit', '99999', 'Invalid value 99999 ,the value for tx_gas_limit must be no less than 100000'],
    ['consensus_leader_period', 'abc', 'The value for consensus_leader_period must be a valid number.'],
    ['tx_count_limit', '', 'The value for tx_count_limit must be non-empty.'],
    ['nope', '1', 'unsupported key nope'],
    ['tx_gas_price', '100', 'The value for tx_gas_price must be a valid number.'],
    ['compatibility_version', '3.1.0', 'The value for compatibility_version must be a valid number.'],
    ['auth_check_status', '256', 'Invalid status value, must less than 255'],
    ['feature_balance_precompiled', '1', 'must set feature_balance first'],
    ['feature_rpbft', '0', 'The value for feature_rpbft must be a valid number.'],
  ];
  for (const [key, value, reason] of cases) {
    const r = await set(h, key, value);
    assert.equal(r.status, 15, key);
    assert.equal(r.reason, reason);
  }
  assert.match(
    (await set(h, 'compatibility_version', '3.x')).reason!,
    /^Invalid value for compatibility_version\. The version must be/,
  );
  assert.deepEqual(await get(h, 'tx_count_limit'), ['1000', 0]);
  assert.equal(Number((await set(h, 'compatibility_version', '3.16.4')).out![0]), 0);
  assert.equal(Number((await set(h, 'tx_gas_price', '0x0a')).out![0]), 0);
  assert.equal(Number((await set(h, 'feature_balance', '1')).out![0]), 0);
});

test('with auth check on only the committee may set values', async () => {
  const h = await harness({ authEnabled: true });
  assert.equal(Number((await set(h, 'tx_count_limit', '5')).out![0]), CODE_NO_AUTHORIZED);
  assert.deepEqual(await get(h, 'auth_check_status'), ['1', 0]);
  h.ctx.caller = COMMITTEE_MANAGER_ADDRESS;
  assert.equal(Number((await set(h, 'tx_count_limit', '5')).out![0]), 0);
});

test('bugfix_evm_create2_delegatecall_staticcall_codecopy is on from genesis and stays on', async () => {
  // With the flag off (a real chain whose genesis is < 3.2.4, or 3.3 / 3.4 / 3.5) a STATICCALL's
  // request would not be a staticCall (HostContext::externalRequest sets it only under the flag),
  // so the method ACL would apply to it and the callee would run without the static flag
  // (TransactionExecutive::go). None of that is reachable here:
  const h = await harness();
  const flag = 'bugfix_evm_create2_delegatecall_staticcall_codecopy';
  // Features::setGenesisFeatures(3.16.4) → setUpgradeFeatures(MIN_VERSION, 3.16.4) sets it (3.2.4 step).
  assert.deepEqual(await get(h, flag), ['1', 0]);
  // SystemConfigPrecompiled::validate: a feature's value must be "1" (re-thrown as "must be a
  // valid number"), so it cannot be switched off ...
  const off = await set(h, flag, '0');
  assert.equal(off.status, 15);
  assert.equal(off.reason, `The value for ${flag} must be a valid number.`);
  // ... and compatibility_version cannot go below the current one (SystemConfigPrecompiled's
  // converter: "should not lower than version nowadays", re-thrown the same way by validate).
  const older = await set(h, 'compatibility_version', '3.2.3');
  assert.equal(older.status, 15);
  assert.equal(older.reason, 'The value for compatibility_version must be a valid number.');
  assert.deepEqual(await get(h, flag), ['1', 0]);
  assert.deepEqual(await get(h, 'compatibility_version'), ['3.16.4', 0]);
});
