// ChainApi over the project SDK: Client for queries and node-named requests, the transaction
// helpers for deploy/send, and the SDK services for every built-in contract (they carry the
// client-side checks, RetCode messages, proposal routing and decoded reverts).

import { Client } from '../../client/client';
import { SdkDevTools } from './sdkDevTools';
import { RevertError } from '../../client/errors';
import { signAndSend } from '../../client/transactions';
import { BfsService } from '../../client/services/bfs';
import { AuthManager } from '../../client/services/auth-manager';
import { ProposalExecutionError } from '../../client/services/auth-models';
import { ConsensusService } from '../../client/services/consensus';
import { SystemConfigService } from '../../client/services/system-config';
import { KvTableService } from '../../client/services/kv-table';
import { TableCrudService } from '../../client/services/table-crud';
import { authEnforced, type GovernedRetCode } from '../../client/services/governed-write';
import type { TxRetCode } from '../../client/services/builtin-service';
import { importPrivateKey, type Account } from '../../protocol/account';
import { cryptoSuite } from '../../protocol/crypto/suite';
import type { SendTransactionReceiptJson } from '../../protocol/rpc/types';
import { toHex, utf8Encode } from '../../protocol/hex';
import { SYSTEM_CONFIG_KEYS } from '../../protocol/builtin/sysconfig';
import { KeyOrder } from '../../protocol/builtin/tables';
import { ProposalStatus, ProposalType } from '../../protocol/builtin/committee';
import type { ConnectionConfig } from '../connections/connectionModel';
import { describeError } from '../errorText';
import type {
  BfsPage,
  BlockJson,
  CallResultJson,
  ChainApi,
  CommitteeInfo,
  DeployAuthEntry,
  GroupSummary,
  MethodAuthInfo,
  NodeStatus,
  NodeSummary,
  ProposalInfo,
  ProposalRequest,
  ReceiptJson,
  Signer,
  TableCondition,
  TableRow,
  TableSchemaInfo,
  TransactionJson,
  WriteResult,
} from './chainApi';

const TIMEOUT_MS = 60_000;

export function createSdkChainApi(c: ConnectionConfig): ChainApi {
  return new SdkChainApi(c);
}

/** Rows per getProposalInfoList call when reading the proposal history. */
const DEPLOY_AUTH_PAGE = 100;

type AnyRetCode = {
  code: number;
  msg: string;
  transactionReceipt?: SendTransactionReceiptJson;
  receipt?: SendTransactionReceiptJson;
  strict?: boolean;
};

