// SystemConfigPrecompiled at 0x1000 (precompiled.md §4): setValueByKey with the node's validation
// order and texts (failures are PrecompiledErrors, status 15), getValueByKey.

import { SYS_CONFIG_ADDRESS } from '../../protocol/builtin/addresses';
import { CODE_NO_AUTHORIZED, CODE_SUCCESS } from '../../protocol/builtin/retcode';
import {
  FEATURE_DEPENDENCIES,
  isFeatureKey,
  KEY_AUTH_CHECK_STATUS,
  KEY_COMPATIBILITY_VERSION,
  SYS_CONFIG_ABI,
  SYS_CONFIG_SIG,
  SYSTEM_CONFIG_KEYS,
  sysConfigErrors as E,
} from '../../protocol/builtin/sysconfig';
import { registerGovernorsAsCallers } from './balance';
import { committeeOnly } from './consensus';
import { definePrecompiled, PrecompiledError } from './precompiled-base';
import { storedConfig, systemConfig, writeConfig } from './system-config-store';
import type { PrecompiledContext, TableStore } from './types';
import { asString } from '../../protocol/unknownValues';

/**
 * Feature flags the devnode implements: Cancun opcodes, TIMESTAMP in seconds, and balances
 * (value transfers, NotEnoughCash, BalancePrecompiled at 0x1011).
 */
export const DEVNODE_FEATURES: ReadonlySet<string> = new Set([
  'feature_evm_cancun',
  'feature_evm_timestamp',
  'feature_balance',
  'feature_balance_precompiled',
]);

const INT64 = /^[+-]?[0-9]+$/;
const INT64_MAX = (1n << 63n) - 1n;
const INT64_MIN = -(1n << 63n);

/** [major, minor, patch] of "3.16.4" / "3.16"; undefined when malformed or major outside 3..255. */
export function parseVersion(text: string): [number, number, number] | undefined {
  const m = /^(\d+)\.(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return undefined;
  const v: [number, number, number] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
  return v[0] >= 3 && v[0] <= 255 ? v : undefined;
}

export function compareVersions(a: [number, number, number], b: [number, number, number]): number {
  for (let i = 0; i < 3; i++) if (a[i] !== b[i]) return a[i] - b[i];
  return 0;
}

function parseInt64(text: string): bigint | undefined {
  if (!INT64.test(text)) return undefined;
  const v = BigInt(text);
  return v > INT64_MAX || v < INT64_MIN ? undefined : v;
}

function currentVersion(store: TableStore, blockNumber: number): [number, number, number] {
  return parseVersion(systemConfig(store, KEY_COMPATIBILITY_VERSION, blockNumber)?.value ?? '') ?? [3, 16, 4];
}

/** Validates like the node; throws PrecompiledError with its text. Returns the lower-cased key. */
export function validateConfig(
  store: TableStore,
  rawKey: string,
  value: string,
  blockNumber: number,
): string {
  const key = rawKey.toLowerCase();
  const info = SYSTEM_CONFIG_KEYS.find((k) => k.key === key);
  const feature = isFeatureKey(key);
  if (!info && !feature) throw new PrecompiledError(E.unsupportedKey(key));
  if (value.length === 0) throw new PrecompiledError(E.emptyValue(key));
  const version = currentVersion(store, blockNumber);

  if (feature) {
    if (value !== '1') throw new PrecompiledError(E.notNumber(key));
    // A feature the devnode cannot honour is refused as the node refuses a key it does not know,
    // rather than accepted and ignored. Bug-fix flags are all on from genesis already.
    if (!key.startsWith('bugfix_') && !DEVNODE_FEATURES.has(key))
      throw new PrecompiledError(E.unsupportedKey(key));
    const dep = FEATURE_DEPENDENCIES[key];
    if (dep && systemConfig(store, dep.requires, blockNumber)?.value !== '1')
      throw new PrecompiledError(dep.message);
    return key;
  }
  const rule = info!.rule;
  // Parse stage: the node re-throws every parse failure as "must be a valid number".
  let number: bigint | undefined;
  switch (rule.kind) {
    case 'int':
    case 'status':
      number = parseInt64(value);
      if (number === undefined) throw new PrecompiledError(E.notNumber(key));
      break;
    case 'hex':
      if (!/^0x[0-9a-fA-F]*$/.test(value)) throw new PrecompiledError(E.notNumber(key));
      break;
    case 'chainId':
      if (!/^[0-9]+$/.test(value) || BigInt(value) > 0xffffffffn)
        throw new PrecompiledError(E.notNumber(key));
      break;
    case 'version': {
      const v = parseVersion(value);
      if (!v) throw new PrecompiledError(E.badVersion(key));
      if (compareVersions(v, version) < 0) throw new PrecompiledError(E.notNumber(key));
      break;
    }
  }
  // Range / version stage: texts preserved.
  if (rule.kind === 'int' && number! < BigInt(rule.min))
    throw new PrecompiledError(E.tooSmall(value, key, rule.min));
  if (rule.kind === 'status') {
    if (number! < 0n) throw new PrecompiledError(E.tooSmall(value, key, 0));
    if (number! > 255n) throw new PrecompiledError(E.badStatus());
  }
  if (info!.minVersion && compareVersions(version, parseVersion(info!.minVersion)!) < 0)
    throw new PrecompiledError(E.unsupportedKey(key));
  return key;
}

export function setValueByKey(ctx: PrecompiledContext, rawKey: string, value: string): number {
  if (!committeeOnly(ctx)) return CODE_NO_AUTHORIZED;
  const key = validateConfig(ctx.store, rawKey, value, ctx.blockNumber);
  writeConfig(ctx.store, key, value, ctx.blockNumber + 1);
  // SystemConfigPrecompiled::registerGovernorToCaller.
  if (key === 'feature_balance_precompiled') registerGovernorsAsCallers(ctx.store);
  return CODE_SUCCESS;
}

export function getValueByKey(ctx: PrecompiledContext, rawKey: string): [string, bigint] {
  const key = rawKey.toLowerCase();
  const row = storedConfig(ctx.store, key);
  if (row) return [row.value, BigInt(row.enableNumber)];
  if (key === KEY_AUTH_CHECK_STATUS) return [ctx.chain.authEnabled ? '1' : '0', 0n];
  return ['', -1n];
}

export const systemConfigPrecompiled = definePrecompiled({
  address: SYS_CONFIG_ADDRESS,
  name: 'SystemConfigPrecompiled',
  abi: SYS_CONFIG_ABI,
  functions: {
    [SYS_CONFIG_SIG.setValueByKey]: {
      write: true,
      run: (ctx, a) => [setValueByKey(ctx, asString(a[0]), asString(a[1]))],
    },
    [SYS_CONFIG_SIG.getValueByKey]: { run: (ctx, a) => getValueByKey(ctx, asString(a[0])) },
  },
});
