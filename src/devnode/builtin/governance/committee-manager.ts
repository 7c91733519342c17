// CommitteeManager at 0x10001 (precompiled.md §6.2): governor-only proposal creation (the proposer's
// agree vote is cast at once), voting with automatic execution, and proposer-only revoke.
// Behaves as the deployed Solidity contract: failures revert with its Error(string) texts.

import { AbiCoder, getBytes } from 'ethers';
import { bindAbi } from '../../../protocol/builtin/abi';
import {
  AUTH_MANAGER_ADDRESS,
  COMMITTEE_MANAGER_ADDRESS,
  CONSENSUS_ADDRESS,
  SYS_CONFIG_ADDRESS,
} from '../../../protocol/builtin/addresses';
import {
  COMMITTEE_MANAGER_ABI,
  CommitteeMessages,
  ProposalStatus,
  ProposalType,
  execResultTopic,
} from '../../../protocol/builtin/committee';
import type { Precompiled, PrecompiledContext } from '../types';
import { currentVoteComputer, type CommitteeAddresses } from './addresses';
import { revert } from './call-result';
import { isGovernor, readGovernors } from './committee-state';
import { adminOf, readDeployAcl } from './contract-auth-state';
import { callOut } from './internal-call';
import { executeProposal } from './proposal-execution';
import {
  createProposal,
  readProposal,
  recordVote,
  revokeProposal,
  setProposalStatus,
  type ProposalAction,
  type StoredProposal,
} from './proposal-state';
import { runSolidity, type SolidityContract, type SolidityHandler } from './solidity-call';
import { ZERO_ADDRESS, type BufferedStore } from './state-store';
import { normalizeAddress } from '../../../protocol/address';
import { determineVoteResult } from './vote-tally';
import { toBigInt } from '../../../protocol/unknownValues';

const coder = AbiCoder.defaultAbiCoder();
const addr = (value: unknown) => normalizeAddress(String(value));
const wordToNumber = (word: Uint8Array) =>
  Number(BigInt('0x' + Buffer.from(word.subarray(0, 32)).toString('hex')) & 0xffffffffn);
const wordToAddress = (word: Uint8Array) => '0x' + Buffer.from(word.subarray(12, 32)).toString('hex');

function action(fields: Partial<ProposalAction>): ProposalAction {
  return { uint8Array: [], strArray: [], weight: 0, addressArray: [], flag: false, ...fields };
}

