// The simulated group behind one RPC port: N nodes with their own keys and names, each with its
// own view of sync, consensus and P2P state. Roles, weights and the PBFT view are read from the
// chain on every request, so they follow sealed blocks and consensus built-in changes.

import { FEATURE_KEYS } from '../../protocol/builtin/sysconfig';
import { concatBytes, toHex, utf8Encode } from '../../protocol/hex';
import type {
  ConsensusStatus,
  GenesisConfig,
  GroupInfo,
  NodeIniConfig,
  NodeInfo,
  PeerInfo,
  PeersInfo,
  SealerEntry,
  SyncStatus,
} from '../../protocol/rpc/types';
import type { ConsensusNode } from '../builtin/types';
import type { DevChain, SimNode } from '../chain/types';
import { DEFAULT_TX_COUNT_LIMIT, DEFAULT_TX_GAS_LIMIT } from '../chain/chain';
import { writeJsonFast } from '../rpc/jsonWrite';
import {
  AIR_SERVICE_INFO,
  BINARY_INFO,
  DEFAULT_COMPATIBILITY,
  MAX_PROTOCOL,
  MIN_PROTOCOL,
  NON_CONSENSUS_INDEX,
  P2P_BASE_PORT,
  SUPPORT_CONFIGS,
  versionNumber,
} from './constants';

export interface GroupOptions {
  /** iniConfig isSerialExecute (build_chain's default is true). */
  serialExecute?: boolean;
}

/** Genesis facts: genesisConfig never changes on a real node, whatever the chain does later. */
interface GenesisFacts {
  blockTxCountLimit: number;
  consensusLeaderPeriod: number;
  txGasLimit: number;
  sealers: { nodeID: string; weight: number }[];
}

export class SimGroup {
  readonly chainId: string;
  readonly groupId: string;
  private readonly genesis: GenesisFacts;
  private readonly p2pIds = new Map<string, string>();

  constructor(
    readonly chain: DevChain,
    private readonly opts: GroupOptions = {},
  ) {
    this.chainId = chain.options.chainId;
    this.groupId = chain.options.groupId;
    // The chain's genesis: every simulated node a sealer of weight 1, default limits.
    this.genesis = {
      blockTxCountLimit: DEFAULT_TX_COUNT_LIMIT,
      consensusLeaderPeriod: 1,
      txGasLimit: DEFAULT_TX_GAS_LIMIT,
      sealers: chain.nodes.map((n) => ({ nodeID: n.nodeId, weight: 1 })),
    };
  }

  get nodes(): SimNode[] {
    return this.chain.nodes;
  }

  /**
   * A node by its name, or by its node ID (128 hex, 0x optional, any case): Air nodes are named by
   * their ID and SDK users often pass IDs where a Pro/Max deployment expects names.
   */
  findNode(name: string): SimNode | undefined {
    const id = /^(0x)?[0-9a-f]{128}$/i.test(name) ? name.slice(name.length - 128).toLowerCase() : undefined;
    return this.chain.nodes.find((n) => n.name === name || n.nodeId === id);
  }

  /** What the RPC picks when no node is named: a random node among those with the highest block. */
  defaultNode(): SimNode {
    const nodes = this.chain.nodes;
    const top = Math.max(...nodes.map((n) => n.blockNumber()));
    const latest = nodes.filter((n) => n.blockNumber() === top);
    return latest[Math.floor(Math.random() * latest.length)];
  }

  /** A node by the P2P endpoint its peers see ("127.0.0.1:30301"), as getPeers may be asked. */
  findByEndpoint(endpoint: string): SimNode | undefined {
    const m = /^(?:127\.0\.0\.1|0\.0\.0\.0|localhost):(\d+)$/.exec(endpoint);
    return m ? this.chain.nodes[Number(m[1]) - P2P_BASE_PORT] : undefined;
  }

  // ---- ledger-derived helpers ------------------------------------------------------------------

  private configNumber(key: string, fallback: number): number {
    const v = Number(this.chain.systemConfig(key)?.value);
    return Number.isFinite(v) && v > 0 ? v : fallback;
  }

  private blockHashHex(n: number): string {
    const b = this.chain.getBlockByNumber(n);
    return b ? toHex(b.hash, false) : '0'.repeat(64);
  }

  compatibilityVersion(): number {
    const text = this.chain.systemConfig('compatibility_version')?.value;
    return (text && versionNumber(text)) || DEFAULT_COMPATIBILITY;
  }

  /** Consensus entries in force, PBFT-sorted by node ID. */
  private consensusNodes(type: ConsensusNode['type']): ConsensusNode[] {
    return this.chain
      .consensusNodes()
      .filter((c) => c.type === type)
      .sort((a, b) => (a.nodeId < b.nodeId ? -1 : a.nodeId > b.nodeId ? 1 : 0));
  }

  /** getSealerList / getNodeListByType: ledger order, with the stored term weight. */
  nodeList(type: string): SealerEntry[] {
    return this.chain
      .consensusNodes()
      .filter((c) => c.type === type)
      .map((c) => ({ nodeID: c.nodeId, termWeight: c.termWeight ?? 0, weight: c.weight }));
  }

  observerList(): string[] {
    return this.chain
      .consensusNodes()
      .filter((c) => c.type === 'consensus_observer')
      .map((c) => c.nodeId);
  }

  // ---- per-node views --------------------------------------------------------------------------

