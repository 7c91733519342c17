// Consensus and sync views, answered from the named (or default) node's point of view.

import type { SealerEntry } from '../../../protocol/rpc/types';
import { nodeService, type MethodTable, type RpcContext } from '../context';
import type { Params } from '../params';

function getSealerList(p: Params, ctx: RpcContext): SealerEntry[] {
  nodeService(ctx, 'getSealerList', p);
  return ctx.group.nodeList('consensus_sealer');
}

function getObserverList(p: Params, ctx: RpcContext): string[] {
  nodeService(ctx, 'getObserverList', p);
  return ctx.group.observerList();
}

/** Any type text is looked up as is; an unknown type simply matches no node. */
function getNodeListByType(p: Params, ctx: RpcContext): SealerEntry[] {
  nodeService(ctx, 'getNodeListByType', p);
  return ctx.group.nodeList(p.str(2));
}

function getPbftView(p: Params, ctx: RpcContext): number {
  nodeService(ctx, 'getPbftView', p);
  return ctx.chain.pbftView();
}

function getSyncStatus(p: Params, ctx: RpcContext): string {
  return ctx.group.syncStatus(nodeService(ctx, 'getSyncStatus', p));
}

function getConsensusStatus(p: Params, ctx: RpcContext): string {
  return ctx.group.consensusStatus(nodeService(ctx, 'getConsensusStatus', p));
}

export const consensusMethods: MethodTable = {
  getSealerList,
  getObserverList,
  getNodeListByType,
  getPbftView,
  getSyncStatus,
  getConsensusStatus,
};
