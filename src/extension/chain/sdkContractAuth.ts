// ChainApi deploy and method permissions over the SDK's AuthManager: who may deploy, contract
// admins, per-method access lists.

import { AuthManager } from '../../client/services/auth-manager';
import { ProposalStatus, ProposalType } from '../../protocol/builtin/committee';
import type { DeployAuthEntry, MethodAuthInfo, Signer, WriteResult } from './chainApi';
import { write, type SdkContext } from './sdkWriteResult';

/** Rows per getProposalInfoList call when reading the proposal history. */
const DEPLOY_AUTH_PAGE = 100;

export class SdkContractAuth {
  constructor(private readonly ctx: SdkContext) {}

  private auth(signer?: Signer): AuthManager {
    return new AuthManager(this.ctx.client, this.ctx.maybeAccount(signer));
  }

  deployAuthType(): Promise<number> {
    return this.auth().getDeployAuthType();
  }

  checkDeployAuth(account: string): Promise<boolean> {
    return this.auth().checkDeployAuth(account);
  }

  async deployAuthList(): Promise<DeployAuthEntry[]> {
    const auth = this.auth();
    const count = Number(await auth.proposalCount());
    const latest = new Map<string, number>();
    // The contract returns at most a page per call on real nodes: read in slices.
    for (let from = 1; from <= count; from += DEPLOY_AUTH_PAGE) {
      const to = Math.min(count, from + DEPLOY_AUTH_PAGE - 1);
      const page = await auth.getProposalInfoList(from, to);
      page.forEach((p, i) => {
        if (p.proposalType === ProposalType.ModifyDeployAuth && p.status === ProposalStatus.Finished)
          latest.set(p.resourceId.toLowerCase(), from + i);
      });
    }
    const entries = await Promise.all(
      [...latest].map(async ([account, lastProposalId]) => ({
        account,
        lastProposalId,
        canDeploy: await auth.checkDeployAuth(account),
      })),
    );
    return entries.sort((x, y) => x.lastProposalId - y.lastProposalId);
  }

  admin(contract: string): Promise<string> {
    return this.auth().getAdmin(contract);
  }

  async methodAuth(contract: string, selector: string): Promise<MethodAuthInfo> {
    const m = await this.auth().getMethodAuth(contract, selector);
    const pre = (a: string) => (a.startsWith('0x') ? a : `0x${a}`);
    return { authType: m.authType, access: m.accessList.map(pre), block: m.blockList.map(pre) };
  }

  setMethodAuthType(
    signer: Signer,
    contract: string,
    selector: string,
    authType: number,
  ): Promise<WriteResult> {
    return write(async () => ({
      ...(await this.auth(signer).setMethodAuthType(contract, selector, authType)),
      strict: true,
    }));
  }

  setMethodAuth(
    signer: Signer,
    contract: string,
    selector: string,
    account: string,
    open: boolean,
  ): Promise<WriteResult> {
    return write(async () => ({
      ...(await this.auth(signer).setMethodAuth(contract, selector, account, open)),
      strict: true,
    }));
  }
}
