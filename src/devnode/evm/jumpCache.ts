// @ethereumjs/evm re-analyses a contract's whole bytecode (jump destinations, PUSH values,
// opcode table) on every call frame; for a dev node that calls the same few contracts thousands
// of times this is the largest single EVM cost. Deployed code is immutable and our state hands
// out the same Uint8Array for it every time, so the analysis is cached per code object (and per
// opcode table, which differs between Paris and Cancun).
//
// The Interpreter class is not exported (and is bundled into the CLI), so its prototype is
// reached once through a running interpreter: a STOP handler that looks at its run state.
// Best effort: if the internals differ, nothing is patched.

import type { EVM } from '@ethereumjs/evm';
import { isInterpreterProto, opcodeMapOf, type InterpreterProto } from './ethereumjsInternals';

const patched = new WeakSet<object>();

export async function installJumpAnalysisCache(evm: EVM): Promise<void> {
  const map = opcodeMapOf(evm);
  const stop = map?.[0];
  if (map === undefined || stop === undefined) return;
  let proto: InterpreterProto | undefined;
  map[0] = {
    ...stop,
    opHandler(runState, common) {
      if (runState.interpreter !== undefined) {
        const p: unknown = Object.getPrototypeOf(runState.interpreter);
        if (isInterpreterProto(p)) proto = p;
      }
      return stop.opHandler(runState, common);
    },
  };
  try {
    await evm.runCode({ code: new Uint8Array([0x00]), gasLimit: 1000n });
  } finally {
    map[0] = stop;
  }
  if (proto === undefined || patched.has(proto)) return;
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
