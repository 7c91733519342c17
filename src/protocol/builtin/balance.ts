// BalancePrecompiled at 0x1011 (bcos-executor BalancePrecompiled.sol), present with
// feature_balance_precompiled. The writes return an int32 code (the Solidity interface declares
// none; the node returns the account precompile's int32 result).

export const BALANCE_ABI: readonly string[] = [
  'function getBalance(address account) view returns (uint256)',
  'function addBalance(address account, uint256 amount) returns (int32)',
  'function subBalance(address account, uint256 amount) returns (int32)',
  'function transfer(address from, address to, uint256 amount) returns (int32)',
  'function registerCaller(address account) returns (int32)',
  'function unregisterCaller(address account) returns (int32)',
  'function listCaller() view returns (address[])',
];
