// ChainApi over the project SDK: Client for queries and node-named requests, the transaction
// helpers for deploy/send, BfsService and AuthManager for built-ins, and the protocol ABIs for
// consensus, system config and KV tables.

import { Client } from '../../client/client';
import { RevertError } from '../../client/errors';
import { callContract, getChainInfo, sendContractTransaction, signAndSend } from '../../client/transactions';
import { BfsService } from '../../client/services/bfs';
import { AuthManager } from '../../client/services/auth-manager';
import { importPrivateKey, type Account } from '../../protocol/account';
import { cryptoSuite } from '../../protocol/crypto/suite';
import { toHex, utf8Encode } from '../../protocol/hex';
import { retCodeOf } from '../../protocol/builtin/retcode';
import { CONSENSUS_ABI, CONSENSUS_ADDRESS } from '../../protocol/builtin/consensus';
import { SYS_CONFIG_ABI, SYS_CONFIG_ADDRESS, SYSTEM_CONFIG_KEYS } from '../../protocol/builtin/sysconfig';
import { KV_TABLE_ABI, TABLE_MANAGER_ABI, TABLE_MANAGER_ADDRESS } from '../../protocol/builtin/tables';
import type { ConnectionConfig } from '../connections/connectionModel';
import type {
  BfsPage,
  BlockJson,
  CallResultJson,
  ChainApi,
  CommitteeInfo,
  GroupSummary,
  MethodAuthInfo,
  NodeStatus,
  NodeSummary,
  ProposalInfo,
  ProposalRequest,
  ReceiptJson,
  Signer,
  TransactionJson,
  WriteResult,
} from './chainApi';

const TIMEOUT_MS = 60_000;

export function createSdkChainApi(c: ConnectionConfig): ChainApi {
  return new SdkChainApi(c);
}

function failed(err: unknown): WriteResult {
  if (err instanceof RevertError) {
    const receipt = (err as RevertError & { receipt?: ReceiptJson }).receipt;
    return { ok: false, message: err.reason ?? err.message, ...(receipt ? { receipt } : {}) };
  }
  throw err;
}

export class SdkChainApi implements ChainApi {
  readonly group: string;
  readonly sm: boolean;
  private readonly client: Client;

  constructor(private readonly connection: ConnectionConfig) {
    this.group = connection.group;
    this.sm = !!connection.sm;
    this.client = new Client({ group: connection.group, url: connection.url, tls: connection.tlsCertDir ? { certDir: connection.tlsCertDir } : undefined, timeoutMs: TIMEOUT_MS });
  }

  private account(s: Signer): Account {
    return importPrivateKey(s.privateKey, s.sm);
  }

  hashText(text: string): string {
    return toHex(cryptoSuite(this.sm).hash(utf8Encode(text)));
  }

  close(): void {
    this.client.close();
  }

  // ---- queries ----

  blockNumber(node?: string): Promise<number> {
    return this.client.getBlockNumber(node ? { node } : undefined);
  }

  async nodeStatus(node?: string): Promise<NodeStatus> {
    const o = node ? { node } : undefined;
    const [blockNumber, pendingTxs, pbftView, sync] = await Promise.all([
      this.client.getBlockNumber(o),
      this.client.getPendingTxSize(o),
      this.client.getPbftView(o).catch(() => undefined),
      this.client.getSyncStatus(o).catch(() => undefined),
    ]);
    return { blockNumber, pendingTxs, pbftView, isSyncing: sync?.isSyncing, knownHighest: sync?.knownHighestNumber };
  }

  async groupSummary(): Promise<GroupSummary> {
    const [info, sealers, observers] = await Promise.all([
      this.client.getGroupInfo(),
      this.client.getSealerList().catch(() => []),
      this.client.getObserverList().catch(() => [] as string[]),
    ]);
    const norm = (id: string) => id.toLowerCase().replace(/^0x/, '');
    const nodes: NodeSummary[] = info.nodeList.map((n) => {
      const id = norm(n.nodeID);
      const sealer = sealers.find((s) => norm(s.nodeID) === id);
      const role: NodeSummary['role'] = sealer ? 'sealer' : observers.some((o) => norm(o) === id) ? 'observer' : 'none';
      return {
        name: n.name || n.iniConfig?.nodeName || id.slice(0, 8),
        nodeId: id,
        role,
        weight: sealer?.weight,
        version: n.iniConfig?.binaryInfo?.version,
        protocol: n.protocol,
        sm: n.iniConfig?.smCryptoType ?? n.type === 1,
        authCheck: n.iniConfig?.isAuthCheck,
      };
    });
    return { group: info.groupID || this.group, chainId: info.chainID, nodes };
  }