/** A service RetCode as a WriteResult: codes ≥ 0 succeed (1 = one row written), unless `strict` wants exactly 0. */
function fromRetCode(r: AnyRetCode): WriteResult {
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
async function write(run: () => Promise<TxRetCode | AnyRetCode>): Promise<WriteResult> {
  try {
    return fromRetCode(await run());
  } catch (err) {
    return failed(err);
  }
}

/** Consensus / system config writes: a direct transaction, or a committee proposal the service made. */
async function governed(run: () => Promise<GovernedRetCode>): Promise<WriteResult> {
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

function failed(err: unknown): WriteResult {
  if (err instanceof RevertError) {
    const receipt = (err as RevertError & { receipt?: ReceiptJson }).receipt;
    return { ok: false, message: describeError(err), ...(receipt ? { receipt } : {}) };
  }
  throw err;
}

export class SdkChainApi implements ChainApi {
  readonly group: string;
  readonly sm: boolean;
  private readonly client: Client;
  readonly devTools: SdkDevTools;

  constructor(connection: ConnectionConfig) {
    this.group = connection.group;
    this.sm = !!connection.sm;
    this.client = new Client({
      group: connection.group,
      url: connection.url,
      peers: connection.peers,
      tls: connection.tlsCertDir ? { certDir: connection.tlsCertDir } : undefined,
      timeoutMs: TIMEOUT_MS,
    });
    const tls = connection.tlsCertDir ? { certDir: connection.tlsCertDir } : undefined;
    this.devTools = new SdkDevTools(this.client, connection.url, tls);
  }

  private account(s: Signer): Account {
    return importPrivateKey(s.privateKey, s.sm);
  }

  /** Services made for reads get no account (a write through them would reject). */
  private readonly reader = undefined;

  hashText(text: string): string {
    return toHex(cryptoSuite(this.sm).hash(utf8Encode(text)));
  }

  close(): void {
    this.devTools.close();
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
      this.client.getPbftView(o),
      this.client.getSyncStatus(o),
    ]);
    return {
      blockNumber,
      pendingTxs,
      pbftView,
      isSyncing: sync?.isSyncing,
      knownHighest: sync?.knownHighestNumber,
    };
  }

  async groupSummary(): Promise<GroupSummary> {
    const [info, sealers, observers] = await Promise.all([
      this.client.getGroupInfo(),
      this.client.getSealerList(),
      this.client.getObserverList(),
    ]);
    const norm = (id: string) => id.toLowerCase().replace(/^0x/, '');
    const nodes: NodeSummary[] = info.nodeList.map((n) => {
      const id = norm(n.nodeID);
      const sealer = sealers.find((s) => norm(s.nodeID) === id);
      const role: NodeSummary['role'] = sealer
        ? 'sealer'
        : observers.some((o) => norm(o) === id)
          ? 'observer'
          : 'none';
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
    const b =
      typeof id === 'number'
        ? await this.client.getBlockByNumber(id, false, !full)
        : await this.client.getBlockByHash(id, false, !full);
    return b;
  }

  async transaction(hash: string): Promise<TransactionJson | null> {
    return await this.client.getTransactionByHash(hash);
  }

  async receipt(hash: string): Promise<ReceiptJson | null> {
    return await this.client.getTransactionReceipt(hash);
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

  systemConfigKeys(): Promise<string[]> {
    return Promise.resolve(SYSTEM_CONFIG_KEYS.map((k) => k.key));
  }

  // ---- transactions ----

  async send(signer: Signer, to: string, data: string, abi?: string): Promise<ReceiptJson> {
    const { receipt } = await signAndSend(this.client, this.account(signer), { to, input: data, abi });
    return receipt;
  }

  async deploy(signer: Signer, bytecodeWithArgs: string, abi: string): Promise<ReceiptJson> {
    const { receipt } = await signAndSend(this.client, this.account(signer), {
      input: bytecodeWithArgs,
      abi,
    });
    return receipt;
  }

  // ---- BFS ----

  async bfsList(path: string, offset: number, limit: number): Promise<BfsPage> {
    const bfs = new BfsService(this.client, this.reader);
    const page = await bfs.list(path, offset, limit);
    return {
      left: page.left,
      entries: page.entries.map((e) => ({
        name: e.fileName,
        type: e.fileType,
        ...(e.address ? { address: e.address } : {}),
        ...(e.abi ? { abi: e.abi } : {}),
      })),
    };
  }

  async bfsMkdir(signer: Signer, path: string): Promise<WriteResult> {
    try {
      return fromRetCode(await new BfsService(this.client, this.account(signer)).mkdir(path));
    } catch (err) {
      return failed(err);
    }
  }

  async bfsLink(signer: Signer, path: string, address: string, abi: string): Promise<WriteResult> {
    try {
      return fromRetCode(await new BfsService(this.client, this.account(signer)).link(path, address, abi));
    } catch (err) {
      return failed(err);
    }
  }

  bfsReadlink(path: string): Promise<string> {
    return new BfsService(this.client, this.reader).readlink(path);
  }

  // ---- consensus / system config ----

  private consensus(signer: Signer): ConsensusService {
    return new ConsensusService(this.client, this.account(signer));
  }

  addSealer(signer: Signer, nodeId: string, weight: number) {
    return governed(() => this.consensus(signer).addSealer(nodeId, weight));
  }
  addObserver(signer: Signer, nodeId: string) {
    return governed(() => this.consensus(signer).addObserver(nodeId));
  }
  removeNode(signer: Signer, nodeId: string) {
    return governed(() => this.consensus(signer).removeNode(nodeId));
  }
  setWeight(signer: Signer, nodeId: string, weight: number) {
    return governed(() => this.consensus(signer).setWeight(nodeId, weight));
  }
  setSystemConfig(signer: Signer, key: string, value: string) {
    return governed(() =>
      new SystemConfigService(this.client, this.account(signer)).setValueByKey(key, value),
    );
  }

  async systemConfigs() {
    const rows = await new SystemConfigService(this.client, this.reader).listSystemConfigs();
    return rows
      .map((r) => ({ key: r.key, value: r.value, blockNumber: r.enableBlock }))
      .sort((x, y) => x.key.localeCompare(y.key));
  }

  // ---- KV tables ----

  private kv(signer?: Signer): KvTableService {
    return new KvTableService(this.client, signer ? this.account(signer) : this.reader);
  }

  kvCreate(signer: Signer, table: string, keyField: string, valueFields: string[]) {
    return write(() => this.kv(signer).createTable(table, keyField, valueFields));
  }

  kvSet(signer: Signer, table: string, key: string, value: string) {
    return write(() => this.kv(signer).set(table, key, value));
  }

  kvGet(table: string, key: string): Promise<string | undefined> {
    return this.kv().find(table, key);
  }

  async kvDesc(table: string) {
    const { keyField, valueFields } = await this.kv().schema(table);
    return { keyField, valueFields };
  }

  // ---- CRUD tables ----

  private crud(signer?: Signer): TableCrudService {
    return new TableCrudService(this.client, signer ? this.account(signer) : this.reader);
  }

  tableCreate(signer: Signer, table: string, keyField: string, valueFields: string[]) {
    return write(() => this.crud(signer).createTable(table, keyField, valueFields));
  }

  async tableDesc(table: string): Promise<TableSchemaInfo> {
    const crud = this.crud();
    const [schema, desc] = await Promise.all([crud.schema(table), crud.desc(table)]);
    const order = desc.key_order
      ? schema.keyOrder === KeyOrder.Numerical
        ? 'numerical'
        : 'lexicographic'
      : undefined;
    return {
      keyField: schema.keyField,
      valueFields: schema.valueFields,
      ...(order ? { keyOrder: order } : {}),
    };
  }

  tableRow(table: string, key: string): Promise<TableRow | null> {
    return this.crud().select(table, key);
  }

  tableSelect(
    table: string,
    conditions: TableCondition[],
    limit: { offset: number; count: number },
  ): Promise<TableRow[]> {
    return this.crud().select(table, conditions, limit);
  }

  tableCount(table: string, conditions: TableCondition[]): Promise<number> {
    return this.crud().count(table, conditions);
  }

  tableInsert(signer: Signer, table: string, row: TableRow) {
    return write(() => this.crud(signer).insert(table, row));
  }

  tableUpdate(signer: Signer, table: string, where: string | TableCondition[], fields: TableRow) {
    return write(() => this.crud(signer).update(table, where, fields));
  }

  tableRemove(signer: Signer, table: string, where: string | TableCondition[]) {
    return write(() => this.crud(signer).remove(table, where));
  }

  // ---- governance and permissions ----

  private auth(signer?: Signer): AuthManager {
    return new AuthManager(this.client, signer ? this.account(signer) : undefined);
  }

  authEnabled(): Promise<boolean> {
    return authEnforced(this.client);
  }

  async committee(): Promise<CommitteeInfo> {
    const c = await this.auth().getCommitteeInfo();
    return {
      governors: c.governorList.map((g) => ({ address: g.governorAddress, weight: Number(g.weight) })),
      participatesRate: Number(c.participatesRate),
      winRate: Number(c.winRate),
    };
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
      // The proposal exists now; if reading it back fails, say why instead of hiding it.
      const info = await this.proposal(Number(id)).then(
        (p) => p,
        (err: unknown) => describeError(err),
      );
      const state =
        typeof info === 'string'
          ? `created (its state could not be read: ${info})`
          : info
            ? ([
                'not found',
                'open, waiting for votes',
                'passed and executed',
                'denied',
                'revoked',
                'outdated',
              ][info.status] ?? `status ${info.status}`)
            : 'created';
      return { ok: true, value: id, message: `Proposal #${id} created: ${state}` };
    } catch (err) {
      if (err instanceof ProposalExecutionError)
        return { ok: false, value: err.proposalId, receipt: err.receipt, message: err.message };
      return failed(err);
    }
  }

  async vote(signer: Signer, id: number, agree: boolean): Promise<WriteResult> {
    try {
      const r = await this.auth(signer).voteProposal(id, agree);
      const info = await this.proposal(id).then(
        (p) => p,
        (err: unknown) => describeError(err),
      );
      const state =
        typeof info === 'string'
          ? `unknown (it could not be read: ${info})`
          : info
            ? ['not found', 'still open', 'passed and executed', 'denied', 'revoked', 'outdated'][info.status]
            : undefined;
      return {
        ok: r.code === 0,
        receipt: r.receipt,
        message:
          r.code === 0
            ? `Vote proposal success${state ? `; the proposal is ${state}` : ''}.`
            : `Vote proposal failed, msg: ${r.msg}`,
      };
    } catch (err) {
      if (err instanceof ProposalExecutionError)
        return { ok: false, receipt: err.receipt, message: err.message };
      return failed(err);
    }
  }

  async revoke(signer: Signer, id: number): Promise<WriteResult> {
    try {
      const r = await this.auth(signer).revokeProposal(id);
      return {
        ok: r.code === 0,
        receipt: r.receipt,
        message: r.code === 0 ? 'Revoke proposal success.' : `Revoke proposal failed, msg: ${r.msg}`,
      };
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

  async setMethodAuthType(
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

  async setMethodAuth(
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
