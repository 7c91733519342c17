// A transaction's top frame to contract code, as EVM.runCall runs it, without what runCall pays
// for its generality: runCall → _executeCall → runInterpreter await a promise per account read
// and write, copy the message into a new object for the interpreter ({...message}: some 20
// properties of a class instance, V8's slow path), build a new Interpreter with 8 KiB of memory,
// and copy the interpreter's run state and environment into the frame's result (about a fifth of
// the executor's CPU per transaction together).
//
// This does the same steps in the same order for the case the dev node runs for almost every
// transaction (a message at depth 0 to an account with code, no value, not static, no step
// listener), on the dev node's synchronous state: the message as runCall builds it, the
// beforeMessage hook, the journal checkpoint (and transient storage's under EIP-1153), the value
// transfer of 0 that writes the caller's and the callee's accounts back (creating them when
// missing, as runCall does), the code load, the frame on the top-frame runner of staticCall.ts
// (runInterpreter's environment and result; its Interpreter is reused), the transient storage
// cleanup at depth 0, commit or revert, the afterMessage hook. Frames opened by the code (CALL,
// CREATE…) go through runCall as before. Anything else, or other EIPs whose extra steps runCall
// takes (Verkle 6800/7864, EIP-2780, 7702 delegation, 7708 transfer logs, block access lists
// 7928, state gas 8037, EOF 3540), goes to EVM.runCall. Tested against runCall
// (evm-tx-frame.test.ts).

import { type EVM, type EVMResult, type ExecResult, EVMError, Message } from '@ethereumjs/evm';
import { Account } from '@ethereumjs/util';
import type { FrameHooks, StaticFrame } from './staticCall';
import { topFrameRunner } from './staticCall';
import type { JournaledStateManager } from './stateManager';

export type TxFrame = Omit<StaticFrame, 'code'> & {
  /** The code at `to` as the state has it (not empty). */
  code: Uint8Array;
};

/** EIPs under which runCall does more than this file does. */
const RUNCALL_EIPS = [3540, 2780, 6800, 7702, 7708, 7864, 7928, 8037];
const CODESTORE_OUT_OF_GAS = EVMError.errorMessages.CODESTORE_OUT_OF_GAS;
const TRANSIENT_STORAGE = 1153;

function hasSyncAccounts(sm: unknown): sm is Pick<JournaledStateManager, 'getAccountSync'> {
  return (
    typeof sm === 'object' && sm !== null && 'getAccountSync' in sm && typeof sm.getAccountSync === 'function'
  );
}

const simple = new WeakMap<object, { hardfork: string; ok: boolean }>();

/** True when runCall's extra steps for other EIPs do not apply to `evm` (per Common and hardfork). */
function runCallIsPlain(evm: EVM): boolean {
  const common = evm.common;
  const hardfork = common.hardfork();
  let known = simple.get(common);
  if (known === undefined || known.hardfork !== hardfork) {
    // (Chainstart keeps the state of a failed code deposit; no other hardfork does.)
    known = {
      hardfork,
      ok: hardfork !== 'chainstart' && !RUNCALL_EIPS.some((eip) => common.isActivatedEIP(eip)),
    };
    simple.set(common, known);
  }
  return known.ok;
}

/**
 * Runs a transaction's top frame: `evm.runCall({ caller, origin: caller, to, data, value: 0,
 * gasLimit, block, skipNonceIncrement: true })` with the beforeMessage/afterMessage listeners'
 * work done by `hooks`.
 */
export async function runTxFrame(evm: EVM, frame: TxFrame, hooks: FrameHooks): Promise<EVMResult> {
  const { caller, to, data, code, gasLimit, block } = frame;
  const runner = topFrameRunner(evm);
  const state = evm.stateManager;
  if (
    runner === undefined ||
    !runCallIsPlain(evm) ||
    !hasSyncAccounts(state) ||
    evm.DEBUG ||
    evm.events.listenerCount('step') > 0 ||
    code.length === 0 ||
    evm.getPrecompile(to) !== undefined
  ) {
    return evm.runCall({
      caller,
      origin: caller,
      to,
      data,
      value: 0n,
      gasLimit,
      block,
      skipNonceIncrement: true,
      isStatic: false,
    });
  }
  // runCall's message for these options.
  const message = new Message({
    caller,
    gasLimit,
    to,
    value: 0n,
    data,
    isStatic: false,
    selfdestruct: new Map(),
    createdAddresses: new Set(),
  });
  hooks.enter(message);
  const journal = evm.journal;
  const transient = evm.common.isActivatedEIP(TRANSIENT_STORAGE);
  await journal.checkpoint();
  if (transient) evm.transientStorage.checkpoint();
  // _executeCall: the value transfer of 0 writes both accounts back (_reduceSenderBalance,
  // _addToBalance through the journal, which marks them touched).
  await journal.putAccount(caller, state.getAccountSync(caller) ?? new Account());
  await journal.putAccount(to, state.getAccountSync(to) ?? new Account());
  // _loadCode (no precompile at `to`, checked above; a hook may have set the code).
  if (message.code === undefined) {
    message.code = code;
    message.isCompiled = false;
    message.chargeCodeAccesses = true;
  }
  const loaded = message.code;
  let execResult: ExecResult;
  if (!(loaded instanceof Uint8Array) || loaded.length === 0) {
    // _executeCall's early exit on no code.
    execResult = {
      gasRefund: message.gasRefund,
      executionGasUsed: 0n,
      exceptionError: undefined,
      returnValue: new Uint8Array(0),
      logs: undefined,
    };
  } else {
    execResult = await runner({ caller, to, data, code: loaded, gasLimit, block }, message);
    // postMessageCleanup at depth 0.
    if (transient) evm.transientStorage.clear();
  }
  const err = execResult.exceptionError;
  if (err !== undefined && err.error !== CODESTORE_OUT_OF_GAS) {
    execResult.selfdestruct = new Map();
    execResult.createdAddresses = new Set();
    execResult.gasRefund = 0n;
  }
  if (err !== undefined) {
    execResult.logs = [];
    await journal.revert();
    if (transient) evm.transientStorage.revert();
  } else {
    await journal.commit();
    if (transient) evm.transientStorage.commit();
  }
  const result: EVMResult = { execResult };
  hooks.leave(result);
  return result;
}
