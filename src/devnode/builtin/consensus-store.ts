// The consensus node list in s_consensus (row "key"), as the node keeps it: one list whose entries
// carry the block number from which they are in force (precompiled.md §3.3-3.4). A removed node is
// kept as a tombstone until its removal is in force, so the block that removes it still lists it
// among its sealers, as on a real chain.

import type { ConsensusNode, TableStore } from './types';
import { parseOwnJson } from '../ownJson';

export const CONSENSUS_TABLE = 's_consensus';
export const CONSENSUS_ROW = 'key';

interface StoredNode extends ConsensusNode {
  /** Set on removal: the first block without this node. */
  removedNumber?: number;
}

function readStored(store: TableStore): StoredNode[] {
  const raw = store.get(CONSENSUS_TABLE, CONSENSUS_ROW);
  return raw === undefined ? [] : parseOwnJson<StoredNode[]>(raw);
}

/**
 * The stored list, parsed once per stored text (every sealed block reads it). Shared: callers
 * must not modify the entries (consensusNodes copies what it returns).
 */
let lastParsed: { raw: string; nodes: readonly StoredNode[] } | undefined;

function readStoredShared(store: TableStore): readonly StoredNode[] {
  const raw = store.get(CONSENSUS_TABLE, CONSENSUS_ROW);
  if (raw === undefined) return [];
  if (lastParsed?.raw !== raw) lastParsed = { raw, nodes: parseOwnJson<StoredNode[]>(raw) };
  return lastParsed.nodes;
}

/** The current list (what the precompile's rules look at): removed nodes are gone. */
export function readNodeList(store: TableStore): ConsensusNode[] {
  return readStored(store).filter((n) => n.removedNumber === undefined);
}

/**
 * Stores the current list as of block `blockNumber`; nodes that were in the stored list but not
 * in `nodes` are kept as tombstones removed from `blockNumber + 1`.
 */
export function writeNodeList(store: TableStore, nodes: ConsensusNode[], blockNumber = -1): void {
  const live = new Set(nodes.map((n) => n.nodeId));
  const tombstones = readStored(store)
    .filter((n) => !live.has(n.nodeId))
    .map((n) => ({ ...n, removedNumber: n.removedNumber ?? blockNumber + 1 }))
    // Only removals not yet in force matter to the block being built.
    .filter((n) => n.removedNumber > blockNumber);
  store.set(CONSENSUS_TABLE, CONSENSUS_ROW, JSON.stringify([...nodes, ...tombstones]));
}

/**
 * Entries in force at `blockNumber`: enableNumber ≤ blockNumber and not yet removed. RPC queries
 * pass latest + 1, so a change made in block N shows as soon as N is committed; sealing block N+1
 * uses it.
 */
export function consensusNodes(store: TableStore, blockNumber: number): ConsensusNode[] {
  return readStoredShared(store)
    .filter(
      (n) =>
        n.enableNumber <= blockNumber && (n.removedNumber === undefined || n.removedNumber > blockNumber),
    )
    .map(({ nodeId, type, weight, termWeight, enableNumber }) => ({
      nodeId,
      type,
      weight,
      termWeight: termWeight ?? 0,
      enableNumber,
    }));
}
