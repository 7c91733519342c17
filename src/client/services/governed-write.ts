// Writes to 0x1000 (system config) and 0x1003 (consensus) are committee-only while auth check is
// on (precompiled.md §3.2/§6.1). The services then go through a proposal, as the console does, or
// say which proposal to make; a direct call would only come back with -50000.

import type { Account } from '../../protocol/account';
import { proposalStatusName } from '../../protocol/builtin/committee';
import { CODE_NO_AUTHORIZED, type RetCode } from '../../protocol/builtin/retcode';
import { KEY_AUTH_CHECK_STATUS } from '../../protocol/builtin/sysconfig';
import type { SendTransactionReceiptJson } from '../../protocol/rpc/types';
import type { Client } from '../client';
import { getChainInfo, type SendOptions } from '../transactions';
import { AuthManager, ProposalExecutionError } from './auth-manager';
import { BuiltinService } from './builtin-service';

export interface GovernedServiceOptions extends SendOptions {
  /** AuthManager used for proposals when auth check is on (default: one for the same client and account). */
  authManager?: AuthManager;
}

/** A consensus / system-config write: a direct transaction, or a committee proposal when auth is on. */
export interface GovernedRetCode extends RetCode {
  /** Receipt of the direct transaction (or of the proposal whose execution failed). */
  transactionReceipt?: SendTransactionReceiptJson;
  /** Set when the change was made through a committee proposal. */
  proposalId?: bigint;
  /** "finished" once the proposal passed and executed; "notEnoughVotes" while it waits for votes. */
  proposalStatus?: string;
}

/** Console command and AuthManager method to use for a governed operation. */
export interface ProposalHint {
  command: string;
  method: string;
}

/** Is the committee enforcing permissions? auth_check_status ≠ 0 (≥ 3.3), else the node's isAuthCheck. */
export async function authEnforced(client: Client): Promise<boolean> {
  try {
    const { value } = await client.getSystemConfigByKey(KEY_AUTH_CHECK_STATUS);
    return value.trim() !== '' && value.trim() !== '0';
  } catch {
    return (await getChainInfo(client)).authCheck;
  }
}

export function proposalAdvice(what: string, hint: ProposalHint): string {
  return `Auth check is on: ${what} is only allowed through the committee. A governor must create a proposal: console '${hint.command}', SDK AuthManager.${hint.method}(…).`;
}

/** Appends the proposal advice to a -50000 RetCode, as the console does. */
export function withPermissionAdvice<T extends RetCode>(ret: T, what: string, hint: ProposalHint): T {
  if (ret.code !== CODE_NO_AUTHORIZED) return ret;
  return { ...ret, msg: `${ret.msg}. ${proposalAdvice(what, hint)}` };
}

/**
 * Creates the proposal from `account` (which must be a governor) and reports its outcome. In the
 * default admin committee (one governor, rates 0) it passes and executes in the same transaction.
 */
export async function writeViaProposal(
  auth: AuthManager,
  account: Account,
  what: string,
  hint: ProposalHint,
  create: () => Promise<bigint>,
): Promise<GovernedRetCode> {
  if (!(await auth.isGovernor(account.address))) {
    throw new Error(`${proposalAdvice(what, hint)} Account ${account.address} is not a governor.`);
  }
  let proposalId: bigint;
  try {
    proposalId = await create();
  } catch (e) {
    // The proposal executed but the precompile returned an error code: that code is the result.
    if (e instanceof ProposalExecutionError)
      return {
        code: e.code,
        msg: e.codeMessage,
        proposalId: e.proposalId,
        proposalStatus: 'finished',
        transactionReceipt: e.receipt,
      };
    throw e;
  }
  const info = await auth.getProposalInfo(proposalId);
  const status = proposalStatusName(info.status);
  if (info.status === 2) return { code: 0, msg: 'Success', proposalId, proposalStatus: status };
  return {
    code: 0,
    msg: `Proposal ${proposalId} created (${status}); ${what} takes effect once the committee passes it`,
    proposalId,
    proposalStatus: status,
  };
}

/** A built-in service whose writes are committee-only while auth check is on (0x1000, 0x1003). */
export abstract class GovernedService extends BuiltinService {
  readonly authManager: AuthManager;

  constructor(client: Client, account?: Account, options: GovernedServiceOptions = {}) {
    const { authManager, ...send } = options;
    super(client, account, send);
    this.authManager = authManager ?? new AuthManager(client, account);
  }

  /** Sends directly, or through a proposal when auth check is on. */
  protected async governed(
    what: string,
    hint: ProposalHint,
    direct: () => Promise<GovernedRetCode>,
    propose: () => Promise<bigint>,
  ): Promise<GovernedRetCode> {
    if (await authEnforced(this.client))
      return writeViaProposal(this.authManager, this.signer(what), what, hint, propose);
    return withPermissionAdvice(await direct(), what, hint);
  }
}
