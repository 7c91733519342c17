// @ethereumjs/evm re-analyses a contract's whole bytecode (jump destinations, PUSH values,
// opcode table) on every call frame; for a dev node that calls the same few contracts thousands
// of times this is the single largest EVM cost. Deployed code is immutable and our state hands
// out the same Uint8Array for it every time, so the analysis is cached per code object (and per
// opcode table, which differs between Paris and Cancun). Best effort: if the internals differ,
// nothing is patched.

import { dirname, join } from 'node:path';

type Analysis = unknown;
interface InterpreterLike {
  _evm: { _opcodeMap?: object };
  _getValidJumpDestinations(code: Uint8Array): Analysis;
}

let installed = false;

export function installJumpAnalysisCache(): void {
  if (installed) return;
  installed = true;
  let proto: InterpreterLike | undefined;
  try {
    // The class is not exported; load it by file path next to the package's entry point.
    const entry = require.resolve('@ethereumjs/evm');
    const mod = require(join(dirname(entry), 'interpreter.js')) as { Interpreter?: { prototype: InterpreterLike } };
    proto = mod.Interpreter?.prototype;
  } catch {
    return;
  }
  if (proto === undefined || typeof proto._getValidJumpDestinations !== 'function') return;
  const analyse = proto._getValidJumpDestinations;
  const cache = new WeakMap<Uint8Array, WeakMap<object, Analysis>>();
  proto._getValidJumpDestinations = function (this: InterpreterLike, code: Uint8Array): Analysis {
    const table = this._evm._opcodeMap;
    if (table === undefined) return analyse.call(this, code);
    let perCode = cache.get(code);
    if (perCode === undefined) {
      perCode = new WeakMap();
      cache.set(code, perCode);
    }
    let result = perCode.get(table);
    if (result === undefined) {
      result = analyse.call(this, code);
      perCode.set(table, result);
    }
    return result;
  };
}