  async groupList(): Promise<string[]> {
    return (await this.client.getGroupList()).groupList ?? [];
  }

  async block(id: number | string, full: boolean): Promise<BlockJson> {
    const b = typeof id === 'number' ? await this.client.getBlockByNumber(id, false, !full) : await this.client.getBlockByHash(id, false, !full);
    return b as unknown as BlockJson;
  }

  async transaction(hash: string): Promise<TransactionJson | null> {
    return (await this.client.getTransactionByHash(hash)) as unknown as TransactionJson | null;
  }

  async receipt(hash: string): Promise<ReceiptJson | null> {
    return (await this.client.getTransactionReceipt(hash)) as unknown as ReceiptJson;
  }

  abiOf(address: string): Promise<string> {
    return this.client.getABI(address);
  }

  code(address: string): Promise<string> {
    return this.client.getCode(address);
  }

  call(to: string, data: string): Promise<CallResultJson> {
    return this.client.call(to, data);
  }

  async systemConfig(key: string) {
    try {
      return await this.client.getSystemConfigByKey(key);
    } catch {
      return undefined;
    }
  }

  async systemConfigKeys(): Promise<string[]> {
    return SYSTEM_CONFIG_KEYS.map((k) => k.key);
  }

  // ---- transactions ----

  async send(signer: Signer, to: string, data: string, abi?: string): Promise<ReceiptJson> {
    const { receipt } = await signAndSend(this.client, this.account(signer), { to, input: data, abi });
    return receipt as unknown as ReceiptJson;
  }

  async deploy(signer: Signer, bytecodeWithArgs: string, abi: string): Promise<ReceiptJson> {
    const { receipt } = await signAndSend(this.client, this.account(signer), { input: bytecodeWithArgs, abi });
    return receipt as unknown as ReceiptJson;
  }

  /** A built-in write returning an int code: RetCode message, failures decoded. */
  private async retCode(signer: Signer, to: string, abi: readonly string[], method: string, args: unknown[]): Promise<WriteResult> {
    try {
      const { receipt, result } = await sendContractTransaction(this.client, this.account(signer), { to, abi: abi as string[], method, args });
      const code = Number(result[0] as bigint);
      const rc = retCodeOf(code, receipt.message);
      return { receipt: receipt as unknown as ReceiptJson, value: BigInt(code), ok: code >= 0, message: code >= 0 ? `${rc.msg}` : `${rc.msg} (${code})` };
    } catch (err) {
      return failed(err);
    }
  }

  // ---- BFS ----

  async bfsList(path: string, offset: number, limit: number): Promise<BfsPage> {
    const bfs = new BfsService(this.client, undefined as unknown as Account);
    const page = await bfs.list(path, offset, limit);
    const entries = Array.isArray(page) ? page : page.entries;
    const left = Array.isArray(page) ? 0 : page.left;
    return { left, entries: entries.map((e) => ({ name: e.fileName, type: e.fileType, ...(e.address ? { address: e.address } : {}), ...(e.abi ? { abi: e.abi } : {}) })) };
  }

  async bfsMkdir(signer: Signer, path: string): Promise<WriteResult> {
    try {
      const r = await new BfsService(this.client, this.account(signer)).mkdir(path);
      return { receipt: r.transactionReceipt as unknown as ReceiptJson, value: BigInt(r.code), ok: r.code === 0, message: r.msg };
    } catch (err) {
      return failed(err);
    }
  }

  async bfsLink(signer: Signer, path: string, address: string, abi: string): Promise<WriteResult> {
    try {
      const r = await new BfsService(this.client, this.account(signer)).link(path, address, abi);
      return { receipt: r.transactionReceipt as unknown as ReceiptJson, value: BigInt(r.code), ok: r.code === 0, message: r.msg };
    } catch (err) {
      return failed(err);
    }
  }

  bfsReadlink(path: string): Promise<string> {
    return new BfsService(this.client, undefined as unknown as Account).readlink(path);
  }

