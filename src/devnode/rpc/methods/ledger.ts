// Block, count, pool and system-config queries.

import { toHex } from '../../../protocol/hex';
import type { BlockJson, SystemConfigJson, TotalTransactionCount } from '../../../protocol/rpc/types';
import { RpcError } from '../errors';
import { nodeService, type MethodTable, type RpcContext } from '../context';
import { formatBlock } from '../format';
import { parseHash } from '../hexParams';
import type { Params } from '../params';

const ZERO_HASH = '0x' + '0'.repeat(64);

function getBlockNumber(p: Params, ctx: RpcContext): number {
  return nodeService(ctx, 'getBlockNumber', p).blockNumber();
}

function getTotalTransactionCount(p: Params, ctx: RpcContext): TotalTransactionCount {
  nodeService(ctx, 'getTotalTransactionCount', p);
  const t = ctx.chain.totalTransactionCount();
  return {
    blockNumber: t.blockNumber,
    failedTransactionCount: t.failedTransactionCount,
    transactionCount: t.transactionCount,
  };
}

/** The two trailing booleans default to true only when absent (an explicit null is false). */
function blockFlags(p: Params): [boolean, boolean] {
  return [p.size > 3 ? p.bool(3) : true, p.size > 4 ? p.bool(4) : true];
}

function blockByNumber(ctx: RpcContext, n: bigint, onlyHeader: boolean, onlyTxHash: boolean): BlockJson {
  if (n < 0n) throw new RpcError(3003, 'Wrong argument');
  const block = n <= BigInt(Number.MAX_SAFE_INTEGER) ? ctx.chain.getBlockByNumber(Number(n)) : undefined;
  if (!block) throw new RpcError(3006, 'Get block failed with errors!');
  return formatBlock(block, onlyHeader, onlyTxHash);
}

function getBlockByNumber(p: Params, ctx: RpcContext): BlockJson {
  const n = p.int64(2);
  const [onlyHeader, onlyTxHash] = blockFlags(p);
  nodeService(ctx, 'getBlockByNumber', p);
  return blockByNumber(ctx, n, onlyHeader, onlyTxHash);
}

function getBlockByHash(p: Params, ctx: RpcContext): BlockJson {
  const [onlyHeader, onlyTxHash] = blockFlags(p);
  nodeService(ctx, 'getBlockByHash', p);
  const block = ctx.chain.getBlockByHash(parseHash(p.str(2)));
  if (!block) throw new RpcError(3008, 'GetBlockNumberByHash failed ');
  return blockByNumber(ctx, BigInt(block.header.blockNumber), onlyHeader, onlyTxHash);
}

/** Never an error: a missing or negative block gives the zero hash. */
function getBlockHashByNumber(p: Params, ctx: RpcContext): string {
  const n = p.int64(2);
  nodeService(ctx, 'getBlockHashByNumber', p);
  if (n < 0n || n > BigInt(Number.MAX_SAFE_INTEGER)) return ZERO_HASH;
  const block = ctx.chain.getBlockByNumber(Number(n));
  return block ? toHex(block.hash) : ZERO_HASH;
}

function getPendingTxSize(p: Params, ctx: RpcContext): number {
  nodeService(ctx, 'getPendingTxSize', p);
  return ctx.chain.pendingCount();
}

function getSystemConfigByKey(p: Params, ctx: RpcContext): SystemConfigJson {
  nodeService(ctx, 'getSystemConfigByKey', p);
  const key = p.str(2);
  const entry = ctx.chain.systemConfig(key);
  if (!entry) throw new RpcError(3008, `Entry: ${key} does not exists!`);
  return { blockNumber: entry.enableNumber, value: entry.value };
}

export const ledgerMethods: MethodTable = {
  getBlockNumber,
  getTotalTransactionCount,
  getBlockByNumber,
  getBlockByHash,
  getBlockHashByNumber,
  getPendingTxSize,
  getSystemConfigByKey,
};
