// ChainApi over the project SDK, one connection and group. This class only wires: each domain
// is an adapter next to the SDK part it wraps (they carry the client-side checks, RetCode
// messages, proposal routing and decoded reverts):
//   sdkQueries.ts      Client reads: node status, groups, blocks, transactions, calls, config
//   sdkTransactions.ts signAndSend: send, deploy
//   sdkBfs.ts          BfsService
//   sdkConsensus.ts    ConsensusService, SystemConfigService
//   sdkTables.ts       KvTableService, TableCrudService
//   sdkGovernance.ts   AuthManager: committee, proposals, votes
//   sdkContractAuth.ts AuthManager: deploy permission, contract admin, method access
//   sdkWriteResult.ts  shared: the client + signer context, RetCode / revert → WriteResult

import { Client } from '../../client/client';
import { cryptoSuite } from '../../protocol/crypto/suite';
import { toHex, utf8Encode } from '../../protocol/hex';
import type { ConnectionConfig } from '../connections/connectionModel';
import type { ChainApi, ProposalRequest, Signer, TableCondition, TableRow } from './chainApi';
import { SdkBfs } from './sdkBfs';
import { SdkConsensus } from './sdkConsensus';
import { SdkContractAuth } from './sdkContractAuth';
import { SdkDevTools } from './sdkDevTools';
import { SdkGovernance } from './sdkGovernance';
import { SdkQueries } from './sdkQueries';
import { SdkTables } from './sdkTables';
import { SdkTransactions } from './sdkTransactions';
import { SdkContext } from './sdkWriteResult';

const TIMEOUT_MS = 60_000;

export function createSdkChainApi(c: ConnectionConfig): ChainApi {
  return new SdkChainApi(c);
}

export class SdkChainApi implements ChainApi {
  readonly group: string;
  readonly sm: boolean;
  readonly devTools: SdkDevTools;
  private readonly client: Client;
  private readonly queries: SdkQueries;
  private readonly txs: SdkTransactions;
  private readonly bfs: SdkBfs;
  private readonly consensus: SdkConsensus;
  private readonly tables: SdkTables;
  private readonly governance: SdkGovernance;
  private readonly contractAuth: SdkContractAuth;

  constructor(connection: ConnectionConfig) {
    this.group = connection.group;
    this.sm = !!connection.sm;
    const tls = connection.tlsCertDir ? { certDir: connection.tlsCertDir } : undefined;
    this.client = new Client({
      group: connection.group,
      url: connection.url,
      peers: connection.peers,
      tls,
      timeoutMs: TIMEOUT_MS,
    });
    this.devTools = new SdkDevTools(this.client, [connection.url, ...(connection.peers ?? [])], tls);
    const ctx = new SdkContext(this.client, this.group, this.sm);
    this.queries = new SdkQueries(ctx);
    this.txs = new SdkTransactions(ctx);
    this.bfs = new SdkBfs(ctx);
    this.consensus = new SdkConsensus(ctx);
    this.tables = new SdkTables(ctx);
    this.governance = new SdkGovernance(ctx);
    this.contractAuth = new SdkContractAuth(ctx);
  }

  hashText(text: string): string {
    return toHex(cryptoSuite(this.sm).hash(utf8Encode(text)));
  }

  close(): void {
    this.devTools.close();
    this.client.close();
  }

  // ---- queries ----
  blockNumber(node?: string) {
    return this.queries.blockNumber(node);
  }
  nodeStatus(node?: string) {
    return this.queries.nodeStatus(node);
  }
  groupSummary() {
    return this.queries.groupSummary();
  }
  groupList() {
    return this.queries.groupList();
  }
  block(id: number | string, full: boolean) {
    return this.queries.block(id, full);
  }
  transaction(hash: string) {
    return this.queries.transaction(hash);
  }
  receipt(hash: string) {
    return this.queries.receipt(hash);
  }
  abiOf(address: string) {
    return this.queries.abiOf(address);
  }
  code(address: string) {
    return this.queries.code(address);
  }
  call(to: string, data: string) {
    return this.queries.call(to, data);
  }
  systemConfig(key: string) {
    return this.queries.systemConfig(key);
  }
  systemConfigKeys() {
    return this.queries.systemConfigKeys();
  }
  systemConfigs() {
    return this.consensus.systemConfigs();
  }

