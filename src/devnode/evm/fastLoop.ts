// @ethereumjs/evm's interpreter loop awaits an async runStep for every opcode: one promise, one
// microtask and the allocations behind them per step, even for the many opcodes (PUSH, DUP, ADD,
// JUMP…) whose gas and handler are synchronous. This replaces Interpreter.prototype.run with
// the same loop that calls the opcode table's own gas and opcode handlers directly and awaits
// only those that are asynchronous (a dynamic gas handler, or an opcode marked isAsync): the
// same handlers, gas, stack, memory, journal and state as before, in the same order.
//
// It covers only what the dev node runs: no `step` listener (a debugger trace keeps the original
// loop, which builds the step events), no DEBUG or profiler, and none of the EIPs whose extra
// per-step work the original loop does (EOF 3540, Verkle/binary-tree witnesses 6800/7864, block
// access lists 7928, state gas 8037); anywhere else the original run() is used unchanged.

import { Common, Mainnet } from '@ethereumjs/common';
import { EVMError, getOpcodesForHF, paramsEVM } from '@ethereumjs/evm';
import type { InterpreterRunProto, OpcodeTableEntry } from './ethereumjsInternals';

/** EIPs whose per-step extras only the original loop implements. */
const ORIGINAL_LOOP_EIPS = [3540, 6800, 7864, 7928, 8037];

const ERROR_TYPE = new EVMError(EVMError.errorMessages.STOP).errorType;
const STOP = EVMError.errorMessages.STOP;
const INVALID_OPCODE = EVMError.errorMessages.INVALID_OPCODE;
const REVERT_ERROR = EVMError.errorMessages.REVERT;

const JUMP = 0x56;
const JUMPI = 0x57;
const RJUMP = 0x5e;
const RETURN = 0xf3;
const REVERT = 0xfd;

const patched = new WeakSet<object>();
const NO_ENV = Object.freeze({});

