// Account status, contract status, balances and value transfers for the extension (console
// freeze/unfreeze/abolishAccount, freeze/unfreeze/abolishContract, getBalance…, transfer), over
// the SDK's AccountService, AuthManager and BalanceService. Kept apart from sdkChainApi.ts; builds
// its own client for the connection (with every peer, so it fails over like the rest). No vscode.

import { Client } from '../../client/client';
import { RevertError } from '../../client/errors';
import { AccountService } from '../../client/services/account-manager';
import { AuthManager } from '../../client/services/auth-manager';
import { BalanceService } from '../../client/services/balance';
import type { TxRetCode } from '../../client/services/builtin-service';
import { signAndSend } from '../../client/transactions';
import { generateAccount, importPrivateKey, type Account } from '../../protocol/account';
import type { SendTransactionReceiptJson } from '../../protocol/rpc/types';
import { decodeRevertReason } from '../../protocol/builtin/abi';
import { fromHex } from '../../protocol/hex';
import { statusName } from '../../protocol/rpc/status';
import type { ConnectionConfig } from '../connections/connectionModel';
import { describeError } from '../errorText';
import type { ReceiptJson, Signer, WriteResult } from './chainApi';

export const STATUS_NAMES = ['normal', 'frozen', 'abolished'] as const;

type Code = { code: number; msg: string; transactionReceipt?: SendTransactionReceiptJson };

function fromRetCode(r: Code): WriteResult {
  const ok = r.code === 0;
  const receipt: ReceiptJson | undefined = r.transactionReceipt;
  return {
    ok,
    value: BigInt(r.code),
    message: ok ? r.msg : `${r.msg} (${r.code})`,
    ...(receipt ? { receipt } : {}),
  };
}

async function write(run: () => Promise<TxRetCode | Code>): Promise<WriteResult> {
  try {
    return fromRetCode(await run());
  } catch (err) {
    if (err instanceof RevertError) {
      const receipt: ReceiptJson | undefined = err.receipt;
      return { ok: false, message: describeError(err), ...(receipt ? { receipt } : {}) };
    }
    throw err;
  }
}

export class StatusBalanceApi {
  private readonly client: Client;
  /** Reads need no key; the services take an account, so they get a throwaway one. */
  private readonly reader: Account = generateAccount();

  constructor(connection: ConnectionConfig) {
    this.client = new Client({
      group: connection.group,
      url: connection.url,
      peers: connection.peers,
      tls: connection.tlsCertDir ? { certDir: connection.tlsCertDir } : undefined,
      timeoutMs: 60_000,
    });
  }

  close(): void {
    this.client.close();
  }

  private account(s: Signer): Account {
    return importPrivateKey(s.privateKey, s.sm);
  }

  // ---- accounts (AccountManager 0x10003) ----

  async accountStatus(address: string): Promise<(typeof STATUS_NAMES)[number]> {
    const reader = new AccountService(this.client, this.reader);
    return STATUS_NAMES[await reader.getAccountStatus(address)] ?? 'normal';
  }

  setAccountStatus(signer: Signer, address: string, status: 0 | 1 | 2): Promise<WriteResult> {
    return write(() =>
      new AccountService(this.client, this.account(signer)).setAccountStatus(address, status),
    );
  }

  // ---- contracts (0x1005) ----

  async contractAvailable(address: string): Promise<boolean> {
    return new AuthManager(this.client).contractAvailable(address);
  }

  setContractStatus(signer: Signer, address: string, status: 0 | 1 | 2): Promise<WriteResult> {
    return write(async () => {
      const r = await new AuthManager(this.client, this.account(signer)).setContractStatus(address, status);
      return { code: r.code, msg: r.msg, transactionReceipt: r.receipt };
    });
  }

  // ---- balances (0x1011) and transfers ----

  private balances(signer?: Signer): BalanceService {
    return new BalanceService(this.client, signer ? this.account(signer) : this.reader);
  }

  getBalance(address: string): Promise<bigint> {
    return this.balances().getBalance(address);
  }

  listBalanceGovernors(): Promise<string[]> {
    return this.balances().listCaller();
  }

  addBalance(signer: Signer, address: string, amount: bigint): Promise<WriteResult> {
    return write(() => this.balances(signer).addBalance(address, amount));
  }

  subBalance(signer: Signer, address: string, amount: bigint): Promise<WriteResult> {
    return write(() => this.balances(signer).subBalance(address, amount));
  }

  transferBalance(signer: Signer, from: string, to: string, amount: bigint): Promise<WriteResult> {
    return write(() => this.balances(signer).transfer(from, to, amount));
  }

  registerBalanceGovernor(signer: Signer, address: string): Promise<WriteResult> {
    return write(() => this.balances(signer).registerCaller(address));
  }

  unregisterBalanceGovernor(signer: Signer, address: string): Promise<WriteResult> {
    return write(() => this.balances(signer).unregisterCaller(address));
  }

  /** A version-1 transaction carrying `value` (console transfer); moves value only with feature_balance. */
  async transfer(signer: Signer, to: string, value: bigint): Promise<WriteResult> {
    if (value <= 0n) throw new RangeError('Transfer: the value must be greater than 0.');
    const { receipt } = await signAndSend(this.client, this.account(signer), { to, input: '0x' }, { value });
    const ok = receipt.status === 0;
    return {
      ok,
      receipt: receipt,
      message: ok
        ? `sent ${value} to ${to}`
        : `failed with status ${receipt.status}: ${reasonOf(receipt.output) ?? statusName(receipt.status)}`,
    };
  }
}

function reasonOf(output: string): string | undefined {
  return output && output !== '0x' ? decodeRevertReason(fromHex(output)) : undefined;
}
