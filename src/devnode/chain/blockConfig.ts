// The system config in force at a block, as execution and block assembly read it: values set in
// block N apply from N+1, so what a block reads is stable while it is built and read once.

import type { Builtins, ConsensusNode, SystemConfigEntry } from '../builtin/types';
import type { MemoryTableStore } from '../storage/tableStore';
import type { BlockEnv } from '../evm/execTypes';
import { nodeIdBytes, parseCompatibilityVersion } from './header';

export const COMPATIBILITY_VERSION = '3.16.4';
export const DEFAULT_TX_COUNT_LIMIT = 1000;
export const DEFAULT_TX_GAS_LIMIT = 3_000_000_000;

/** The part of a block's EVM environment read from the config (the same for all its transactions). */
interface EnvBase {
  number: number;
  gasLimit: bigint;
  cancun: boolean;
  evmTimestamp: boolean;
  balance: boolean;
  authCheck: boolean;
}

export class BlockConfig {
  private readonly nodeIdCache = new Map<string, Uint8Array>();
  private versionMemo: { text: string; version: number } | undefined;
  private envBase: EnvBase | undefined;

  constructor(
    private readonly builtins: Builtins,
    private readonly tables: MemoryTableStore,
    /** auth_check default when the config table has no value. */
    private readonly authCheck: boolean,
  ) {}

  /** Forgets the memo of the block environment (a new block, or a replay, begins). */
  resetEnv(): void {
    this.envBase = undefined;
  }

  configValue(key: string, number: number): string | undefined {
    return this.builtins.systemConfig(this.tables, key, number)?.value;
  }

  systemConfig(key: string, number: number): SystemConfigEntry | undefined {
    return this.builtins.systemConfig(this.tables, key, number);
  }

  consensusNodes(number: number): ConsensusNode[] {
    return this.builtins.consensusNodes(this.tables, number);
  }

  authEnabled(number: number): boolean {
    const v = this.configValue('auth_check_status', number);
    return v === undefined ? this.authCheck : v !== '0' && v !== '';
  }

  compatibilityVersion(number: number): number {
    const text = this.configValue('compatibility_version', number) ?? COMPATIBILITY_VERSION;
    // Parsed once per text (read for every block).
    if (this.versionMemo?.text !== text) {
      let version: number;
      try {
        version = parseCompatibilityVersion(text);
      } catch {
        version = parseCompatibilityVersion(COMPATIBILITY_VERSION);
      }
      this.versionMemo = { text, version };
    }
    return this.versionMemo.version;
  }

  blockEnv(number: number, timestamp: number, txIndex: number): BlockEnv {
    let base = this.envBase;
    if (base === undefined || base.number !== number) {
      base = {
        number,
        gasLimit: BigInt(this.configValue('tx_gas_limit', number) ?? DEFAULT_TX_GAS_LIMIT),
        cancun: this.configValue('feature_evm_cancun', number) === '1',
        evmTimestamp: this.configValue('feature_evm_timestamp', number) === '1',
        balance: this.configValue('feature_balance', number) === '1',
        authCheck: this.authEnabled(number),
      };
      this.envBase = base;
    }
    return {
      number,
      timestamp,
      txIndex,
      gasLimit: base.gasLimit,
      cancun: base.cancun,
      evmTimestamp: base.evmTimestamp,
      balance: base.balance,
      authCheck: base.authCheck,
    };
  }

  /** One byte array per node id, shared by every header that lists it. */
  nodeIdBytes(nodeId: string): Uint8Array {
    let bytes = this.nodeIdCache.get(nodeId);
    if (bytes === undefined) {
      bytes = nodeIdBytes(nodeId).slice();
      this.nodeIdCache.set(nodeId, bytes);
    }
    return bytes;
  }
}
