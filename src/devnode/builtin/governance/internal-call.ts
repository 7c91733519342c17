// Calls from the committee to other contracts (0x1000, 0x1003, 0x1005, an upgraded VoteComputer).
// Buffered writes are flushed first so the callee sees them; a failing callee reverts the
// committee call with the callee's output, as a Solidity high-level call re-throws (3.16).

import { bindAbi, decodeIntWord } from '../../../protocol/builtin/abi';
import type { PrecompiledContext } from '../types';
import { revert } from './call-result';
import type { BufferedStore } from './state-store';

/** The external interfaces CommitteeManager was compiled against. */
export const TARGET_ABI: readonly string[] = [
  'function setValueByKey(string key, string value) returns (int32)',
  'function addSealer(string nodeID, uint256 weight) returns (int32)',
  'function addObserver(string nodeID) returns (int32)',
  'function remove(string nodeID) returns (int32)',
  'function setWeight(string nodeID, uint256 weight) returns (int32)',
  'function setDeployAuthType(uint8 _type) returns (int256)',
  'function openDeployAuth(address account) returns (int256)',
  'function closeDeployAuth(address account) returns (int256)',
  'function resetAdmin(address contractAddr, address admin) returns (int256)',
  'function _committee() view returns (address)',
  'function determineVoteResult(address[] agreeVoters, address[] againstVoters) view returns (uint8)',
];

export async function callOut(
  ctx: PrecompiledContext,
  store: BufferedStore,
  request: { to: string; fn: string; args: unknown[]; from: string },
): Promise<Uint8Array> {
  store.commit();
  const abi = bindAbi(TARGET_ABI, ctx.suite);
  const result = await ctx.callInternal(request.to, abi.encodeCall(request.fn, request.args), request.from);
  if (result.status !== 0) revert('', result.output);
  // Solidity reverts (empty data) when the callee has no code or returns too little.
  if (result.output.length < 32) revert('');
  return result.output;
}

/** A precompile's int32/int256 return code. */
export async function callForCode(
  ctx: PrecompiledContext,
  store: BufferedStore,
  request: { to: string; fn: string; args: unknown[]; from: string },
): Promise<bigint> {
  return decodeIntWord(await callOut(ctx, store, request));
}
