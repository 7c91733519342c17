// createBuiltins(): every built-in contract of the devnode behind the core's seam (./types.ts).
// System contracts (BFS, consensus, system config, tables) live in this directory; governance
// (committee at 0x10001, contract auth at 0x1005, the auth hooks) comes from ./governance.

import { utf8Encode } from '../../protocol/hex';
import { accountManagerPrecompiled } from './account-manager';
import { ACCOUNT_ABOLISHED, ACCOUNT_FROZEN, accountStatus } from './account-status';
import { balancePrecompiled } from './balance';
import { bfsPrecompiled } from './bfs';
import { castPrecompiled } from './cast-tools';
import { cryptoPrecompiled } from './crypto-tools';
import { recordDeployedContract } from './bfs-tree';
import { consensusNodes } from './consensus-store';
import { consensusPrecompiled } from './consensus';
import { writeSystemGenesis } from './genesis';
import { createGovernance } from './governance';
import { BuiltinRegistry } from './registry';
import { storedConfig, systemConfig } from './system-config-store';
import { systemConfigPrecompiled } from './system-config';
import { createTableManagerPrecompiled, tableContractCode } from './table-manager';
import type { AuthHooks, Builtins } from './types';

export { recordDeployedContract } from './bfs-tree';
export { tableContractCode } from './table-manager';
export { tableContractAt } from './table-contracts';

export function createBuiltins(): Builtins {
  const governance = createGovernance();
  const auth: AuthHooks = {
    checkDeploy: (store, info) => governance.auth.checkDeploy(store, info),
    checkCall: (store, info) => governance.auth.checkCall(store, info),
    checkAccount(store, info) {
      // TransactionExecutive::checkAuth → checkAccountAvailable (auth check on, version >= 3.1).
      const status = accountStatus(store, info.origin, info.blockNumber);
      if (status === ACCOUNT_FROZEN) return { ok: false, status: 22, message: 'Account is frozen.' };
      if (status === ACCOUNT_ABOLISHED) return { ok: false, status: 23, message: 'Account is abolished.' };
      return { ok: true };
    },
    onDeployed(store, contract, info) {
      governance.auth.onDeployed(store, contract, info);
      recordDeployedContract(store, contract);
    },
  };
  // Table contracts get an ACL record like any deployment (admin = tx.origin).
  const tableManager = createTableManagerPrecompiled((ctx, address) =>
    governance.auth.onDeployed(ctx.store, address, {
      origin: ctx.origin,
      caller: ctx.caller,
      to: '',
      selector: new Uint8Array(0),
      blockNumber: ctx.blockNumber,
    }),
  );
  const precompiles = new BuiltinRegistry();
  for (const p of [
    systemConfigPrecompiled,
    tableManager,
    consensusPrecompiled,
    bfsPrecompiled,
    cryptoPrecompiled,
    castPrecompiled,
    accountManagerPrecompiled,
    ...governance.precompiles,
  ]) {
    precompiles.set(p.address, p);
  }
  // 0x1011 exists only once feature_balance_precompiled is set (TransactionExecutor registers it then).
  precompiles.setGated(
    balancePrecompiled,
    (store) => storedConfig(store, 'feature_balance_precompiled')?.value === '1',
  );
  return {
    precompiles,
    attach(store) {
      precompiles.bind(store);
    },
    genesis(store, options) {
      precompiles.bind(store);
      writeSystemGenesis(store, options);
      governance.genesis(store, options);
    },
    systemConfig,
    consensusNodes,
    auth,
    nativeCode(store, address) {
      const marker = tableContractCode(store, address);
      return marker === undefined ? undefined : utf8Encode(marker);
    },
  };
}
