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
import {
  JsonNestingError,
  MEMBERS_READ,
  parseJsonLenientMembers,
  isJsonWritable,
  type JsonValue,
} from './json';
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

/** parseRpcRequestJson: members checked in order; a jsoncpp accessor that throws is -32700. */
function parseEnvelope(body: string): Envelope {
  // The four members read (undefined: absent; a later duplicate replaces an earlier one).
  let jsonrpcValue: JsonValue | undefined;
  let methodValue: JsonValue | undefined;
  let idValue: JsonValue | undefined;
  let paramsValue: JsonValue | undefined;
  let root: ReturnType<typeof parseJsonLenientMembers>;
  try {
    root = parseJsonLenientMembers(body, (name, value) => {
      if (name === 'jsonrpc') jsonrpcValue = value;
      else if (name === 'method') methodValue = value;
      else if (name === 'id') idValue = value;
      else if (name === 'params') paramsValue = value;
    });
  } catch (e) {
    if (e instanceof JsonNestingError) throw new EnvelopeError(ParseError);
    throw e;
  }
  if (root === undefined || root === null) throw new EnvelopeError(InvalidRequest);
  // isMember on an array or scalar throws in jsoncpp.
  if (root !== MEMBERS_READ) throw new EnvelopeError(ParseError);
  const convert = <T>(f: () => T): T => {
    try {
      return f();
    } catch {
      throw new EnvelopeError(ParseError);
    }
  };
  if (jsonrpcValue === undefined) throw new EnvelopeError(InvalidRequest);
  const jsonrpc = convert(() => asString(jsonrpcValue));
  if (methodValue === undefined) throw new EnvelopeError(InvalidRequest);
  const method = convert(() => asString(methodValue));
  const id = idValue !== undefined ? convert(() => asInt64(idValue ?? null)) : 0n;
  if (paramsValue === undefined) throw new EnvelopeError(InvalidRequest);
  const params = paramsValue;
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
