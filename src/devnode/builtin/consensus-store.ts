// The consensus node list in s_consensus (row "key"), as the node keeps it: one list whose entries
// carry the block number from which they are in force (precompiled.md §3.3-3.4).

import type { ConsensusNode, TableStore } from './types';

export const CONSENSUS_TABLE = 's_consensus';
export const CONSENSUS_ROW = 'key';

export function readNodeList(store: TableStore): ConsensusNode[] {
  const raw = store.get(CONSENSUS_TABLE, CONSENSUS_ROW);
  return raw === undefined ? [] : (JSON.parse(raw) as ConsensusNode[]);
}

export function writeNodeList(store: TableStore, nodes: ConsensusNode[]): void {
  store.set(CONSENSUS_TABLE, CONSENSUS_ROW, JSON.stringify(nodes));
}

/**
 * Entries in force at `blockNumber` (enableNumber ≤ blockNumber). RPC queries pass latest + 1, so
 * a change made in block N shows as soon as N is committed; sealing block N+1 uses it.
 */
export function consensusNodes(store: TableStore, blockNumber: number): ConsensusNode[] {
  return readNodeList(store)
    .filter((n) => n.enableNumber <= blockNumber)
    .map((n) => ({ ...n }));
}
