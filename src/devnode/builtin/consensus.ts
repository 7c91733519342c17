// ConsensusPrecompiled at 0x1003 (precompiled.md §3): addSealer, addObserver, remove, setWeight,
// setTermWeight. Changes take effect from the next block (enableNumber = N + 1); a removed node
// leaves the list at once for the rules, and consensus from the next block.

import type { Result } from 'ethers';
import { COMMITTEE_MANAGER_ADDRESS, CONSENSUS_ADDRESS } from '../../protocol/builtin/addresses';
import {
  CONSENSUS_ABI,
  CONSENSUS_SIG,
  ERR_SET_WEIGHT_OBSERVER,
  NODE_ID_LENGTH,
  NODE_TYPE_OBSERVER,
  NODE_TYPE_SEALER,
} from '../../protocol/builtin/consensus';
import {
  CODE_ADD_SEALER_SHOULD_IN_OBSERVER,
  CODE_INVALID_NODE_ID,
  CODE_INVALID_WEIGHT,
  CODE_LAST_SEALER,
  CODE_NO_AUTHORIZED,
  CODE_NODE_NOT_EXIST,
  CODE_SUCCESS,
} from '../../protocol/builtin/retcode';
import { bareAddress, definePrecompiled, PrecompiledError, type FunctionHandler } from './precompiled-base';
import { readNodeList, writeNodeList } from './consensus-store';
import type { ConsensusNode, PrecompiledContext } from './types';

const UINT64_MASK = (1n << 64n) - 1n;

/** With auth check on, only the committee (0x10001) may change the node list (§3.2). */
export function committeeOnly(ctx: PrecompiledContext): boolean {
  return !ctx.chain.authEnabled || bareAddress(ctx.caller) === bareAddress(COMMITTEE_MANAGER_ADDRESS);
}

function nodeIdOk(nodeId: string, requireHex: boolean): boolean {
  return nodeId.length === NODE_ID_LENGTH && (!requireHex || /^[0-9a-f]+$/.test(nodeId));
}

function sealerCount(nodes: ConsensusNode[]): number {
  return nodes.filter((n) => n.type === NODE_TYPE_SEALER).length;
}

/** The node converts the u256 weight to uint64. */
function toWeight(raw: bigint): number {
  return Number(raw & UINT64_MASK);
}

export function addSealer(
  ctx: PrecompiledContext,
  rawNodeId: string,
  rawWeight: bigint,
  rawTermWeight = 0n,
): number {
  const nodeId = rawNodeId.toLowerCase();
  if (!nodeIdOk(nodeId, true)) return CODE_INVALID_NODE_ID;
  const weight = toWeight(rawWeight);
  if (weight === 0) return CODE_INVALID_WEIGHT;
  const nodes = readNodeList(ctx.store);
  const node = nodes.find((n) => n.nodeId === nodeId);
  if (!node) return CODE_ADD_SEALER_SHOULD_IN_OBSERVER;
  Object.assign(node, {
    type: NODE_TYPE_SEALER,
    weight,
    termWeight: toWeight(rawTermWeight),
    enableNumber: ctx.blockNumber + 1,
  });
  writeNodeList(ctx.store, nodes, ctx.blockNumber);
  return CODE_SUCCESS;
}

export function addObserver(ctx: PrecompiledContext, rawNodeId: string): number {
  const nodeId = rawNodeId.toLowerCase();
  if (!nodeIdOk(nodeId, true)) return CODE_INVALID_NODE_ID;
  const nodes = readNodeList(ctx.store);
  const node = nodes.find((n) => n.nodeId === nodeId);
  if (node) {
    // The node counts every sealer, even when the target is already an observer.
    if (sealerCount(nodes) === 1) return CODE_LAST_SEALER;
    Object.assign(node, {
      type: NODE_TYPE_OBSERVER,
      weight: 0,
      termWeight: 0,
      enableNumber: ctx.blockNumber + 1,
    });
  } else {
    nodes.push({
      nodeId,
      type: NODE_TYPE_OBSERVER,
      weight: 0,
      termWeight: 0,
      enableNumber: ctx.blockNumber + 1,
    });
  }
  writeNodeList(ctx.store, nodes, ctx.blockNumber);
  return CODE_SUCCESS;
}

