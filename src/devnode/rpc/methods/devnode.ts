// Devnode extensions, not FISCO BCOS methods (a real node answers -32601 to them): what the
// devnode knows about an execution beyond its receipt, for the developer's tools.
//   devnode_getTransactionDiagnostics [group, txHash]
//     → {"consoleLogs": [..], "failure": {codeAddress, address, pc, create, depth, error,
//        builtin?: {address, name, method}} | null} (pc -1: the failure is the built-in's own),
//       or null when the devnode has none for that hash (unknown, or from before a restart)
//   devnode_traceCall [group, to, data, from?]
//     → {"status", "output", "consoleLogs", "failure"} of a read-only call at the latest state
//   devnode_debugTraceTransaction [group, txHash, {maxSteps?, maxBytes?}?]
//     → {blockNumber, index, status, output, gasUsed, matchesReceipt,
//        trace: {steps, frames, codes, preStorage}}
//       a committed transaction re-executed on the state before it (reverted and out-of-gas ones
//       too); null for an unknown hash; -32000 "trace too large: …" past the limits
//   devnode_debugTraceCall [group, to, data, from?, {maxSteps?, maxBytes?}?]
//     → {status, output, trace} of a read-only call at the latest state, step by step

import { toHex } from '../../../protocol/hex';
import { errorMessage } from '../../../protocol/unknownValues';
import { TraceTooLarge, traceLimits, type TraceLimits } from '../../evm/trace';
import { JsonNumber } from '../json';
import type { ExecDiagnostics } from '../../evm/diagnostics';
import { normalizeAddressPadded } from '../../../protocol/address';
import type { MethodTable, RpcContext } from '../context';
import { InvalidParams } from '../filters';
import { RpcError } from '../errors';
import { decodeDataParam, parseHash } from '../hexParams';
import type { JsonValue } from '../json';
import type { Params } from '../params';

export const DEVNODE_METHOD_PREFIX = 'devnode_';

function checkGroup(ctx: RpcContext, group: string): void {
  if (group !== '' && group !== ctx.group.groupId)
    throw new RpcError(InvalidParams, `unknown group ${group}`);
}

function diagnosticsJson(d: ExecDiagnostics | undefined): { [k: string]: JsonValue } {
  if (d?.failure === undefined) return { consoleLogs: d?.consoleLogs ?? [], failure: null };
  const { builtin, ...point } = d.failure;
  return {
    consoleLogs: d.consoleLogs,
    failure: builtin ? { ...point, builtin: { ...builtin } } : { ...point },
  };
}

function getTransactionDiagnostics(p: Params, ctx: RpcContext): JsonValue {
  checkGroup(ctx, p.str(0));
  const hash = parseHash(p.str(1));
  if (!ctx.chain.getTransaction(hash)) return null;
  return diagnosticsJson(ctx.chain.diagnostics.get(toHex(hash)));
}

/** `to` (param 1) and the optional `from` (param 3) of a traced call, as InvalidParams when bad. */
function callTarget(p: Params): { to: string; from: string | undefined } {
  try {
    const to = normalizeAddressPadded(p.str(1));
    const from = p.size > 3 && p.str(3) !== '' ? normalizeAddressPadded(p.str(3)) : undefined;
    return { to, from };
  } catch (e) {
    throw new RpcError(InvalidParams, errorMessage(e));
  }
}

async function traceCall(p: Params, ctx: RpcContext): Promise<JsonValue> {
  checkGroup(ctx, p.str(0));
  const { to, from } = callTarget(p);
  const outcome = await ctx.chain.call(to, decodeDataParam(p.str(2)), from);
  return { status: outcome.status, output: toHex(outcome.output), ...diagnosticsJson(outcome.diagnostics) };
}

/** Error code of a trace past its limits (the JSON-RPC "server error" range). */
export const TRACE_TOO_LARGE = -32000;

function limitsParam(v: JsonValue): TraceLimits {
  if (v === null) return traceLimits(undefined);
  if (typeof v !== 'object' || Array.isArray(v) || v instanceof JsonNumber)
    throw new RpcError(InvalidParams, 'trace options must be an object {maxSteps?, maxBytes?}');
  const num = (x: JsonValue | undefined) =>
    x instanceof JsonNumber ? (x.kind === 'real' ? x.real : Number(x.int)) : x;
  try {
    return traceLimits({ maxSteps: num(v.maxSteps), maxBytes: num(v.maxBytes) });
  } catch (e) {
    throw new RpcError(InvalidParams, errorMessage(e));
  }
}

async function traced<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof TraceTooLarge) throw new RpcError(TRACE_TOO_LARGE, `trace too large: ${e.message}`);
    throw e;
  }
}

async function debugTraceTransaction(p: Params, ctx: RpcContext): Promise<JsonValue> {
  checkGroup(ctx, p.str(0));
  const hash = parseHash(p.str(1));
  const limits = limitsParam(p.raw(2));
  const t = await traced(() => ctx.chain.traceTransaction(hash, limits));
  return t ?? null;
}

async function debugTraceCall(p: Params, ctx: RpcContext): Promise<JsonValue> {
  checkGroup(ctx, p.str(0));
  const { to, from } = callTarget(p);
  const limits = limitsParam(p.raw(4));
  const r = await traced(() => ctx.chain.traceCall(to, decodeDataParam(p.str(2)), from, limits));
  return { status: r.status, output: toHex(r.output), trace: r.trace };
}

export const devnodeMethods: MethodTable = {
  devnode_debugTraceTransaction: debugTraceTransaction,
  devnode_debugTraceCall: debugTraceCall,
  devnode_getTransactionDiagnostics: getTransactionDiagnostics,
  devnode_traceCall: traceCall,
};
