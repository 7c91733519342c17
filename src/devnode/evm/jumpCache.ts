// @ethereumjs/evm re-analyses a contract's whole bytecode (jump destinations, PUSH values,
// opcode table) on every call frame; for a dev node that calls the same few contracts thousands
// of times this is the largest single EVM cost. Deployed code is immutable and our state hands
// out the same Uint8Array for it every time, so the analysis is cached per code object (and per
// opcode table, which differs between Paris and Cancun).
//
// The Interpreter class is not exported (and is bundled into the CLI): its prototype comes from
// interpreterPrototypeOf. Best effort: if the internals differ, nothing is patched.

import { isInterpreterProto } from './ethereumjsInternals';

const patched = new WeakSet<object>();

export function installJumpAnalysisCache(proto: object): void {
  if (!isInterpreterProto(proto) || patched.has(proto)) return;
  patched.add(proto);
  const analyse = proto._getValidJumpDestinations;
  const cache = new WeakMap<Uint8Array, WeakMap<object, unknown>>();
  proto._getValidJumpDestinations = function (code: Uint8Array): unknown {
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
