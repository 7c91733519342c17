// SystemConfigService: setValueByKey through 0x1000 with the Java SDK's value checks (through a
// committee proposal when auth check is on), reads through the getSystemConfigByKey RPC, and a
// listing of every key with its value and enable block (console listSystemConfigs).

import { SYS_CONFIG_ADDRESS } from '../../protocol/builtin/addresses';
import {
  ALL_CONFIG_KEYS,
  isFeatureKey,
  KEY_COMPATIBILITY_VERSION,
  KEY_TX_GAS_PRICE,
  LEADER_PERIOD_MIN,
  SYS_CONFIG_ABI,
  SYS_CONFIG_SIG,
  TX_COUNT_LIMIT_MIN,
  TX_GAS_LIMIT_MIN,
} from '../../protocol/builtin/sysconfig';
import type { SystemConfigJson } from '../../protocol/rpc/types';
import { runAsync, type AsyncArgs } from '../callback';
import { RpcError } from '../errors';
import { requireText } from './builtin-service';
import { GovernedService, type GovernedRetCode } from './governed-write';

export interface SystemConfigEntry {
  key: string;
  value: string;
  /** Block from which the value is in force. */
  enableBlock: number;
}

/** Lowest value of the numeric keys the SDK checks before sending. */
const NUMERIC_MIN: Record<string, bigint> = {
  tx_count_limit: BigInt(TX_COUNT_LIMIT_MIN),
  consensus_leader_period: BigInt(LEADER_PERIOD_MIN),
  tx_gas_limit: BigInt(TX_GAS_LIMIT_MIN),
  auth_check_status: 0n,
};

const HINT = { command: 'setSysConfigProposal', method: 'createSetSysConfigProposal(key, value)' };

function versionParts(text: string): number[] | undefined {
  const m = /^v?(\d+)\.(\d+)(?:\.(\d+))?/.exec(text.trim());
  return m ? [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)] : undefined;
}

function compare(a: number[], b: number[]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

/**
 * The value as it will be sent, after the SDK's checks: numeric keys must be integers in range,
 * tx_gas_price is sent as hex (decimal accepted). Throws a RangeError naming the key otherwise.
 */
export function normalizeConfigValue(key: string, value: string): string {
  const v = value.trim();
  const min = NUMERIC_MIN[key];
  if (min !== undefined && (!/^-?\d+$/.test(v) || BigInt(v) < min))
    throw new RangeError(`Invalid value "${value}" for ${key}: it must be an integer no less than ${min}`);
  if (key === KEY_TX_GAS_PRICE) {
    if (/^0x[0-9a-fA-F]+$/.test(v)) return v;
    if (!/^\d+$/.test(v))
      throw new RangeError(`Invalid value "${value}" for ${key}: it must be a non-negative integer (wei)`);
    return '0x' + BigInt(v).toString(16);
  }
  return value;
}

export class SystemConfigService extends GovernedService {
  /** compatibility_version may not exceed any node's binary version; feature keys must be known to every node. */
  private async checkAgainstNodes(key: string, value: string): Promise<void> {
    if (key !== KEY_COMPATIBILITY_VERSION && !isFeatureKey(key)) return;
    const info = await this.client.getGroupInfo(this.sendOptions);
    for (const node of info.nodeList) {
      if (key === KEY_COMPATIBILITY_VERSION) {
        const target = versionParts(value);
        const binary = versionParts(node.iniConfig?.binaryInfo?.version ?? '');
        if (target && binary && compare(target, binary) > 0)
          throw new RangeError(
            `Invalid value "${value}" for ${key}: node ${node.name} runs ${node.iniConfig?.binaryInfo?.version}, lower than it`,
          );
      } else if (node.featureKeys && !node.featureKeys.includes(key)) {
        throw new RangeError(`Unsupported feature ${key}: node ${node.name} does not know it`);
      }
    }
  }

  /** Sets a config key; the new value is in force from the next block. */
  async setValueByKey(key: string, value: string): Promise<GovernedRetCode> {
    const k = requireText('setValueByKey', 'key', key).trim().toLowerCase();
    requireText('setValueByKey', 'value', value);
    const v = normalizeConfigValue(k, value);
    await this.checkAgainstNodes(k, v);
    return this.governed(
      `setting ${k}`,
      HINT,
      () => this.transactForRetCode(SYS_CONFIG_ADDRESS, SYS_CONFIG_ABI, SYS_CONFIG_SIG.setValueByKey, [k, v]),
      () => this.authManager.createSetSysConfigProposal(k, v),
    );
  }

  /** The value in force and its enable block, as the node's getSystemConfigByKey returns them. */
  getSystemConfigByKey(key: string): Promise<SystemConfigJson> {
    return this.client.getSystemConfigByKey(
      requireText('getSystemConfigByKey', 'key', key),
      this.sendOptions,
    );
  }

  /** Every key the chain has a value for: known keys, feature flags and keys the nodes report. */
  async listSystemConfigs(): Promise<SystemConfigEntry[]> {
    const info = await this.client.getGroupInfo(this.sendOptions);
    const keys = new Set(ALL_CONFIG_KEYS);
    for (const node of info.nodeList)
      for (const k of [...(node.featureKeys ?? []), ...(node.supportConfigs ?? [])]) keys.add(k);
    const entries = await Promise.all(
      [...keys].map(async (key) => {
        try {
          const { value, blockNumber } = await this.client.getSystemConfigByKey(key, this.sendOptions);
          return { key, value, enableBlock: blockNumber };
        } catch (e) {
          if (e instanceof RpcError) return undefined; // no row for this key on this chain
          throw e;
        }
      }),
    );
    return entries.filter((e): e is SystemConfigEntry => e !== undefined);
  }

  setValueByKeyAsync(
    ...args: AsyncArgs<Parameters<SystemConfigService['setValueByKey']>, GovernedRetCode>
  ): void {
    runAsync('setValueByKeyAsync', args, (k: string, v: string) => this.setValueByKey(k, v));
  }
  getSystemConfigByKeyAsync(
    ...args: AsyncArgs<Parameters<SystemConfigService['getSystemConfigByKey']>, SystemConfigJson>
  ): void {
    runAsync('getSystemConfigByKeyAsync', args, (k: string) => this.getSystemConfigByKey(k));
  }
  listSystemConfigsAsync(...args: AsyncArgs<[], SystemConfigEntry[]>): void {
    runAsync('listSystemConfigsAsync', args, () => this.listSystemConfigs());
  }
}
