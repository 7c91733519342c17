// Adds what the devnode knows to a transaction view: console.log lines and the failure location
// (the workspace's compiled source maps turn code address + pc into Contract.function
// (file:line)), the built-in contract when one failed, and decodes a custom error with every ABI
// the extension knows.

import { decodeRevertWithAbis } from '../../client/abi';
import { formatLocation } from '../../client/sourceMap';
import type { DevnodeBuiltinFailure, DevnodeFailurePoint } from '../../client/devnode';
import { cryptoSuite } from '../../protocol/crypto/suite';
import type { AbiRegistry } from '../abiRegistry';
import type { ChainApi } from '../chain/chainApi';
import { locateCreationFailure, locateFailure, type FailureLocation } from '../debug/compiledCode';
import type { TransactionView } from '../messages/blockMessages';
import { allBuiltinAbis } from '../models/builtinAbis';

/**
 * The Solidity location of a failure point: deployed code by its runtime code, a constructor by the
 * creation code it ran (the devnode's initCode, else the deploying transaction's input).
 */
async function locatePoint(
  api: ChainApi,
  f: DevnodeFailurePoint,
  txInput?: string,
): Promise<FailureLocation | undefined> {
  if (f.create) {
    const initCode = f.initCode ?? (f.depth === 0 ? txInput : undefined);
    return initCode ? locateCreationFailure(initCode, f.pc) : undefined;
  }
  const code = await api.code(f.codeAddress).catch(() => '');
  return code ? locateFailure(code, f.pc) : undefined;
}

/** "BFSPrecompiled (0x100e) link(string,string,string)": a built-in by its short address, and the method. */
export function builtinLabel(b: DevnodeBuiltinFailure): string {
  return `${b.name} (0x${b.address.replace(/^0x0*/i, '') || '0'}) ${b.method}`;
}

/** The point is a built-in's own failure (pc -1): it has no code to locate. */
function atBuiltin(f: DevnodeFailurePoint): f is DevnodeFailurePoint & { builtin: DevnodeBuiltinFailure } {
  return f.builtin !== undefined && f.pc < 0;
}

/**
 * " · failed at Shop.buy (Shop.sol:11) · console.log: a | b" for a result message ("" when
 * nothing); " · failed in built-in BFSPrecompiled (0x100e) link(…)" when a built-in failed on its
 * own, with " · in built-in …" after the location of a contract that passed its failure on.
 */
export async function diagnosticsSuffix(
  api: ChainApi,
  d: { consoleLogs: string[]; failure: DevnodeFailurePoint | null } | null | undefined,
): Promise<string> {
  if (!d) return '';
  let out = '';
  const f = d.failure;
  if (f && atBuiltin(f)) out += ` · failed in built-in ${builtinLabel(f.builtin)}`;
  else if (f) {
    const loc = await locatePoint(api, f);
    out += loc
      ? ` · failed at ${formatLocation(loc.contract, loc)}: ${loc.snippet}`
      : ` · failed in ${f.codeAddress} at pc ${f.pc}`;
    if (f.builtin) out += ` · in built-in ${builtinLabel(f.builtin)}`;
  }
  if (d.consoleLogs.length) out += ` · console.log: ${d.consoleLogs.join(' | ')}`;
  return out;
}

export async function addDiagnostics(
  api: ChainApi,
  registry: AbiRegistry,
  view: TransactionView,
  output: string | undefined,
): Promise<void> {
  const r = view.receipt;
  if (r && !r.ok && !r.revertReason && output && output !== '0x') {
    const abis = [...registry.all().map((c) => c.abi), ...allBuiltinAbis().map((b) => [...b.abi])];
    const decoded = decodeRevertWithAbis(output, cryptoSuite(api.sm), abis);
    if (decoded.errorName) r.revertReason = decoded.message.replace(/^reverted with /, '');
  }
  const d = await api.devTools?.diagnostics(view.hash).catch(() => null);
  if (!d) return;
  if (d.consoleLogs.length) view.consoleLogs = d.consoleLogs;
  const f = d.failure;
  if (!f) return;
  if (atBuiltin(f)) {
    view.failure = { where: `built-in ${builtinLabel(f.builtin)}`, error: f.error };
    return;
  }
  const loc = await locatePoint(api, f, view.rawInput);
  view.failure = loc
    ? { where: formatLocation(loc.contract, loc), snippet: loc.snippet, error: f.error }
    : {
        where: `${f.create ? 'constructor of ' : ''}${f.codeAddress} at pc ${f.pc} (compile the contract in this workspace to see its source line)`,
        error: f.error,
      };
  if (f.builtin) view.failure.builtin = builtinLabel(f.builtin);
}
