// Contract auth of FISCO BCOS 3.x (precompiled.md §6.4, §6.6): ContractAuthPrecompiled at 0x1005 —
// per-contract admin, method ACLs, contract status, and the global deploy ACL. Return codes and
// their messages are in ./retcode; selectors are computed with the chain's hash (./abi).

import { TransactionStatus } from '../rpc/status';
import { AUTH_MANAGER_ADDRESS } from './addresses';

export { AUTH_MANAGER_ADDRESS };

export const CONTRACT_AUTH_ABI: readonly string[] = [
  'function getAdmin(address contractAddr) view returns (address)',
  'function resetAdmin(address contractAddr, address admin) returns (int256)',
  'function setMethodAuthType(address contractAddr, bytes4 func, uint8 authType) returns (int256)',
  'function openMethodAuth(address contractAddr, bytes4 func, address account) returns (int256)',
  'function closeMethodAuth(address contractAddr, bytes4 func, address account) returns (int256)',
  'function checkMethodAuth(address contractAddr, bytes4 func, address account) view returns (bool)',
  'function getMethodAuth(address contractAddr, bytes4 func) view returns (uint8, string[], string[])',
  'function setContractStatus(address _address, bool isFreeze) returns (int256)',
  'function setContractStatus(address _address, uint8 _status) returns (int256)',
  'function contractAvailable(address _address) view returns (bool)',
  'function deployType() view returns (uint256)',
  'function setDeployAuthType(uint8 _type) returns (int256)',
  'function openDeployAuth(address account) returns (int256)',
  'function closeDeployAuth(address account) returns (int256)',
  'function hasDeployAuth(address account) view returns (bool)',
  'function initAuth(string admin) returns (int256)',
];

/** Deploy and method ACL types (SDK `AuthType`). */
export const AuthType = { None: 0, WhiteList: 1, BlackList: 2 } as const;
export type AuthTypeValue = (typeof AuthType)[keyof typeof AuthType];

/** Contract (and account) status (SDK `AccessStatus`), stored by the node as these strings. */
export const AccessStatus = { Normal: 0, Freeze: 1, Abolish: 2 } as const;
export type AccessStatusValue = (typeof AccessStatus)[keyof typeof AccessStatus];
export const ACCESS_STATUS_NAMES = ['normal', 'frozen', 'abolish'] as const;

/** Status codes and revert texts auth enforcement produces (§6.1, §6.6). */
export const AuthStatus = {
  PermissionDenied: TransactionStatus.PermissionDenied,
  ContractFrozen: TransactionStatus.ContractFrozen,
  AccountFrozen: TransactionStatus.AccountFrozen,
  AccountAbolished: TransactionStatus.AccountAbolished,
  ContractAbolished: TransactionStatus.ContractAbolished,
} as const;
export const AuthMessages = {
  CreateDenied: 'Create permission denied.',
  CallDenied: 'Call permission denied.',
  ContractAbolished: 'Contract is abolished.',
  ContractNotFound: 'External call revert: Contract address not found.',
  UnknownStatus: 'External call revert: Unrecognized status type.',
  AlreadyAbolished: 'External call revert: Contract already abolish, should not set any status.',
  NoContractStatus: 'External call revert: Cannot get contract status',
  CommitteeExists: 'Committee contract already exist.',
} as const;
