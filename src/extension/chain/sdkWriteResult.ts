// Shared by the SDK adapters of ChainApi: the connection's client and how a signer becomes an
// account, and how service return codes, governed writes and reverts become a WriteResult.

import type { Client } from '../../client/client';
import { RevertError } from '../../client/errors';
import type { GovernedRetCode } from '../../client/services/governed-write';
import type { TxRetCode } from '../../client/services/builtin-service';
import { importPrivateKey, type Account } from '../../protocol/account';
import type { SendTransactionReceiptJson } from '../../protocol/rpc/types';
import { describeError } from '../errorText';
import type { ReceiptJson, Signer, WriteResult } from './chainApi';

/** What every adapter needs: the connection's client and the signer's account. */
export class SdkContext {
  constructor(
    readonly client: Client,
    readonly group: string,
    readonly sm: boolean,
  ) {}

  account(s: Signer): Account {
    return importPrivateKey(s.privateKey, s.sm);
  }

  /** The signer's account, or none for a service made for reads (a write through it would reject). */
  maybeAccount(s?: Signer): Account | undefined {
    return s ? this.account(s) : undefined;
  }
}

export type AnyRetCode = {
  code: number;
  msg: string;
  transactionReceipt?: SendTransactionReceiptJson;
  receipt?: SendTransactionReceiptJson;
  strict?: boolean;
};

/** A service RetCode as a WriteResult: codes ≥ 0 succeed (1 = one row written), unless `strict` wants exactly 0. */
export function fromRetCode(r: AnyRetCode): WriteResult {
  const ok = r.strict ? r.code === 0 : r.code >= 0;
  const receipt: ReceiptJson | undefined = r.transactionReceipt ?? r.receipt;
  return {
    ok,
    value: BigInt(r.code),
    message: ok ? r.msg : `${r.msg} (${r.code})`,
    ...(receipt ? { receipt } : {}),
  };
}

/** Runs a service write; a revert becomes a failed result with its decoded reason, anything else is thrown. */
export async function write(run: () => Promise<TxRetCode | AnyRetCode>): Promise<WriteResult> {
  try {
    return fromRetCode(await run());
  } catch (err) {
    return failed(err);
  }
}

/** Consensus / system config writes: a direct transaction, or a committee proposal the service made. */
export async function governed(run: () => Promise<GovernedRetCode>): Promise<WriteResult> {
  try {
    const r = await run();
    const result = fromRetCode(r);
    if (r.proposalId === undefined) return result;
    if (!result.ok)
      return {
        ...result,
        value: r.proposalId,
        message: `Proposal #${r.proposalId} passed, but executing it failed: ${result.message}`,
      };
    const state =
      r.proposalStatus === 'finished'
        ? 'passed and executed'
        : r.proposalStatus === 'notEnoughVotes'
          ? 'open, waiting for votes'
          : r.proposalStatus;
    return {
      ...result,
      value: r.proposalId,
      message: `${result.message} (proposal #${r.proposalId}, ${state})`,
    };
  } catch (err) {
    return failed(err);
  }
}

/** A revert as a failed result with its reason and receipt; any other error reaches the caller. */
export function failed(err: unknown): WriteResult {
  if (err instanceof RevertError) {
    const receipt: ReceiptJson | undefined = err.receipt;
    return { ok: false, message: describeError(err), ...(receipt ? { receipt } : {}) };
  }
  throw err;
}
