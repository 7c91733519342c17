// The genesis VoteComputer: the tally rule, callable by anyone (views) as on a real chain.

import { VOTE_COMPUTER_ABI } from '../../../protocol/builtin/committee';
import { bindAbi } from '../../../protocol/builtin/abi';
import type { Precompiled } from '../types';
import type { CommitteeAddresses } from './addresses';
import { ownedHandlers } from './owned';
import { runSolidity, type SolidityContract } from './solidity-call';
import { determineVoteResult, voteResultCalc } from './vote-tally';
import { asStrings } from '../../../protocol/unknownValues';

export function createVoteComputerContract(addresses: CommitteeAddresses): Precompiled {
  const contract: SolidityContract = {
    abi: (ctx) => bindAbi(VOTE_COMPUTER_ABI, ctx.suite),
    views: new Set([
      '_committee()',
      'determineVoteResult(address[],address[])',
      'voteResultCalc(uint32,uint32,uint32,uint8,uint8)',
      '_owner()',
      'auth(address)',
    ]),
    handlers: {
      ...ownedHandlers(addresses.voteComputer),
      '_committee()': () => [addresses.committee],
      'determineVoteResult(address[],address[])': ({ store, args: [agree, against] }) => [
        determineVoteResult(
          store,
          asStrings(agree).map((a) => a.toLowerCase()),
          asStrings(against).map((a) => a.toLowerCase()),
        ),
      ],
      'voteResultCalc(uint32,uint32,uint32,uint8,uint8)': ({ args }) => {
        const [agreeVotes, doneVotes, allVotes, participatesRate, winRate] = args.map(Number);
        return [voteResultCalc(agreeVotes, doneVotes, allVotes, participatesRate, winRate)];
      },
    },
  };
  return {
    address: addresses.voteComputer,
    name: 'VoteComputer',
    abi: VOTE_COMPUTER_ABI,
    execute: (ctx, input) => runSolidity(contract, ctx, input),
  };
}