  // ---- transactions ----
  send(signer: Signer, to: string, data: string, abi?: string, value?: bigint) {
    return this.txs.send(signer, to, data, abi, value);
  }
  deploy(signer: Signer, bytecodeWithArgs: string, abi: string, value?: bigint) {
    return this.txs.deploy(signer, bytecodeWithArgs, abi, value);
  }

  // ---- BFS ----
  bfsList(path: string, offset: number, limit: number) {
    return this.bfs.bfsList(path, offset, limit);
  }
  bfsMkdir(signer: Signer, path: string) {
    return this.bfs.bfsMkdir(signer, path);
  }
  bfsLink(signer: Signer, path: string, address: string, abi: string) {
    return this.bfs.bfsLink(signer, path, address, abi);
  }
  bfsReadlink(path: string) {
    return this.bfs.bfsReadlink(path);
  }

  // ---- consensus / system config ----
  addSealer(signer: Signer, nodeId: string, weight: number) {
    return this.consensus.addSealer(signer, nodeId, weight);
  }
  addObserver(signer: Signer, nodeId: string) {
    return this.consensus.addObserver(signer, nodeId);
  }
  removeNode(signer: Signer, nodeId: string) {
    return this.consensus.removeNode(signer, nodeId);
  }
  setWeight(signer: Signer, nodeId: string, weight: number) {
    return this.consensus.setWeight(signer, nodeId, weight);
  }
  setSystemConfig(signer: Signer, key: string, value: string) {
    return this.consensus.setSystemConfig(signer, key, value);
  }

  // ---- KV and CRUD tables ----
  kvCreate(signer: Signer, table: string, keyField: string, valueFields: string[]) {
    return this.tables.kvCreate(signer, table, keyField, valueFields);
  }
  kvSet(signer: Signer, table: string, key: string, value: string) {
    return this.tables.kvSet(signer, table, key, value);
  }
  kvGet(table: string, key: string) {
    return this.tables.kvGet(table, key);
  }
  kvDesc(table: string) {
    return this.tables.kvDesc(table);
  }
  tableCreate(signer: Signer, table: string, keyField: string, valueFields: string[]) {
    return this.tables.tableCreate(signer, table, keyField, valueFields);
  }
  tableDesc(table: string) {
    return this.tables.tableDesc(table);
  }
  tableRow(table: string, key: string) {
    return this.tables.tableRow(table, key);
  }
  tableSelect(table: string, conditions: TableCondition[], limit: { offset: number; count: number }) {
    return this.tables.tableSelect(table, conditions, limit);
  }
  tableCount(table: string, conditions: TableCondition[]) {
    return this.tables.tableCount(table, conditions);
  }
  tableInsert(signer: Signer, table: string, row: TableRow) {
    return this.tables.tableInsert(signer, table, row);
  }
  tableUpdate(signer: Signer, table: string, where: string | TableCondition[], fields: TableRow) {
    return this.tables.tableUpdate(signer, table, where, fields);
  }
  tableRemove(signer: Signer, table: string, where: string | TableCondition[]) {
    return this.tables.tableRemove(signer, table, where);
  }

  // ---- governance ----
  authEnabled() {
    return this.governance.authEnabled();
  }
  committee() {
    return this.governance.committee();
  }
  proposalCount() {
    return this.governance.proposalCount();
  }
  proposal(id: number) {
    return this.governance.proposal(id);
  }
  createProposal(signer: Signer, request: ProposalRequest) {
    return this.governance.createProposal(signer, request);
  }
  vote(signer: Signer, id: number, agree: boolean) {
    return this.governance.vote(signer, id, agree);
  }
  revoke(signer: Signer, id: number) {
    return this.governance.revoke(signer, id);
  }

  // ---- deploy and method permissions ----
  deployAuthType() {
    return this.contractAuth.deployAuthType();
  }
  checkDeployAuth(account: string) {
    return this.contractAuth.checkDeployAuth(account);
  }
  deployAuthList() {
    return this.contractAuth.deployAuthList();
  }
  admin(contract: string) {
    return this.contractAuth.admin(contract);
  }
  methodAuth(contract: string, selector: string) {
    return this.contractAuth.methodAuth(contract, selector);
  }
  setMethodAuthType(signer: Signer, contract: string, selector: string, authType: number) {
    return this.contractAuth.setMethodAuthType(signer, contract, selector, authType);
  }
  setMethodAuth(signer: Signer, contract: string, selector: string, account: string, open: boolean) {
    return this.contractAuth.setMethodAuth(signer, contract, selector, account, open);
  }
}
