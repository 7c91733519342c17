// Adds what the devnode knows to a transaction view: console.log lines and the failure location
// (the workspace's compiled source maps turn code address + pc into Contract.function
// (file:line)), and decodes a custom error with every ABI the extension knows.

import { decodeRevertWithAbis } from '../../client/abi';
import { formatLocation } from '../../client/sourceMap';
import type { DevnodeFailurePoint } from '../../client/devnode';
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

/** " · failed at Shop.buy (Shop.sol:11) · console.log: a | b" for a result message ("" when nothing). */
export async function diagnosticsSuffix(
  api: ChainApi,
  d: { consoleLogs: string[]; failure: DevnodeFailurePoint | null } | null | undefined,
): Promise<string> {
  if (!d) return '';
  let out = '';
  const f = d.failure;
  if (f) {
    const loc = await locatePoint(api, f);
    out += loc
      ? ` · failed at ${formatLocation(loc.contract, loc)}: ${loc.snippet}`
      : ` · failed in ${f.codeAddress} at pc ${f.pc}`;
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
  const loc = await locatePoint(api, f, view.rawInput);
  view.failure = loc
    ? { where: formatLocation(loc.contract, loc), snippet: loc.snippet, error: f.error }
    : {
        where: `${f.create ? 'constructor of ' : ''}${f.codeAddress} at pc ${f.pc} (compile the contract in this workspace to see its source line)`,
        error: f.error,
      };
}
