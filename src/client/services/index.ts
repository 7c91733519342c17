// Services for the FISCO BCOS 3.x built-in contracts, each constructed from a Client and an Account.

export { BuiltinService, type TxRetCode } from './builtin-service';
export { BfsService, BfsListError, linkPathArgument, type BfsInfo, type BfsPage } from './bfs';
export { ConsensusService, checkNodeId, type GovernedServiceOptions } from './consensus';
export { SystemConfigService, normalizeConfigValue, type SystemConfigEntry } from './system-config';
export { authEnforced, type GovernedRetCode } from './governed-write';
export { KvTableService, KeyNotFoundError } from './kv-table';
export { TableCrudService, type Condition, type Limit, type TableRecord } from './table-crud';
export { TableNotFoundError, type TableSchema } from './table-base';
export * from './auth-manager';
export {
  AccountService,
  AccountStatus,
  ACCOUNT_STATUS_NAMES,
  type AccountStatusName,
} from './account-manager';
export { BalanceService } from './balance';
export type { RetCode } from '../../protocol/builtin/retcode';
