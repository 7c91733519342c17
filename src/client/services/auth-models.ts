// Typed results of AuthManager, as the Java SDK models them (po.CommitteeInfo, po.ProposalInfo,
// RetCode), and the error raised when a passed proposal's execution reports a failure code.

import type { CommitteeInfo, ProposalInfo } from '../../protocol/builtin/committee';
import type { RetCode } from '../../protocol/builtin/retcode';
import { asArray, asBigInt, asStrings, toBigInt } from '../../protocol/unknownValues';
import type { SendTransactionReceiptJson } from '../../protocol/rpc/types';

export type { CommitteeInfo, GovernorInfo, ProposalInfo } from '../../protocol/builtin/committee';
export { proposalStatusName, proposalTypeName } from '../../protocol/builtin/committee';

/** RetCode of a write, with the receipt it came from. */
export interface AuthRetCode extends RetCode {
  receipt: SendTransactionReceiptJson;
}

/** getMethodAuth: the method's ACL type and the accounts (lowercase hex, no 0x) it admits / blocks. */
export interface MethodAuth {
  authType: number;
  accessList: string[];
  blockList: string[];
}

/** A proposal passed, but executing it returned a non-zero precompiled code (Java SDK getExecEvent). */
export class ProposalExecutionError extends Error {
  constructor(
    readonly proposalId: bigint,
    readonly code: number,
    readonly codeMessage: string,
    readonly receipt: SendTransactionReceiptJson,
  ) {
    super(
      `Exec proposal finished with error occurs, proposalId: ${proposalId}, exec error msg: ${codeMessage}`,
    );
    this.name = 'ProposalExecutionError';
  }
}

const lower = (value: unknown) => String(value).toLowerCase();

export function committeeInfoFrom(values: unknown[]): CommitteeInfo {
  const [participatesRate, winRate, governorsRaw, weightsRaw] = values;
  const governors = asStrings(governorsRaw);
  const weights = asArray(weightsRaw).map(asBigInt);
  return {
    governorList: governors.map((governor, i) => ({
      governorAddress: lower(governor),
      weight: Number(weights[i]),
    })),
    participatesRate: Number(participatesRate),
    winRate: Number(winRate),
  };
}

export function proposalInfoFrom(values: unknown[]): ProposalInfo {
  const [resourceId, proposer, proposalType, blockNumberInterval, status, agreeRaw, againstRaw] = values;
  const agreeVoters = asStrings(agreeRaw);
  const againstVoters = asStrings(againstRaw);
  return {
    resourceId: lower(resourceId),
    proposer: lower(proposer),
    proposalType: Number(proposalType),
    blockNumberInterval: toBigInt(blockNumberInterval),
    status: Number(status),
    agreeVoters: agreeVoters.map(lower),
    againstVoters: againstVoters.map(lower),
  };
}
