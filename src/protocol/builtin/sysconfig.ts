// SystemConfigPrecompiled (0x1000, /sys/status): ABI, keys and their rules (precompiled.md §4).

export { SYS_CONFIG_ADDRESS } from './addresses';

export const SYS_CONFIG_ABI: readonly string[] = [
  'function setValueByKey(string key, string value) returns (int32)',
  'function getValueByKey(string key) view returns (string, int256)',
];

export const SYS_CONFIG_SIG = {
  setValueByKey: 'setValueByKey(string,string)',
  getValueByKey: 'getValueByKey(string)',
} as const;

export const KEY_TX_COUNT_LIMIT = 'tx_count_limit';
export const KEY_CONSENSUS_LEADER_PERIOD = 'consensus_leader_period';
export const KEY_TX_GAS_LIMIT = 'tx_gas_limit';
export const KEY_TX_GAS_PRICE = 'tx_gas_price';
export const KEY_COMPATIBILITY_VERSION = 'compatibility_version';
export const KEY_AUTH_CHECK_STATUS = 'auth_check_status';
export const KEY_RPBFT_EPOCH_SEALER_NUM = 'feature_rpbft_epoch_sealer_num';
export const KEY_RPBFT_EPOCH_BLOCK_NUM = 'feature_rpbft_epoch_block_num';
export const KEY_WEB3_CHAIN_ID = 'web3_chain_id';
export const KEY_BALANCE_TRANSFER = 'balance_transfer';
export const KEY_EXECUTOR_VERSION = 'executor_version';

export const TX_COUNT_LIMIT_MIN = 1;
export const TX_GAS_LIMIT_MIN = 100000;
export const LEADER_PERIOD_MIN = 1;

/** How setValueByKey validates a (non-feature) key. */
export type ConfigRule =
  | { kind: 'int'; min: number } // int64 ≥ min
  | { kind: 'status' } // 0…255 (auth_check_status)
  | { kind: 'hex' } // 0x[0-9a-fA-F]* (tx_gas_price)
  | { kind: 'version' } // MAJOR.MINOR[.PATCH], not lower than the current one
  | { kind: 'chainId' }; // decimal ≤ 2^32-1

export interface ConfigKeyInfo {
  key: string;
  rule: ConfigRule;
  /** Lowest chain (compatibility) version on which the key is accepted. */
  minVersion?: string;
}

/** The non-feature keys accepted by setValueByKey on a 3.16 node (§4.4), in the console's listing order. */
export const SYSTEM_CONFIG_KEYS: readonly ConfigKeyInfo[] = [
  { key: KEY_TX_COUNT_LIMIT, rule: { kind: 'int', min: TX_COUNT_LIMIT_MIN } },
  { key: KEY_CONSENSUS_LEADER_PERIOD, rule: { kind: 'int', min: LEADER_PERIOD_MIN } },
  { key: KEY_TX_GAS_LIMIT, rule: { kind: 'int', min: TX_GAS_LIMIT_MIN } },
  { key: KEY_TX_GAS_PRICE, rule: { kind: 'hex' }, minVersion: '3.6.0' },
  { key: KEY_COMPATIBILITY_VERSION, rule: { kind: 'version' } },
  { key: KEY_AUTH_CHECK_STATUS, rule: { kind: 'status' }, minVersion: '3.3.0' },
  { key: KEY_RPBFT_EPOCH_SEALER_NUM, rule: { kind: 'int', min: 1 }, minVersion: '3.5.0' },
  { key: KEY_RPBFT_EPOCH_BLOCK_NUM, rule: { kind: 'int', min: 1 }, minVersion: '3.5.0' },
  { key: KEY_WEB3_CHAIN_ID, rule: { kind: 'chainId' }, minVersion: '3.9.0' },
  { key: KEY_BALANCE_TRANSFER, rule: { kind: 'int', min: 0 }, minVersion: '3.10.2' },
  { key: KEY_EXECUTOR_VERSION, rule: { kind: 'int', min: 0 }, minVersion: '3.15.0' },
];

