// Shared plumbing of the natively implemented committee contracts (CommitteeManager, Committee,
// ProposalManager, VoteComputer): they behave as Solidity contracts, so an unknown selector,
// malformed arguments or a write in a static call revert with empty data (status 16).

import type { BuiltinAbi, DecodedCall } from '../../../protocol/builtin/abi';
import type { PrecompiledContext, PrecompiledResult } from '../types';
import { failureResult, revert } from './call-result';
import { BufferedStore } from './state-store';

export type SolidityHandler = (call: {
  ctx: PrecompiledContext;
  store: BufferedStore;
  args: unknown[];
}) => Promise<unknown[]> | unknown[];

export interface SolidityContract {
  abi(ctx: PrecompiledContext): BuiltinAbi;
  /** Keyed by canonical signature. */
  handlers: Record<string, SolidityHandler>;
  /** Read-only signatures; anything else writes state and is refused in static calls. */
  views: ReadonlySet<string>;
}

function decode(abi: BuiltinAbi, input: Uint8Array): DecodedCall | undefined {
  try {
    return abi.decodeCall(input);
  } catch {
    return undefined;
  }
}

export async function runSolidity(
  contract: SolidityContract,
  ctx: PrecompiledContext,
  input: Uint8Array,
): Promise<PrecompiledResult> {
  const abi = contract.abi(ctx);
  try {
    const call = decode(abi, input);
    const handler = call && contract.handlers[call.signature];
    if (!call || !handler) revert('');
    if (ctx.isStatic && !contract.views.has(call.signature)) revert('');
    const store = new BufferedStore(ctx.store);
    const values = await handler({ ctx, store, args: call.args.toArray(true) });
    store.commit();
    return { status: 0, output: abi.encodeResult(call.signature, values) };
  } catch (error) {
    return failureResult(error, ctx.suite);
  }
}
