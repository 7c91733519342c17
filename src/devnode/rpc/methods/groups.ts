// Gateway and group-manager queries. These never fail on an unknown group or node: the real
// node answers null, [] or its own view.

import type { GroupInfo, GroupListJson, NodeInfo, PeersInfo } from '../../../protocol/rpc/types';
import type { MethodTable, RpcContext } from '../context';
import type { Params } from '../params';

/**
 * The node ignores params and answers from its gateway (node0 here); a known node name
 * (params[1]) or P2P endpoint (params[0]) picks that node's view instead.
 */
function getPeers(p: Params, ctx: RpcContext): PeersInfo {
  const g = ctx.group;
  return g.peers(g.findNode(p.str(1)) ?? g.findByEndpoint(p.str(0)) ?? g.nodes[0]);
}

function getGroupPeers(p: Params, ctx: RpcContext): string[] {
  return ctx.group.groupPeers(p.str(0));
}

function getGroupList(_p: Params, ctx: RpcContext): GroupListJson {
  return { code: 0, groupList: [ctx.group.groupId], msg: 'success' };
}

function getGroupInfo(p: Params, ctx: RpcContext): GroupInfo | null {
  return p.str(0) === ctx.group.groupId ? ctx.group.groupInfo() : null;
}

function getGroupInfoList(_p: Params, ctx: RpcContext): GroupInfo[] {
  return [ctx.group.groupInfo()];
}

function getGroupNodeInfo(p: Params, ctx: RpcContext): NodeInfo | null {
  const g = ctx.group;
  if (p.str(0) !== g.groupId) return null;
  const node = g.findNode(p.str(1));
  return node ? g.nodeInfo(node) : null;
}

export const groupMethods: MethodTable = {
  getPeers,
  getGroupPeers,
  getGroupList,
  getGroupInfo,
  getGroupInfoList,
  getGroupNodeInfo,
};