export function createCommitteeManager(addresses: CommitteeAddresses): Precompiled {
  async function tally(
    ctx: PrecompiledContext,
    store: BufferedStore,
    proposal: StoredProposal,
  ): Promise<number> {
    const computer = currentVoteComputer(store, addresses);
    if (computer === addresses.voteComputer)
      return determineVoteResult(store, proposal.agreeVoters, proposal.againstVoters);
    const output = await callOut(ctx, store, {
      to: computer,
      fn: 'determineVoteResult',
      args: [proposal.agreeVoters, proposal.againstVoters],
      from: addresses.proposalManager,
    });
    return wordToNumber(output) & 0xff;
  }

  async function vote(
    ctx: PrecompiledContext,
    store: BufferedStore,
    id: bigint,
    agree: boolean,
  ): Promise<void> {
    const proposal = recordVote(store, id, agree, ctx.caller);
    const status = await tally(ctx, store, proposal);
    setProposalStatus(store, id, status);
    if (status !== ProposalStatus.Finished) return;
    const code = await executeProposal(ctx, store, proposal, ctx.caller);
    ctx.emit({
      address: COMMITTEE_MANAGER_ADDRESS,
      topics: [execResultTopic(ctx.suite)],
      data: getBytes(coder.encode(['int256'], [code])),
    });
  }

  /** onlyGovernor + ProposalManager.create + the proposer's agree vote. */
  function proposer(
    build: (
      call: Parameters<SolidityHandler>[0],
    ) =>
      | Promise<{ type: number; resourceId: string; interval: unknown; action: ProposalAction }>
      | { type: number; resourceId: string; interval: unknown; action: ProposalAction },
  ): SolidityHandler {
    return async (call) => {
      const { ctx, store } = call;
      if (!isGovernor(store, ctx.caller)) revert(CommitteeMessages.NotGovernor);
      const request = await build(call);
      const id = createProposal(store, {
        proposer: ctx.caller,
        proposalType: request.type,
        resourceId: request.resourceId,
        interval: toBigInt(request.interval),
        blockNumber: ctx.blockNumber,
        action: request.action,
      });
      await vote(ctx, store, id, true);
      return [id];
    };
  }

  const nodeChecked = (node: unknown) => {
    if (Buffer.byteLength(String(node), 'utf8') <= 1) revert(CommitteeMessages.InvalidNode);
    return String(node);
  };

  const contract: SolidityContract = {
    abi: (ctx) => bindAbi(COMMITTEE_MANAGER_ABI, ctx.suite),
    views: new Set(['isGovernor(address)', 'getProposalType(uint256)', '_committee()', '_proposalMgr()']),
    handlers: {
      'createUpdateGovernorProposal(address,uint32,uint256)': proposer(
        ({ args: [account, weight, interval] }) => ({
          type: ProposalType.UpdateGovernor,
          resourceId: addr(account),
          interval,
          action: action({ addressArray: [addr(account)], weight: Number(weight), flag: true }),
        }),
      ),
      'createSetRateProposal(uint8,uint8,uint256)': proposer(
        ({ args: [participatesRate, winRate, interval] }) => {
          if (Number(participatesRate) > 100) revert(CommitteeMessages.InvalidParticipatesRate);
          if (Number(winRate) > 100) revert(CommitteeMessages.InvalidWinRate);
          return {
            type: ProposalType.SetRate,
            resourceId: COMMITTEE_MANAGER_ADDRESS,
            interval,
            action: action({ uint8Array: [Number(participatesRate), Number(winRate)] }),
          };
        },
      ),
      'createUpgradeVoteComputerProposal(address,uint256)': proposer(
        async ({ ctx, store, args: [newAddr, interval] }) => {
          const target = addr(newAddr);
          const from = COMMITTEE_MANAGER_ADDRESS;
          const committee = wordToAddress(
            await callOut(ctx, store, { to: target, fn: '_committee', args: [], from }),
          );
          if (committee !== addresses.committee) revert(CommitteeMessages.VoteComputerMismatch);
          const governors = readGovernors(store).map((g) => g.address);
          const result = await callOut(ctx, store, {
            to: target,
            fn: 'determineVoteResult',
            args: [governors, []],
            from,
          });
          if ((wordToNumber(result) & 0xff) !== ProposalStatus.Finished)
            revert(CommitteeMessages.VoteComputerImperfect);
          return {
            type: ProposalType.UpgradeVoteComputer,
            resourceId: addresses.proposalManager,
            interval,
            action: action({ addressArray: [target] }),
          };
        },
      ),
      'createSetDeployAuthTypeProposal(uint8,uint256)': proposer(({ store, args: [type, interval] }) => {
        if (readDeployAcl(store).type === Number(type)) revert(CommitteeMessages.SameDeployAuthType);
        return {
          type: ProposalType.SetDeployAuthType,
          resourceId: AUTH_MANAGER_ADDRESS,
          interval,
          action: action({ uint8Array: [Number(type)] }),
        };
      }),
      'createModifyDeployAuthProposal(address,bool,uint256)': proposer(
        ({ args: [account, openFlag, interval] }) => ({
          type: ProposalType.ModifyDeployAuth,
          resourceId: addr(account),
          interval,
          action: action({ addressArray: [addr(account)], flag: Boolean(openFlag) }),
        }),
      ),
      'createResetAdminProposal(address,address,uint256)': proposer(
        ({ store, args: [newAdmin, contractAddr, interval] }) => {
          const target = addr(contractAddr);
          if (target === ZERO_ADDRESS) revert(CommitteeMessages.ContractNotExists);
          if (addr(newAdmin) === adminOf(store, target)) revert(CommitteeMessages.AlreadyAdmin);
          return {
            type: ProposalType.ResetAdmin,
            resourceId: target,
            interval,
            action: action({ addressArray: [addr(newAdmin)] }),
          };
        },
      ),
      'createSetSysConfigProposal(string,string,uint256)': proposer(({ args: [key, value, interval] }) => {
        if (Buffer.byteLength(String(key), 'utf8') <= 1) revert(CommitteeMessages.InvalidKeyLength);
        return {
          type: ProposalType.SetSysConfig,
          resourceId: SYS_CONFIG_ADDRESS,
          interval,
          action: action({ strArray: [String(key), String(value)] }),
        };
      }),
      'createSetConsensusWeightProposal(string,uint32,bool,uint256)': proposer(
        ({ args: [node, weight, addFlag, interval] }) => ({
          type: ProposalType.SetNodeWeight,
          resourceId: CONSENSUS_ADDRESS,
          interval,
          action: action({ strArray: [nodeChecked(node)], weight: Number(weight), flag: Boolean(addFlag) }),
        }),
      ),
      'createRmNodeProposal(string,uint256)': proposer(({ args: [node, interval] }) => ({
        type: ProposalType.RemoveNode,
        resourceId: CONSENSUS_ADDRESS,
        interval,
        action: action({ strArray: [nodeChecked(node)], flag: true }),
      })),
      'voteProposal(uint256,bool)': async ({ ctx, store, args: [id, agree] }) => {
        if (!isGovernor(store, ctx.caller)) revert(CommitteeMessages.NotGovernor);
        await vote(ctx, store, toBigInt(id), Boolean(agree));
        return [];
      },
      'revokeProposal(uint256)': ({ ctx, store, args: [id] }) => {
        if (!isGovernor(store, ctx.caller)) revert(CommitteeMessages.NotGovernor);
        revokeProposal(store, toBigInt(id), ctx.caller, ctx.blockNumber);
        return [];
      },
      'isGovernor(address)': ({ store, args: [account] }) => [isGovernor(store, addr(account))],
      'getProposalType(uint256)': ({ store, args: [id] }) => [
        readProposal(store, toBigInt(id))?.proposalType ?? 0,
      ],
      '_committee()': () => [addresses.committee],
      '_proposalMgr()': () => [addresses.proposalManager],
    },
  };
  return {
    address: COMMITTEE_MANAGER_ADDRESS,
    name: 'CommitteeManager',
    abi: COMMITTEE_MANAGER_ABI,
    execute: (ctx, input) => runSolidity(contract, ctx, input),
  };
}