export function removeNode(ctx: PrecompiledContext, rawNodeId: string): number {
  const nodeId = rawNodeId.toLowerCase();
  if (!nodeIdOk(nodeId, false)) return CODE_INVALID_NODE_ID;
  const nodes = readNodeList(ctx.store);
  const index = nodes.findIndex((n) => n.nodeId === nodeId);
  if (index < 0) return CODE_NODE_NOT_EXIST;
  const rest = nodes.filter((_, i) => i !== index);
  if (sealerCount(rest) === 0) return CODE_LAST_SEALER;
  writeNodeList(ctx.store, rest, ctx.blockNumber);
  return CODE_SUCCESS;
}

export function setWeight(ctx: PrecompiledContext, rawNodeId: string, rawWeight: bigint): number {
  const nodeId = rawNodeId.toLowerCase();
  if (!nodeIdOk(nodeId, false)) return CODE_INVALID_NODE_ID;
  const weight = toWeight(rawWeight);
  if (weight === 0) return CODE_INVALID_WEIGHT;
  const nodes = readNodeList(ctx.store);
  const node = nodes.find((n) => n.nodeId === nodeId);
  if (!node) return CODE_NODE_NOT_EXIST;
  if (node.type === NODE_TYPE_OBSERVER) throw new PrecompiledError(ERR_SET_WEIGHT_OBSERVER);
  Object.assign(node, { weight, enableNumber: ctx.blockNumber + 1 });
  writeNodeList(ctx.store, nodes, ctx.blockNumber);
  return CODE_SUCCESS;
}

/** ConsensusPrecompiled setWeight(..., setTermWeight = true): 0 is allowed, observers refused. */
export function setTermWeight(ctx: PrecompiledContext, rawNodeId: string, rawWeight: bigint): number {
  const nodeId = rawNodeId.toLowerCase();
  if (!nodeIdOk(nodeId, false)) return CODE_INVALID_NODE_ID;
  const nodes = readNodeList(ctx.store);
  const node = nodes.find((n) => n.nodeId === nodeId);
  if (!node) return CODE_NODE_NOT_EXIST;
  if (node.type === NODE_TYPE_OBSERVER) throw new PrecompiledError(ERR_SET_WEIGHT_OBSERVER);
  Object.assign(node, { termWeight: toWeight(rawWeight), enableNumber: ctx.blockNumber + 1 });
  writeNodeList(ctx.store, nodes, ctx.blockNumber);
  return CODE_SUCCESS;
}

/** Wraps a write with the committee check: refused calls return -50000 with status 0. */
function guarded(run: (ctx: PrecompiledContext, a: Result) => number): FunctionHandler {
  return { write: true, run: (ctx, a) => [committeeOnly(ctx) ? run(ctx, a) : CODE_NO_AUTHORIZED] };
}

export const consensusPrecompiled = definePrecompiled({
  address: CONSENSUS_ADDRESS,
  name: 'ConsensusPrecompiled',
  abi: CONSENSUS_ABI,
  functions: {
    [CONSENSUS_SIG.addSealer]: guarded((ctx, a) => addSealer(ctx, a[0] as string, a[1] as bigint)),
    // The term weight is stored and reported (getSealerList); rPBFT itself is not run, so only the
    // vote weight affects sealing.
    [CONSENSUS_SIG.addSealerTerm]: guarded((ctx, a) =>
      addSealer(ctx, String(a[0]), BigInt(String(a[1])), BigInt(String(a[2]))),
    ),
    [CONSENSUS_SIG.addObserver]: guarded((ctx, a) => addObserver(ctx, a[0] as string)),
    [CONSENSUS_SIG.remove]: guarded((ctx, a) => removeNode(ctx, a[0] as string)),
    [CONSENSUS_SIG.setWeight]: guarded((ctx, a) => setWeight(ctx, a[0] as string, a[1] as bigint)),
    [CONSENSUS_SIG.setTermWeight]: guarded((ctx, a) =>
      setTermWeight(ctx, String(a[0]), BigInt(String(a[1]))),
    ),
  },
});