  syncStatus(node: SimNode): string {
    const genesisHash = this.blockHashHex(0);
    const highest = Math.max(...this.chain.nodes.map((n) => n.blockNumber()));
    const own = node.blockNumber();
    const status: SyncStatus = {
      archivedBlockNumber: 0,
      blockNumber: own,
      genesisHash,
      isSyncing: own < highest,
      knownHighestNumber: highest,
      knownLatestHash: this.blockHashHex(highest),
      latestHash: this.blockHashHex(own),
      nodeID: node.nodeId,
      peers: this.chain.nodes
        .filter((n) => n !== node)
        .map((n) => ({
          archivedBlockNumber: 0,
          blockNumber: n.blockNumber(),
          genesisHash,
          latestHash: this.blockHashHex(n.blockNumber()),
          nodeID: n.nodeId,
        })),
    };
    return writeJsonFast(status);
  }

  consensusStatus(node: SimNode): string {
    const sealers = this.consensusNodes('consensus_sealer');
    const total = sealers.reduce((s, c) => s + c.weight, 0);
    const maxFaulty = total > 0 ? Math.floor((total - 1) / 3) : 0;
    const index = sealers.findIndex((c) => c.nodeId === node.nodeId);
    const committed = node.blockNumber();
    const view = this.chain.pbftView();
    const period = this.configNumber('consensus_leader_period', 1);
    const leader = sealers.length ? (Math.floor((committed + 1) / period) + view) % sealers.length : 0;
    const status: ConsensusStatus = {
      blockNumber: committed,
      changeCycle: 0,
      connectedNodeList: this.chain.nodes.length,
      consensusNodeList: sealers.map((c, i) => ({
        index: i,
        nodeID: c.nodeId,
        termWeight: c.termWeight ?? 0,
        weight: c.weight,
      })),
      consensusNodesNum: sealers.length,
      hash: this.blockHashHex(committed),
      // An observer's index is PBFT's NON_CONSENSUS_NODE, (uint64)-1, written exactly.
      // The wire type says number; (uint64)-1 must reach the JSON writer as an exact bigint.
      // eslint-disable-next-line @typescript-eslint/no-unsafe-type-assertion
      index: (index >= 0 ? index : NON_CONSENSUS_INDEX) as number,
      isConsensusNode: index >= 0,
      leaderIndex: leader,
      maxFaultyQuorum: maxFaulty,
      minRequiredQuorum: total - maxFaulty,
      nodeID: node.nodeId,
      timeout: false,
      view,
    };
    return writeJsonFast(status);
  }

  /** The node's P2P identity: build_chain gives each node a separate TLS key, derived here. */
  p2pNodeId(node: SimNode): string {
    let id = this.p2pIds.get(node.nodeId);
    if (!id) {
      const suite = this.chain.suite;
      const key = suite.hash(concatBytes(node.privateKey, utf8Encode('p2p')));
      id = '04' + toHex(suite.publicKey(key), false);
      this.p2pIds.set(node.nodeId, id);
    }
    return id;
  }

  private peerInfo(node: SimNode, endPoint: string): PeerInfo {
    return {
      endPoint,
      groupNodeIDInfo: [{ group: this.groupId, nodeIDList: [node.nodeId] }],
      p2pNodeID: this.p2pNodeId(node),
    };
  }

  peers(node: SimNode): PeersInfo {
    const port = (n: SimNode) => P2P_BASE_PORT + this.chain.nodes.indexOf(n);
    return {
      ...this.peerInfo(node, `0.0.0.0:${port(node)}`),
      peers: this.chain.nodes.filter((n) => n !== node).map((n) => this.peerInfo(n, `127.0.0.1:${port(n)}`)),
    };
  }

  /** getGroupPeers: every node of the group the gateway knows, sorted, self included. */
  groupPeers(group: string): string[] {
    if (group !== this.groupId) return [];
    return [...new Set(this.chain.nodes.map((n) => n.nodeId))].sort();
  }

  // ---- group / node info -----------------------------------------------------------------------

  nodeInfo(node: SimNode): NodeInfo {
    const o = this.chain.options;
    const ini: NodeIniConfig = {
      binaryInfo: { ...BINARY_INFO },
      chainID: this.chainId,
      gatewayServiceName: '',
      groupID: this.groupId,
      isAuthCheck: o.authCheck,
      isSerialExecute: this.opts.serialExecute ?? true,
      isWasm: false,
      nodeID: node.nodeId,
      nodeName: node.name,
      rpcServiceName: '',
      smCryptoType: o.sm,
    };
    return {
      featureKeys: [...FEATURE_KEYS],
      iniConfig: writeJsonFast(ini),
      microService: false,
      name: node.name,
      nodeID: node.nodeId,
      protocol: {
        compatibilityVersion: this.compatibilityVersion(),
        maxSupportedVersion: MAX_PROTOCOL,
        minSupportedVersion: MIN_PROTOCOL,
      },
      serviceInfo: AIR_SERVICE_INFO.map((s) => ({ ...s })),
      supportConfigs: [...SUPPORT_CONFIGS],
      type: o.sm ? 1 : 0,
    };
  }

  groupInfo(): GroupInfo {
    const g = this.genesis;
    const genesis: GenesisConfig = {
      blockTxCountLimit: g.blockTxCountLimit,
      consensusLeaderPeriod: g.consensusLeaderPeriod,
      consensusType: 'pbft',
      sealerList: g.sealers,
      txGasLimit: g.txGasLimit,
    };
    return {
      chainID: this.chainId,
      genesisConfig: writeJsonFast(genesis),
      groupID: this.groupId,
      iniConfig: '',
      nodeList: this.chain.nodes.map((n) => this.nodeInfo(n)),
    };
  }
}
