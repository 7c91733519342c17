// The Committee contract (governors, weights, rates), read-only from outside.

import { COMMITTEE_ABI } from '../../../protocol/builtin/committee';
import { bindAbi } from '../../../protocol/builtin/abi';
import type { Precompiled } from '../types';
import type { CommitteeAddresses } from './addresses';
import { readGovernors, readRates, totalWeight, weightOf, weightsOf, isGovernor } from './committee-state';
import { onlyOwner, ownedHandlers } from './owned';
import { runSolidity, type SolidityContract } from './solidity-call';
import { asStrings } from '../../../protocol/unknownValues';

export function createCommitteeContract(addresses: CommitteeAddresses): Precompiled {
  const contract: SolidityContract = {
    abi: (ctx) => bindAbi(COMMITTEE_ABI, ctx.suite),
    views: new Set([
      'getCommitteeInfo()',
      'isGovernor(address)',
      'getWeight(address)',
      'getWeights()',
      'getWeights(address[])',
      '_participatesRate()',
      '_winRate()',
      '_owner()',
      'auth(address)',
    ]),
    handlers: {
      ...ownedHandlers(addresses.committee),
      'getCommitteeInfo()': ({ store }) => {
        const governors = readGovernors(store);
        const { participatesRate, winRate } = readRates(store);
        return [participatesRate, winRate, governors.map((g) => g.address), governors.map((g) => g.weight)];
      },
      'isGovernor(address)': ({ store, args: [account] }) => [isGovernor(store, String(account))],
      'getWeight(address)': ({ store, args: [account] }) => [weightOf(store, String(account))],
      'getWeights()': ({ store }) => [totalWeight(store)],
      'getWeights(address[])': ({ store, args: [voters] }) => [
        weightsOf(store, asStrings(voters).map(String)),
      ],
      '_participatesRate()': ({ store }) => [readRates(store).participatesRate],
      '_winRate()': ({ store }) => [readRates(store).winRate],
      'setWeight(address,uint32)': onlyOwner,
      'setRate(uint8,uint8)': onlyOwner,
    },
  };
  return {
    address: addresses.committee,
    name: 'Committee',
    abi: COMMITTEE_ABI,
    execute: (ctx, input) => runSolidity(contract, ctx, input),
  };
}
