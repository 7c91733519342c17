// Governance built-ins of the devnode: the committee (CommitteeManager at 0x10001 with its
// Committee, ProposalManager and VoteComputer) and contract auth at 0x1005, plus the auth hooks.
// See README.md for wiring into createBuiltins().

import type { AuthHooks, GenesisOptions, Precompiled, PrecompiledContext, TableStore } from '../types';
import { committeeAddresses, type CommitteeAddresses } from './addresses';
import { createAuthHooks } from './auth-hooks';
import { createCommitteeContract } from './committee-contract';
import { createCommitteeManager } from './committee-manager';
import { createContractAuthPrecompiled } from './contract-auth';
import { writeGovernanceGenesis } from './genesis';
import { createProposalManagerContract } from './proposal-manager-contract';
import { createVoteComputerContract } from './vote-computer-contract';

export { isGovernor, readGovernors, readRates } from './committee-state';
export { committeeAddresses } from './addresses';

export interface Governance {
  precompiles: Precompiled[];
  genesis(store: TableStore, options: GenesisOptions): void;
  auth: AuthHooks;
}

/**
 * The helper contracts' addresses depend on the chain's hash. When `sm` is known they are
 * registered for that chain only; otherwise both sets are registered and the set that does not
 * match the running chain behaves as an address without code.
 */
export function createGovernance(options: { sm?: boolean } = {}): Governance {
  const flavours = options.sm === undefined ? [false, true] : [options.sm];
  const helpers = flavours.flatMap((sm) => {
    const addresses = committeeAddresses(sm);
    const contracts = [
      createCommitteeContract(addresses),
      createProposalManagerContract(addresses),
      createVoteComputerContract(addresses),
    ];
    return options.sm === undefined ? contracts.map((c) => onlyOn(c, addresses)) : contracts;
  });
  // CommitteeManager's address is fixed; its helper addresses follow the running chain's hash.
  const managers = new Map<boolean, Precompiled>(
    [false, true].map((sm) => [sm, createCommitteeManager(committeeAddresses(sm))]),
  );
  const manager: Precompiled = {
    address: managers.get(false)!.address,
    name: 'CommitteeManager',
    abi: managers.get(false)!.abi,
    execute: (ctx, input) => managers.get(ctx.suite.sm)!.execute(ctx, input),
  };
  return {
    precompiles: [manager, ...helpers, createContractAuthPrecompiled()],
    genesis: (store, genesis) => writeGovernanceGenesis(store, genesis),
    auth: createAuthHooks(),
  };
}

function onlyOn(contract: Precompiled, addresses: CommitteeAddresses): Precompiled {
  return {
    address: contract.address,
    name: contract.name,
    abi: contract.abi,
    execute: (ctx: PrecompiledContext, input: Uint8Array) =>
      ctx.suite.sm === addresses.sm ? contract.execute(ctx, input) : { status: 0, output: new Uint8Array(0) },
  };
}
