// Deploy and call checks the core runs when auth check is on (precompiled.md §6.1): deploy ACL
// for tx.origin, contract status, then the method ACL for msg.sender on non-precompiled contracts.
// Admin records are written for every deployment, auth check on or off (≥ 3.3 behaviour).

import { isPrecompiledRange } from '../../../protocol/builtin/addresses';
import { AuthMessages, AuthStatus } from '../../../protocol/builtin/auth';
import type { AuthDecision, AuthHooks, InvocationInfo, TableStore } from '../types';
import {
  checkMethodAuth,
  hasDeployAuth,
  newAcl,
  readAcl,
  readAclShared,
  writeAcl,
} from './contract-auth-state';
import { normalizeAddress } from '../../../protocol/address';
import { toHex } from '../../../protocol/hex';

const ALLOWED: AuthDecision = { ok: true };

export function createAuthHooks(): AuthHooks {
  return {
    checkDeploy(store: TableStore, info: InvocationInfo): AuthDecision {
      if (hasDeployAuth(store, info.origin)) return ALLOWED;
      return { ok: false, status: AuthStatus.PermissionDenied, message: AuthMessages.CreateDenied };
    },

    checkCall(store: TableStore, info: InvocationInfo): AuthDecision {
      if (info.to === '' || isPrecompiledRange(info.to)) return ALLOWED;
      const acl = readAclShared(store, info.to);
      if (!acl) return ALLOWED;
      // A frozen contract's receipt carries no Error string on ≥ 3.2.
      if (acl.status === 'frozen') return { ok: false, status: AuthStatus.ContractFrozen };
      if (acl.status === 'abolish') {
        return { ok: false, status: AuthStatus.ContractAbolished, message: AuthMessages.ContractAbolished };
      }
      if (info.selector.length < 4) return ALLOWED;
      const selector = toHex(
        info.selector.length === 4 ? info.selector : info.selector.subarray(0, 4),
        false,
      );
      if (checkMethodAuth(acl, selector, info.caller)) return ALLOWED;
      return { ok: false, status: AuthStatus.PermissionDenied, message: AuthMessages.CallDenied };
    },

    onDeployed(store: TableStore, contract: string, info: InvocationInfo): void {
      const address = normalizeAddress(contract);
      if (readAcl(store, address)) return;
      writeAcl(store, address, newAcl(normalizeAddress(info.origin)));
    },
  };
}