/** Installs the loop on the Interpreter prototype (once per prototype). */
export function installFastLoop(proto: InterpreterRunProto): void {
  if (patched.has(proto)) return;
  patched.add(proto);
  const original = proto.run;
  // @ethereumjs/evm's own STOP handler: it throws STOP, which the loop catches to end the frame
  // without an error. That throw and catch cost about 1-2% of a transaction: the loop ends the
  // frame itself when the table holds that handler (anything else at 0x00 is called as before).
  const opcodeMap = getOpcodesForHF(new Common({ chain: Mainnet, params: paramsEVM })).opcodeMap;
  const stop = opcodeMap[0]?.opHandler;
  // Its RETURN and REVERT handlers end the frame the same way (Interpreter.finish and revert set
  // the frame's return value and throw STOP or REVERT): a throw per frame, about 7% of a `call`'s
  // CPU. The loop does their steps itself when the table holds those handlers.
  const returnHandler = opcodeMap[RETURN]?.opHandler;
  const revertHandler = opcodeMap[REVERT]?.opHandler;
  // Per Common and hardfork: whether none of ORIGINAL_LOOP_EIPS is active.
  const simple = new WeakMap<object, { hardfork: string; ok: boolean }>();
  proto.run = async function (code: Uint8Array, opts: { pc?: number } = {}) {
    const evm = this._evm;
    const common = this.common;
    const hardfork = common.hardfork();
    let known = simple.get(common);
    if (known === undefined || known.hardfork !== hardfork) {
      known = { hardfork, ok: !ORIGINAL_LOOP_EIPS.some((eip) => common.isActivatedEIP(eip)) };
      simple.set(common, known);
    }
    if (
      !known.ok ||
      evm.DEBUG ||
      this.profilerOpts?.enabled === true ||
      evm.events.listenerCount('step') > 0
    ) {
      return original.call(this, code, opts);
    }
    const rs = this._runState;
    rs.code = code;
    rs.programCounter = opts.pc ?? rs.programCounter;
    const start = rs.programCounter;
    if (start !== 0 && (start < 0 || start >= code.length)) {
      throw new Error('Internal error: program counter not in range');
    }
    const table = evm._opcodeMap;
    let err: EVMError | undefined;
    let cached: OpcodeTableEntry[] | undefined;
    while (rs.programCounter < rs.code.length) {
      const pc = rs.programCounter;
      let entry: OpcodeTableEntry;
      let op: number;
      if (cached === undefined) {
        op = rs.code[pc];
        // As the original: the code is analysed (jump destinations, PUSH values) at its first jump.
        if (op === JUMP || op === JUMPI || op === RJUMP) {
          const { jumps, pushes, opcodesCached } = this._getValidJumpDestinations(rs.code);
          rs.validJumps = jumps;
          rs.cachedPushes = pushes;
          rs.shouldDoJumpAnalysis = false;
          cached = opcodesCached;
        }
        entry = table[op];
      } else {
        entry = cached[pc];
        op = entry.opcodeInfo.code;
      }
      rs.opCode = op;
      try {
        const info = entry.opcodeInfo;
        let gas = info.feeBigInt;
        if (op === 0 && entry.opHandler === stop && !info.dynamicGas && !info.isInvalid) {
          this.useGas(gas, info);
          rs.programCounter++;
          break;
        }
        if (info.dynamicGas) {
          // Awaited only when asynchronous (fastWordOps.ts makes the common ones synchronous).
          const dynamic = entry.gasHandler!(rs, gas, common);
          gas = typeof dynamic === 'bigint' ? dynamic : await dynamic;
        }
        // EVMError is not an Error subclass: it is what the EVM's opcode handlers throw and its
        // loops catch, as runStep does here.
        // eslint-disable-next-line @typescript-eslint/only-throw-error
        if (info.isInvalid) throw new EVMError(INVALID_OPCODE);
        this.useGas(gas, info);
        rs.programCounter++;
        if (
          (op === RETURN && entry.opHandler === returnHandler) ||
          (op === REVERT && entry.opHandler === revertHandler)
        ) {
          // The handlers' own steps: the same pops, the same copy of memory (none for length 0).
          const [offset, length] = rs.stack.popN(2);
          this._result.returnValue =
            length === 0n ? new Uint8Array(0) : rs.memory.read(Number(offset), Number(length));
          if (op === REVERT) err = new EVMError(REVERT_ERROR);
          break;
        }
        if (info.isAsync) {
          // Awaited only when it did return a promise (fastWordOps.ts's SLOAD may not).
          const pending = entry.opHandler(rs, common);
          if (pending instanceof Promise) await pending;
        } else entry.opHandler(rs, common);
      } catch (e) {
        if (!isEvmError(e)) throw e;
        if (e.error !== STOP) err = e;
        break;
      }
    }
    // EVM.runInterpreter copies the whole run state and the interpreter's env into its result
    // ({...runState, ...result, ...env}: some 40 properties defined one by one, about a fifth of a
    // `call`'s CPU). What is read there: gasLeft, gasRefund, stateGasSpilled (by runInterpreter)
    // and programCounter (the dev node's failure point, diagnostics.ts); hand over just those.
    this._env = NO_ENV;
    const runState = {
      programCounter: rs.programCounter,
      gasLeft: rs.gasLeft,
      gasRefund: rs.gasRefund,
      stateGasSpilled: rs.stateGasSpilled,
      // The frame's result is spread over these next: declared here, they are overwritten in
      // place instead of being added one by one to a copy (V8's slow path for a second spread).
      logs: undefined,
      returnValue: undefined,
      selfdestruct: undefined,
      createdAddresses: undefined,
    };
    return { runState, exceptionError: err };
  };
}

function isEvmError(e: unknown): e is EVMError {
  return typeof e === 'object' && e !== null && 'errorType' in e && e.errorType === ERROR_TYPE;
}
