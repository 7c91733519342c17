// Common plumbing of the built-in contract services: ABIs bound to the chain's hash (SM3
// selectors on SM chains), transactions whose int return becomes a RetCode with the SDK's
// messages, read-only calls, and the RevertError raised when a receipt or call status is not 0.

import type { Result } from 'ethers';
import type { Account } from '../../protocol/account';
import { bindAbi, decodeIntWord, decodeRevertReason, type BuiltinAbi } from '../../protocol/builtin/abi';
import { retCodeOf, type RetCode } from '../../protocol/builtin/retcode';
import { fromHex } from '../../protocol/hex';
import { statusName } from '../../protocol/rpc/status';
import type { SendTransactionReceiptJson } from '../../protocol/rpc/types';
import type { Client } from '../client';
import { RevertError } from '../errors';
import { getChainInfo, signAndSend, type ChainInfo, type SendOptions } from '../transactions';

/** A write's outcome: the decoded return code with its message, and the receipt it came from. */
export interface TxRetCode extends RetCode {
  transactionReceipt: SendTransactionReceiptJson;
}

function failureText(
  what: string,
  status: number,
  output: string,
  message?: string,
): { text: string; reason?: string } {
  const reason = output && output !== '0x' ? decodeRevertReason(fromHex(output)) : undefined;
  const detail = reason ?? (message || 'no revert reason');
  return { text: `${what} failed with ${statusName(status)} (${status}): ${detail}`, reason };
}

export abstract class BuiltinService {
  constructor(
    readonly client: Client,
    /** Signs writes; a service only used for reads may go without (writes then reject). */
    readonly account?: Account,
    /** Options applied to every transaction and call (node name, timeouts, block limit…). */
    protected readonly sendOptions: SendOptions = {},
  ) {}

  protected chain(): Promise<ChainInfo> {
    return getChainInfo(this.client, this.sendOptions);
  }

  protected async abi(abi: readonly string[]): Promise<BuiltinAbi> {
    return bindAbi(abi, (await this.chain()).suite);
  }

  /** The account writes are signed with; throws when the service was made for reads only. */
  protected signer(op: string): Account {
    if (!this.account)
      throw new Error(`${op}: no account to sign with (pass one to the service's constructor)`);
    return this.account;
  }

  /** Sends a transaction; rejects with RevertError (reason decoded) when the status is not 0. */
  protected async transact(
    to: string,
    abiText: readonly string[],
    signature: string,
    args: readonly unknown[],
  ): Promise<{ receipt: SendTransactionReceiptJson; values: Result }> {
    const abi = await this.abi(abiText);
    const input = abi.encodeCall(signature, args);
    const { receipt } = await signAndSend(
      this.client,
      this.signer(signature),
      { to, input },
      this.sendOptions,
    );
    if (receipt.status !== 0) {
      const { text, reason } = failureText(signature, receipt.status, receipt.output, receipt.message);
      throw new RevertError(
        text,
        receipt.status,
        receipt.output,
        reason,
        undefined,
        receipt.transactionHash,
        receipt,
      );
    }
    const values = abi.decodeResult(signature, fromHex(receipt.output));
    return { receipt, values };
  }

  /** Sends a transaction whose first return value is an int code, as the RetCode the SDK reports. */
  protected async transactForRetCode(
    to: string,
    abiText: readonly string[],
    signature: string,
    args: readonly unknown[],
  ): Promise<TxRetCode> {
    const { receipt } = await this.transact(to, abiText, signature, args);
    const code = Number(decodeIntWord(fromHex(receipt.output)));
    return { ...retCodeOf(code, receipt.message ?? ''), transactionReceipt: receipt };
  }

  /** Read-only call with decoded outputs; rejects with RevertError when the status is not 0. */
  protected async query(
    to: string,
    abiText: readonly string[],
    signature: string,
    args: readonly unknown[],
  ): Promise<Result> {
    const output = await this.queryRaw(to, abiText, signature, args);
    return (await this.abi(abiText)).decodeResult(signature, output);
  }

  /** Read-only call returning the raw output bytes (for outputs decoded by hand). */
  protected async queryRaw(
    to: string,
    abiText: readonly string[],
    signature: string,
    args: readonly unknown[],
  ): Promise<Uint8Array> {
    const abi = await this.abi(abiText);
    const result = await this.client.call(to, abi.encodeCall(signature, args), this.sendOptions);
    if (result.status !== 0) {
      const { text, reason } = failureText(signature, result.status, result.output);
      throw new RevertError(text, result.status, result.output, reason);
    }
    return fromHex(result.output);
  }
}

/** Throws a TypeError naming the operation when `value` is not a non-empty string. */
export function requireText(op: string, name: string, value: unknown): string {
  if (typeof value !== 'string' || value.length === 0)
    throw new TypeError(`${op}: ${name} must be a non-empty string`);
  return value;
}
