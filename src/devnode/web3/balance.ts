// Account balances as the Web3 service reads them: EthEndpoint::getBalance (bcos-rpc
// web3jsonrpc/endpoints/EthEndpoint.cpp) reads the account table's balance field, 0 when absent.
// The devnode reads the same chain state that BalancePrecompiled (0x1011), BALANCE and value
// transfers use, so all of them agree. The dev accounts are funded there at genesis (DEV_BALANCE
// each), as GenesisConfig's allocs are by Ledger::buildGenesisBlock → importGenesisState on a
// real node. Without feature_balance the executor moves no value (and tx_gas_price 0 charges no
// gas), so these balances change only through the balance precompiled.

import type { DevChain } from '../chain/types';

export { DEV_BALANCE } from '../chain/keys';

export function balanceOf(chain: DevChain, address: string): Promise<bigint> {
  return chain.balance(address);
}
