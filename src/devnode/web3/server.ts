// The Web3 JSON-RPC port ([web3_rpc], off by default on a real node, 8545 when on): request
// envelopes, batches and error answers as Web3JsonRpcImpl::onRPCRequest / handleRequest write
// them, over the same chain the node RPC serves.

import { toHex } from '../../protocol/hex';
import type { DevChain } from '../chain/types';
import { FilterStore } from '../rpc/filters';
import { JsonNumber, parseJsonLenient, type JsonObject, type JsonValue } from '../rpc/json';
import { writeJson } from '../rpc/jsonWrite';
import { TxRejected } from '../chain/types';
import { startHttpServer, type RunningServer } from '../server/http';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { statusName } from '../../protocol/rpc/status';
import { web3Methods } from './methods';
import { InternalError, MethodNotFound, Params, Web3Error, type Web3Context } from './params';

/** [web3_rpc] listen_port default. */
export const DEFAULT_WEB3_PORT = 8545;
const InvalidRequest = -32600;
/** [web3_rpc] batch_request_size_limit and request_body_size_limit defaults (NodeConfig.cpp). */
const BATCH_LIMIT = 8;
const BODY_LIMIT = 10_240_000;
const SUBSCRIBE = new Set(['eth_subscribe', 'eth_unsubscribe']);

export interface Web3ServerOptions {
  host: string;
  port: number;
  chain: DevChain;
  warn(message: string): void;
}

function isObject(v: JsonValue | undefined): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === null;
}

function errorAnswer(id: JsonValue, code: number, message: string, data?: JsonValue): JsonObject {
  const error: JsonObject = { code, message };
  if (data !== undefined) error.data = data;
  return { error, id, jsonrpc: '2.0' };
}

/** JsonValidator::checkRequestFields: only these four members, with these types, three required. */
function validate(request: JsonValue): string | undefined {
  let flag = 0b111;
  if (isObject(request)) {
    for (const name of Object.keys(request).sort()) {
      const v = request[name];
      if (name === 'jsonrpc') {
        if (typeof v !== 'string') return `Invalid field: ${name}`;
        flag &= 0b110;
      } else if (name === 'method') {
        if (typeof v !== 'string') return `Invalid field: ${name}`;
        flag &= 0b101;
      } else if (name === 'params') {
        if (!Array.isArray(v)) return `Invalid field: ${name}`;
      } else if (name === 'id') {
        if (
          typeof v === 'string' ||
          typeof v === 'number' ||
          typeof v === 'bigint' ||
          v instanceof JsonNumber
        )
          flag &= 0b011;
        else return `Invalid field: ${name}`;
      } else return `Invalid field: ${name}`;
    }
  }
  return flag === 0 ? undefined : 'Request not valid, required fields: jsonrpc, method, params, id';
}

export function createWeb3Handler(ctx: Web3Context): (body: string) => Promise<string> {
  const handleOne = async (request: JsonValue): Promise<JsonObject> => {
    const id = isObject(request) && request.id !== undefined ? request.id : null;
    const invalid = validate(request);
    if (invalid !== undefined || !isObject(request) || typeof request.method !== 'string')
      return errorAnswer(id, InvalidRequest, invalid ?? 'Invalid field: method');
    const r = request;
    const method = request.method;
    if (SUBSCRIBE.has(method))
      return errorAnswer(id, InvalidRequest, 'Subscribe request only support websocket protocol');
    const handler = Object.prototype.hasOwnProperty.call(web3Methods, method)
      ? web3Methods[method]
      : undefined;
    if (handler === undefined) return errorAnswer(id, MethodNotFound, 'Method not found');
    try {
      const params = Array.isArray(r.params) ? r.params : [];
      const result = await handler(new Params(params), ctx);
      return { id, jsonrpc: '2.0', result };
    } catch (e) {
      if (e instanceof Web3Error) return errorAnswer(id, e.code, e.message, e.data);
      if (e instanceof TxRejected) return errorAnswer(id, InternalError, statusName(e.code));
      return errorAnswer(id, InternalError, e instanceof Error ? e.message : String(e));
    }
  };
  return async (body: string): Promise<string> => {
    let request: JsonValue | undefined;
    try {
      request = parseJsonLenient(body);
    } catch {
      request = undefined;
    }
    if (request === undefined) return writeJson(errorAnswer(null, InvalidRequest, 'Parse json failed'));
    if (Array.isArray(request)) {
      if (request.length === 0)
        return writeJson(errorAnswer(null, InvalidRequest, 'The request array is empty'));
      if (request.length > BATCH_LIMIT)
        return writeJson(
          errorAnswer(
            null,
            InvalidRequest,
            `The requested array size exceeds the limit size: ${BATCH_LIMIT}`,
          ),
        );
      // A one-element array is answered as a single request, not as a batch.
      if (request.length > 1) return writeJson(await Promise.all(request.map(handleOne)));
      request = request[0];
    }
    return writeJson(await handleOne(request));
  };
}

export interface Web3Server {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startWeb3Server(opts: Web3ServerOptions): Promise<Web3Server> {
  const chain = opts.chain;
  const node = chain.nodes[0];
  const ctx: Web3Context = {
    chain,
    filters: new FilterStore(chain),
    // EthEndpoint::coinbase: right160(keccak256(node id)), lowercase.
    coinbase:
      node === undefined
        ? '0x' + '0'.repeat(40)
        : toHex(keccak_256(Buffer.from(node.nodeId, 'hex')).subarray(12)),
    warn: (message) => opts.warn(message),
  };
  const server: RunningServer = await startHttpServer({
    host: opts.host,
    port: opts.port,
    handler: createWeb3Handler(ctx),
    bodyLimit: BODY_LIMIT,
  });
  return server;
}
