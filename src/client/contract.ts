// A deployed contract bound to a client (and optionally a signing account): call, send, deploy.

import type { Result } from 'ethers';
import type { Account } from '../protocol/account';
import type { SendTransactionReceiptJson } from '../protocol/rpc/types';
import { type AbiInput, toInterface } from './abi';
import type { Client } from './client';
import {
  callContract,
  type ContractCallOptions,
  type CreationSource,
  deployContract,
  type SelectorHash,
  type SendOptions,
  sendContractTransaction,
} from './transactions';
import * as v from './validate';

export class Contract {
  readonly address: string;
  readonly abi: AbiInput;

  constructor(
    readonly client: Client,
    abi: AbiInput,
    address: string,
    /** Signs `send`; calls stay unsigned unless `signer` is passed to `call`. */
    readonly account?: Account,
    /** Selector hash for this contract (see SelectorHash); per-call options override it. */
    readonly selectors: SelectorHash = 'chain',
  ) {
    this.abi = toInterface(abi);
    this.address = v.address('Contract', address);
  }

  /** Deploys `bytecode` with constructor `args` and returns the bound contract. */
  static async deploy(
    client: Client,
    account: Account,
    abi: AbiInput,
    bytecode: string | Uint8Array,
    args: readonly unknown[] = [],
    options?: SendOptions & { source?: CreationSource },
  ): Promise<{ contract: Contract; receipt: SendTransactionReceiptJson }> {
    const { address, receipt } = await deployContract(
      client,
      account,
      { abi, bytecode, args, source: options?.source },
      options,
    );
    return { contract: new Contract(client, abi, address, account, options?.selectors), receipt };
  }

  /** A copy that signs with another account. */
  connect(account: Account): Contract {
    return new Contract(this.client, this.abi, this.address, account, this.selectors);
  }

  /** Read-only call; rejects with RevertError on a revert. */
  call(method: string, args: readonly unknown[] = [], options?: ContractCallOptions): Promise<Result> {
    return callContract(
      this.client,
      { to: this.address, abi: this.abi, method, args },
      { selectors: this.selectors, ...options },
    );
  }

  /** Transaction; resolves once committed, rejects with RevertError when the status is not 0. */
  send(
    method: string,
    args: readonly unknown[] = [],
    options?: SendOptions,
  ): Promise<{ receipt: SendTransactionReceiptJson; result: Result }> {
    if (!this.account)
      throw new Error(`Contract ${this.address}: no account to sign with (use connect(account))`);
    return sendContractTransaction(
      this.client,
      this.account,
      { to: this.address, abi: this.abi, method, args },
      { selectors: this.selectors, ...options },
    );
  }
}
