// JSON-RPC error codes and the exact texts the real node (bcos-rpc, jsoncpp) puts in them.

export const ParseError = -32700;
export const InvalidRequest = -32600;
export const MethodNotFound = -32601;
export const InternalError = -32603;
export const NodeNotExistOrNotStarted = -32000;
export const GroupNotExist = -32005;

export const MSG_PARSE_ERROR = 'Invalid JSON was received by the server.';
export const MSG_INVALID_REQUEST = 'The JSON sent is not a valid Request object.';
export const MSG_METHOD_NOT_FOUND = 'The method does not exist/is not available.';

/** An error answered as `{"error":{"code","message"}}`; thrown by method handlers. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'RpcError';
  }
}

/** What getNodeService throws for an unknown group or node name. */
export function nodeNotFound(method: string, chainId: string, group: string, node: string): RpcError {
  return new RpcError(
    NodeNotExistOrNotStarted,
    `Invalid request for the specified node of doesn't exist or doesn't started!,request=${method},chain=${chainId},group=${group},node=${node}`,
  );
}

/** What the methods that also need the group info throw for a group id that is not exact. */
export function groupNotExist(group: string): RpcError {
  return new RpcError(GroupNotExist, `The group ${group} does not exist!`);
}

/** A std::exception escaping a handler synchronously: -32600 with its what() text. */
export function stdException(what: string): RpcError {
  return new RpcError(InvalidRequest, what);
}

/**
 * boost::algorithm::unhex throws non_hex_input, whose what() is libstdc++'s default text:
 * the node reports bad hex characters as -32600 "std::exception".
 */
export const NON_HEX_WHAT = 'std::exception';
