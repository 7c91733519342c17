// The private members of @ethereumjs/evm the dev node relies on, reached in one place.
// package.json pins the exact @ethereumjs versions these were written against, and
// test/unit/devnode/ethereumjs-internals.test.ts fails, naming the member, if an upgrade removes
// or reshapes one:
// - EVM._generateAddress(message): the CREATE/CREATE2 address; FISCO BCOS derives it differently.
// - EVM._opcodeMap: the active opcode table, used to reach the (unexported) Interpreter class,
//   whose Interpreter.prototype._getValidJumpDestinations(code) the jump-analysis cache wraps
//   and whose Interpreter.prototype.run(code, opts) the synchronous step loop replaces (it reads
//   the run state, the opcode table's entries, Interpreter.useGas and the frame's _result, see
//   fastLoop.ts), and
//   Interpreter.prototype._runStepHook(dynamicFee, gasLeft, memorySize), which builds the `step`
//   event of a traced run (wrapped by traceStepHook.ts).

import type { EVM, Message } from '@ethereumjs/evm';
import type { Address } from '@ethereumjs/util';

export interface OpcodeEntry {
  opHandler(runState: { interpreter?: object }, common: unknown): unknown;
}

function isOpcodeEntry(v: unknown): v is OpcodeEntry {
  return typeof v === 'object' && v !== null && 'opHandler' in v && typeof v.opHandler === 'function';
}

/** The opcode table: one entry per opcode (undefined opcodes have no handler); STOP's is used. */
export interface OpcodeMap {
  readonly length: number;
  0: OpcodeEntry;
  [opcode: number]: unknown;
}

function isOpcodeMap(v: unknown): v is OpcodeMap {
  return Array.isArray(v) && v.length === 256 && isOpcodeEntry(v[0]);
}

/** EVM._opcodeMap, or undefined when it is missing or reshaped. */
export function opcodeMapOf(evm: EVM): OpcodeMap | undefined {
  const map: unknown = Reflect.get(evm, '_opcodeMap');
  return isOpcodeMap(map) ? map : undefined;
}

export interface InterpreterProto {
  _getValidJumpDestinations: (this: { _evm: { _opcodeMap?: object } }, code: Uint8Array) => unknown;
}

/** The members of an opcode table entry the step loop calls (Interpreter.runStep's view). */
export interface OpcodeTableEntry {
  opcodeInfo: { code: number; feeBigInt: bigint; dynamicGas: boolean; isAsync: boolean; isInvalid: boolean };
  opHandler(runState: RunState, common: unknown): unknown;
  gasHandler?(runState: RunState, gas: bigint, common: unknown): Promise<bigint> | bigint;
}

/** The interpreter's run state, as far as the step loop touches it. */
export interface RunState {
  code: Uint8Array;
  programCounter: number;
  opCode: number;
  validJumps: Uint8Array;
  cachedPushes: unknown;
  shouldDoJumpAnalysis: boolean;
  gasLeft: bigint;
  gasRefund: bigint;
  stateGasSpilled: bigint;
  stack: { popN(n: number): bigint[] };
  memory: { read(offset: number, size: number): Uint8Array };
}

interface InterpreterThis {
  _evm: {
    DEBUG: boolean;
    _opcodeMap: OpcodeTableEntry[];
    events: { listenerCount(event: string): number };
  };
  common: { isActivatedEIP(eip: number): boolean; hardfork(): string };
  profilerOpts?: { enabled?: boolean };
  _runState: RunState;
  /** The frame's environment; EVM.runInterpreter reads it back only to copy it into the result. */
  _env: object;
  /** The frame's result; RETURN and REVERT set its return value (Interpreter.finish, revert). */
  _result: { returnValue?: Uint8Array };
  _getValidJumpDestinations(code: Uint8Array): {
    jumps: Uint8Array;
    pushes: unknown;
    opcodesCached: OpcodeTableEntry[];
  };
  useGas(amount: bigint, context: unknown): void;
}

export interface RunResult {
  /** What EVM.runInterpreter and the dev node read of the run state after the frame. */
  runState: Pick<RunState, 'programCounter' | 'gasLeft' | 'gasRefund' | 'stateGasSpilled'> & {
    logs: undefined;
    returnValue: undefined;
    selfdestruct: undefined;
    createdAddresses: undefined;
  };
  exceptionError: unknown;
}

/** Interpreter.prototype with the run loop (and the members that loop uses). */
export interface InterpreterRunProto {
  run: (this: InterpreterThis, code: Uint8Array, opts?: { pc?: number }) => Promise<RunResult>;
}

/** True for the Interpreter prototype with run, runStep and useGas methods. */
export function isInterpreterRunProto(p: unknown): p is InterpreterRunProto {
  return (
    typeof p === 'object' &&
    p !== null &&
    'run' in p &&
    typeof p.run === 'function' &&
    'runStep' in p &&
    typeof p.runStep === 'function' &&
    'useGas' in p &&
    typeof p.useGas === 'function'
  );
}

/**
 * The (unexported) Interpreter class's prototype, reached once through a running interpreter:
 * a STOP handler that looks at its run state. Undefined if the internals differ.
 */
export async function interpreterPrototypeOf(evm: EVM): Promise<object | undefined> {
  const map = opcodeMapOf(evm);
  const stop = map?.[0];
  if (map === undefined || stop === undefined) return undefined;
  let proto: object | undefined;
  map[0] = {
    ...stop,
    opHandler(runState, common) {
      if (runState.interpreter !== undefined) {
        const p: unknown = Object.getPrototypeOf(runState.interpreter);
        if (typeof p === 'object' && p !== null) proto = p;
      }
      return stop.opHandler(runState, common);
    },
  };
  try {
    await evm.runCode({ code: new Uint8Array([0x00]), gasLimit: 1000n });
  } finally {
    map[0] = stop;
  }
  return proto;
}

/** True for the Interpreter prototype with its _getValidJumpDestinations method. */
export function isInterpreterProto(p: unknown): p is InterpreterProto {
  return (
    typeof p === 'object' &&
    p !== null &&
    '_getValidJumpDestinations' in p &&
    typeof p._getValidJumpDestinations === 'function'
  );
}

export type GenerateAddress = (message: Message) => Promise<Address>;

/** Replaces EVM._generateAddress; throws, naming it, when the EVM has no such method. */
export function overrideGenerateAddress(evm: EVM, generate: GenerateAddress): void {
  if (typeof Reflect.get(evm, '_generateAddress') !== 'function')
    throw new Error(
      '@ethereumjs/evm no longer has EVM._generateAddress: the dev node cannot derive FISCO BCOS contract addresses with this version',
    );
  Reflect.set(evm, '_generateAddress', generate);
}

/** What the step hook reads of the run state (traceStepHook.ts). */
export interface StepHookThis {
  _runState: {
    opCode: number;
    memory: object;
  };
}

/** Interpreter.prototype with the hook that builds a `step` event. */
export interface StepHookProto {
  _runStepHook: (
    this: StepHookThis,
    dynamicFee: bigint,
    gasLeft: bigint,
    memorySize: bigint,
  ) => Promise<void>;
}

/** True for the Interpreter prototype with its _runStepHook method. */
export function isStepHookProto(p: unknown): p is StepHookProto {
  return typeof p === 'object' && p !== null && '_runStepHook' in p && typeof p._runStepHook === 'function';
}
