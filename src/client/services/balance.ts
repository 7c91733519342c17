// BalanceService: the BalancePrecompiled at 0x1011 (Java SDK BalanceService; console getBalance,
// addBalance, subBalance, transferBalance, registerBalanceGovernor, unregisterBalanceGovernor,
// listBalanceGovernor). It exists only on chains with feature_balance_precompiled; elsewhere the
// node answers status 19 (no contract at 0x1011). Amounts are in the chain's smallest unit (wei).

import { BALANCE_ADDRESS } from '../../protocol/builtin/addresses';
import { BALANCE_ABI } from '../../protocol/builtin/balance';
import { runMethodAsync, type AsyncArgs } from '../callback';
import { BuiltinService, type TxRetCode } from './builtin-service';

function addressArg(op: string, name: string, value: unknown): string {
  if (typeof value !== 'string' || !/^(0x)?[0-9a-fA-F]{40}$/.test(value.trim()))
    throw new TypeError(`${op}: ${name} must be a 20-byte hex address, got ${String(value)}`);
  return '0x' + value.trim().replace(/^0x/i, '').toLowerCase();
}

function amountArg(op: string, value: bigint | number | string): bigint {
  let n: bigint;
  try {
    n = BigInt(value);
  } catch {
    throw new TypeError(`${op}: amount must be a whole number, got ${String(value)}`);
  }
  if (n < 0n || n >= 1n << 256n) throw new RangeError(`${op}: amount must be in 0..2^256-1, got ${n}`);
  return n;
}

export class BalanceService extends BuiltinService {
  async getBalance(account: string): Promise<bigint> {
    const [v] = await this.query(BALANCE_ADDRESS, BALANCE_ABI, 'getBalance', [
      addressArg('getBalance', 'account', account),
    ]);
    return BigInt(String(v));
  }

  /** Balance callers only (governors are registered when the feature is switched on). */
  async addBalance(account: string, amount: bigint | number | string): Promise<TxRetCode> {
    return this.transactForRetCode(BALANCE_ADDRESS, BALANCE_ABI, 'addBalance', [
      addressArg('addBalance', 'account', account),
      amountArg('addBalance', amount),
    ]);
  }

  async subBalance(account: string, amount: bigint | number | string): Promise<TxRetCode> {
    return this.transactForRetCode(BALANCE_ADDRESS, BALANCE_ABI, 'subBalance', [
      addressArg('subBalance', 'account', account),
      amountArg('subBalance', amount),
    ]);
  }

  async transfer(from: string, to: string, amount: bigint | number | string): Promise<TxRetCode> {
    return this.transactForRetCode(BALANCE_ADDRESS, BALANCE_ABI, 'transfer', [
      addressArg('transfer', 'from', from),
      addressArg('transfer', 'to', to),
      amountArg('transfer', amount),
    ]);
  }

  /** tx.origin must be a governor. */
  async registerCaller(account: string): Promise<TxRetCode> {
    return this.transactForRetCode(BALANCE_ADDRESS, BALANCE_ABI, 'registerCaller', [
      addressArg('registerCaller', 'account', account),
    ]);
  }

  /** tx.origin must be a governor; the last caller cannot be removed. */
  async unregisterCaller(account: string): Promise<TxRetCode> {
    return this.transactForRetCode(BALANCE_ADDRESS, BALANCE_ABI, 'unregisterCaller', [
      addressArg('unregisterCaller', 'account', account),
    ]);
  }

  async listCaller(): Promise<string[]> {
    const [list] = await this.query(BALANCE_ADDRESS, BALANCE_ABI, 'listCaller', []);
    if (!Array.isArray(list)) throw new TypeError('listCaller: the node returned no address list');
    return list.map((a) => String(a).toLowerCase());
  }

  getBalanceAsync(...args: AsyncArgs<Parameters<BalanceService['getBalance']>, bigint>): void {
    runMethodAsync<BalanceService>(this, 'getBalance', args);
  }

  addBalanceAsync(...args: AsyncArgs<Parameters<BalanceService['addBalance']>, TxRetCode>): void {
    runMethodAsync<BalanceService>(this, 'addBalance', args);
  }

  transferAsync(...args: AsyncArgs<Parameters<BalanceService['transfer']>, TxRetCode>): void {
    runMethodAsync<BalanceService>(this, 'transfer', args);
  }
}
