// Shared dispatch for the native precompiles: selector lookup with the chain's hash, argument
// decoding, the node's two failure styles (return code vs PrecompiledError, precompiled.md §0.2)
// and the static-call guard for writes.

import type { Result } from 'ethers';
import { bindAbi, encodeRevertReason, type BuiltinAbi } from '../../protocol/builtin/abi';
import { GasMeter } from './gas';
import { isNormalizedAddress } from '../../protocol/address';
import type { Precompiled, PrecompiledContext, PrecompiledResult } from './types';

export const STATUS_SUCCESS = 0;
export const STATUS_PRECOMPILED_ERROR = 15;

/** Thrown by a handler to end the call as the node's PrecompiledError (status 15, Error(string)). */
export class PrecompiledError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PrecompiledError';
  }
}

export interface FunctionHandler {
  /** Writes storage: refused in a static call. */
  write?: boolean;
  /** Returns the ABI return values (encoded with the function's outputs) or a full result. */
  run(
    ctx: PrecompiledContext,
    args: Result,
    abi: BuiltinAbi,
    gas: GasMeter,
  ): unknown[] | PrecompiledResult | Promise<unknown[] | PrecompiledResult>;
}

export interface PrecompiledSpec {
  address: string;
  /** Class name as the node's error texts use it, e.g. "BFSPrecompiled". */
  name: string;
  abi: readonly string[];
  /** Keyed by canonical signature, e.g. "mkdir(string)". */
  functions: Record<string, FunctionHandler>;
  /**
   * Present for the precompiles the node meters (gas.ts): the memory size it starts from for this
   * input. Without it a call charges no gas, as BFS, consensus and system config on the node.
   */
  meteredInput?: (input: Uint8Array) => number;
}

export function errorResult(ctx: PrecompiledContext, message: string): PrecompiledResult {
  return { status: STATUS_PRECOMPILED_ERROR, output: encodeRevertReason(message, ctx.suite) };
}

function isResult(value: unknown): value is PrecompiledResult {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    'status' in value &&
    'output' in value
  );
}

/** Builds a Precompiled that dispatches on the selector computed with the calling chain's hash. */
export function definePrecompiled(spec: PrecompiledSpec): Precompiled {
  return {
    address: spec.address,
    name: spec.name,
    abi: spec.abi,
    execute: (ctx, input) => executeSpec(spec, ctx, input),
  };
}

export async function executeSpec(
  spec: PrecompiledSpec,
  ctx: PrecompiledContext,
  input: Uint8Array,
): Promise<PrecompiledResult> {
  if (input.length < 4) return errorResult(ctx, 'Empty param data in precompiled call');
  const abi = bindAbi(spec.abi, ctx.suite);
  let call;
  try {
    call = abi.decodeCall(input);
  } catch {
    return errorResult(ctx, `${spec.name} decode input failed!`);
  }
  const handler = call && spec.functions[call.signature];
  if (!call || !handler) return errorResult(ctx, `${spec.name} call undefined function!`);
  if (handler.write && ctx.isStatic)
    return errorResult(ctx, `${spec.name}: ${call.signature} writes state and cannot run in a static call`);
  const gas = new GasMeter();
  if (spec.meteredInput) gas.setMem(spec.meteredInput(input));
  try {
    const out = await handler.run(ctx, call.args, abi, gas);
    const result = isResult(out)
      ? out
      : { status: STATUS_SUCCESS, output: abi.encodeResult(call.signature, out) };
    // The node charges only calls that return; a PrecompiledError leaves the gas untouched.
    if (!spec.meteredInput || result.status !== STATUS_SUCCESS) return result;
    gas.updateMem(result.output.length);
    return { ...result, gasUsed: gas.total() };
  } catch (err) {
    if (err instanceof PrecompiledError) return errorResult(ctx, err.message);
    throw err;
  }
}

/** Addresses inside the built-ins are kept as 40 lowercase hex without 0x (as the node stores them). */
export function bareAddress(address: string): string {
  // Normalized text (the executor's): no lowercase copy and no regular expression.
  if (isNormalizedAddress(address)) return address.slice(2);
  return address.toLowerCase().replace(/^0x/, '');
}

/** The node's checkLengthValidate: a PrecompiledError quoting the limit and the code. */
export function checkLength(value: string, max: number, code: number): void {
  if (Buffer.byteLength(value, 'utf8') > max)
    throw new PrecompiledError(`size of value/key greater than${max} error code: ${code}`);
}
