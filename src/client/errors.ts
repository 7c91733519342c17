// Error classes of the SDK. A node's JSON-RPC error object becomes an RpcError (tx-pool
// rejections, codes 10000+, become TxPoolError named after the node's TransactionStatus);
// anything that prevents a usable answer (connection, TLS, timeout, HTTP, bad JSON) becomes a
// TransportError naming the URL.

import { statusName } from '../protocol/rpc/status';
import type { SendTransactionReceiptJson } from '../protocol/rpc/types';

/** The node answered with `{"error": {"code", "message"}}`. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    /** The node's message, verbatim. */
    readonly rpcMessage: string,
    /** JSON-RPC method that failed. */
    readonly method: string,
  ) {
    super(`${method} failed: ${rpcMessage} (code ${code})`);
    this.name = 'RpcError';
  }
}

/**
 * A transaction rejected by the node's pool (JSON-RPC error code = TransactionStatus 10000+).
 * `name` is the status name, e.g. "NonceCheckFail", "BlockLimitCheckFail", "InvalidSignature".
 */
export class TxPoolError extends RpcError {
  /** TransactionStatus name of `code`. */
  readonly status: string;
  constructor(code: number, rpcMessage: string, method: string) {
    super(code, rpcMessage, method);
    this.status = statusName(code);
    this.name = this.status;
    this.message = `${method} rejected by the transaction pool: ${this.status} (code ${code})`;
  }
}

/** "RevertInstruction (16)": the status name the node prints, and its code. */
export function statusLabel(status: number): string {
  return `${statusName(status)} (${status})`;
}

/** Builds the right RpcError subclass for a JSON-RPC error object. */
export function rpcErrorFrom(code: number, message: string, method: string): RpcError {
  if (code >= 10000 && statusName(code) !== 'Unknown') return new TxPoolError(code, message, method);
  return new RpcError(code, message, method);
}

export type TransportErrorKind =
  | 'connect' // refused, unreachable, DNS, reset before an answer
  | 'tls' // handshake or certificate failure
  | 'timeout'
  | 'aborted' // AbortSignal fired
  | 'http' // non-200 HTTP status
  | 'too-large' // response body above the size guard
  | 'protocol'; // not a JSON-RPC 2.0 response (bad JSON, wrong id, no result)

export class TransportError extends Error {
  constructor(
    readonly kind: TransportErrorKind,
    readonly url: string,
    message: string,
    /** System error code when there is one (ECONNREFUSED, ERR_SSL_…, …). */
    readonly code?: string,
    /** HTTP status for kind "http". */
    readonly httpStatus?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TransportError';
  }
}

/** A contract call or transaction that reverted, with the decoded reason when there is one. */
export class RevertError extends Error {
  constructor(
    message: string,
    /** Receipt / call status (16 = RevertInstruction). */
    readonly status: number,
    /** Raw revert data (hex0x). */
    readonly output: string,
    /** Error(string) text, when the output carries one. */
    readonly reason?: string,
    /** Panic(uint256) code, when the output carries one. */
    readonly panicCode?: bigint,
    /** Transaction hash, for a failed transaction. */
    readonly transactionHash?: string,
    /** The node's receipt, for a failed transaction. */
    readonly receipt?: SendTransactionReceiptJson,
  ) {
    super(message);
    this.name = 'RevertError';
  }

  /** "Contract.function (file:line)" of the failure, when it is known (devnode and source map). */
  location?: string;
}
