// ChainApi transactions over the SDK's signAndSend: send to a contract, deploy one. A value makes
// a version-1 transaction (as the Java SDK's TransactionManager does when value is set).

import { signAndSend } from '../../client/transactions';
import type { ReceiptJson, Signer } from './chainApi';
import type { SdkContext } from './sdkWriteResult';

export class SdkTransactions {
  constructor(private readonly ctx: SdkContext) {}

  async send(signer: Signer, to: string, data: string, abi?: string, value?: bigint): Promise<ReceiptJson> {
    const { receipt } = await signAndSend(
      this.ctx.client,
      this.ctx.account(signer),
      { to, input: data, abi },
      value === undefined ? {} : { value },
    );
    return receipt;
  }

  async deploy(signer: Signer, bytecodeWithArgs: string, abi: string, value?: bigint): Promise<ReceiptJson> {
    const { receipt } = await signAndSend(
      this.ctx.client,
      this.ctx.account(signer),
      { input: bytecodeWithArgs, abi },
      value === undefined ? {} : { value },
    );
    return receipt;
  }
}