/** Bug-fix flags a 3.16.4 genesis pre-sets to "1". */
export const BUGFIX_FLAGS: readonly string[] = [
  'bugfix_revert',
  'bugfix_statestorage_hash',
  'bugfix_evm_create2_delegatecall_staticcall_codecopy',
  'bugfix_event_log_order',
  'bugfix_call_noaddr_return',
  'bugfix_precompiled_codehash',
  'bugfix_dmc_revert',
  'bugfix_keypage_system_entry_hash',
  'bugfix_internal_create_redundant_storage',
  'bugfix_internal_create_permission_denied',
  'bugfix_sharding_call_in_child_executive',
  'bugfix_empty_abi_reset',
  'bugfix_eip55_addr',
  'bugfix_eoa_as_contract',
  'bugfix_eoa_match_failed',
  'bugfix_evm_exception_gas_used',
  'bugfix_dmc_deploy_gas_used',
  'bugfix_staticcall_noaddr_return',
  'bugfix_support_transfer_receive_fallback',
  'bugfix_set_row_with_dirty_flag',
  'bugfix_rpbft_vrf_blocknumber_input',
  'bugfix_delete_account_code',
  'bugfix_policy1_empty_code_address',
  'bugfix_precompiled_gasused',
  'bugfix_nonce_not_increase_when_revert',
  'bugfix_set_contract_nonce_when_create',
  'bugfix_precompiled_gascalc',
  'bugfix_method_auth_sender',
  'bugfix_precompiled_evm_status',
  'bugfix_delegatecall_transfer',
  'bugfix_nonce_initialize',
  'bugfix_v1_timestamp',
  'bugfix_revert_logs',
];

/** Feature switches (off unless set; once set to "1" they cannot be switched off). */
export const FEATURE_FLAGS: readonly string[] = [
  'feature_dmc2serial',
  'feature_sharding',
  'feature_rpbft',
  'feature_paillier',
  'feature_balance',
  'feature_balance_precompiled',
  'feature_balance_policy1',
  'feature_paillier_add_raw',
  'feature_evm_cancun',
  'feature_evm_timestamp',
  'feature_evm_address',
  'feature_rpbft_term_weight',
  'feature_raw_address',
  'feature_rpbft_vrf_type_secp256k1',
  'feature_balance_policy2',
];

/** ledger::Features::Flag names in declaration order (bcos-framework/ledger/Features.h, v3.16.4). */
export const FEATURE_KEYS: readonly string[] = [...BUGFIX_FLAGS, ...FEATURE_FLAGS];

/** Feature flags that need another flag set first, with the node's error text. */
export const FEATURE_DEPENDENCIES: Readonly<Record<string, { requires: string; message: string }>> = {
  feature_balance_precompiled: { requires: 'feature_balance', message: 'must set feature_balance first' },
  feature_balance_policy1: {
    requires: 'feature_balance_precompiled',
    message: 'must set feature_balance_precompiled first',
  },
};

export function isFeatureKey(key: string): boolean {
  return FEATURE_KEYS.includes(key);
}

/** Every key the node would list (known keys then flags). */
export const ALL_CONFIG_KEYS: readonly string[] = [...SYSTEM_CONFIG_KEYS.map((k) => k.key), ...FEATURE_KEYS];

// PrecompiledError texts of setValueByKey (status 15, Error(string) in the output).
export const sysConfigErrors = {
  unsupportedKey: (key: string) => `unsupported key ${key}`,
  emptyValue: (key: string) => `The value for ${key} must be non-empty.`,
  notNumber: (key: string) => `The value for ${key} must be a valid number.`,
  tooSmall: (value: string, key: string, min: number) =>
    `Invalid value ${value} ,the value for ${key} must be no less than ${min}`,
  badVersion: (key: string) =>
    `Invalid value for ${key}. The version must be in format of major_version.middle_version.minimum_version, and the minimum version is optional. The major version must between 3 to 255`,
  badStatus: () => 'Invalid status value, must less than 255',
};
