// Fixed addresses and BFS names of the FISCO BCOS 3.x built-in contracts (precompiled.md §1).
// Addresses are 0x-prefixed, lowercase, padded to 40 hex digits, as `Precompiled.address` expects.

import { isNormalizedAddress } from '../address';

/** Pads a short hex number (e.g. 0x100e) to a 20-byte address. */
export function builtinAddress(short: number): string {
  return '0x' + short.toString(16).padStart(40, '0');
}

export const SYS_CONFIG_ADDRESS = builtinAddress(0x1000);
export const TABLE_ADDRESS = builtinAddress(0x1001);
export const TABLE_MANAGER_ADDRESS = builtinAddress(0x1002);
export const CONSENSUS_ADDRESS = builtinAddress(0x1003);
export const AUTH_MANAGER_ADDRESS = builtinAddress(0x1005);
export const KV_TABLE_ADDRESS = builtinAddress(0x1009);
export const CRYPTO_ADDRESS = builtinAddress(0x100a);
export const WORKING_SEALER_MGR_ADDRESS = builtinAddress(0x100b);
export const DAG_TRANSFER_ADDRESS = builtinAddress(0x100c);
export const BFS_ADDRESS = builtinAddress(0x100e);
export const CAST_ADDRESS = builtinAddress(0x100f);
export const SHARDING_ADDRESS = builtinAddress(0x1010);
export const BALANCE_ADDRESS = builtinAddress(0x1011);
export const PAILLIER_ADDRESS = builtinAddress(0x5003);
export const GROUP_SIG_ADDRESS = builtinAddress(0x5004);
export const RING_SIG_ADDRESS = builtinAddress(0x5005);
export const DISCRETE_ZKP_ADDRESS = builtinAddress(0x5100);
export const AUTH_INTERCEPT_ADDRESS = builtinAddress(0x10000);
/** CommitteeManager (Solidity, deployed at genesis): the only sender allowed to write 0x1000/0x1003 when auth is on. */
export const COMMITTEE_MANAGER_ADDRESS = builtinAddress(0x10001);
export const CONTRACT_AUTH_ADDRESS = builtinAddress(0x10002);
export const ACCOUNT_MANAGER_ADDRESS = builtinAddress(0x10003);
export const ACCOUNT_ADDRESS = builtinAddress(0x10004);

/** The node treats every address below 0x20000 as belonging to the precompiled range. */
export const PRECOMPILED_RANGE_END = 0x20000;

const ADDRESS_HEX = /^(?:0[xX])?([0-9a-fA-F]{1,40})$/;

export function isPrecompiledRange(address: string): boolean {
  // Asked for every call a contract receives (the auth check): no BigInt for a 40-digit text,
  // and no regular expression for normalized text (the executor's).
  const hex = isNormalizedAddress(address) ? address.slice(2) : ADDRESS_HEX.exec(address)?.[1];
  if (hex === undefined) return false;
  let i = 0;
  while (i < hex.length && hex.charCodeAt(i) === 0x30) i++;
  return hex.length - i <= 5 && parseInt(hex.slice(i) || '0', 16) < PRECOMPILED_RANGE_END;
}

/** Names under /sys in the 3.16 genesis BFS tree (§2.3), in the order the node links them. */
export const SYS_BFS_LINKS: ReadonlyArray<{ name: string; address: string }> = [
  { name: 'status', address: SYS_CONFIG_ADDRESS },
  { name: 'table_storage', address: TABLE_ADDRESS },
  { name: 'table_manager', address: TABLE_MANAGER_ADDRESS },
  { name: 'consensus', address: CONSENSUS_ADDRESS },
  { name: 'auth', address: AUTH_MANAGER_ADDRESS },
  { name: 'kv_storage', address: KV_TABLE_ADDRESS },
  { name: 'crypto_tools', address: CRYPTO_ADDRESS },
  { name: 'dag_test', address: DAG_TRANSFER_ADDRESS },
  { name: 'bfs', address: BFS_ADDRESS },
  { name: 'group_sig', address: GROUP_SIG_ADDRESS },
  { name: 'ring_sig', address: RING_SIG_ADDRESS },
  { name: 'discrete_zkp', address: DISCRETE_ZKP_ADDRESS },
  { name: 'account_manager', address: ACCOUNT_MANAGER_ADDRESS },
  { name: 'cast_tools', address: CAST_ADDRESS }, // genesis version >= 3.2
  { name: 'sharding', address: SHARDING_ADDRESS }, // genesis version >= 3.3
];