  // ---- consensus / system config ----

  addSealer(signer: Signer, nodeId: string, weight: number) {
    return this.retCode(signer, CONSENSUS_ADDRESS, CONSENSUS_ABI, 'addSealer(string,uint256)', [nodeId, weight]);
  }
  addObserver(signer: Signer, nodeId: string) {
    return this.retCode(signer, CONSENSUS_ADDRESS, CONSENSUS_ABI, 'addObserver', [nodeId]);
  }
  removeNode(signer: Signer, nodeId: string) {
    return this.retCode(signer, CONSENSUS_ADDRESS, CONSENSUS_ABI, 'remove', [nodeId]);
  }
  setWeight(signer: Signer, nodeId: string, weight: number) {
    return this.retCode(signer, CONSENSUS_ADDRESS, CONSENSUS_ABI, 'setWeight', [nodeId, weight]);
  }
  setSystemConfig(signer: Signer, key: string, value: string) {
    return this.retCode(signer, SYS_CONFIG_ADDRESS, SYS_CONFIG_ABI, 'setValueByKey', [key, value]);
  }

  // ---- KV tables ----

  kvCreate(signer: Signer, table: string, keyField: string, valueFields: string[]) {
    return this.retCode(signer, TABLE_MANAGER_ADDRESS, TABLE_MANAGER_ABI, 'createKVTable', [table, keyField, valueFields.join(',')]);
  }

  private async openTable(table: string): Promise<string> {
    const [address] = await callContract(this.client, { to: TABLE_MANAGER_ADDRESS, abi: TABLE_MANAGER_ABI as string[], method: 'openTable', args: [`/tables/${table}`] });
    const a = String(address);
    if (/^0x0{40}$/i.test(a)) throw new Error(`There is no table "${table}" (/tables/${table}).`);
    return a;
  }

  async kvSet(signer: Signer, table: string, key: string, value: string) {
    return this.retCode(signer, await this.openTable(table), KV_TABLE_ABI, 'set', [key, value]);
  }

  async kvGet(table: string, key: string): Promise<string | undefined> {
    const [found, value] = await callContract(this.client, { to: await this.openTable(table), abi: KV_TABLE_ABI as string[], method: 'get', args: [key] });
    return found ? String(value) : undefined;
  }

  async kvDesc(table: string) {
    const [info] = await callContract(this.client, { to: TABLE_MANAGER_ADDRESS, abi: TABLE_MANAGER_ABI as string[], method: 'desc', args: [table] });
    const [keyField, valueFields] = info as unknown as [string, string[]];
    if (!keyField) throw new Error(`There is no table "${table}".`);
    return { keyField: String(keyField), valueFields: [...valueFields].map(String) };
  }

  // ---- governance and permissions ----

  private auth(signer?: Signer): AuthManager {
    return new AuthManager(this.client, signer ? this.account(signer) : (undefined as unknown as Account));
  }

  async authEnabled(): Promise<boolean> {
    const info = await getChainInfo(this.client);
    if (info.authCheck) return true;
    const status = await this.systemConfig('auth_check_status');
    return !!status && status.value !== '0';
  }

  async committee(): Promise<CommitteeInfo> {
    const c = await this.auth().getCommitteeInfo();
    return { governors: c.governorList.map((g) => ({ address: g.governorAddress, weight: Number(g.weight) })), participatesRate: Number(c.participatesRate), winRate: Number(c.winRate) };
  }

  async proposalCount(): Promise<number> {
    return Number(await this.auth().proposalCount());
  }

  async proposal(id: number): Promise<ProposalInfo> {
    const p = await this.auth().getProposalInfo(id);
    return {
      id,
      proposer: p.proposer,
      proposalType: Number(p.proposalType),
      resourceId: p.resourceId,
      blockNumberInterval: Number(p.blockNumberInterval),
      status: Number(p.status),
      agreeVoters: [...p.agreeVoters],
      againstVoters: [...p.againstVoters],
    };
  }

