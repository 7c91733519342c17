// Public surface of the FISCO BCOS 3.x SDK (client side). Services for the built-in contracts
// live in ./services and are exported from there.

export { Client, BLOCK_LIMIT_RANGE, type ClientOptions, type NodeOptions, type CallOptions } from './client';
export type { Callback } from './callback';
export {
  RpcError,
  TxPoolError,
  TransportError,
  RevertError,
  rpcErrorFrom,
  statusLabel,
  type TransportErrorKind,
} from './errors';
export { HttpTransport, type HttpTransportOptions, type TlsOptions } from './transport/http';
export type { Transport, RequestOptions } from './transport/types';
export { FailoverTransport } from './transport/failover';
export { readConsoleConfig, parseConfigToml, type ConsoleConnection } from './consoleConfig';
export { connectTlcp, isSmCertDir, loadSmTlsConfig, type SmSuiteName } from './transport/smTls';
export {
  parseSyncStatus,
  parseConsensusStatus,
  parseGroupInfo,
  parseNodeInfo,
  parseJsonText,
  withTxSums,
  isSmGroup,
  type SyncStatusResult,
  type ConsensusStatusResult,
  type TotalTransactionCountResult,
  type GroupInfoResult,
  type NodeInfoResult,
} from './results';
export {
  selector,
  encodeFunctionCall,
  decodeFunctionResult,
  encodeDeploy,
  decodeRevert,
  decodeRevertWithAbis,
  eventTopic,
  decodeLogs,
  abiJson,
  toInterface,
  type AbiInput,
  type DecodedRevert,
  type DecodedLog,
} from './abi';
export {
  getChainInfo,
  buildSignedTransaction,
  signAndSend,
  deployContract,
  sendContractTransaction,
  callContract,
  signCall,
  type ChainInfo,
  type TransactionFields,
  type SignedTransaction,
  type SendOptions,
  type ContractCallOptions,
  type SelectorHash,
  type CreationSource,
} from './transactions';
export { Contract } from './contract';
export {
  toFilterObject,
  logBlockNumber,
  MAX_BLOCKS_PER_LOG_REQUEST,
  type LogFilter,
  type BlockTag,
} from './logs';
export {
  EventSubscriber,
  EventSubError,
  EVENT_SUB_STATUS,
  type EventSubParams,
  type EventSubHandlers,
  type EventSubscriberOptions,
  type EventSubscription,
} from './eventSub';
export { WsChannel, type WsChannelOptions, type HandshakeResult } from './transport/ws';
export {
  getDevnodeDiagnostics,
  devnodeTraceCall,
  type DevnodeBuiltinFailure,
  type DevnodeDiagnostics,
  type DevnodeFailurePoint,
  type DevnodeTrace,
} from './devnode';
export {
  parseSourceMap,
  instructionIndexes,
  locate,
  enclosingFunction,
  formatLocation,
  type SourceLocation,
  type SourceList,
  type SourceMapEntry,
} from './sourceMap';
export { matchesCreationCode, findCreationCode, locateInCreationCode, metadataLength } from './creationCode';
export { EventDecoder, decodeEvents, formatEventValue, type DecodedEvent, type AnyLog } from './events';
export type * from '../protocol/rpc/types';
