// Genesis state of governance (precompiled.md §6.2, §9): the configured governors (account 0 with
// weight 1 on a devnode), rates 0/0 so a lone governor's proposals pass at once, deploy type 0.

import { AuthType } from '../../../protocol/builtin/auth';
import type { GenesisOptions, TableStore } from '../types';
import { writeGovernors, writeRates } from './committee-state';
import { writeDeployAcl } from './contract-auth-state';
import { normalizeAddress } from '../../../protocol/address';

export function writeGovernanceGenesis(store: TableStore, options: Pick<GenesisOptions, 'governors'>): void {
  const seen = new Set<string>();
  const governors = options.governors.map(({ address, weight }) => {
    const account = normalizeAddress(address);
    if (!Number.isInteger(weight) || weight < 1 || weight > 0xffffffff) {
      throw new Error(
        `genesis governor ${account}: weight must be an integer in 1..4294967295, got ${weight}`,
      );
    }
    if (seen.has(account)) throw new Error(`genesis governor ${account} is listed twice`);
    seen.add(account);
    return { address: account, weight };
  });
  writeGovernors(store, governors);
  writeRates(store, { participatesRate: 0, winRate: 0 });
  writeDeployAcl(store, { type: AuthType.None, white: {}, black: {} });
}
