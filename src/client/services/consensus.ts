// ConsensusService: sealer/observer membership through 0x1003, with the Java SDK's client-side
// checks (node id, group peers, current lists, an observer must be within 10 blocks of the
// highest block before it can seal). With auth check on, changes go through committee proposals.

import { CONSENSUS_ADDRESS } from '../../protocol/builtin/addresses';
import {
  CONSENSUS_ABI,
  CONSENSUS_SIG,
  NODE_ID_LENGTH,
  SYNC_KEEP_UP_THRESHOLD,
} from '../../protocol/builtin/consensus';
import {
  ALREADY_EXISTS_IN_OBSERVER_LIST,
  ALREADY_EXISTS_IN_SEALER_LIST,
  ALREADY_REMOVED_FROM_THE_GROUP,
  CODE_ADD_SEALER_SHOULD_IN_OBSERVER,
  MUST_EXIST_IN_NODE_LIST,
  RET_CODE_MESSAGES,
} from '../../protocol/builtin/retcode';
import { runAsync, type AsyncArgs } from '../callback';
import { GovernedService, type GovernedRetCode, type ProposalHint } from './governed-write';

export type { GovernedServiceOptions } from './governed-write';

/** Lower-cased node id; a clear error unless it is 128 hex digits. */
export function checkNodeId(op: string, nodeId: unknown): string {
  if (typeof nodeId !== 'string') throw new TypeError(`${op}: node id must be a string`);
  const id = nodeId.trim().toLowerCase().replace(/^0x/, '');
  if (id.length !== NODE_ID_LENGTH || !/^[0-9a-f]+$/.test(id))
    throw new RangeError(
      `${op}: invalid node ID "${nodeId}": it must be ${NODE_ID_LENGTH} hex digits (the node's public key)`,
    );
  return id;
}

function checkWeight(op: string, weight: unknown): bigint {
  if ((typeof weight !== 'number' || !Number.isInteger(weight)) && typeof weight !== 'bigint')
    throw new TypeError(`${op}: weight must be an integer`);
  const w = BigInt(weight);
  if (w < 1n || w > 0xffffffffn)
    throw new RangeError(`${op}: weight must be between 1 and 4294967295, got ${w}`);
  return w;
}

const HINTS: Record<string, ProposalHint> = {
  addSealer: {
    command: 'addSealerProposal',
    method: 'createSetConsensusWeightProposal(nodeId, weight, true)',
  },
  addObserver: {
    command: 'addObserverProposal',
    method: 'createSetConsensusWeightProposal(nodeId, 0, true)',
  },
  setWeight: {
    command: 'setConsensusNodeWeightProposal',
    method: 'createSetConsensusWeightProposal(nodeId, weight, false)',
  },
  removeNode: { command: 'removeNodeProposal', method: 'createRmNodeProposal(nodeId)' },
};

export class ConsensusService extends GovernedService {
  private async lists(): Promise<{ sealers: string[]; observers: string[] }> {
    const [sealers, observers] = await Promise.all([
      this.client.getSealerList(this.sendOptions),
      this.client.getObserverList(this.sendOptions),
    ]);
    return {
      sealers: sealers.map((s) => s.nodeID.toLowerCase()),
      observers: observers.map((o) => o.toLowerCase()),
    };
  }

  private async requirePeer(nodeId: string): Promise<void> {
    const peers = (await this.client.getGroupPeers(this.sendOptions)).map((p) => p.toLowerCase());
    if (!peers.includes(nodeId)) throw new Error(MUST_EXIST_IN_NODE_LIST);
  }

  /** The observer's block must be within SYNC_KEEP_UP_THRESHOLD of the highest known block. */
  private async requireKeepsUp(nodeId: string): Promise<void> {
    const sync = await this.client.getSyncStatus(this.sendOptions);
    const highest = Math.max(sync.knownHighestNumber ?? 0, sync.blockNumber ?? 0);
    const own =
      sync.nodeID?.toLowerCase() === nodeId
        ? sync.blockNumber
        : sync.peers?.find((p) => p.nodeID.toLowerCase() === nodeId)?.blockNumber;
    if (own === undefined || own < highest - SYNC_KEEP_UP_THRESHOLD)
      throw new Error(
        `Observer ${nodeId.slice(0, 16)}… should keep up the block number sync threshold before it becomes a sealer: its block ${own ?? 'unknown'} is more than ${SYNC_KEEP_UP_THRESHOLD} blocks behind ${highest}`,
      );
  }

