// ChainApi transactions over the SDK's signAndSend: send to a contract, deploy one.

import { signAndSend } from '../../client/transactions';
import type { ReceiptJson, Signer } from './chainApi';
import type { SdkContext } from './sdkWriteResult';

export class SdkTransactions {
  constructor(private readonly ctx: SdkContext) {}

  async send(signer: Signer, to: string, data: string, abi?: string): Promise<ReceiptJson> {
    const { receipt } = await signAndSend(this.ctx.client, this.ctx.account(signer), {
      to,
      input: data,
      abi,
    });
    return receipt;
  }

  async deploy(signer: Signer, bytecodeWithArgs: string, abi: string): Promise<ReceiptJson> {
    const { receipt } = await signAndSend(this.ctx.client, this.ctx.account(signer), {
      input: bytecodeWithArgs,
      abi,
    });
    return receipt;
  }
}