  async createProposal(signer: Signer, r: ProposalRequest): Promise<WriteResult> {
    const auth = this.auth(signer);
    try {
      let id: bigint;
      switch (r.kind) {
        case 'updateGovernor':
          id = await auth.updateGovernor(r.account, r.weight);
          break;
        case 'setRate':
          id = await auth.setRate(r.participatesRate, r.winRate);
          break;
        case 'setDeployAuthType':
          id = await auth.setDeployAuthType(r.authType);
          break;
        case 'modifyDeployAuth':
          id = await auth.modifyDeployAuth(r.account, r.open);
          break;
        case 'resetAdmin':
          id = await auth.resetAdmin(r.newAdmin, r.contract);
          break;
        case 'setConsensusWeight':
          id = await auth.createSetConsensusWeightProposal(r.nodeId, r.weight, r.addFlag);
          break;
        case 'addObserver':
          id = await auth.createSetConsensusWeightProposal(r.nodeId, 0, true);
          break;
        case 'removeNode':
          id = await auth.createRmNodeProposal(r.nodeId);
          break;
        case 'setSysConfig':
          id = await auth.createSetSysConfigProposal(r.key, r.value);
          break;
        case 'upgradeVoteComputer':
          id = await auth.createUpgradeVoteComputerProposal(r.address);
          break;
      }
      const info = await this.proposal(Number(id)).catch(() => undefined);
      const state = info ? ['not found', 'open, waiting for votes', 'passed and executed', 'denied', 'revoked', 'outdated'][info.status] ?? `status ${info.status}` : 'created';
      return { ok: true, value: id, message: `Proposal #${id} created: ${state}` };
    } catch (err) {
      if ((err as Error).name === 'ProposalExecutionError') {
        const e = err as Error & { receipt: ReceiptJson; proposalId: bigint };
        return { ok: false, value: e.proposalId, receipt: e.receipt, message: e.message };
      }
      return failed(err);
    }
  }

  async vote(signer: Signer, id: number, agree: boolean): Promise<WriteResult> {
    try {
      const r = await this.auth(signer).voteProposal(id, agree);
      const info = await this.proposal(id).catch(() => undefined);
      const state = info ? ['not found', 'still open', 'passed and executed', 'denied', 'revoked', 'outdated'][info.status] : undefined;
      return { ok: r.code === 0, receipt: r.receipt as unknown as ReceiptJson, message: r.code === 0 ? `Vote proposal success${state ? `; the proposal is ${state}` : ''}.` : `Vote proposal failed, msg: ${r.msg}` };
    } catch (err) {
      if ((err as Error).name === 'ProposalExecutionError') {
        const e = err as Error & { receipt: ReceiptJson };
        return { ok: false, receipt: e.receipt, message: e.message };
      }
      return failed(err);
    }
  }

  async revoke(signer: Signer, id: number): Promise<WriteResult> {
    try {
      const r = await this.auth(signer).revokeProposal(id);
      return { ok: r.code === 0, receipt: r.receipt as unknown as ReceiptJson, message: r.code === 0 ? 'Revoke proposal success.' : `Revoke proposal failed, msg: ${r.msg}` };
    } catch (err) {
      return failed(err);
    }
  }

  deployAuthType(): Promise<number> {
    return this.auth().getDeployAuthType();
  }

  checkDeployAuth(account: string): Promise<boolean> {
    return this.auth().checkDeployAuth(account);
  }

  admin(contract: string): Promise<string> {
    return this.auth().getAdmin(contract);
  }

  async methodAuth(contract: string, selector: string): Promise<MethodAuthInfo> {
    const m = await this.auth().getMethodAuth(contract, selector);
    const pre = (a: string) => (a.startsWith('0x') ? a : `0x${a}`);
    return { authType: m.authType, access: m.accessList.map(pre), block: m.blockList.map(pre) };
  }

  async setMethodAuthType(signer: Signer, contract: string, selector: string, authType: number): Promise<WriteResult> {
    try {
      const r = await this.auth(signer).setMethodAuthType(contract, selector, authType);
      return { ok: r.code === 0, value: BigInt(r.code), receipt: r.receipt as unknown as ReceiptJson, message: r.msg };
    } catch (err) {
      return failed(err);
    }
  }

  async setMethodAuth(signer: Signer, contract: string, selector: string, account: string, open: boolean): Promise<WriteResult> {
    try {
      const r = await this.auth(signer).setMethodAuth(contract, selector, account, open);
      return { ok: r.code === 0, value: BigInt(r.code), receipt: r.receipt as unknown as ReceiptJson, message: r.msg };
    } catch (err) {
      return failed(err);
    }
  }
}

