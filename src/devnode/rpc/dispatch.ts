// One JSON-RPC request body → one response body, exactly as bcos-rpc's JsonRpcInterface does:
// envelope checks in the node's order (with -32700 vs -32600 as jsoncpp throws or not), method
// lookup, and the handler's error mapped to {code, message}.

import { TxRejected } from '../chain/types';
import {
  InternalError,
  InvalidRequest,
  MethodNotFound,
  MSG_INVALID_REQUEST,
  MSG_METHOD_NOT_FOUND,
  MSG_PARSE_ERROR,
  ParseError,
  RpcError,
} from './errors';
import { JsonNestingError, parseJsonLenient, isJsonWritable, type JsonObject, type JsonValue } from './json';
import { writeJson } from './jsonWrite';
import { asInt64, asString, Params } from './params';
import type { MethodTable, RpcContext } from './context';

interface Envelope {
  jsonrpc: string;
  method: string;
  id: bigint;
  params: JsonValue[];
}

class EnvelopeError extends Error {
  constructor(readonly code: number) {
    super(code === ParseError ? MSG_PARSE_ERROR : MSG_INVALID_REQUEST);
  }
}

function isObject(v: JsonValue | undefined): v is JsonObject {
  // The lenient parser gives objects a null prototype; arrays and numbers have one.
  return typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === null;
}

/** parseRpcRequestJson: members checked in order; a jsoncpp accessor that throws is -32700. */
function parseEnvelope(body: string): Envelope {
  let root: JsonValue | undefined;
  try {
    root = parseJsonLenient(body);
  } catch (e) {
    if (e instanceof JsonNestingError) throw new EnvelopeError(ParseError);
    throw e;
  }
  if (root === undefined || root === null) throw new EnvelopeError(InvalidRequest);
  // isMember on an array or scalar throws in jsoncpp.
  if (!isObject(root)) throw new EnvelopeError(ParseError);
  const member = (k: string) => Object.prototype.hasOwnProperty.call(root, k);
  const convert = <T>(f: () => T): T => {
    try {
      return f();
    } catch {
      throw new EnvelopeError(ParseError);
    }
  };
  if (!member('jsonrpc')) throw new EnvelopeError(InvalidRequest);
  const jsonrpc = convert(() => asString(root.jsonrpc));
  if (!member('method')) throw new EnvelopeError(InvalidRequest);
  const method = convert(() => asString(root.method));
  const id = member('id') ? convert(() => asInt64(root.id ?? null)) : 0n;
  if (!member('params')) throw new EnvelopeError(InvalidRequest);
  const params = root.params;
  if (!Array.isArray(params)) throw new EnvelopeError(InvalidRequest);
  return { jsonrpc, method, id, params };
}

function errorResponse(jsonrpc: string, id: bigint, code: number, message: string): string {
  return writeJson({ error: { code, message }, id, jsonrpc });
}

/** Maps anything a handler throws to the error the real node would send. */
function toRpcError(e: unknown): { code: number; message: string } {
  if (e instanceof RpcError || e instanceof TxRejected) return { code: e.code, message: e.message };
  return { code: InternalError, message: e instanceof Error ? e.message : String(e) };
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return (
    (typeof v === 'object' || typeof v === 'function') &&
    v !== null &&
    typeof (v as { then?: unknown }).then === 'function'
  );
}

export type RpcHandler = (body: string) => Promise<string>;

export function createRpcHandler(ctx: RpcContext, table: MethodTable): RpcHandler {
  const methods = new Map(Object.entries(table));
  return async (body: string): Promise<string> => {
    let env: Envelope;
    try {
      env = parseEnvelope(body);
    } catch (e) {
      if (e instanceof EnvelopeError) return errorResponse('', 0n, e.code, e.message);
      return errorResponse('', 0n, InvalidRequest, MSG_INVALID_REQUEST);
    }
    const handler = methods.get(env.method);
    if (!handler) return errorResponse(env.jsonrpc, env.id, MethodNotFound, MSG_METHOD_NOT_FOUND);
    try {
      let result = handler(new Params(env.params), ctx);
      // Synchronous methods (getBlockNumber and most reads) are answered without an await: a
      // microtask turn less per request. The answer is the same either way.
      if (isThenable(result)) result = await result;
      return writeJson({ id: env.id, jsonrpc: env.jsonrpc, result: isJsonWritable(result) ? result : null });
    } catch (e) {
      const err = toRpcError(e);
      return errorResponse(env.jsonrpc, env.id, err.code, err.message);
    }
  };
}
