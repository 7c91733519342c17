// ChainApi queries over the SDK Client: node status, group and nodes, blocks, transactions,
// receipts, code, ABI, calls and system config reads.

import { RpcError } from '../../client/errors';
import { SYSTEM_CONFIG_KEYS } from '../../protocol/builtin/sysconfig';
import type {
  BlockJson,
  CallResultJson,
  GroupSummary,
  NodeStatus,
  NodeSummary,
  ReceiptJson,
  TransactionJson,
} from './chainApi';
import type { SdkContext } from './sdkWriteResult';

export class SdkQueries {
  constructor(private readonly ctx: SdkContext) {}

  private get client() {
    return this.ctx.client;
  }

  blockNumber(node?: string): Promise<number> {
    return this.client.getBlockNumber(node ? { node } : undefined);
  }

  async nodeStatus(node?: string): Promise<NodeStatus> {
    const o = node ? { node } : undefined;
    const [blockNumber, pendingTxs, pbftView, sync] = await Promise.all([
      this.client.getBlockNumber(o),
      this.client.getPendingTxSize(o),
      this.client.getPbftView(o),
      this.client.getSyncStatus(o),
    ]);
    return {
      blockNumber,
      pendingTxs,
      pbftView,
      isSyncing: sync?.isSyncing,
      knownHighest: sync?.knownHighestNumber,
    };
  }

  async groupSummary(): Promise<GroupSummary> {
    const [info, sealers, observers] = await Promise.all([
      this.client.getGroupInfo(),
      this.client.getSealerList(),
      this.client.getObserverList(),
    ]);
    const norm = (id: string) => id.toLowerCase().replace(/^0x/, '');
    const nodes: NodeSummary[] = info.nodeList.map((n) => {
      const id = norm(n.nodeID);
      const sealer = sealers.find((s) => norm(s.nodeID) === id);
      const role: NodeSummary['role'] = sealer
        ? 'sealer'
        : observers.some((o) => norm(o) === id)
          ? 'observer'
          : 'none';
      return {
        name: n.name || n.iniConfig?.nodeName || id.slice(0, 8),
        nodeId: id,
        role,
        weight: sealer?.weight,
        version: n.iniConfig?.binaryInfo?.version,
        protocol: n.protocol,
        sm: n.iniConfig?.smCryptoType ?? n.type === 1,
        authCheck: n.iniConfig?.isAuthCheck,
      };
    });
    return { group: info.groupID || this.ctx.group, chainId: info.chainID, nodes };
  }

  async groupList(): Promise<string[]> {
    return (await this.client.getGroupList()).groupList ?? [];
  }

  async block(id: number | string, full: boolean): Promise<BlockJson> {
    const b =
      typeof id === 'number'
        ? await this.client.getBlockByNumber(id, false, !full)
        : await this.client.getBlockByHash(id, false, !full);
    return b;
  }

  async transaction(hash: string): Promise<TransactionJson | null> {
    return await this.client.getTransactionByHash(hash);
  }

  async receipt(hash: string): Promise<ReceiptJson | null> {
    return await this.client.getTransactionReceipt(hash);
  }

  abiOf(address: string): Promise<string> {
    return this.client.getABI(address);
  }

  code(address: string): Promise<string> {
    return this.client.getCode(address);
  }

  call(to: string, data: string): Promise<CallResultJson> {
    return this.client.call(to, data);
  }

  async systemConfig(key: string) {
    try {
      return await this.client.getSystemConfigByKey(key);
    } catch (err) {
      // A key the chain has never set answers 3008 ("Entry: … does not exists!"): not set, not a
      // failure. Anything else (node down, bad group) reaches the user with its reason.
      if (err instanceof RpcError && err.code === 3008) return undefined;
      throw err;
    }
  }

  systemConfigKeys(): Promise<string[]> {
    return Promise.resolve(SYSTEM_CONFIG_KEYS.map((k) => k.key));
  }
}
