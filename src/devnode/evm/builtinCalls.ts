// Built-in contracts (precompiled in FISCO BCOS: tables, auth, BFS, balances, …) run by the EVM
// executor: as a transaction's target, reached from EVM code, and their calls back into
// contracts. A failing built-in drops its table writes, logs and its callees' state writes.

import { EVMError, type EVM, type ExecResult, type Log } from '@ethereumjs/evm';
import { Address } from '@ethereumjs/util';
import { fromHex } from '../../protocol/hex';
import { normalizeAddressPadded } from '../../protocol/address';
import { statusName, TransactionStatus } from '../../protocol/rpc/status';
import type { LogRecord, Precompiled, PrecompiledContext, PrecompiledResult } from '../builtin/types';
import type { JournaledStateManager } from './stateManager';
import { encodeErrorString, failureOutput, statusForEvmError } from './status';
import type { TxScope } from './txScope';
import { builtinFailure, trackBuiltin } from './diagnostics';
import { blockFor } from './evmAdapters';
import { DEFAULT_PRECOMPILED_GAS, NotEnoughCashError, type ExecutorOptions } from './execTypes';

/** What the built-ins reach of the executor. */
export interface BuiltinHost {
  opts: ExecutorOptions;
  state: JournaledStateManager;
  scope(): TxScope | undefined;
  evm(cancun: boolean): Promise<EVM>;
  balanceOf(address: string): Promise<bigint>;
  addBalance(address: string, delta: bigint): Promise<void>;
}

/** A built-in reached from EVM code (CALL/STATICCALL to its address). */
export async function runNestedBuiltin(
  host: BuiltinHost,
  p: Precompiled,
  data: Uint8Array,
  gasLimit: bigint,
): Promise<ExecResult> {
  const scope = host.scope();
  if (scope === undefined) throw new Error('built-in contract called outside a transaction');
  const frame = scope.frames[scope.frames.length - 1];
  const caller = frame.message.caller.toString();
  const isStatic = scope.readOnly || frame.message.isStatic;
  const r = await invokeBuiltin(host, p, data, caller, isStatic, scope, frame.message.depth, gasLimit);
  const gas = r.result.gasUsed ?? DEFAULT_PRECOMPILED_GAS;
  if (gas > gasLimit) {
    return {
      returnValue: new Uint8Array(0),
      executionGasUsed: gasLimit,
      exceptionError: new EVMError('out of gas'),
    };
  }
  if (r.result.status !== TransactionStatus.None) {
    // Since bugfix_precompiled_evm_status a failing built-in is a REVERT to its caller.
    return { returnValue: r.result.output, executionGasUsed: gas, exceptionError: new EVMError('revert') };
  }
  return {
    returnValue: r.result.output,
    executionGasUsed: gas,
    logs: r.logs.map((l): Log => [fromHex(l.address), l.topics, l.data]),
  };
}

