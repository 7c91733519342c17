// newBlockFilter, newPendingTransactionFilter, newFilter, uninstallFilter, getFilterChanges,
// getFilterLogs, getLogs: the node's Ethereum-like filter API over its own JSON-RPC.

import { RpcError, GroupNotExist } from '../errors';
import type { MethodTable, RpcContext } from '../context';
import { checkBlockRange, InvalidParams, parseFilterId, parseFilterRequest, type LogJson } from '../filters';
import type { JsonWritable } from '../json';
import type { Params } from '../params';

/** FilterSystem::getNodeService: group "" is this node's group; another one does not exist. */
function checkGroup(ctx: RpcContext, group: string, command: string): void {
  if (group !== '' && group !== ctx.group.groupId) {
    throw new RpcError(
      GroupNotExist,
      `group not exist,chain=${ctx.group.chainId},group=${group},commond=${command}`,
    );
  }
}

const notFound = () => new RpcError(InvalidParams, 'filter not found');

function newBlockFilter(p: Params, ctx: RpcContext): string {
  checkGroup(ctx, p.str(0), 'getCurrentBlockNumber');
  return ctx.filters.add(p.str(0), 'blocks');
}

function newPendingTransactionFilter(p: Params, ctx: RpcContext): string {
  checkGroup(ctx, p.str(0), 'getCurrentBlockNumber');
  return ctx.filters.add(p.str(0), 'pending');
}

function newFilter(p: Params, ctx: RpcContext): string {
  const request = parseFilterRequest(p.raw(1));
  if (!checkBlockRange(request)) throw new RpcError(InvalidParams, 'invalid block range params');
  checkGroup(ctx, p.str(0), 'getCurrentBlockNumber');
  return ctx.filters.add(p.str(0), 'logs', request);
}

function uninstallFilter(p: Params, ctx: RpcContext): boolean {
  return ctx.filters.remove(p.str(0), parseFilterId(p.str(1)));
}

function getFilterChanges(p: Params, ctx: RpcContext): JsonWritable[] {
  const filter = ctx.filters.get(p.str(0), parseFilterId(p.str(1)));
  if (!filter) throw notFound();
  return ctx.filters.changes(filter);
}

function getFilterLogs(p: Params, ctx: RpcContext): LogJson[] {
  const filter = ctx.filters.get(p.str(0), parseFilterId(p.str(1)));
  if (!filter || filter.kind !== 'logs') throw notFound();
  checkGroup(ctx, p.str(0), 'getLogsImpl');
  return ctx.filters.logs({ ...filter.request! }, false);
}

function getLogs(p: Params, ctx: RpcContext): LogJson[] {
  const request = parseFilterRequest(p.raw(1));
  checkGroup(ctx, p.str(0), 'getLogsImpl');
  return ctx.filters.logs(request, true);
}

export const filterMethods: MethodTable = {
  newBlockFilter,
  newPendingTransactionFilter,
  newFilter,
  uninstallFilter,
  getFilterChanges,
  getFilterLogs,
  getLogs,
};
