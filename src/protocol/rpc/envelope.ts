// JSON-RPC 2.0 envelope as FISCO BCOS nodes speak it (reference/protocol.md §1.2–1.3, §9.1):
// numeric ids only, positional params, errors carry {code, message} and no data.

export interface JsonRpcRequest {
  /** Any string; echoed back verbatim. */
  jsonrpc: string;
  method: string;
  /** Positional; must be an array. */
  params: unknown[];
  /** Signed 64-bit integer; a string id makes a real node answer -32700. Missing → 0. */
  id: number;
}

export interface JsonRpcErrorObject {
  code: number;
  message: string;
}

export interface JsonRpcSuccess<T = unknown> {
  id: number;
  jsonrpc: string;
  result: T;
}

export interface JsonRpcFailure {
  id: number;
  jsonrpc: string;
  error: JsonRpcErrorObject;
}

export type JsonRpcResponse<T = unknown> = JsonRpcSuccess<T> | JsonRpcFailure;

export function isJsonRpcFailure(response: JsonRpcResponse): response is JsonRpcFailure {
  return typeof response === 'object' && response !== null && 'error' in response && response.error != null;
}

/** Error codes of bcos-rpc/jsonrpc/Common.h plus the generic -1 of sendTransaction. */
export const RpcErrorCode = {
  ParseError: -32700,
  InvalidRequest: -32600,
  MethodNotFound: -32601,
  InvalidParams: -32602,
  InternalError: -32603,
  NodeNotExistOrNotStarted: -32000,
  GroupAlreadyExists: -32001,
  NodeAlreadyExists: -32002,
  OperationNotAllowed: -32003,
  ServiceNotInitCompleted: -32004,
  GroupNotExist: -32005,
  /** sendTransaction decode / hash mismatch / v1 format / chain id failures. */
  Generic: -1,
} as const;
export type RpcErrorCode = (typeof RpcErrorCode)[keyof typeof RpcErrorCode];

/** The messages real nodes put next to the codes above (where fixed). */
export const RpcErrorMessage = {
  ParseError: 'Invalid JSON was received by the server.',
  InvalidRequest: 'The JSON sent is not a valid Request object.',
  MethodNotFound: 'The method does not exist/is not available.',
  NodeNotExistOrNotStarted: "Invalid request for the specified node of doesn't exist or doesn't started!",
  /** Use groupNotExistMessage(group). */
  GroupNotExist: 'The group does not exist!',
} as const;

export function groupNotExistMessage(group: string): string {
  return `The group ${group} does not exist!`;
}

/** Ledger errors (bcos-ledger) seen as JSON-RPC error codes. */
export const LedgerErrorCode = {
  OpenTableFailed: 3001,
  CallbackError: 3002,
  ErrorArgument: 3003,
  DecodeError: 3004,
  ErrorCommitBlock: 3005,
  CollectAsyncCallbackError: 3006,
  LedgerLockError: 3007,
  GetStorageError: 3008,
  EmptyEntry: 3009,
  UnknownError: 3010,
} as const;

export function makeRequest(method: string, params: unknown[], id: number): JsonRpcRequest {
  return { jsonrpc: '2.0', method, params, id };
}

export function makeSuccess<T>(id: number, result: T, jsonrpc = '2.0'): JsonRpcSuccess<T> {
  return { id, jsonrpc, result };
}

export function makeFailure(id: number, code: number, message: string, jsonrpc = '2.0'): JsonRpcFailure {
  return { error: { code, message }, id, jsonrpc };
}

/** A JSON-RPC error response turned into an exception by a client. */
export class JsonRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'JsonRpcError';
  }
}
