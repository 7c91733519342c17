// The plumbing AuthManager's reads and writes share: the four built-in ABIs, eth-call style views,
// signed sends, the Committee/ProposalManager address lookup and the proposal execution check.

import { Interface, type Result } from 'ethers';
import type { Account } from '../../protocol/account';
import { COMMITTEE_MANAGER_ADDRESS } from '../../protocol/builtin/addresses';
import { CONTRACT_AUTH_ABI } from '../../protocol/builtin/auth';
import {
  COMMITTEE_ABI,
  COMMITTEE_MANAGER_ABI,
  DEFAULT_BLOCK_NUMBER_INTERVAL,
  PROPOSAL_MANAGER_ABI,
  execResultTopic,
} from '../../protocol/builtin/committee';
import { retCodeOf } from '../../protocol/builtin/retcode';
import { toHex } from '../../protocol/hex';
import type { SendTransactionReceiptJson } from '../../protocol/rpc/types';
import { asBigInt, toBigInt } from '../../protocol/unknownValues';
import type { Client } from '../client';
import { callContract, getChainInfo, sendContractTransaction } from '../transactions';
import * as arg from './auth-args';
import { ProposalExecutionError, type AuthRetCode } from './auth-models';

/** Parsed on first use, not when the SDK loads (the extension host imports it at activation). */
function lazyInterface(abi: readonly string[]): () => Interface {
  let iface: Interface | undefined;
  return () => (iface ??= new Interface(abi));
}

export const MANAGER = lazyInterface(COMMITTEE_MANAGER_ABI);
export const COMMITTEE = lazyInterface(COMMITTEE_ABI);
export const PROPOSALS = lazyInterface(PROPOSAL_MANAGER_ABI);
export const AUTH = lazyInterface(CONTRACT_AUTH_ABI);

export interface AuthManagerOptions {
  /** Blocks a proposal stays open (default 604800, about a week, as the Java SDK). */
  blockNumberInterval?: bigint | number;
}

/** Base of AuthManager: its client, signer and proposal lifetime, and the calls every operation makes. */
export abstract class AuthCalls {
  readonly blockNumberInterval: bigint;
  private helpers?: Promise<{ committee: string; proposalManager: string }>;

  /** `account` signs the writes; reads need none. */
  constructor(
    readonly client: Client,
    readonly account?: Account,
    options: AuthManagerOptions = {},
  ) {
    this.blockNumberInterval = arg.uint256(
      'AuthManager',
      'blockNumberInterval',
      options.blockNumberInterval ?? DEFAULT_BLOCK_NUMBER_INTERVAL,
    );
  }

  protected async view(to: string, abi: Interface, method: string, args: unknown[] = []): Promise<Result> {
    return callContract(this.client, { to, abi, method, args });
  }

  protected async send(to: string, abi: Interface, method: string, args: unknown[]) {
    if (!this.account)
      throw new Error(`AuthManager.${method}: no account to sign with (pass one to the constructor)`);
    return sendContractTransaction(this.client, this.account, { to, abi, method, args });
  }

  /** Committee and ProposalManager addresses, read once from 0x10001. */
  protected addresses(): Promise<{ committee: string; proposalManager: string }> {
    if (!this.helpers) {
      const lookup = (async () => {
        const [[committee], [proposalManager]] = await Promise.all([
          this.view(COMMITTEE_MANAGER_ADDRESS, MANAGER(), '_committee'),
          this.view(COMMITTEE_MANAGER_ADDRESS, MANAGER(), '_proposalMgr'),
        ]);
        return {
          committee: String(committee).toLowerCase(),
          proposalManager: String(proposalManager).toLowerCase(),
        };
      })();
      lookup.catch(() => {
        if (this.helpers === lookup) this.helpers = undefined;
      });
      this.helpers = lookup;
    }
    return this.helpers;
  }

  /** Sends a create* to 0x10001; resolves with the proposal id once any execution succeeded. */
  protected async propose(method: string, args: unknown[]): Promise<bigint> {
    const { receipt, result } = await this.send(COMMITTEE_MANAGER_ADDRESS, MANAGER(), method, [
      ...args,
      this.blockNumberInterval,
    ]);
    const proposalId = toBigInt(result[0]);
    await this.checkExecution(receipt, proposalId);
    return proposalId;
  }

  /** The `execResult(int256)` code of a proposal executed by this transaction, if one was. */
  protected async execResult(receipt: SendTransactionReceiptJson): Promise<number | undefined> {
    const { suite } = await getChainInfo(this.client);
    const topic = toHex(execResultTopic(suite));
    const manager = COMMITTEE_MANAGER_ADDRESS.slice(2);
    const log = receipt.logEntries.find(
      (l) => l.address.toLowerCase().replace(/^0x/, '') === manager && l.topics[0]?.toLowerCase() === topic,
    );
    return log === undefined ? undefined : Number(BigInt.asIntN(256, BigInt(log.data)));
  }

  protected async checkExecution(receipt: SendTransactionReceiptJson, proposalId: bigint): Promise<void> {
    const code = await this.execResult(receipt);
    if (code !== undefined && code !== 0) {
      throw new ProposalExecutionError(proposalId, code, retCodeOf(code, receipt.message).msg, receipt);
    }
  }

  protected async retCode(to: string, abi: Interface, method: string, args: unknown[]): Promise<AuthRetCode> {
    const { receipt, result } = await this.send(to, abi, method, args);
    return { ...retCodeOf(Number(asBigInt(result[0])), receipt.message), receipt };
  }

  protected async func(op: string, func: unknown): Promise<string> {
    const { suite } = await getChainInfo(this.client);
    return arg.methodSelector(op, func, suite);
  }
}
