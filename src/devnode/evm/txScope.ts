// A transaction's scope while it runs (its block, origin, frames, console lines, failure point,
// tracer) and what happens as each EVM frame opens and closes: FISCO's call sequence numbers,
// table writes dropped with a failed frame, admins of contracts created by contracts, and the
// deploy and method ACLs and contract status for frames opened by contracts.

import type { EVMResult, Message } from '@ethereumjs/evm';
import { builtinFailure, track, type FailureTracker } from './diagnostics';
import type { TraceRecorder } from './trace';
import { encodeErrorString } from './status';
import { ECHO_INPUT_STUB, isEthereumPrecompile, revertStub } from './evmAdapters';
import { TransactionStatus } from '../../protocol/rpc/status';
import { setFrameSeq } from './evmSetup';
import type { BlockEnv, ExecutorOptions } from './execTypes';

export interface Frame {
  tableMark: number;
  message: Message;
  /** Refused by the contract status or an ACL: its stub's gas goes back to the caller. */
  refused: boolean;
}

export interface TxScope {
  env: BlockEnv;
  origin: string;
  readOnly: boolean;
  seq: number;
  frames: Frame[];
  consoleLogs: string[];
  failure: FailureTracker;
  /** Set for the devnode's debugger traces only. */
  tracer?: TraceRecorder;
}

/** Every EVM frame starts here (the beforeMessage event, or a static `call` frame). */
export function enterFrame(opts: ExecutorOptions, scope: TxScope | undefined, m: Message): void {
  const tables = opts.tables;
  if (scope === undefined) return;
  // FISCO numbers every external call of a transaction (depth-first) and uses that
  // sequence number in the address of contracts created by contracts.
  if (m.depth > 0 && !isEthereumPrecompile(m.to)) setFrameSeq(m, ++scope.seq);
  const frame: Frame = { tableMark: tables.mark(), message: m, refused: false };
  scope.frames.push(frame);
  scope.tracer?.onMessage(m);
  if (m.delegatecall && opts.builtins.precompiles.has(m.codeAddress.toString())) {
    // A built-in has no code entry, so the node's delegatecall finds none and, under
    // bugfix_call_noaddr_return, succeeds with empty data (TransactionExecutive::externalCall).
    m.code = new Uint8Array(0);
    m.isCompiled = false;
  }
  if (m.depth > 0 && scope.env.authCheck) frame.refused = checkInnerAuth(opts, m, scope);
}

/** Every EVM frame ends here (the afterMessage event, or a static `call` frame). */
export function leaveFrame(opts: ExecutorOptions, scope: TxScope | undefined, r: EVMResult): void {
  const tables = opts.tables;
  if (scope === undefined) return;
  const frame = scope.frames.pop();
  if (frame === undefined) return;
  scope.tracer?.onMessageEnd(
    r.execResult.exceptionError?.error,
    r.execResult.returnValue,
    r.createdAddress?.toString(),
  );
  // The node refuses the request before any code runs and hands it back with its gas untouched
  // (TransactionExecutive::checkAuth; HostContext::externalRequest: gas_left = response->gas).
  if (frame.refused) r.execResult.executionGasUsed = 0n;
  if (r.execResult.exceptionError !== undefined) {
    tables.undoTo(frame.tableMark);
    track(scope.failure, frame.message, r, (address, input) => {
      const p = opts.builtins.precompiles.get(address);
      return p && builtinFailure(p, input, opts.suite);
    });
  } else if (frame.message.depth > 0 && r.createdAddress !== undefined && !scope.readOnly) {
    // A contract created by a contract: record its admin, as the node does for every deploy.
    opts.builtins.auth.onDeployed(tables, r.createdAddress.toString(), {
      origin: scope.origin,
      caller: frame.message.caller.toString(),
      to: '',
      selector: new Uint8Array(0),
      blockNumber: scope.env.number,
    });
  }
}

const NO_SELECTOR = new Uint8Array(0);

/**
 * Deploy and method ACLs and the contract status for frames opened by contracts (the node checks
 * every creation against tx.origin's deploy right, and every call, but a delegatecall, against
 * the callee's status and then the method ACL by msg.sender). A static request (a STATICCALL or
 * any frame of a `call`) skips the deploy and method ACLs, never the status: checkExecAuth alone
 * returns early for staticCall (TransactionExecutive::checkAuth). A refused frame runs a stub
 * that reverts with what the node's refused request returns, so the caller sees a failed call.
 */
function checkInnerAuth(opts: ExecutorOptions, m: Message, scope: TxScope): boolean {
  const auth = opts.builtins.auth;
  const tables = opts.tables;
  // Every request of a `call` is a staticCall (HostContext::externalRequest copies the flag).
  const isStatic = m.isStatic || scope.readOnly;
  const info = {
    origin: scope.origin,
    caller: m.caller.toString(),
    to: m.to === undefined ? '' : m.to.toString(),
    selector: m.to === undefined || isStatic ? NO_SELECTOR : m.data.subarray(0, 4),
    blockNumber: scope.env.number,
  };
  if (m.to === undefined) {
    if (isStatic) return false;
    const d = auth.checkDeploy(tables, info);
    if (!d.ok) m.data = revertStub(encodeErrorString(d.message ?? 'Create permission denied.', opts.suite));
    return !d.ok;
  }
  // A CALLCODE (another account's code on this one) is a delegateCall request to the node
  // (HostContext::externalRequest), which TransactionExecutive::call runs without checkAuth.
  const callcode = !m.delegatecall && !m.to.equals(m.codeAddress);
  if (m.delegatecall || callcode || isEthereumPrecompile(m.to) || opts.builtins.precompiles.has(info.to))
    return false;
  // Without a selector only the contract status is checked.
  const d = auth.checkCall(tables, info);
  if (!d.ok) {
    // On >= 3.2 a frozen contract writes no text and the request's data (this frame's input) is
    // what the caller gets back (checkAuth; HostContext::externalRequest).
    m.code =
      d.message === undefined && d.status === TransactionStatus.ContractFrozen
        ? ECHO_INPUT_STUB
        : revertStub(encodeErrorString(d.message ?? 'Call permission denied.', opts.suite));
    m.isCompiled = false;
  }
  return !d.ok;
}
