// AccountService: the AccountManager built-in at 0x10003 (Java SDK AuthManager.setAccountStatus /
// accountAvailable; console freezeAccount, unfreezeAccount, abolishAccount, getAccountStatus).
// Only governors may set a status; the new status applies from the next block, and only on chains
// with auth check on does the node refuse a frozen (22) or abolished (23) account's transactions.

import { ACCOUNT_MANAGER_ABI, ACCOUNT_STATUS_NAMES, AccountStatus } from '../../protocol/builtin/account';
import { ACCOUNT_MANAGER_ADDRESS } from '../../protocol/builtin/addresses';
import { runMethodAsync, type AsyncArgs } from '../callback';
import { BuiltinService, type TxRetCode } from './builtin-service';

export { AccountStatus, ACCOUNT_STATUS_NAMES };
export type AccountStatusName = (typeof ACCOUNT_STATUS_NAMES)[number];

function accountArg(op: string, value: unknown): string {
  if (typeof value !== 'string' || !/^(0x)?[0-9a-fA-F]{40}$/.test(value.trim()))
    throw new TypeError(`${op}: account must be a 20-byte hex address, got ${String(value)}`);
  const body = value.trim().replace(/^0x/i, '');
  return '0x' + body.toLowerCase();
}

export class AccountService extends BuiltinService {
  /** 0 normal, 1 frozen, 2 abolished (abolishing is final). Resolves with the RetCode (-50000: not a governor). */
  async setAccountStatus(account: string, status: number): Promise<TxRetCode> {
    const op = 'setAccountStatus';
    const address = accountArg(op, account);
    if (!Number.isInteger(status) || status < 0 || status > 2)
      throw new RangeError(`${op}: status must be 0 (normal), 1 (frozen) or 2 (abolished), got ${status}`);
    return this.transactForRetCode(ACCOUNT_MANAGER_ADDRESS, ACCOUNT_MANAGER_ABI, 'setAccountStatus', [
      address,
      status,
    ]);
  }

  freezeAccount(account: string): Promise<TxRetCode> {
    return this.setAccountStatus(account, AccountStatus.Frozen);
  }

  unfreezeAccount(account: string): Promise<TxRetCode> {
    return this.setAccountStatus(account, AccountStatus.Normal);
  }

  /** Irreversible: an abolished account can never transact again (with auth check on). */
  abolishAccount(account: string): Promise<TxRetCode> {
    return this.setAccountStatus(account, AccountStatus.Abolished);
  }

  /** The status in force for the next block: 0 normal, 1 frozen, 2 abolished. */
  async getAccountStatus(account: string): Promise<number> {
    const address = accountArg('getAccountStatus', account);
    const [status] = await this.query(ACCOUNT_MANAGER_ADDRESS, ACCOUNT_MANAGER_ABI, 'getAccountStatus', [
      address,
    ]);
    return Number(String(status));
  }

  /** Java SDK accountAvailable: true when the status is normal. */
  async accountAvailable(account: string): Promise<boolean> {
    return (await this.getAccountStatus(account)) === AccountStatus.Normal;
  }

  setAccountStatusAsync(...args: AsyncArgs<Parameters<AccountService['setAccountStatus']>, TxRetCode>): void {
    runMethodAsync<AccountService>(this, 'setAccountStatus', args);
  }

  getAccountStatusAsync(...args: AsyncArgs<Parameters<AccountService['getAccountStatus']>, number>): void {
    runMethodAsync<AccountService>(this, 'getAccountStatus', args);
  }
}