  /** Makes an observer a sealer with `weight` from the next block. */
  async addSealer(nodeId: string, weight: number | bigint): Promise<GovernedRetCode> {
    const id = checkNodeId('addSealer', nodeId);
    const w = checkWeight('addSealer', weight);
    await this.requirePeer(id);
    const { sealers, observers } = await this.lists();
    if (sealers.includes(id)) throw new Error(ALREADY_EXISTS_IN_SEALER_LIST);
    if (!observers.includes(id)) throw new Error(RET_CODE_MESSAGES.get(CODE_ADD_SEALER_SHOULD_IN_OBSERVER));
    await this.requireKeepsUp(id);
    return this.governed(
      'adding a sealer',
      HINTS.addSealer,
      () => this.transactForRetCode(CONSENSUS_ADDRESS, CONSENSUS_ABI, CONSENSUS_SIG.addSealer, [id, w]),
      () => this.authManager.createSetConsensusWeightProposal(id, w, true),
    );
  }

  /** Makes a group peer (or a sealer) an observer from the next block. */
  async addObserver(nodeId: string): Promise<GovernedRetCode> {
    const id = checkNodeId('addObserver', nodeId);
    await this.requirePeer(id);
    const { observers } = await this.lists();
    if (observers.includes(id)) throw new Error(ALREADY_EXISTS_IN_OBSERVER_LIST);
    return this.governed(
      'adding an observer',
      HINTS.addObserver,
      () => this.transactForRetCode(CONSENSUS_ADDRESS, CONSENSUS_ABI, CONSENSUS_SIG.addObserver, [id]),
      () => this.authManager.createSetConsensusWeightProposal(id, 0, true),
    );
  }

  /** Removes a sealer or observer from the group (the last sealer cannot be removed). */
  async removeNode(nodeId: string): Promise<GovernedRetCode> {
    const id = checkNodeId('removeNode', nodeId);
    const { sealers, observers } = await this.lists();
    if (!sealers.includes(id) && !observers.includes(id)) throw new Error(ALREADY_REMOVED_FROM_THE_GROUP);
    return this.governed(
      'removing a node',
      HINTS.removeNode,
      () => this.transactForRetCode(CONSENSUS_ADDRESS, CONSENSUS_ABI, CONSENSUS_SIG.remove, [id]),
      () => this.authManager.createRmNodeProposal(id),
    );
  }

  /** Changes a sealer's vote weight from the next block. */
  async setWeight(nodeId: string, weight: number | bigint): Promise<GovernedRetCode> {
    const id = checkNodeId('setWeight', nodeId);
    const w = checkWeight('setWeight', weight);
    return this.governed(
      'setting a consensus weight',
      HINTS.setWeight,
      () => this.transactForRetCode(CONSENSUS_ADDRESS, CONSENSUS_ABI, CONSENSUS_SIG.setWeight, [id, w]),
      () => this.authManager.createSetConsensusWeightProposal(id, w, false),
    );
  }

  addSealerAsync(...args: AsyncArgs<Parameters<ConsensusService['addSealer']>, GovernedRetCode>): void {
    runAsync('addSealerAsync', args, (n: string, w: number | bigint) => this.addSealer(n, w));
  }
  addObserverAsync(...args: AsyncArgs<Parameters<ConsensusService['addObserver']>, GovernedRetCode>): void {
    runAsync('addObserverAsync', args, (n: string) => this.addObserver(n));
  }
  removeNodeAsync(...args: AsyncArgs<Parameters<ConsensusService['removeNode']>, GovernedRetCode>): void {
    runAsync('removeNodeAsync', args, (n: string) => this.removeNode(n));
  }
  setWeightAsync(...args: AsyncArgs<Parameters<ConsensusService['setWeight']>, GovernedRetCode>): void {
    runAsync('setWeightAsync', args, (n: string, w: number | bigint) => this.setWeight(n, w));
  }
}
