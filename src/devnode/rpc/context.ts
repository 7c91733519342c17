// What every method handler gets, and the node/group lookups of bcos-rpc's GroupManager:
// group "" means this node's only group (Air), an unknown group or node name is -32000.

import type { DevChain, SimNode } from '../chain/types';
import type { SimGroup } from '../group/simGroup';
import type { FilterStore } from './filters';
import type { JsonValue } from './json';
import { groupNotExist, nodeNotFound } from './errors';
import type { Params } from './params';

export interface RpcContext {
  chain: DevChain;
  group: SimGroup;
  filters: FilterStore;
}

/** A handler returns its result or a Promise of it (the dispatcher awaits either). */
export type MethodHandler = (params: Params, ctx: RpcContext) => unknown;
export type MethodTable = Record<string, MethodHandler>;

/** getNodeService(group, node): the named node, or the default one for "". */
export function nodeService(ctx: RpcContext, method: string, params: Params): SimNode {
  const group = params.str(0);
  const name = params.str(1);
  const g = ctx.group;
  const node =
    group !== '' && group !== g.groupId ? undefined : name === '' ? g.defaultNode() : g.findNode(name);
  if (!node) throw nodeNotFound(method, g.chainId, group, name);
  return node;
}

/** getGroupInfo(group) for the methods that need the exact group id (no "" shortcut). */
export function requireGroupInfo(ctx: RpcContext, group: string): void {
  if (group !== ctx.group.groupId) throw groupNotExist(group);
}

export type { JsonValue };
