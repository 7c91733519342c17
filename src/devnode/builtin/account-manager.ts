// AccountManagerPrecompiled at 0x10003 (bcos-executor AccountManagerPrecompiled::setAccountStatus /
// getAccountStatus, AccountPrecompiled::setAccountStatus): governors freeze, unfreeze or abolish
// externally owned accounts; the core refuses their transactions (auth-hooks.ts) from the next
// block on. Governors are read live from the committee.

import { ACCOUNT_MANAGER_ABI } from '../../protocol/builtin/account';
import { ACCOUNT_MANAGER_ADDRESS } from '../../protocol/builtin/addresses';
import { CODE_ACCOUNT_ALREADY_EXIST, CODE_NO_AUTHORIZED } from '../../protocol/builtin/retcode';
import { isRecordedContract } from './bfs-tree';
import { isGovernor } from './governance/committee-state';
import { ACCOUNT_ABOLISHED, accountStatus, storedAccountStatus, writeAccountStatus } from './account-status';
import { definePrecompiled, PrecompiledError } from './precompiled-base';

export { ACCOUNT_MANAGER_ABI };

export const accountManagerPrecompiled = definePrecompiled({
  address: ACCOUNT_MANAGER_ADDRESS,
  name: 'AccountManagerPrecompiled',
  abi: ACCOUNT_MANAGER_ABI,
  functions: {
    'setAccountStatus(address,uint8)': {
      write: true,
      run(ctx, args) {
        const account = String(args[0]).toLowerCase();
        const status = Number(args[1]);
        // The caller (msg.sender) must be a governor, else the return code -50000.
        if (!isGovernor(ctx.store, ctx.caller)) return [CODE_NO_AUTHORIZED];
        if (isGovernor(ctx.store, account)) throw new PrecompiledError("Should not set governor's status.");
        const current = storedAccountStatus(ctx.store, account);
        if (current === undefined && isRecordedContract(ctx.store, account)) {
          // A contract (/apps/<address>) is not an account.
          return [CODE_ACCOUNT_ALREADY_EXIST];
        }
        if (current === ACCOUNT_ABOLISHED && status !== ACCOUNT_ABOLISHED) {
          // AccountPrecompiled throws; the manager passes the failed external call up.
          throw new PrecompiledError(
            'External call revert: Account already abolish, should not set any status.',
          );
        }
        writeAccountStatus(ctx.store, account, status, ctx.blockNumber);
        return [0];
      },
    },
    'getAccountStatus(address)': {
      run: (ctx, args) => [accountStatus(ctx.store, String(args[0]), ctx.blockNumber)],
    },
  },
});
