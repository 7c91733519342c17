// Account balances as the Web3 service reads them (EthEndpoint::getBalance, the account table's
// balance field). The dev accounts are funded at genesis, as a config.genesis `[alloc]` section
// funds accounts on a real node (NodeConfig.h, Ledger::buildGenesisBlock importGenesisState).
// Without feature_balance (off by default, and not implemented by the devnode) the executor
// moves no value and charges no gas (tx_gas_price 0), so these balances never change.

import type { DevChain } from '../chain/types';

/** 10 000 ether in wei, per dev account (what Hardhat and anvil give theirs). */
export const DEV_BALANCE = 10_000n * 10n ** 18n;

export function balanceOf(chain: DevChain, address: string): bigint {
  const a = address.toLowerCase();
  return chain.accounts.some((x) => x.address.toLowerCase() === a) ? DEV_BALANCE : 0n;
}
