// Client-side checks the Java SDK makes before creating consensus and system-config proposals,
// so an obviously failing proposal is never put to the committee.

import {
  ALREADY_EXISTS_IN_OBSERVER_LIST,
  ALREADY_EXISTS_IN_SEALER_LIST,
  CODE_ADD_SEALER_SHOULD_IN_OBSERVER,
  CODE_INVALID_WEIGHT,
  MUST_EXIST_IN_NODE_LIST,
  RET_CODE_MESSAGES,
} from '../../protocol/builtin/retcode';
import type { Client } from '../client';

/** How far behind the highest block an observer may be to become a sealer (SYNC_KEEP_UP_THRESHOLD). */
export const SYNC_KEEP_UP_THRESHOLD = 10;

const MIN_VALUES: Record<string, bigint> = {
  tx_count_limit: 1n,
  consensus_leader_period: 1n,
  tx_gas_limit: 100000n,
  tx_gas_price: 0n,
  auth_check_status: 0n,
};

/** Numeric system config keys must parse and be in range (SystemConfigService.checkSysNumberValueValidation). */
export function checkSysConfigValue(key: string, value: string): void {
  const min = MIN_VALUES[key];
  if (min === undefined) return;
  const ok = /^-?\d+$/.test(value.trim()) && BigInt(value.trim()) >= min;
  if (!ok) throw new Error(`Invalid value "${value}" for ${key}, please check valid range.`);
}

/** addSealer / addObserver / setWeight preconditions (AuthManager.checkSetConsensusWeightParams). */
export async function checkConsensusWeight(
  client: Client,
  node: string,
  weight: number,
  addFlag: boolean,
): Promise<void> {
  if (!addFlag) {
    if (weight <= 0) throw new Error(RET_CODE_MESSAGES.get(CODE_INVALID_WEIGHT));
    return;
  }
  const addSealer = weight > 0;
  if (addSealer && !(await client.getGroupPeers()).includes(node)) throw new Error(MUST_EXIST_IN_NODE_LIST);
  const sealers = (await client.getSealerList()).map((s) => s.nodeID);
  const observers = await client.getObserverList();
  if (addSealer ? sealers.includes(node) : observers.includes(node)) {
    throw new Error(addSealer ? ALREADY_EXISTS_IN_SEALER_LIST : ALREADY_EXISTS_IN_OBSERVER_LIST);
  }
  if (!addSealer) return;
  if (!observers.includes(node)) throw new Error(RET_CODE_MESSAGES.get(CODE_ADD_SEALER_SHOULD_IN_OBSERVER));
  const [sync, blockNumber] = await Promise.all([client.getSyncStatus(), client.getBlockNumber()]);
  // The answering node reports itself at the top level, not among its peers.
  const own =
    sync.nodeID?.toLowerCase() === node
      ? sync.blockNumber
      : sync.peers?.find((peer) => peer.nodeID.toLowerCase() === node)?.blockNumber;
  const keepsUp = own !== undefined && own >= blockNumber - SYNC_KEEP_UP_THRESHOLD;
  if (!keepsUp)
    throw new Error(`Observer should keep up the block number sync threshold: ${SYNC_KEEP_UP_THRESHOLD}`);
}
