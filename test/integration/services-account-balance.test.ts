// The SDK's account status and balance services, version-1 transactions with a value, and the
// console-style queries (block headers, candidate list, pending size, latest proposal), against
// the devnode on a keccak and an SM chain.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { RevertError } from '../../src/client/errors';
import { AccountService } from '../../src/client/services/account-manager';
import { BalanceService } from '../../src/client/services/balance';
import { SystemConfigService } from '../../src/client/services/system-config';
import { AuthManager } from '../../src/client/services/auth-manager';
import { signAndSend } from '../../src/client/transactions';
import { DEV_BALANCE } from '../../src/devnode/chain/keys';
import { CHAINS, useDevnode } from './services-fixture';

for (const chain of CHAINS) {
  describe(`AccountService against a ${chain.name} devnode (auth on)`, () => {
    const fx = useDevnode({ sm: chain.sm, auth: true });

    test('a governor freezes an account; its next transaction is refused with status 22', async () => {
      const accounts = new AccountService(fx.client, fx.governor);
      const ret = await accounts.freezeAccount(fx.user.address);
      assert.equal(ret.code, 0);
      assert.equal(await accounts.getAccountStatus(fx.user.address), 1);
      assert.equal(await accounts.accountAvailable(fx.user.address), false);
      // The user's own transaction: TransactionExecutive::checkAuth → "Account is frozen.".
      const mine = new AccountService(fx.client, fx.user);
      await assert.rejects(
        mine.getAccountStatus(fx.governor.address).then(() => mine.freezeAccount(fx.governor.address)),
        (e: unknown) => e instanceof RevertError && e.status === 22 && e.reason === 'Account is frozen.',
      );
      assert.equal((await accounts.unfreezeAccount(fx.user.address)).code, 0);
      assert.equal(await accounts.getAccountStatus(fx.user.address), 0);
      // Not a governor: the node's -50000 comes back as the RetCode.
      assert.equal((await mine.freezeAccount('0x' + '12'.repeat(20))).code, -50000);
      await assert.rejects(accounts.setAccountStatus(fx.user.address, 3), RangeError);
      await assert.rejects(accounts.getAccountStatus('nope'), TypeError);
    });

    test('getLatestProposal names the newest proposal', async () => {
      const auth = new AuthManager(fx.client, fx.governor);
      const before = await auth.getLatestProposal();
      const id = await auth.createSetSysConfigProposal('tx_count_limit', '1500');
      const latest = await auth.getLatestProposal();
      assert.equal(latest?.id, id);
      assert.notDeepEqual(latest, before);
    });
  });

  describe(`BalanceService and value transfers against a ${chain.name} devnode`, () => {
    const fx = useDevnode({ sm: chain.sm, auth: false });

    test('value moves with feature_balance; 0x1011 adds, transfers and lists callers', async () => {
      const config = new SystemConfigService(fx.client, fx.governor);
      const balance = new BalanceService(fx.client, fx.governor);
      // Before the feature, 0x1011 does not exist: the node answers status 19.
      await assert.rejects(
        balance.getBalance(fx.user.address),
        (e: unknown) => e instanceof RevertError && e.status === 19,
      );
      assert.equal((await config.setValueByKey('feature_balance', '1')).code, 0);
      assert.equal((await config.setValueByKey('feature_balance_precompiled', '1')).code, 0);
      assert.deepEqual(await balance.listCaller(), [fx.governor.address]);
      // A dev account holds its genesis funding in the chain state (Ledger::buildGenesisBlock,
      // importGenesisState), the balance 0x1011 reads and value transfers spend.
      const D = DEV_BALANCE;
      assert.equal(await balance.getBalance(fx.user.address), D);
      assert.equal((await balance.addBalance(fx.user.address, 1000n)).code, 0);
      assert.equal(await balance.getBalance(fx.user.address), D + 1000n);
      // A version-1 transaction with a value, signed by the SDK.
      const other = '0x' + '7e'.repeat(20);
      const { receipt } = await signAndSend(fx.client, fx.user, { to: other, input: '0x' }, { value: 250n });
      assert.equal(receipt.status, 0);
      assert.equal(await balance.getBalance(other), 250n);
      assert.equal(await balance.getBalance(fx.user.address), D + 750n);
      const tx = await fx.client.getTransactionByHash(receipt.transactionHash);
      assert.equal(tx.version, 1);
      assert.equal((tx as unknown as { value: string }).value, '0xfa');
      const short = await signAndSend(fx.client, fx.user, { to: other, input: '0x' }, { value: D + 10_000n });
      assert.equal(short.receipt.status, 7);
      assert.equal((await balance.transfer(other, fx.user.address, 50n)).code, 0);
      assert.equal(await balance.getBalance(fx.user.address), D + 800n);
      await assert.rejects(balance.addBalance(fx.user.address, -1), RangeError);
    });

    test('console queries: block headers, candidate list, pending size', async () => {
      const n = await fx.client.getBlockNumber();
      const header = await fx.client.getBlockHeaderByNumber(n);
      assert.equal(Number(header.number), n);
      assert.equal((header as unknown as Record<string, unknown>).transactions, undefined);
      assert.deepEqual(await fx.client.getBlockHeaderByHash(header.hash), header);
      assert.deepEqual(await fx.client.getCandidateList(), []);
      assert.equal(await fx.client.getPendingTxSize(), 0);
    });
  });
}