/** Runs a built-in; `gas` is what it was given, for the trace only (built-ins price their own work). */
export async function invokeBuiltin(
  host: BuiltinHost,
  p: Precompiled,
  input: Uint8Array,
  caller: string,
  isStatic: boolean,
  scope: TxScope,
  depth: number,
  gas: bigint,
): Promise<{ result: PrecompiledResult; logs: LogRecord[] }> {
  const tables = host.opts.tables;
  const mark = tables.mark();
  const stateMark = host.state.mark();
  const logs: LogRecord[] = [];
  const ctx: PrecompiledContext = {
    caller,
    origin: scope.origin,
    blockNumber: scope.env.number,
    timestamp: scope.env.timestamp,
    isStatic,
    suite: host.opts.suite,
    store: tables,
    chain: host.opts.facts,
    emit: (log) => {
      logs.push(log);
    },
    callInternal: (to, data, from) => callInternal(host, to, data, from, isStatic, scope, depth + 1),
    codeAt: (address) => Promise.resolve(host.state.codeAt(normalizeAddressPadded(address))),
    balances: {
      get: (address) => host.balanceOf(address),
      add: (address, value) => host.addBalance(address, value),
      sub: (address, value) => host.addBalance(address, -value),
    },
  };
  // Its step goes before the steps of whatever it calls; the result is filled in below.
  const traced = scope.tracer?.builtinStart(p.name, p.address, depth, gas, input);
  let result: PrecompiledResult;
  try {
    result = await p.execute(ctx, input);
  } catch (e) {
    // A handler that throws is the node's PrecompiledError with the text in Error(string).
    result = {
      status:
        e instanceof NotEnoughCashError
          ? TransactionStatus.NotEnoughCash
          : TransactionStatus.PrecompiledError,
      output: encodeErrorString(e instanceof Error ? e.message : String(e), host.opts.suite),
    };
  }
  if (result.status !== TransactionStatus.None) {
    // As the node's revert() of a failed precompiled's executive and, first, the executives it
    // called (TransactionExecutive::callPrecompiled, ::revert): a caller that carries on (a
    // built-in's callInternal) must not keep the writes of contracts it called.
    tables.undoTo(mark);
    host.state.undoTo(stateMark);
    logs.length = 0;
  }
  // Gas left as its callers charge it (runNestedBuiltin, the executor's transaction).
  const left = gas - (result.gasUsed ?? DEFAULT_PRECOMPILED_GAS);
  scope.tracer?.builtinEnd(traced, result.output, result.status, left);
  return { result, logs };
}

/**
 * A built-in run without an EVM message (a transaction sent to it, a built-in's call to another)
 * returned: a failure goes to the failure point as an EVM frame's does in leaveFrame.
 */
export function trackBuiltinRun(
  host: BuiltinHost,
  scope: TxScope,
  p: Precompiled,
  input: Uint8Array,
  depth: number,
  result: PrecompiledResult,
): void {
  if (result.status === TransactionStatus.None) return;
  const named = builtinFailure(p, input, host.opts.suite);
  trackBuiltin(scope.failure, named, depth, statusName(result.status), result.output);
}

async function callInternal(
  host: BuiltinHost,
  to: string,
  data: Uint8Array,
  caller: string,
  isStatic: boolean,
  scope: TxScope,
  depth: number,
): Promise<PrecompiledResult> {
  const target = normalizeAddressPadded(to);
  const builtin = host.opts.builtins.precompiles.get(target);
  if (builtin !== undefined) {
    const from = normalizeAddressPadded(caller);
    // Its own trace frame, as an EVM call's message opens one for a contract.
    scope.tracer?.builtinFrameStart(builtin.address, from, data, isStatic, depth);
    const r = await invokeBuiltin(
      host,
      builtin,
      data,
      from,
      isStatic,
      scope,
      depth,
      // A built-in's calls are given the transaction's gas limit, as its EVM calls below are.
      scope.env.gasLimit,
    );
    scope.tracer?.builtinFrameEnd(r.result.output, r.result.status);
    trackBuiltinRun(host, scope, builtin, data, depth, r.result);
    return r.result;
  }
  const evm = await host.evm(scope.env.cancun);
  const origin = new Address(fromHex(scope.origin));
  const result = await evm.runCall({
    caller: new Address(fromHex(normalizeAddressPadded(caller))),
    origin,
    to: new Address(fromHex(target)),
    data,
    gasLimit: scope.env.gasLimit,
    depth,
    isStatic,
    block: blockFor(scope.env),
  });
  const err = result.execResult.exceptionError;
  if (err !== undefined) {
    return {
      status: statusForEvmError(err.error),
      output: failureOutput(err.error, result.execResult.returnValue, host.opts.suite),
    };
  }
  return {
    status: TransactionStatus.None,
    output: result.execResult.returnValue,
    gasUsed: result.execResult.executionGasUsed,
  };
}
