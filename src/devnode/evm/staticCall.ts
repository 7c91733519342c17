// The `call` RPC at depth 0: a static call to contract code whose effects are all discarded.
// EVM.runCall wraps a frame in what a transaction needs: the value transfer (even of 0, with the
// caller's and the callee's accounts written back), a journal checkpoint, the before/afterMessage
// events, and a copy of the message into a new object for the interpreter: about 40% of a simple
// call's EVM time. None of it is visible to a static frame: it can write nothing, and after
// EIP-161 an empty account (the caller that runCall writes back) reads exactly as a missing one
// (BALANCE, EXTCODESIZE, EXTCODEHASH all 0). So the frame runs through EVM.runCode: the same
// interpreter, opcode table, gas and state; the frame events are raised by the caller (the
// executor's hooks); calls made by the code go through runCall as before.
import { type EVM, type EVMResult, Message } from '@ethereumjs/evm';
import type { Address } from '@ethereumjs/util';

export interface StaticFrame {
  caller: Address;
  to: Address;
  data: Uint8Array;
  /** The code at `to` (not empty, not a precompile). */
  code: Uint8Array;
  gasLimit: bigint;
  block: NonNullable<Parameters<EVM['runCode']>[0]['block']>;
}

export interface FrameHooks {
  /** What the beforeMessage listener does for a frame. */
  enter(message: Message): void;
  /** What the afterMessage listener does for it. */
  leave(result: EVMResult): void;
}

export async function runStaticFrame(evm: EVM, frame: StaticFrame, hooks: FrameHooks): Promise<EVMResult> {
  const { caller, to, data, code, gasLimit, block } = frame;
  const message = new Message({ caller, to, data, code, gasLimit, depth: 0, isStatic: true, value: 0n });
  hooks.enter(message);
  const execResult = await evm.runCode({
    caller,
    origin: caller,
    to,
    data,
    code,
    gasLimit,
    depth: 0,
    isStatic: true,
    value: 0n,
    block,
  });
  const result: EVMResult = { execResult };
  hooks.leave(result);
  return result;
}
