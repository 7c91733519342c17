// Devnode extensions, not FISCO BCOS methods (a real node answers -32601 to them): what the
// devnode knows about an execution beyond its receipt, for the developer's tools.
//   devnode_getTransactionDiagnostics [group, txHash]
//     → {"consoleLogs": [..], "failure": {codeAddress, address, pc, create, depth, error} | null},
//       or null when the devnode has none for that hash (unknown, or from before a restart)
//   devnode_traceCall [group, to, data, from?]
//     → {"status", "output", "consoleLogs", "failure"} of a read-only call at the latest state

import { toHex } from '../../../protocol/hex';
import type { ExecDiagnostics } from '../../evm/diagnostics';
import { normalizeAddress } from '../../evm/executor';
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
  return {
    consoleLogs: d?.consoleLogs ?? [],
    failure: d?.failure ? { ...d.failure } : null,
  };
}

function getTransactionDiagnostics(p: Params, ctx: RpcContext): JsonValue {
  checkGroup(ctx, p.str(0));
  const hash = parseHash(p.str(1));
  if (!ctx.chain.getTransaction(hash)) return null;
  return diagnosticsJson(ctx.chain.diagnostics.get(toHex(hash)));
}

async function traceCall(p: Params, ctx: RpcContext): Promise<JsonValue> {
  checkGroup(ctx, p.str(0));
  let to: string;
  let from: string | undefined;
  try {
    to = normalizeAddress(p.str(1));
    from = p.size > 3 && p.str(3) !== '' ? normalizeAddress(p.str(3)) : undefined;
  } catch (e) {
    throw new RpcError(InvalidParams, e instanceof Error ? e.message : String(e));
  }
  const outcome = await ctx.chain.call(to, decodeDataParam(p.str(2)), from);
  return { status: outcome.status, output: toHex(outcome.output), ...diagnosticsJson(outcome.diagnostics) };
}

export const devnodeMethods: MethodTable = {
  devnode_getTransactionDiagnostics: getTransactionDiagnostics,
  devnode_traceCall: traceCall,
};
