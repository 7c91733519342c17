import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { RevertError } from '../../src/client/errors';
import { SystemConfigService } from '../../src/client/services/system-config';
import { CHAINS, useDevnode } from './services-fixture';

for (const chain of CHAINS) {
  describe(`SystemConfigService against a ${chain.name} devnode (auth off)`, () => {
    const fx = useDevnode({ sm: chain.sm, auth: false });
    const config = () => new SystemConfigService(fx.client, fx.user);

    test('a value set in block N is in force from block N+1', async () => {
      const ret = await config().setValueByKey('tx_count_limit', '2000');
      assert.deepEqual([ret.code, ret.msg], [0, 'Success']);
      const n = Number(ret.transactionReceipt!.blockNumber);
      assert.deepEqual(await config().getSystemConfigByKey('tx_count_limit'), {
        value: '2000',
        blockNumber: n + 1,
      });
    });

    test('invalid values: refused by the SDK checks or by the node, and nothing changes', async () => {
      await assert.rejects(
        config().setValueByKey('tx_count_limit', '0'),
        /Invalid value "0" for tx_count_limit/,
      );
      await assert.rejects(
        config().setValueByKey('tx_gas_limit', 'lots'),
        /Invalid value "lots" for tx_gas_limit/,
      );
      await assert.rejects(
        config().setValueByKey('compatibility_version', '3.1.0'),
        (e: unknown) =>
          e instanceof RevertError &&
          e.status === 15 &&
          e.reason === 'The value for compatibility_version must be a valid number.',
      );
      await assert.rejects(
        config().setValueByKey('no_such_key', '1'),
        (e: unknown) => e instanceof RevertError && e.reason === 'unsupported key no_such_key',
      );
      assert.equal((await config().getSystemConfigByKey('compatibility_version')).value, '3.16.4');
    });

    test('tx_gas_price is sent as hex, and the listing shows every key with its enable block', async () => {
      assert.equal((await config().setValueByKey('tx_gas_price', '10')).code, 0);
      assert.equal((await config().getSystemConfigByKey('tx_gas_price')).value, '0xa');
      const list = await config().listSystemConfigs();
      const byKey = new Map(list.map((e) => [e.key, e]));
      assert.equal(byKey.get('tx_gas_limit')?.enableBlock, 0);
      assert.equal(byKey.get('consensus_leader_period')?.value, '1');
      assert.equal(byKey.get('bugfix_revert')?.value, '1');
      assert.ok(!byKey.has('feature_rpbft'));
    });
  });
}

describe('SystemConfigService with auth check on', () => {
  const fx = useDevnode({ sm: false, auth: true });
  test('a governor sets a value through a proposal', async () => {
    const ret = await new SystemConfigService(fx.client, fx.governor).setValueByKey(
      'consensus_leader_period',
      '3',
    );
    assert.deepEqual([ret.code, ret.proposalStatus], [0, 'finished']);
    assert.equal((await fx.client.getSystemConfigByKey('consensus_leader_period')).value, '3');
  });
  test('a non-governor is told to make a setSysConfigProposal', async () => {
    await assert.rejects(
      new SystemConfigService(fx.client, fx.user).setValueByKey('tx_count_limit', '5'),
      /setSysConfigProposal/,
    );
    assert.equal((await fx.client.getSystemConfigByKey('tx_count_limit')).value, '1000');
  });
});
