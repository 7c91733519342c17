// Genesis state of the built-ins this module owns (precompiled.md §9): s_config rows in force from
// block 0, the sealer list, and the BFS tree.

import { NODE_TYPE_SEALER } from '../../protocol/builtin/consensus';
import {
  BUGFIX_FLAGS,
  KEY_AUTH_CHECK_STATUS,
  KEY_COMPATIBILITY_VERSION,
  KEY_CONSENSUS_LEADER_PERIOD,
  KEY_TX_COUNT_LIMIT,
  KEY_TX_GAS_LIMIT,
  KEY_TX_GAS_PRICE,
  KEY_WEB3_CHAIN_ID,
} from '../../protocol/builtin/sysconfig';
import { writeGenesisBfs } from './bfs-tree';
import { writeNodeList } from './consensus-store';
import { writeConfig } from './system-config-store';
import type { GenesisOptions, TableStore } from './types';

/** The Web3 chain id of a build_chain.sh chain (eth_chainId 0x4ee8). */
export const WEB3_CHAIN_ID = '20200';

export function writeSystemGenesis(store: TableStore, options: GenesisOptions): void {
  if (options.sealers.length === 0) throw new Error('genesis needs at least one sealer');
  if (options.txGasLimit <= 100000)
    throw new Error(`genesis tx gas limit must be above 100000, got ${options.txGasLimit}`);
  const config: [string, string][] = [
    [KEY_TX_COUNT_LIMIT, String(options.txCountLimit)],
    [KEY_CONSENSUS_LEADER_PERIOD, String(options.leaderPeriod)],
    [KEY_TX_GAS_LIMIT, String(options.txGasLimit)],
    [KEY_TX_GAS_PRICE, '0x0'],
    [KEY_COMPATIBILITY_VERSION, options.compatibilityVersion],
    [KEY_AUTH_CHECK_STATUS, options.authCheck ? '1' : '0'],
    // build_chain.sh writes `[web3] chain_id=20200` (default_web3_chainid) into config.genesis, and
    // Ledger::buildGenesisBlock stores it as web3_chain_id for 3.9+ chains.
    [KEY_WEB3_CHAIN_ID, WEB3_CHAIN_ID],
    ...BUGFIX_FLAGS.map((flag): [string, string] => [flag, '1']),
  ];
  for (const [key, value] of config) writeConfig(store, key, value, 0);
  writeNodeList(
    store,
    options.sealers.map((s) => ({
      nodeId: s.nodeId.toLowerCase(),
      type: NODE_TYPE_SEALER,
      weight: s.weight,
      enableNumber: 0,
    })),
  );
  writeGenesisBfs(store);
}
