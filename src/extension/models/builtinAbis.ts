// ABIs of the chain's built-in contracts by address, so transaction and block pages decode calls
// to them (a BFS link, a committee proposal, a system config change) like any contract call.
// Built-ins always use the chain's hash for selectors. Pure.

import { CONTRACT_AUTH_ABI } from '../../protocol/builtin/auth';
import { BFS_ABI } from '../../protocol/builtin/bfs';
import { COMMITTEE_MANAGER_ABI } from '../../protocol/builtin/committee';
import { CONSENSUS_ABI } from '../../protocol/builtin/consensus';
import { SYS_CONFIG_ABI } from '../../protocol/builtin/sysconfig';
import { TABLE_MANAGER_ABI } from '../../protocol/builtin/tables';
import {
  BFS_ADDRESS,
  COMMITTEE_MANAGER_ADDRESS,
  CONSENSUS_ADDRESS,
  CONTRACT_AUTH_ADDRESS,
  SYS_CONFIG_ADDRESS,
  TABLE_MANAGER_ADDRESS,
} from '../../protocol/builtin/addresses';

export interface BuiltinAbi {
  name: string;
  abi: readonly string[];
}

const norm = (a: string) => `0x${a.toLowerCase().replace(/^0x/, '').padStart(40, '0')}`;

const BUILTINS = new Map<string, BuiltinAbi>(
  (
    [
      [BFS_ADDRESS, 'BFS', BFS_ABI],
      [CONSENSUS_ADDRESS, 'Consensus', CONSENSUS_ABI],
      [SYS_CONFIG_ADDRESS, 'SystemConfig', SYS_CONFIG_ABI],
      [TABLE_MANAGER_ADDRESS, 'TableManager', TABLE_MANAGER_ABI],
      [CONTRACT_AUTH_ADDRESS, 'ContractAuth', CONTRACT_AUTH_ABI],
      [COMMITTEE_MANAGER_ADDRESS, 'CommitteeManager', COMMITTEE_MANAGER_ABI],
    ] as const
  ).map(([address, name, abi]) => [norm(address), { name, abi }]),
);

/** The built-in contract at `address`, if it is one whose ABI the extension knows. */
export function builtinAbi(address: string): BuiltinAbi | undefined {
  if (!/^(0x)?[0-9a-fA-F]{1,40}$/.test(address)) return undefined;
  return BUILTINS.get(norm(address));
}

/** Every known built-in ABI (for looking up revert errors and events). */
export function allBuiltinAbis(): BuiltinAbi[] {
  return [...BUILTINS.values()];
}
