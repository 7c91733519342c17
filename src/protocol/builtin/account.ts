// AccountManager at 0x10003 (bcos-executor AccountManagerPrecompiled, Account.sol): governors set
// an externally owned account's status; 0 normal, 1 frozen, 2 abolished (final).

export const ACCOUNT_MANAGER_ABI: readonly string[] = [
  'function setAccountStatus(address addr, uint8 status) returns (int32)',
  'function getAccountStatus(address addr) view returns (uint8)',
];

export const AccountStatus = { Normal: 0, Frozen: 1, Abolished: 2 } as const;
export const ACCOUNT_STATUS_NAMES = ['normal', 'frozen', 'abolished'] as const;
