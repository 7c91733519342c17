// BalancePrecompiled at 0x1011 (bcos-executor BalancePrecompiled), present only with
// feature_balance_precompiled: balance callers (governors, registered when the feature is set,
// see SystemConfigPrecompiled::registerGovernorToCaller) add, subtract and transfer balances;
// anyone reads them. Balances live in the EVM state, so BALANCE and value transfers agree.

import { BALANCE_ADDRESS } from '../../protocol/builtin/addresses';
import { BALANCE_ABI } from '../../protocol/builtin/balance';
import { CODE_SUCCESS } from '../../protocol/builtin/retcode';
import { readGovernors } from './governance/committee-state';
import { bareAddress, definePrecompiled, PrecompiledError } from './precompiled-base';
import type { PrecompiledContext, TableStore } from './types';

/** ledger::SYS_BALANCE_CALLER: account hex (no 0x) → "1". */
export const BALANCE_CALLER_TABLE = 's_balance_caller';

export { BALANCE_ABI };

const denied = (what: string) =>
  new PrecompiledError(
    `Permission denied. Please use "listBalanceGovernor" to check which account(or contract) can ${what}`,
  );

function callers(store: TableStore): string[] {
  return store.keys(BALANCE_CALLER_TABLE).filter((k) => store.get(BALANCE_CALLER_TABLE, k) !== undefined);
}

function checkCaller(ctx: PrecompiledContext, what: string): void {
  if (ctx.store.get(BALANCE_CALLER_TABLE, bareAddress(ctx.caller)) === undefined) throw denied(what);
}

function balances(ctx: PrecompiledContext) {
  if (ctx.balances === undefined)
    throw new PrecompiledError('BalancePrecompiled: balances are not available');
  return ctx.balances;
}

/** BalancePrecompiled::checkOriginAuth: tx.origin must be a governor. */
function checkOriginGovernor(ctx: PrecompiledContext): void {
  const origin = ctx.origin.toLowerCase();
  if (!readGovernors(ctx.store).some((g) => g.address === origin))
    throw new PrecompiledError('only governor can register caller');
}

/** Called when feature_balance_precompiled is set: every governor becomes a balance caller. */
export function registerGovernorsAsCallers(store: TableStore): void {
  for (const g of readGovernors(store)) {
    const key = bareAddress(g.address);
    if (store.get(BALANCE_CALLER_TABLE, key) === undefined) store.set(BALANCE_CALLER_TABLE, key, '1');
  }
}

export const balancePrecompiled = definePrecompiled({
  address: BALANCE_ADDRESS,
  name: 'BalancePrecompiled',
  abi: BALANCE_ABI,
  functions: {
    'getBalance(address)': { run: async (ctx, a) => [await balances(ctx).get(String(a[0]))] },
    'addBalance(address,uint256)': {
      write: true,
      async run(ctx, a) {
        checkCaller(ctx, 'addBalance');
        await balances(ctx).add(String(a[0]), BigInt(String(a[1])));
        return [CODE_SUCCESS];
      },
    },
    'subBalance(address,uint256)': {
      write: true,
      async run(ctx, a) {
        checkCaller(ctx, 'subBalance');
        try {
          await balances(ctx).sub(String(a[0]), BigInt(String(a[1])));
        } catch (e) {
          // The account's NotEnoughCash comes back through setExternalResult as a PrecompiledError.
          throw new PrecompiledError(`External call revert: ${e instanceof Error ? e.message : String(e)}`);
        }
        return [CODE_SUCCESS];
      },
    },
    'transfer(address,address,uint256)': {
      write: true,
      async run(ctx, a) {
        checkCaller(ctx, 'transferBalance');
        const b = balances(ctx);
        const value = BigInt(String(a[2]));
        if ((await b.get(String(a[0]))) < value)
          throw new PrecompiledError(
            'transfer failed, account subBalance failed, please check the account balance',
          );
        await b.sub(String(a[0]), value);
        await b.add(String(a[1]), value);
        return [CODE_SUCCESS];
      },
    },
    'registerCaller(address)': {
      write: true,
      run(ctx, a) {
        checkOriginGovernor(ctx);
        const key = bareAddress(String(a[0]));
        if (ctx.store.get(BALANCE_CALLER_TABLE, key) !== undefined)
          throw new PrecompiledError('caller already exist');
        ctx.store.set(BALANCE_CALLER_TABLE, key, '1');
        return [CODE_SUCCESS];
      },
    },
    'unregisterCaller(address)': {
      write: true,
      run(ctx, a) {
        checkOriginGovernor(ctx);
        const key = bareAddress(String(a[0]));
        if (callers(ctx.store).length === 1)
          throw new PrecompiledError('BalanceGovernor table only has one account, prohibit to unregister');
        if (ctx.store.get(BALANCE_CALLER_TABLE, key) === undefined)
          throw new PrecompiledError('caller not exist');
        ctx.store.set(BALANCE_CALLER_TABLE, key, undefined);
        return [CODE_SUCCESS];
      },
    },
    'listCaller()': {
      run(ctx) {
        const list = callers(ctx.store);
        if (list.length === 0) throw new PrecompiledError('caller table is empty.');
        return [list.map((k) => '0x' + k)];
      },
    },
  },
});
