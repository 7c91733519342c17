// Facts a FISCO BCOS v3.16.4 Air node reports about itself (getGroupInfo/getGroupNodeInfo).
// SDKs read chain version, SM/WASM/auth flags and supported features from these.

/** ledger::SystemConfig names in declaration order (bcos-framework/ledger/SystemConfigs.h). */
export const SUPPORT_CONFIGS: readonly string[] = [
  'tx_gas_limit',
  'tx_gas_price',
  'tx_count_limit',
  'consensus_leader_period',
  'auth_check_status',
  'compatibility_version',
  'feature_rpbft',
  'feature_rpbft_epoch_block_num',
  'feature_rpbft_epoch_sealer_num',
  'feature_rpbft_notify_rotate',
  'feature_balance_precompiled',
  'web3_chain_id',
  'balance_transfer',
  'executor_version',
];

export const BINARY_VERSION = '3.16.4';
export const BINARY_INFO = {
  buildTime: '20260304 13:38:52',
  gitCommitHash: '7608ab866baefbb295d0af1ab484b1876f7e48dc',
  platform: 'Linux/g++',
  version: BINARY_VERSION,
};

/** Node-service protocol range (GlobalConfig: NodeService V0..V2). */
export const MIN_PROTOCOL = 0;
export const MAX_PROTOCOL = 2;

/** An Air node's service map (ServiceType → servant name), iterated in key order. */
export const AIR_SERVICE_INFO: readonly { serviceName: string; type: number }[] = [
  { serviceName: 'LedgerServiceObj', type: 2 },
  { serviceName: 'SchedulerServiceObj', type: 3 },
  { serviceName: 'FrontServiceObj', type: 4 },
  { serviceName: '', type: 6 },
  { serviceName: '', type: 7 },
  { serviceName: 'TxPoolServiceObj', type: 8 },
];

/** "3.16.4" → 0x03100400, the integer form of compatibility_version. */
export function versionNumber(text: string): number | undefined {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(text.trim());
  if (!m) return undefined;
  const [maj, min, patch] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (maj > 255 || min > 255 || patch > 255) return undefined;
  return ((maj << 24) | (min << 16) | (patch << 8)) >>> 0;
}

export const DEFAULT_COMPATIBILITY = versionNumber(BINARY_VERSION)!;

/** P2P ports as build_chain.sh assigns them (30300 + index). */
export const P2P_BASE_PORT = 30300;

/** PBFT's NON_CONSENSUS_NODE index: (uint64)-1. */
export const NON_CONSENSUS_INDEX = (1n << 64n) - 1n;
